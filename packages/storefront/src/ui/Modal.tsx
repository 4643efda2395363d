import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { modalBackdrop, modalPanel } from './styles';
import { containTab, focusableElements } from '@vitrine/browser-helpers/focus';


export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for error messages that need the shopper's acknowledgement. */
  role?: 'dialog' | 'alertdialog';
  closeLabel?: string;
  className?: string;
  /** Overrides of the panel's inline style (the lightbox's dark theme). */
  panelStyle?: CSSProperties;
}

/**
 * A modal dialog: moves focus inside on open, keeps Tab and Shift+Tab inside,
 * closes on Escape, on its close button and on a click outside the panel, and
 * gives focus back to whatever had it before. Only ever mounted after
 * hydration (it opens on a shopper's action), so it can portal to <body>.
 */
export function Modal({ title, onClose, children, role = 'dialog', closeLabel = 'Close', className, panelStyle }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel ? focusableElements({ container: panel })[0] : undefined;
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      // Platform §5's focus containment (@vitrine/browser-helpers): Tab wraps inside the dialog.
      containTab(event, { container: panel });
      if (!panel.contains(document.activeElement)) panel.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, []);

  return createPortal(
    <div
      className="vitrine-modal-backdrop"
      style={modalBackdrop}
      data-testid="modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={className ? `vitrine-modal ${className}` : 'vitrine-modal'}
        style={panelStyle ? { ...modalPanel, ...panelStyle } : modalPanel}
      >
        <div className="vitrine-modal-header">
          <h2 id={titleId} className="vitrine-modal-title">
            {title}
          </h2>
          <button type="button" className="vitrine-modal-close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
