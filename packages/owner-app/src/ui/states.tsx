import type { ReactNode } from 'react';
import { APP_TEXTS, EDITOR_MESSAGES, failureText } from './messages';

/** Data being read: a polite status for screen readers, a quiet placeholder on screen. */
export function Loading({ label = APP_TEXTS.loading }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** Data that could not be read: 'Unable to load results', why ('Network error', the server's refusal, 'Something went wrong'), and a retry. */
export function LoadFailed({ error, retry, title = EDITOR_MESSAGES.unableToLoadResults }: { error: unknown; retry?: () => void; title?: string }) {
  return (
    <div className="card state state-error" role="alert">
      <h2>{title}</h2>
      <p>{failureText(error)}</p>
      {retry ? (
        <button type="button" className="button button-secondary" onClick={retry}>
          {APP_TEXTS.tryAgain}
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card state state-empty">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
