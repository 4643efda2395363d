import { isReplayEligible, MOCK_REPLAY_SESSION_ID, SESSION_REPLAY_MESSAGES, type ExperimentConfiguration } from '@vitrine/experiments';
import { sessionId } from '@vitrine/tracking/session';

/**
 * Session replay's start (issue 19 item 5; platform §4 and §8): eligible only with the website's
 * `session-replay` toggle on, the visitor in the `session-replay-sample` test and more than 2 CPU cores;
 * then `GET /api/commerce/fullstory/getId` names the replay session (the mock id: skip), and only then is the
 * recorder (rrweb, its own chunk) loaded. Failures are logged with the spec's messages, never thrown.
 */
export const REPLAY_ID_PATH = '/api/commerce/fullstory/getId';

export interface SessionReplayDependencies {
  hardwareConcurrency?: number | undefined;
  fetchId?: () => Promise<string>;
  loadRecorder?: () => Promise<{ startRecorder(sessionId: string): unknown }>;
  logError?: (message: string, error?: unknown) => void;
}

async function fetchReplayId(): Promise<string> {
  // The replay session is the browser session: make sure its cookie exists before asking (the tracking client,
  // loaded beside this chunk, may not have set it yet on a visitor's first page).
  sessionId();
  const response = await fetch(REPLAY_ID_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  return typeof body.data === 'string' ? body.data : MOCK_REPLAY_SESSION_ID;
}

/** Resolves to the replay session id when recording started, else undefined. */
export async function startSessionReplayIfEligible(configuration: ExperimentConfiguration | null, dependencies: SessionReplayDependencies = {}): Promise<string | undefined> {
  const logError = dependencies.logError ?? ((message, error) => console.error(message, error));
  let sessionId: string;
  try {
    const cores = 'hardwareConcurrency' in dependencies ? dependencies.hardwareConcurrency : globalThis.navigator?.hardwareConcurrency;
    if (!isReplayEligible(configuration, cores)) return undefined;
    sessionId = await (dependencies.fetchId ?? fetchReplayId)();
    if (!sessionId || sessionId === MOCK_REPLAY_SESSION_ID) return undefined;
  } catch (error) {
    logError(SESSION_REPLAY_MESSAGES.eligibility, error);
    return undefined;
  }
  try {
    const recorder = await (dependencies.loadRecorder ?? (() => import('./recorder')))();
    recorder.startRecorder(sessionId);
    return sessionId;
  } catch (error) {
    logError(SESSION_REPLAY_MESSAGES.injection, error);
    return undefined;
  }
}
