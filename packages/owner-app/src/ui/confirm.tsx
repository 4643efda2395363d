import type { ReactNode } from 'react';
import { ConfirmProvider as SharedConfirmProvider, type ConfirmLook } from '@vitrine/browser-helpers/react';
import { APP_TEXTS } from './messages';

/**
 * The confirm modal is the platform's (@vitrine/browser-helpers, platform §2 and §4): resolves true on confirm,
 * false on cancel; cancellable and auto-close default to true. Here it gets the owner app's words and styles.
 */
export { useConfirm, type ConfirmApi, type ConfirmOptions } from '@vitrine/browser-helpers/react';

const OWNER_CONFIRM_LOOK: ConfirmLook = {
  confirmLabel: APP_TEXTS.confirm,
  cancelLabel: APP_TEXTS.cancel,
  classes: {
    backdrop: 'modal-backdrop',
    dialog: 'modal',
    title: 'modal-title',
    message: 'modal-message',
    actions: 'modal-actions',
    confirm: 'button button-primary',
    destructive: 'button button-destructive',
    cancel: 'button button-secondary',
  },
};

export function ConfirmProvider({ children }: { children: ReactNode }) {
  return <SharedConfirmProvider look={OWNER_CONFIRM_LOOK}>{children}</SharedConfirmProvider>;
}
