import { clearCookie, readCookie, uuid, writeCookie } from './cookies';
import { TRACKING_MESSAGES } from './messages';

/**
 * Platform §4 and §9: who the visitor is to the newer tracker (the analytics id, 390 days) and where the visit
 * stands (session id, first landing, first session).
 *
 * - `SS_ANALYTICS_ID` (cookie, 390 days) with `SS_ANALYTICS_EXPIRATION` (when it ends, ms since the epoch, so a
 *   copy restored from local storage ends when the original would have); the same two keys in local storage.
 * - `SS_SESSION_ID`: a session cookie, created when missing.
 * - `SS_IS_FIRST_SESSION` (session storage, the session-scoped flag) and `SS_HAS_LANDED` (local storage, the
 *   persistent landed flag).
 * - `SS_MID`: the marketing id, read when a campaign set it (we never write it).
 */
export const ANALYTICS_KEYS = {
  analyticsId: 'SS_ANALYTICS_ID',
  expiration: 'SS_ANALYTICS_EXPIRATION',
  sessionId: 'SS_SESSION_ID',
  isFirstSession: 'SS_IS_FIRST_SESSION',
  hasLanded: 'SS_HAS_LANDED',
  marketingId: 'SS_MID',
} as const;

export const ANALYTICS_ID_LIFETIME_DAYS = 390;
const LIFETIME_MS = ANALYTICS_ID_LIFETIME_DAYS * 86_400_000;

export interface SessionInfo {
  isFirstLanding: boolean;
  isFirstSession: boolean;
  sessionId: string;
}

/** The id kept for this page when neither the cookie nor local storage can hold it. */
let memoryId: string | null = null;

/** Forgets the in-memory id (tests: a new page). */
export function forgetAnalyticsIdInMemory(): void {
  memoryId = null;
}

/**
 * A local storage entry written with an expiry (`expirationKey` holds ms since the epoch): null when absent, and
 * an entry whose expiry has passed (or is unreadable) is removed.
 */
export function readExpiring(storage: Storage, key: string, expirationKey: string, now: number): string | null {
  const value = storage.getItem(key);
  if (value === null) return null;
  if (Number(storage.getItem(expirationKey)) > now) return value;
  storage.removeItem(key);
  storage.removeItem(expirationKey);
  return null;
}

/**
 * The analytics id: from the cookie, else local storage (unexpired), else memory, else a new one; then kept in all
 * three ('Unable to store analyticsId' when local storage refuses, the cookie and memory still hold it).
 */
export function analyticsId(now: number = Date.now()): string {
  let id = readCookie(ANALYTICS_KEYS.analyticsId);
  // Already resolved and kept on this page: nothing to write again.
  if (id && id === memoryId) return id;
  let expires = Number(readCookie(ANALYTICS_KEYS.expiration));
  if (!id) {
    try {
      id = readExpiring(localStorage, ANALYTICS_KEYS.analyticsId, ANALYTICS_KEYS.expiration, now);
      if (id) expires = Number(localStorage.getItem(ANALYTICS_KEYS.expiration));
    } catch {
      // blocked storage: memory next
    }
  }
  id ||= memoryId || uuid();
  if (!(expires > now)) expires = now + LIFETIME_MS;
  memoryId = id;
  const maxAge = (expires - now) / 1000;
  writeCookie(ANALYTICS_KEYS.analyticsId, id, maxAge);
  writeCookie(ANALYTICS_KEYS.expiration, String(expires), maxAge);
  try {
    localStorage.setItem(ANALYTICS_KEYS.analyticsId, id);
    localStorage.setItem(ANALYTICS_KEYS.expiration, String(expires));
  } catch {
    console.warn(TRACKING_MESSAGES.storeAnalyticsId);
  }
  return id;
}

/** The session id cookie, created when missing. */
export function sessionId(): string {
  let id = readCookie(ANALYTICS_KEYS.sessionId);
  if (!id) writeCookie(ANALYTICS_KEYS.sessionId, (id = uuid()));
  return id;
}

/**
 * Platform §4. First landing: no session-scoped flag stored yet (the session's first page). First session: no
 * persistent landed flag existed when the session began, or the session's stored flag says true. Blocked storage
 * warns 'Unable access local/session storage.' and says false for both. Call it once per page: it records the landing.
 */
export function sessionInfo(): SessionInfo {
  const id = sessionId();
  try {
    const stored = sessionStorage.getItem(ANALYTICS_KEYS.isFirstSession);
    if (stored !== null) return { isFirstLanding: false, isFirstSession: stored === 'true', sessionId: id };
    const isFirstSession = localStorage.getItem(ANALYTICS_KEYS.hasLanded) === null;
    sessionStorage.setItem(ANALYTICS_KEYS.isFirstSession, String(isFirstSession));
    localStorage.setItem(ANALYTICS_KEYS.hasLanded, 'true');
    return { isFirstLanding: true, isFirstSession, sessionId: id };
  } catch {
    console.warn(TRACKING_MESSAGES.storage);
    return { isFirstLanding: false, isFirstSession: false, sessionId: id };
  }
}

/** Cookie restrictions: our own ids go too (the spec names only the census cookies; we keep nothing either). */
export function forgetAnalyticsIds(): void {
  for (const name of [ANALYTICS_KEYS.analyticsId, ANALYTICS_KEYS.expiration, ANALYTICS_KEYS.sessionId]) clearCookie(name);
  try {
    localStorage.removeItem(ANALYTICS_KEYS.analyticsId);
    localStorage.removeItem(ANALYTICS_KEYS.expiration);
  } catch {
    // nothing stored there
  }
  memoryId = null;
}
