/** The rules of digital delivery, pure: what a grant allows, how a file is named to the browser. */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downloads a paid line allows: the file's limit for each unit bought (two copies of an e-book bought for two
 * people: twice the downloads), capped so a large quantity cannot make the counter meaningless.
 */
export function grantedDownloads(downloadLimit: number, quantity: number): number {
  return Math.min(downloadLimit * Math.max(1, quantity), 10_000);
}

/** When a link made at `paidAt` stops working: `linkDays` later, to the whole second (the token carries seconds). */
export function grantExpiry(paidAt: Date, linkDays: number): Date {
  return new Date(Math.floor((paidAt.getTime() + linkDays * DAY_MS) / 1000) * 1000);
}

/**
 * A file name as the owner gave it, made safe to keep and to send back: no folders (a browser's `C:\…\name`
 * or `../name`), no control characters, trimmed, at most 200 characters. Empty when nothing usable is left.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().replace(/^\.+/, '').trim().slice(0, 200);
}

/**
 * Content-Disposition for a download (RFC 6266): `attachment`, an ASCII `filename` fallback for old clients
 * (anything outside printable ASCII, quotes and backslashes become '_'), and `filename*` with the UTF-8 name
 * percent-encoded (RFC 8187) for every current browser.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The Content-Type a file is served with: what the owner's upload said, when it is a plain `type/subtype`;
 * otherwise bytes. HTML and SVG are served as what they are but always as an attachment, with nosniff.
 */
export function servedContentType(declared: string | undefined): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : 'application/octet-stream';
}
