import { createHash } from 'node:crypto';

/**
 * Whether a storefront page answer may be stored by shared caches (a CDN, Varnish), and the headers that say so
 * (issue 35 item 1). Pure rules: the route gathers the facts, these decide.
 *
 * A page is shared only when nothing about it can be personal: an anonymous visitor (no site user, owner or API key),
 * no cookie that changes the HTML (session, cart, unlock, experiment overrides), no cookie set by the answer, a
 * template that never shows a visitor's own data, no experiment that could vary the HTML by visitor, and not a
 * preview. Everything else answers `private, no-store`.
 */

/** Cookies whose presence may change a page's HTML: such a request is never served from, nor stored in, a shared cache. */
export const PERSONAL_PAGE_COOKIES = ['siteUserSession', 'SiteUserInfo', 'siteUserXsrfHandoff', 'CART', 'vitrine_unlock', 'vitrine_experiment_overrides'] as const;

/** Templates that show the visitor's own cart, order, account or a crumb in a form: never shared. */
export const PERSONAL_TEMPLATES: ReadonlySet<string> = new Set(['cart', 'checkout', 'order-confirmed', 'members', 'subscriptions', 'reviews-request']);

/** The statuses a shared cache may keep (a found page and a not-found one). */
const SHAREABLE_STATUSES: ReadonlySet<number> = new Set([200, 404]);

export interface PageCacheSettings {
  /** How long a shared cache may serve the page without asking again (s-maxage). */
  sharedMaxAgeSeconds: number;
  /** How long past that it may serve the old page while fetching the new one (stale-while-revalidate). */
  staleWhileRevalidateSeconds: number;
}

export const DEFAULT_PAGE_CACHE_SETTINGS: PageCacheSettings = { sharedMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 30 };

/** Longest allowed value of either setting: a day. */
const MAX_SECONDS = 86_400;

function secondsFrom(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_SECONDS) throw new Error(`${name} must be a whole number of seconds from 0 to ${MAX_SECONDS}.`);
  return Number(raw);
}

/** PAGE_CACHE_S_MAXAGE and PAGE_CACHE_STALE_WHILE_REVALIDATE (seconds); a bad value stops the start with its name. */
export function pageCacheSettingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): PageCacheSettings {
  return {
    sharedMaxAgeSeconds: secondsFrom('PAGE_CACHE_S_MAXAGE', env.PAGE_CACHE_S_MAXAGE, DEFAULT_PAGE_CACHE_SETTINGS.sharedMaxAgeSeconds),
    staleWhileRevalidateSeconds: secondsFrom('PAGE_CACHE_STALE_WHILE_REVALIDATE', env.PAGE_CACHE_STALE_WHILE_REVALIDATE, DEFAULT_PAGE_CACHE_SETTINGS.staleWhileRevalidateSeconds),
  };
}

export interface PageShareFacts {
  method: string;
  status: number;
  template: string;
  /** No site user, owner or API key. */
  anonymous: boolean;
  /** The request's cookies under their plain names. */
  cookies: Record<string, string | undefined>;
  /** The answer sets a cookie (a crumb, an experiment's cookie). */
  setsCookie: boolean;
  /** The page carries experiment definitions (they may vary the HTML by visitor, user agent or language). */
  hasExperiments: boolean;
  /** An editor's or the Design screen's preview. */
  preview: boolean;
}

/** Whether a shared cache may store this page answer. */
export function isShareablePage(facts: PageShareFacts): boolean {
  if (facts.method !== 'GET' && facts.method !== 'HEAD') return false;
  if (!SHAREABLE_STATUSES.has(facts.status)) return false;
  if (!facts.anonymous || facts.setsCookie || facts.hasExperiments || facts.preview) return false;
  if (PERSONAL_TEMPLATES.has(facts.template)) return false;
  return !PERSONAL_PAGE_COOKIES.some((name) => facts.cookies[name] !== undefined && facts.cookies[name] !== '');
}

/** The Cache-Control of a page answer. */
export function pageCacheControl(shareable: boolean, settings: PageCacheSettings): string {
  if (!shareable) return 'private, no-store';
  return `public, max-age=0, s-maxage=${settings.sharedMaxAgeSeconds}, stale-while-revalidate=${settings.staleWhileRevalidateSeconds}`;
}

/** A strong ETag: the SHA-256 of the exact body, so equal bytes (and only those) share it. */
export function strongEtagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * Whether If-None-Match names this ETag (RFC 9110 §13.1.2: `*`, or a list compared weakly, so `W/"x"` matches `"x"`).
 */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // An encoded answer's ETag names its encoding (http/compression.ts: `"x-br"`): the same page either way.
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '').replace(/-(br|gz)"$/, '"') === etag);
}
