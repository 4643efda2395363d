import { CONTENT_LIMITS, EDITOR_MESSAGES, displayValue, formatEditorMessage } from './messages';

export type UrlCheck = { valid: true; url: string } | { valid: false; message: string };

/** The examples the link message shows: an outside address or a page of this site. */
const LINK_EXAMPLES = ['https://example.com', '/about'];
const EMAIL_EXAMPLE = 'name@example.com';

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const PHONE = /^\+?[0-9][0-9 ().-]{2,30}$/;
const ANCHOR = /^#[A-Za-z][A-Za-z0-9_:.-]*$/;
/** A site path: starts with one '/', then URL-safe characters only (no spaces, quotes or angle brackets). */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/**
 * The link validator (platform §5): at most 2083 characters; an http(s) address, mailto:, tel:, a path of
 * this site starting with '/', or an '#anchor'. Surrounding spaces are trimmed; anything else (javascript:,
 * data:, a bare host) is refused with the spec's message.
 */
export function checkUrl(value: string): UrlCheck {
  const url = value.trim();
  if (url.length > CONTENT_LIMITS.urlLength) {
    return { valid: false, message: `Links must be at most ${CONTENT_LIMITS.urlLength} characters.` };
  }
  const linkFormat = formatEditorMessage(EDITOR_MESSAGES.linkFormat, { host: LINK_EXAMPLES });
  if (url === '') return { valid: false, message: linkFormat };
  if (url.startsWith('/') && !url.startsWith('//')) {
    return SITE_PATH.test(url) ? { valid: true, url } : { valid: false, message: formatEditorMessage(EDITOR_MESSAGES.invalidPageUrl, { val: displayValue(url) }) };
  }
  if (url.startsWith('#')) {
    return ANCHOR.test(url) ? { valid: true, url } : { valid: false, message: formatEditorMessage(EDITOR_MESSAGES.invalidPageUrl, { val: displayValue(url) }) };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mailto') {
    const address = url.slice('mailto:'.length).split('?')[0] ?? '';
    if (address === '') return { valid: false, message: EDITOR_MESSAGES.invalidEmail };
    return EMAIL.test(decodeSafely(address)) ? { valid: true, url } : { valid: false, message: formatEditorMessage(EDITOR_MESSAGES.emailFormat, { email: EMAIL_EXAMPLE }) };
  }
  if (scheme === 'tel') {
    return PHONE.test(url.slice('tel:'.length)) ? { valid: true, url } : { valid: false, message: linkFormat };
  }
  if (scheme === 'http' || scheme === 'https') {
    if (/[\s<>"\\^`{|}\u0000-\u001f\u007f]/.test(url)) return { valid: false, message: linkFormat };
    try {
      const parsed = new URL(url);
      if (!/^[a-z0-9.-]+$/i.test(parsed.hostname) || !(parsed.hostname.includes('.') || parsed.hostname === 'localhost')) return { valid: false, message: linkFormat };
      return { valid: true, url };
    } catch {
      return { valid: false, message: linkFormat };
    }
  }
  return { valid: false, message: linkFormat };
}

/** True for an http(s) address (embeds, videos and social profiles must point outside the site). */
export function isExternalHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
