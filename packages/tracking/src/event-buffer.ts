import { RENDER_ERROR_EVENT } from '@vitrine/browser-helpers/render-error';
import { SHOPPER_EVENTS } from './dom-events';

/**
 * The tracking client arrives once the page is idle, well after the islands hydrate and after any early script
 * error. The storefront's every-page script starts this buffer first: it listens (capturing, on `window`, so it
 * hears events dispatched on `document` and on `window`) to the shopper events and to script errors, keeps them,
 * and hands them over when the client drains it; from then on it passes each one straight through.
 */
export interface BufferedEvent {
  /** A `SHOPPER_EVENTS` name, or 'error' for a script error or an unhandled rejection. */
  type: string;
  detail: unknown;
}

export interface EventBuffer {
  /** Replays what was kept, in order, then passes every later event to `handler`. */
  drain(handler: (event: BufferedEvent) => void): void;
  /** Stops listening (and passing on). */
  stop(): void;
}

/** What the error reporter needs of a script error, read at once (the Error object is not kept). */
export interface ScriptErrorDetail {
  message: string;
  stack: string;
  source?: string;
  line?: number;
  column?: number;
  /** An unhandled promise rejection rather than a thrown error. */
  rejection?: boolean;
}

/** How many events and errors are kept before the client drains the buffer (more are dropped). */
export const BUFFER_LIMITS = { events: 50, errors: 20 } as const;

export function scriptErrorDetail(error: unknown, fallbackMessage = ''): Pick<ScriptErrorDetail, 'message' | 'stack'> {
  const known = error instanceof Error ? error : null;
  return { message: known?.message ?? (String(error ?? '') || fallbackMessage), stack: known?.stack ?? '' };
}

export function startEventBuffer(target: Window = window): EventBuffer {
  let handler: ((event: BufferedEvent) => void) | null = null;
  const kept: BufferedEvent[] = [];
  const counts = { events: 0, errors: 0 };
  const listening = new AbortController();
  const options = { capture: true, signal: listening.signal };
  const take = (event: BufferedEvent) => {
    if (handler) return handler(event);
    const kind = event.type === 'error' ? 'errors' : 'events';
    if (counts[kind] < BUFFER_LIMITS[kind]) {
      counts[kind] += 1;
      kept.push(event);
    }
  };
  for (const type of Object.values(SHOPPER_EVENTS)) {
    target.addEventListener(type, (event) => take({ type, detail: (event as CustomEvent).detail }), options);
  }
  // Bubbling only: a picture that fails to load fires 'error' on itself, never on window.
  target.addEventListener(
    'error',
    (event) => {
      const detail: ScriptErrorDetail = { ...scriptErrorDetail(event.error, event.message), source: event.filename, line: event.lineno, column: event.colno };
      take({ type: 'error', detail });
    },
    { signal: listening.signal },
  );
  // A render error an island's error boundary caught (@vitrine/browser-helpers' ErrorBoundary): reported like a script error.
  target.addEventListener(
    RENDER_ERROR_EVENT,
    (event) => {
      const detail = (event as CustomEvent<{ message?: unknown; stack?: unknown }>).detail;
      take({ type: 'error', detail: { message: String(detail?.message ?? ''), stack: typeof detail?.stack === 'string' ? detail.stack : '' } });
    },
    { signal: listening.signal },
  );
  target.addEventListener('unhandledrejection', (event) => take({ type: 'error', detail: { ...scriptErrorDetail(event.reason), rejection: true } }), { signal: listening.signal });
  return {
    drain(next) {
      handler = next;
      for (const event of kept.splice(0)) next(event);
    },
    stop: () => listening.abort(),
  };
}
