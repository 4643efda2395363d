/** Reading and writing the analytics cookies (first-party, path /, readable by scripts). */

export function readCookie(name: string, doc: Document = document): string | null {
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

/** Sets a cookie on path /; without `maxAgeSeconds` it lasts the browser session. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? ';Secure' : '';
  const age = maxAgeSeconds === undefined ? '' : `;Max-Age=${Math.round(maxAgeSeconds)}`;
  doc.cookie = `${name}=${encodeURIComponent(value)};Path=/;SameSite=Lax${age}${secure}`;
}

export function clearCookie(name: string, doc: Document = document): void {
  doc.cookie = `${name}=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** A random version 4 UUID (crypto.randomUUID exists only on secure pages; getRandomValues everywhere). */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 15) | 64;
  bytes[8] = (bytes[8]! & 63) | 128;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
