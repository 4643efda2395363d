import type { ReactNode, Ref } from 'react';
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

/**
 * What a screen's read shows: Loading while pending, LoadFailed with a retry on an error, `empty` when `isEmpty`, else
 * `children(data)`. Typed structurally so any TanStack Query result fits; a render function so the list is only built
 * once there is data.
 */
export function ReadStates<TData>({
  read,
  isEmpty = false,
  empty = null,
  children,
}: {
  read: { isPending: boolean; isError: boolean; error: unknown; data: TData | undefined; refetch: () => unknown };
  isEmpty?: boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  if (read.isPending) return <Loading />;
  if (read.isError) return <LoadFailed error={read.error} retry={() => void read.refetch()} />;
  if (isEmpty) return empty;
  // Neither pending nor failed is TanStack Query's success, where the data is always there.
  return children(read.data as TData);
}

/** What the owner's last action came to; `Extra` adds a screen's own fields (AreaEditor's `stale`). Null before any. */
export type Outcome<Extra extends object = object> = ({ kind: 'done' | 'refused'; text: string } & Extra) | null;

/**
 * The line saying an action's outcome: a status when done, an alert (in the error colour) when refused, nothing for
 * null. `className` is the screen's own (`comments-outcome`); `children` follow the text (AreaEditor's Reload).
 */
export function OutcomeLine({ outcome, className, ref, tabIndex, children }: { outcome: Outcome; className: string; ref?: Ref<HTMLParagraphElement>; tabIndex?: number; children?: ReactNode }) {
  if (!outcome) return null;
  const refused = outcome.kind === 'refused';
  return (
    <p ref={ref} tabIndex={tabIndex} className={`${className} ${refused ? 'error-message' : ''}`} role={refused ? 'alert' : 'status'}>
      {outcome.text}
      {children}
    </p>
  );
}
