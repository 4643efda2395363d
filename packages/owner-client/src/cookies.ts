/** Reading cookies from a `Cookie` header or `document.cookie` ('a=1; b=2'). */

/** The value of one cookie, percent-decoded when it was encoded, or null when it is not there. */
export function readCookie(name: string, cookieHeader: string): string | null {
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
