import { useEffect, useRef } from 'react';
import { navigate } from '../../../app/router';
import { useConfirm } from '../../../ui/confirm';
import { EDITOR_TEXTS } from './texts';

/**
 * Unsaved changes: leaving the page (reload, another site, closing the tab) asks the browser's own question;
 * following a link of the app (the menu, the back link) asks in the confirm modal first. A link's click is
 * caught on the document before the app's router sees it.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const { confirm } = useConfirm();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (!dirtyRef.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      const href = anchor?.getAttribute('href') ?? '';
      if (!anchor || !href.startsWith('/config') || anchor.getAttribute('target') === '_blank') return;
      event.preventDefault();
      event.stopPropagation();
      void confirm({ title: EDITOR_TEXTS.leaveTitle, message: EDITOR_TEXTS.leaveMessage, confirmLabel: EDITOR_TEXTS.leave, destructive: true }).then((leave) => {
        if (!leave) return;
        dirtyRef.current = false;
        navigate(href);
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [confirm]);
}
