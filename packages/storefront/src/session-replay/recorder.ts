import { record } from 'rrweb';
import { currentCrumb } from '../api/http';

/**
 * The recorder (its own chunk, loaded only for a sampled visitor): rrweb records the page with every input
 * masked (and anything marked `vitrine-private` blocked), and the events go to our server in numbered
 * batches — every few seconds or sooner when many gather, and what is left when the page is hidden
 * (keepalive). A batch the server did not take is dropped, not retried forever: a replay is a nicety.
 */
export const REPLAY_EVENTS_PATH = '/api/commerce/fullstory/events';
export const REPLAY_BATCH = { intervalMs: 5_000, maxEvents: 200 } as const;
/** Keepalive requests may carry at most 64 KB in all. */
const KEEPALIVE_BYTES = 60_000;

export interface RecorderOptions {
  send?: (body: string, keepalive: boolean) => Promise<unknown>;
  recordFn?: typeof record;
}

async function sendBatch(body: string, keepalive: boolean): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  // Asked for once when the visitor has none yet (pages set no cookie). On page hide the ask may not finish.
  const crumb = await currentCrumb();
  if (crumb !== null) headers['X-CSRF-Token'] = crumb;
  return fetch(REPLAY_EVENTS_PATH, { method: 'POST', headers, body, credentials: 'same-origin', keepalive: keepalive && body.length <= KEEPALIVE_BYTES });
}

export function startRecorder(sessionId: string, options: RecorderOptions = {}): () => void {
  const send = options.send ?? sendBatch;
  let pending: unknown[] = [];
  // Each page of the session numbers its batches after the ones before it (kept for the browser session).
  const sequenceKey = `vitrine:replay-sequence:${sessionId}`;
  let sequence = Number(safeSessionGet(sequenceKey)) || 0;

  const flush = (keepalive = false) => {
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    const body = JSON.stringify({ sessionId, sequence, events });
    sequence += 1;
    safeSessionSet(sequenceKey, String(sequence));
    send(body, keepalive).catch(() => undefined);
  };

  const stopRecording = (options.recordFn ?? record)({
    emit(event) {
      pending.push(event);
      if (pending.length >= REPLAY_BATCH.maxEvents) flush();
    },
    maskAllInputs: true,
    blockClass: 'vitrine-private',
    maskTextClass: 'vitrine-mask',
  });
  const timer = setInterval(() => flush(), REPLAY_BATCH.intervalMs);
  const onHide = () => flush(true);
  addEventListener('pagehide', onHide);
  return () => {
    clearInterval(timer);
    removeEventListener('pagehide', onHide);
    stopRecording?.();
    flush();
  };
}

function safeSessionGet(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSessionSet(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage blocked: numbering restarts on the next page; the server keeps the first batch of a number
  }
}
