import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { containTab } from '../focus';
import { CONTEXT_MESSAGES } from './strict-context';

/**
 * Platform §2 and §4's confirm modal (shared by the owner app and any storefront part that needs one): `confirm(options)` opens it and resolves true on confirm, false on
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

/** The modal's words and class names: each app styles it its own way (the owner app passes its own). */
export interface ConfirmLook {
  confirmLabel: string;
  cancelLabel: string;
  classes: { backdrop: string; dialog: string; title: string; message: string; actions: string; confirm: string; destructive: string; cancel: string };
}

export const DEFAULT_CONFIRM_LOOK: ConfirmLook = {
  confirmLabel: 'Confirm',
  cancelLabel: 'Cancel',
  classes: {
    backdrop: 'vitrine-confirm-backdrop',
    dialog: 'vitrine-confirm',
    title: 'vitrine-confirm-title',
    message: 'vitrine-confirm-message',
    actions: 'vitrine-confirm-actions',
    confirm: 'vitrine-confirm-button',
    destructive: 'vitrine-confirm-button vitrine-confirm-destructive',
    cancel: 'vitrine-confirm-button vitrine-confirm-cancel',
  },
};

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

export function ConfirmProvider({ children, look = DEFAULT_CONFIRM_LOOK }: { children: ReactNode; look?: ConfirmLook }) {
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
      {open ? <ConfirmDialog modal={open} look={look} onAnswer={answer} /> : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error(CONTEXT_MESSAGES.outsideProvider('useConfirm'));
  return api;
}

function ConfirmDialog({ modal, look, onAnswer }: { modal: OpenModal; look: ConfirmLook; onAnswer: (confirmed: boolean) => void }) {
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
    if (dialogRef.current) containTab(event, { container: dialogRef.current });
  };

  return createPortal(
    <div
      className={look.classes.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && cancellable) onAnswer(false);
      }}
    >
      <div
        ref={dialogRef}
        className={look.classes.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={options.message ? messageId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={look.classes.title}>
          {options.title}
        </h2>
        {options.message ? (
          <div id={messageId} className={look.classes.message}>
            {options.message}
          </div>
        ) : null}
        <div className={look.classes.actions}>
          {cancellable ? (
            <button ref={cancelRef} type="button" className={look.classes.cancel} disabled={answered} onClick={() => onAnswer(false)}>
              {options.cancelLabel ?? look.cancelLabel}
            </button>
          ) : null}
          <button
            ref={confirmRef}
            type="button"
            className={options.destructive ? look.classes.destructive : look.classes.confirm}
            disabled={answered}
            onClick={() => onAnswer(true)}
          >
            {options.confirmLabel ?? look.confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
