import { readCookie } from './cookies';

/** Storefront §9: every tracking call gives up after 2,500 ms. */
export const TRACKING_TIMEOUT_MS = 2500;

/** The page's crumb cookie, or '' (the server sets it readable by scripts; storefront api/http.ts sends it the same way). */
export const crumb = (): string => readCookie('crumb') ?? '';

/** Where a browser asks for its crumb (server: http/crumb.ts): pages set no cookie. */
export const CRUMB_PATH = '/api/crumb';

/**
 * The crumb for a call that is checked against it (the legacy tracker, the error reporter): the cookie, else asked
 * for once with GET /api/crumb (whose answer sets the cookie), else ''. The beacon calls (census, newer tracker,
 * performance records) need none, so they never ask: a page view alone makes no crumb.
 */
export async function ensureCrumb(timeoutMs = TRACKING_TIMEOUT_MS): Promise<string> {
  const known = crumb();
  if (known) return known;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(CRUMB_PATH, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: abort.signal });
    const answer = response.ok ? ((await response.json()) as { crumb?: unknown } | null) : null;
    return crumb() || (typeof answer?.crumb === 'string' ? answer.crumb : '');
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A POST with the crumb header (X-CSRF-Token, as every state-changing call of the storefront: the crumb cookie when
 * there is one, `crumb` to pass one asked for), aborted after `timeoutMs`. `keepalive` lets it finish while the page
 * goes away. Resolves with the response; rejects on a network failure or the timeout.
 */
export async function post(url: string, body: BodyInit, contentType: string, timeoutMs = TRACKING_TIMEOUT_MS, sentCrumb: string = crumb()): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    return await fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': contentType, 'X-CSRF-Token': sentCrumb },
      credentials: 'same-origin',
      keepalive: true,
      signal: abort.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

export const FORM = 'application/x-www-form-urlencoded';

/** A form-encoded POST whose failures are silent (storefront §7, §8: tracking never bothers the shopper). */
export function postFormQuietly(url: string, fields: Record<string, string>, sentCrumb?: string): Promise<void> {
  return post(url, new URLSearchParams(fields), FORM, TRACKING_TIMEOUT_MS, sentCrumb).then(
    () => undefined,
    () => undefined,
  );
}

/** A JSON POST whose failures are silent. */
export function postJsonQuietly(url: string, value: unknown): Promise<void> {
  return post(url, JSON.stringify(value), 'application/json').then(
    () => undefined,
    () => undefined,
  );
}

/** navigator.sendBeacon when the browser has it and accepts the body; false otherwise (the caller falls back to fetch). */
export function beacon(url: string, body: BodyInit): boolean {
  try {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
