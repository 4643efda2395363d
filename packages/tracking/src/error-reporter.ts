import type { ScriptErrorDetail } from './event-buffer';
import { pagePath } from './skip-rules';
import { ensureCrumb, post, TRACKING_TIMEOUT_MS } from './transport';

/**
 * The JavaScript error reporter (storefront §7, §9): script errors and unhandled rejections of the page, sent as
 * `POST /api/events/RecordJavascriptErrors` with the crumb header and a body of `[{ event, data, timestamp }]`.
 * Its own chunk, loaded with the first error.
 */
export const ERROR_REPORTER_LIMITS = {
  /** Reports accepted per page; later errors are dropped. */
  perPage: 20,
  /** Reports waiting to be sent; an error arriving while 10 wait is dropped. */
  queued: 10,
  /** A stack is cut to this many characters. */
  stackCharacters: 5000,
  /** Sends wait until no error came for this long. */
  debounceMs: 1000,
} as const;

export const JAVASCRIPT_ERRORS_PATH = '/api/events/RecordJavascriptErrors';
export const JAVASCRIPT_ERROR_EVENT = 'javascript-error';
/** Ours: a message is cut to this many characters (the spec bounds only the stack). */
export const MESSAGE_CHARACTERS = 1000;
/** A keepalive request carries at most 64 KB: a batch larger than this goes in several requests. */
const BATCH_BYTES = 60_000;

export interface ErrorReport {
  event: string;
  data: Record<string, unknown>;
  timestamp: number;
}

export interface ErrorReporter {
  /** Queues one error; false when a limit dropped it. */
  report(error: ScriptErrorDetail): boolean;
  /** Sends what waits now (the page is going away). */
  flush(): void;
}

export interface ErrorReporterOptions {
  websiteId: string;
  send?: (reports: ErrorReport[]) => void;
  now?: () => number;
}

/** Posts reports (in requests under 60 KB), silently. */
export function sendErrorReports(reports: ErrorReport[]): void {
  let batch: ErrorReport[] = [];
  let bytes = 2;
  const sendBatch = () => {
    if (batch.length > 0) {
      const body = JSON.stringify(batch);
      // Checked against the crumb: asked for when the visitor has none yet (pages set no cookie).
      ensureCrumb().then((sent) => post(JAVASCRIPT_ERRORS_PATH, body, 'application/json', TRACKING_TIMEOUT_MS, sent)).catch(() => undefined);
    }
    batch = [];
    bytes = 2;
  };
  for (const report of reports) {
    const size = JSON.stringify(report).length + 1;
    if (bytes + size > BATCH_BYTES) sendBatch();
    batch.push(report);
    bytes += size;
  }
  sendBatch();
}

export function createErrorReporter({ websiteId, send = sendErrorReports, now = Date.now }: ErrorReporterOptions): ErrorReporter {
  let accepted = 0;
  const queue: ErrorReport[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length > 0) send(queue.splice(0));
  };
  return {
    report(error) {
      if (accepted >= ERROR_REPORTER_LIMITS.perPage || queue.length >= ERROR_REPORTER_LIMITS.queued) return false;
      accepted += 1;
      queue.push({
        event: JAVASCRIPT_ERROR_EVENT,
        data: {
          message: error.message.slice(0, MESSAGE_CHARACTERS),
          stack: error.stack.slice(0, ERROR_REPORTER_LIMITS.stackCharacters),
          source: error.source ?? '',
          line: error.line ?? 0,
          column: error.column ?? 0,
          rejection: error.rejection === true,
          websiteId,
          pagePath: pagePath(),
          userAgent: navigator.userAgent,
        },
        timestamp: now(),
      });
      clearTimeout(timer);
      timer = setTimeout(flush, ERROR_REPORTER_LIMITS.debounceMs);
      return true;
    },
    flush,
  };
}

/** The page's reporter: also sends what waits when the page is hidden. */
export function startErrorReporter(websiteId: string): ErrorReporter {
  const reporter = createErrorReporter({ websiteId });
  addEventListener('pagehide', reporter.flush);
  return reporter;
}
