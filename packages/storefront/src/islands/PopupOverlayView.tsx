import { useEffect, useId, useRef, useState } from 'react';
import { SHOPPER_EVENTS } from '@vitrine/tracking/dom-events';
import { PopupOverlayCard, popupButtonStyle } from './PopupOverlayCard';
import type { PopupOverlayProps } from './PopupOverlay';
import { SiteForm } from './SiteForm';
import { browserStorage, popupShouldShow, recordPopupClosed, recordPopupSubmitted, scrolledPercent } from './popup-overlay-rules';
import { containTab, focusableElements } from '@vitrine/browser-helpers/focus';

/** The newsletter form's block id inside the popup: its submission event names it. */
export const POPUP_FORM_BLOCK_ID = 'popup-overlay';


/** Resolves when the trigger fires: after the delay, or once the page has been read down to the percent. */
function whenTriggered(trigger: PopupOverlayProps['popup']['trigger'], fire: () => void): () => void {
  if (trigger.kind === 'delay') {
    const timer = window.setTimeout(fire, Math.max(0, trigger.seconds) * 1000);
    return () => window.clearTimeout(timer);
  }
  const check = () => {
    const seen = scrolledPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight);
    if (seen < trigger.percent) return;
    stop();
    fire();
  };
  const stop = () => {
    window.removeEventListener('scroll', check);
    window.removeEventListener('resize', check);
  };
  window.addEventListener('scroll', check, { passive: true });
  window.addEventListener('resize', check, { passive: true });
  check();
  return stop;
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The popup overlay's behaviour: waits for its trigger, asks the visitor's stored answers (popup-overlay-rules.ts)
 * whether to show, then shows the card as a modal dialog — focus moved to it and kept inside, Escape, the close
 * button or a click outside close it (remembering date-closed and version) and give focus back; a newsletter
 * submission remembers `submitted`. Dispatches `vitrine:overlay-view` once when shown (the census overlay call).
 */
export function PopupOverlayView({ popup }: PopupOverlayProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const viewed = useRef(false);
  const { websiteId, version } = popup;

  useEffect(() => {
    if (!popupShouldShow(browserStorage(), websiteId, version)) return;
    // Asked again when the trigger fires: another tab may have closed it meanwhile.
    return whenTriggered(popup.trigger, () => {
      if (popupShouldShow(browserStorage(), websiteId, version)) setOpen(true);
    });
  }, [websiteId, version, popup.trigger]);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) focusableElements({ container: panel })[0]?.focus();
    if (panel && !prefersReducedMotion() && typeof panel.animate === 'function') {
      panel.animate([{ opacity: 0, transform: 'translateY(12px)' }, { opacity: 1, transform: 'none' }], { duration: 200, easing: 'ease-out' });
    }
    if (!viewed.current) {
      viewed.current = true;
      document.dispatchEvent(new CustomEvent(SHOPPER_EVENTS.overlayView, { detail: { overlayId: `popup-overlay-${version}` } }));
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      // Platform §5's focus containment (@vitrine/browser-helpers): Tab wraps inside the dialog.
      containTab(event, { container: panel });
      if (!panel.contains(document.activeElement)) panel.focus();
    };
    const onSubmitted = (event: Event) => {
      const detail = (event as CustomEvent<{ blockId?: string }>).detail;
      if (detail?.blockId === POPUP_FORM_BLOCK_ID) recordPopupSubmitted(browserStorage(), websiteId, version);
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener(SHOPPER_EVENTS.formSubmitSuccess, onSubmitted);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(SHOPPER_EVENTS.formSubmitSuccess, onSubmitted);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // close reads only stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function close() {
    recordPopupClosed(browserStorage(), websiteId, version);
    setOpen(false);
  }

  if (!open) return null;
  const action =
    popup.action.kind === 'button' ? (
      <a className="vitrine-popup-overlay-button" href={popup.action.url} style={popupButtonStyle} onClick={() => recordPopupClosed(browserStorage(), websiteId, version)}>
        {popup.action.label}
      </a>
    ) : (
      <SiteForm
        // Unnamed: the dialog's heading names it, and the footer's newsletter form keeps its name to itself.
        form={{ ...popup.action.form, name: '' }}
        page={{ title: document.title, id: '', path: window.location.pathname, contentSource: 'c', permissionTypeValue: 1 }}
        blockId={POPUP_FORM_BLOCK_ID}
        headingLevel={null}
        submitLabel="Sign up"
      />
    );
  return <PopupOverlayCard design={popup} headingId={headingId} action={action} onClose={close} panelRef={panelRef} />;
}
