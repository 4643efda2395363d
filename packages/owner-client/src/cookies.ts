/** Reading cookies from a `Cookie` header or `document.cookie` ('a=1; b=2'). */

/** Over HTTPS the server names its cookies `__Host-{name}` (server: http/cookies.ts); over plain HTTP `{name}`. */
export const HOST_COOKIE_PREFIX = '__Host-';

/** The value of one of the server's cookies (`__Host-{name}` first, then `{name}`), percent-decoded when it was encoded, or null. */
export function readCookie(name: string, cookieHeader: string): string | null {
  return readExactCookie(`${HOST_COOKIE_PREFIX}${name}`, cookieHeader) ?? readExactCookie(name, cookieHeader);
}

function readExactCookie(name: string, cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The page's cookies in a browser; none elsewhere (pass `cookies` to the client there). */
export function documentCookies(): string {
  return (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
}
