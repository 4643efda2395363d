import { useEffect, useId, useRef, type ReactNode } from 'react';
import { containTab } from '../../ui/focus';
import { PAGES_TEXTS as T } from './texts';

/**
 * The Pages screen's modal dialogs (the block menu, the image picker): a titled panel with Close, focus moved in
 * (to `initialFocus`, a selector, or the first button) and contained, Escape or a click outside to close, and
 * focus given back to the opener.
 */
export function PagesDialog({ title, className, initialFocus = 'button', onClose, children }: { title: string; className: string; initialFocus?: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => opener?.focus();
  }, [initialFocus]);
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
          if (dialog.current) containTab(event, dialog.current);
        }}
      >
        <div className="pages-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {T.close}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
