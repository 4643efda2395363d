import { ADD_TO_CART_MESSAGES, CART_MESSAGES } from '@vitrine/commerce';
import type { ErrorBody as ContractErrorBody } from '@vitrine/contracts';

/** A failed call, carrying the message a shopper should read. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  /** The answer's parsed JSON (null when it had none): for callers with their own status mapping (site forms). */
  readonly body: unknown;
  constructor(message: string, status: number, fieldErrors: Record<string, string> = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

/** What a failing call may answer: the contracts' ErrorBody, read defensively (a proxy may answer anything). */
type ErrorBody = { [K in keyof ContractErrorBody]?: unknown };

/**
 * Over HTTPS the server names every cookie it sets `__Host-{name}` (a browser takes such a cookie from this host
 * only, so a sibling subdomain cannot plant it); over plain HTTP it uses the plain name.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

function readExactCookie(name: string, cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return part.slice(eq + 1).trim();
    }
  }
  return null;
}

/** The value of one of the server's cookies (`__Host-{name}` first, then `{name}`), or null. `crumb` is readable by scripts. */
export function readCookie(name: string, cookieHeader: string = globalThis.document?.cookie ?? ''): string | null {
  return readExactCookie(`${HOST_COOKIE_PREFIX}${name}`, cookieHeader) ?? readExactCookie(name, cookieHeader);
}

/**
 * Cookies are off when the browser says so or the page has none at all: a crumb failure comes after the client
 * asked for its crumb (GET /api/crumb sets its cookies), so a cookie-less page then means cookies are blocked.
 */
export function cookiesDisabled(): boolean {
  const nav = globalThis.navigator as Navigator | undefined;
  if (nav && nav.cookieEnabled === false) return true;
  return (globalThis.document?.cookie ?? '') === '';
}

/** Turns an error response into the message §8 of the storefront spec asks for. */
export function messageForFailure(status: number, body: ErrorBody | null): string {
  if (status === 429) return ADD_TO_CART_MESSAGES.rateLimited;
  if (body?.crumbFail) {
    return cookiesDisabled() ? ADD_TO_CART_MESSAGES.enableCookies : ADD_TO_CART_MESSAGES.sessionExpired;
  }
  if (typeof body?.message === 'string' && body.message !== '') return body.message;
  return CART_MESSAGES.tryAgain;
}

function fieldErrorsOf(body: ErrorBody | null): Record<string, string> {
  const errors = body?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Where the site user's XSRF token is kept between pages (the sign-in answer hands it out once). */
const SITE_USER_XSRF_KEY = 'vitrine:siteUserXsrfToken';
export const SITE_USER_XSRF_HEADER = 'X-SiteUser-XSRF-Token';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked: the token lives only as long as this page
  }
}
let siteUserXsrfToken: string | null | undefined;

/** Where a plain-form sign-in (the /account page) leaves the token for the page's scripts: taken once, then deleted. */
const SITE_USER_XSRF_HANDOFF_COOKIE = 'siteUserXsrfHandoff';

/**
 * Sets (or, with null, clears) the site user's XSRF token on the shared client: every later
 * state-changing call sends it in X-SiteUser-XSRF-Token (platform spec §7). Kept in local storage so
 * every page of the site sends it.
 */
export function setSiteUserXsrfToken(token: string | null): void {
  siteUserXsrfToken = token;
  if (globalThis.document) {
    if (readExactCookie(SITE_USER_XSRF_HANDOFF_COOKIE, document.cookie) !== null) document.cookie = `${SITE_USER_XSRF_HANDOFF_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
    const prefixed = `${HOST_COOKIE_PREFIX}${SITE_USER_XSRF_HANDOFF_COOKIE}`;
    if (readExactCookie(prefixed, document.cookie) !== null) document.cookie = `${prefixed}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict; Secure`;
  }
  try {
    if (token) storage()?.setItem(SITE_USER_XSRF_KEY, token);
    else storage()?.removeItem(SITE_USER_XSRF_KEY);
  } catch {
    // quota or privacy mode: kept in memory only
  }
}

function currentSiteUserXsrfToken(): string | null {
  const handedOff = readCookie(SITE_USER_XSRF_HANDOFF_COOKIE);
  if (handedOff) setSiteUserXsrfToken(handedOff);
  if (siteUserXsrfToken === undefined) {
    try {
      siteUserXsrfToken = storage()?.getItem(SITE_USER_XSRF_KEY) ?? null;
    } catch {
      siteUserXsrfToken = null;
    }
  }
  return siteUserXsrfToken;
}

/** Where a browser asks for its crumb (server: http/crumb.ts): pages set no cookie, so the first change asks. */
export const CRUMB_PATH = '/api/crumb';
let crumbAsked: Promise<string | null> | undefined;

/**
 * Asks the server for this visitor's crumb: the answer sets the crumb cookie (and the HttpOnly key it is signed
 * over). Concurrent callers share one request. Null when it could not be had (offline, or the answer was not one).
 */
export function fetchCrumb(): Promise<string | null> {
  crumbAsked ??= fetch(CRUMB_PATH, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (response) => {
      const answer = response.ok ? ((await response.json()) as { crumb?: unknown } | null) : null;
      return typeof answer?.crumb === 'string' ? answer.crumb : null;
    })
    .catch(() => null)
    .finally(() => {
      crumbAsked = undefined;
    });
  return crumbAsked;
}

/** The crumb to echo: the crumb cookie, else asked for (GET /api/crumb) before the first state change. */
export async function currentCrumb(): Promise<string | null> {
  return readCookie('crumb') ?? (await fetchCrumb());
}

/**
 * One JSON call to the server. State-changing calls carry the crumb back in `X-CSRF-Token` (asked for first when the
 * browser has none yet). Every failure becomes an ApiError with a shopper-facing message (a crumb failure: storefront
 * §8's session-expired or enable-cookies words, not retried).
 */
export async function requestJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method)) {
    const crumb = await currentCrumb();
    if (crumb !== null) headers['X-CSRF-Token'] = crumb;
    const xsrf = currentSiteUserXsrfToken();
    if (xsrf) headers[SITE_USER_XSRF_HEADER] = xsrf;
    // The page's language (a /fr/ page's is French): the server records a sign-up in it and answers refusals in it.
    if (document.documentElement.lang) headers['X-Page-Language'] = document.documentElement.lang;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(CART_MESSAGES.offline, 0);
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const errorBody = parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null;
    throw new ApiError(messageForFailure(response.status, errorBody), response.status, fieldErrorsOf(errorBody), parsed);
  }
  // A sign-in answer carries the token every later signed-in change must echo.
  const xsrfToken = (parsed as { xsrfToken?: unknown } | null)?.xsrfToken;
  if (typeof xsrfToken === 'string' && xsrfToken) setSiteUserXsrfToken(xsrfToken);
  return parsed as T;
}
