import { isSafeHref } from '../../rendering/html-sanitiser';

/** Link schemes a block may point at: web, mail and phone addresses, and addresses on this site. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** The link as written when it is safe to put in an href (no javascript:, data:, protocol-relative…), else undefined. */
export function safeLink(raw: string): string | undefined {
  const value = raw.trim();
  return value !== '' && isSafeHref(value, LINK_SCHEMES) ? value : undefined;
}

/** An absolute http(s) URL, parsed; undefined for anything else. */
export function httpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
