import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { APP_TEXTS } from './messages';
import { containTab } from './focus';

/**
 * Platform §2 and §4's confirm modal: `confirm(options)` opens it and resolves true on confirm, false on
 * cancel; `cancellable` (default true) offers Cancel, Escape and a click outside; `autoClose` (default true)
 * closes it once answered — otherwise it stays open, its buttons disabled, until the caller's `close()`
 * (after the work the answer started, say). Focus moves into it, stays inside (Tab wraps), and goes back to
 * where it was when it closes.
 */
export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button in the destructive style (deleting, cancelling an order). */
  destructive?: boolean;
  cancellable?: boolean;
  autoClose?: boolean;
}

export interface ConfirmApi {
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Closes a modal opened with autoClose: false (and settles it as cancelled if it was not answered). */
  close(): void;
}

interface OpenModal {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
  answered: boolean;
}

const ConfirmContext = createContext<ConfirmApi | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenModal | null>(null);
  const openRef = useRef<OpenModal | null>(null);
  openRef.current = open;

  const close = useCallback(() => {
    const current = openRef.current;
    if (current && !current.answered) current.resolve(false);
    setOpen(null);
  }, []);

  const confirm = useCallback((options: ConfirmOptions) => {
    // A second confirm while one is open: the first one is cancelled.
    if (openRef.current && !openRef.current.answered) openRef.current.resolve(false);
    return new Promise<boolean>((resolve) => setOpen({ options, resolve, answered: false }));
  }, []);

  const answer = useCallback((confirmed: boolean) => {
    const current = openRef.current;
    if (!current || current.answered) return;
    current.resolve(confirmed);
    if (current.options.autoClose ?? true) setOpen(null);
    else setOpen({ ...current, answered: true });
  }, []);

  const api = useMemo(() => ({ confirm, close }), [confirm, close]);
  return (
    <ConfirmContext.Provider value={api}>
      {children}
      {open ? <ConfirmDialog modal={open} onAnswer={answer} /> : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error('useConfirm must be used within a Provider');
  return api;
}

function ConfirmDialog({ modal, onAnswer }: { modal: OpenModal; onAnswer: (confirmed: boolean) => void }) {
  const { options, answered } = modal;
  const cancellable = options.cancellable ?? true;
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The safe choice first: Cancel when there is one.
    (cancelRef.current ?? confirmRef.current)?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (cancellable) onAnswer(false);
      return;
    }
    if (dialogRef.current) containTab(event, dialogRef.current);
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && cancellable) onAnswer(false);
      }}
    >
      <div
        ref={dialogRef}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={options.message ? messageId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-title">
          {options.title}
        </h2>
        {options.message ? (
          <div id={messageId} className="modal-message">
            {options.message}
          </div>
        ) : null}
        <div className="modal-actions">
          {cancellable ? (
            <button ref={cancelRef} type="button" className="button button-secondary" disabled={answered} onClick={() => onAnswer(false)}>
              {options.cancelLabel ?? APP_TEXTS.cancel}
            </button>
          ) : null}
          <button
            ref={confirmRef}
            type="button"
            className={options.destructive ? 'button button-destructive' : 'button button-primary'}
            disabled={answered}
            onClick={() => onAnswer(true)}
          >
            {options.confirmLabel ?? APP_TEXTS.confirm}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
