import { isbot } from 'isbot';
import { parseVisitorCookie, type VisitorCookie } from '@vitrine/tracking';
import { findUnstorableValue, isUnstorableText } from '../http/unstorable-text';

/**
 * What an analytics call tells about the page and the visitor, read the same way for every call: the page path
 * (platform §2: any trailing slash removed), the referrer's host when it is another site, the census visitor
 * (ss_cvr), and whether the user agent is a bot.
 */

/** What the route layer hands over from the request (never the client address: analytics stores none). */
export interface RequestFacts {
  userAgent: string;
  /** The ss_cvr cookie's value, if the request carries one. */
  visitorCookie: string | undefined;
  /** The Referer header: the page a beacon was sent from. */
  referer: string | undefined;
  /** The client address, only to key the rate limit when there is no visitor cookie; never stored. */
  address: string;
  /** The host the request was sent to (this site): a referrer on it is no referrer. */
  host: string;
  receivedAt: Date;
}

export const MAX_USER_AGENT_LENGTH = 512;

/** The user agent as stored: cut to 512 characters, '' when it holds text that cannot be stored. */
export function storableUserAgent(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH);
  return isUnstorableText(text) ? '' : text;
}

export const isBotAgent = (userAgent: string): boolean => isbot(userAgent);

/** '/shop/' → '/shop' (platform §2); the root stays '/'. Query and fragment dropped; at most 2,048 characters. */
export function normalisePagePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  const result = trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return result.slice(0, 2048);
}

function parseUrl(text: unknown): URL | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > 4096) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The page path of a full URL or of a path ('/shop?x' — what the tracking client sends as a hit's url), or undefined. */
export function pagePathOfUrl(url: unknown): string | undefined {
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && url.length <= 4096) {
    return normalisePagePath(decodeSafely(url.split(/[?#]/)[0] ?? ''));
  }
  const parsed = parseUrl(url);
  return parsed ? normalisePagePath(decodeSafely(parsed.pathname)) : undefined;
}

function decodeSafely(path: string): string {
  try {
    const decoded = decodeURIComponent(path);
    return isUnstorableText(decoded) ? path : decoded;
  } catch {
    return path;
  }
}

/** The page a call is about: an explicit path, else the path of a URL it names, else the Referer's path, else ''. */
export function pagePathOf(facts: RequestFacts, path: unknown, url?: unknown): string {
  if (typeof path === 'string' && path.length > 0 && path.length <= 2048 && !isUnstorableText(path)) return normalisePagePath(path);
  return pagePathOfUrl(url) ?? pagePathOfUrl(facts.referer) ?? '';
}

/** The referrer's host, lower case, when it is another site than this one (the page's URL, or the request's host); null for none or this site. */
export function referrerHostOf(referrer: unknown, pageUrl: unknown, siteHost: string): string | null {
  const from = parseUrl(referrer);
  if (!from || !/^https?:$/.test(from.protocol) || !from.hostname) return null;
  const host = from.hostname.toLowerCase();
  const page = parseUrl(pageUrl);
  if ((page && page.hostname.toLowerCase() === host) || siteHost.toLowerCase().replace(/:\d+$/, '') === host) return null;
  return host.slice(0, 255);
}

/** The census visitor: the ss_cvr cookie if it parses, else a value the call carried (visitorCookie, ss_cvr field). */
export function visitorOf(facts: RequestFacts, sent?: unknown): VisitorCookie | undefined {
  return parseVisitorCookie(facts.visitorCookie) ?? (typeof sent === 'string' ? parseVisitorCookie(sent) : undefined);
}

export type ParsedJson = { ok: true; value: Record<string, unknown> } | { ok: false; reason: 'invalid-json' | 'not-object' | 'unstorable' };

/** A JSON text that must hold an object whose text the database can store (jsonb refuses NUL and lone surrogates). */
export function parseJsonObject(text: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'not-object' };
  if (findUnstorableValue(value)) return { ok: false, reason: 'unstorable' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** A short text field of parsed JSON, or null. */
export function textField(value: unknown, maxLength = 255): string | null {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, maxLength) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}
