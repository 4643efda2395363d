/**
 * Reading and writing the analytics cookies (first-party, path /, readable by scripts).
 *
 * On an HTTPS page every name takes the `__Host-` prefix, as the server's own cookies do with secure cookies on
 * (server: http/cookies.ts): a browser accepts such a cookie only from this host, Secure, on Path=/ and without a
 * Domain, so a site on a sibling subdomain cannot plant one. Over plain HTTP the names are the platform spec's
 * (SS_ANALYTICS_ID, ss_cvr, …). Reading takes `__Host-{name}` first, then `{name}`.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

const securePage = (doc: Document): boolean => doc.location?.protocol === 'https:';

function readExactCookie(name: string, doc: Document): string | null {
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

export function readCookie(name: string, doc: Document = document): string | null {
  return readExactCookie(`${HOST_COOKIE_PREFIX}${name}`, doc) ?? readExactCookie(name, doc);
}

/** Sets a cookie on path /; without `maxAgeSeconds` it lasts the browser session. `__Host-{name}` on an HTTPS page. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number, doc: Document = document): void {
  const secure = securePage(doc);
  const age = maxAgeSeconds === undefined ? '' : `;Max-Age=${Math.round(maxAgeSeconds)}`;
  doc.cookie = `${secure ? HOST_COOKIE_PREFIX : ''}${name}=${encodeURIComponent(value)};Path=/;SameSite=Lax${age}${secure ? ';Secure' : ''}`;
}

export function clearCookie(name: string, doc: Document = document): void {
  doc.cookie = `${name}=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  if (securePage(doc)) doc.cookie = `${HOST_COOKIE_PREFIX}${name}=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT;Secure`;
}

/** A random version 4 UUID (crypto.randomUUID exists only on secure pages; getRandomValues everywhere). */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 15) | 64;
  bytes[8] = (bytes[8]! & 63) | 128;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
