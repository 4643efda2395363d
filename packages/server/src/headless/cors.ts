import { PUBLISHABLE_KEY_HEADER } from '@vitrine/contracts';

/**
 * CORS of the headless API, per website (issue 37 item 3). An allowed origin is echoed in
 * Access-Control-Allow-Origin (never `*`); any other gets no CORS header, so its browser keeps the answer from the
 * page. Credentials are never allowed (no Access-Control-Allow-Credentials): the reads are the same for everyone, and a
 * visitor's cookies must not ride along into another site's frontend.
 */

/** The headers a frontend may send: the key, and If-None-Match to revalidate what it kept. */
export const ALLOWED_REQUEST_HEADERS = [PUBLISHABLE_KEY_HEADER, 'if-none-match'] as const;
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** Headers a frontend's script may read besides the safelisted ones. */
export const EXPOSED_HEADERS = 'ETag';
/** How long a browser may keep a preflight's answer. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Every answer varies by these: the CORS header by Origin, whether it is a 401 by the key. */
export const READ_VARY = `Origin, ${PUBLISHABLE_KEY_HEADER}`;
export const PREFLIGHT_VARY = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';

export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): origin is string {
  return origin !== undefined && origin !== 'null' && allowed.includes(origin);
}

/** Whether a preflight asks only for what the API allows (GET or HEAD, and at most the allowed headers). */
export function preflightAsksAllowed(method: string | undefined, headers: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const asked = (headers ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  return asked.every((name) => (ALLOWED_REQUEST_HEADERS as readonly string[]).includes(name));
}
