import type { HttpMethod } from '@vitrine/contracts';
import { documentCookies, readCookie } from './cookies';
import { OwnerApiError } from './errors';
import { queryStringOf, type QueryValue } from './paths';

/**
 * The owner client's HTTP: JSON calls with the browser's credentials, and the two tokens the server asks
 * of a state-changing call (server: http/crumb.ts, http/request-context.ts):
 *  - the crumb: the `crumb` cookie (`__Host-crumb` over HTTPS; set by GET /api/crumb, asked for when it is
 *    missing, and by the /config pages) echoed in `X-CSRF-Token`, on every POST, PUT and DELETE, signed in or not;
 *  - the site user's XSRF token: handed out once by sign-in (and the owner set-up), echoed in
 *    `X-SiteUser-XSRF-Token` on every signed-in change, so a stolen session cookie alone changes nothing.
 * With an API key instead, calls carry `Authorization: Bearer` and no cookies, crumb or XSRF token (the
 * server refuses a key that comes with cookies).
 */

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'X-CSRF-Token';
export const SITE_USER_XSRF_HEADER = 'X-SiteUser-XSRF-Token';
/** Shared with the storefront's client (same session, same origin): a sign-in at /config also signs the shop's calls. */
export const SITE_USER_XSRF_STORAGE_KEY = 'vitrine:siteUserXsrfToken';
/** The visitor's crumb (GET /api/crumb): its answer sets a fresh crumb cookie when the current one is missing or stale. */
export const DEFAULT_CRUMB_PAGE = '/api/crumb';

/** Where the site user's XSRF token is kept between calls (and, in a browser, between page loads). */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return { get: () => token, set: (next) => void (token = next) };
}

/** Local storage when the browser allows it, memory otherwise (private modes, quota, Node). */
export function browserTokenStore(key: string = SITE_USER_XSRF_STORAGE_KEY): TokenStore {
  const memory = memoryTokenStore();
  const storage = (): Storage | undefined => {
    try {
      return (globalThis as { localStorage?: Storage }).localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    get: () => {
      try {
        return storage()?.getItem(key) ?? memory.get();
      } catch {
        return memory.get();
      }
    },
    set: (token) => {
      memory.set(token);
      try {
        if (token) storage()?.setItem(key, token);
        else storage()?.removeItem(key);
      } catch {
        // kept in memory only
      }
    },
  };
}

export interface OwnerHttpOptions {
  /** The server's origin ('https://shop.example'); '' (the default) calls the page's own origin, as the owner app at /config does. */
  baseUrl?: string;
  /** globalThis.fetch by default; a CookieJar's fetch outside a browser. */
  fetch?: typeof fetch;
  /** The cookies the client may read ('a=1; b=2'): document.cookie by default. */
  cookies?: () => string;
  /** Where the XSRF token is kept: local storage (shared with the storefront) by default. */
  xsrfTokens?: TokenStore;
  /** An API key (vk_…) for headless use: bearer calls, no cookies. */
  apiKey?: string;
  /** A page whose GET sets a fresh crumb cookie; DEFAULT_CRUMB_PAGE by default. */
  crumbPage?: string;
}

export interface SendOptions {
  query?: Readonly<Record<string, QueryValue>>;
  /** A JSON body. */
  json?: unknown;
  /** Any other body (a CSV text, a FormData) with its content type (none for FormData: fetch writes the boundary). */
  body?: BodyInit;
  contentType?: string;
}

const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'DELETE']);

export class OwnerHttp {
  readonly xsrfTokens: TokenStore;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #cookies: () => string;
  readonly #apiKey: string | undefined;
  readonly #crumbPage: string;

  constructor(options: OwnerHttpOptions = {}) {
    this.#baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    // Bound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#cookies = options.cookies ?? documentCookies;
    this.xsrfTokens = options.xsrfTokens ?? browserTokenStore();
    this.#apiKey = options.apiKey;
    this.#crumbPage = options.crumbPage ?? DEFAULT_CRUMB_PAGE;
  }

  get usesApiKey(): boolean {
    return this.#apiKey !== undefined;
  }

  /** The crumb cookie's value, or null. */
  crumb(): string | null {
    return readCookie(CRUMB_COOKIE, this.#cookies());
  }

  /** The readable cookies, for the client's SiteUserInfo. */
  cookieHeader(): string {
    return this.#apiKey === undefined ? this.#cookies() : '';
  }

  /** Asks for the crumb (the crumb page), whose answer sets a fresh crumb cookie when the current one is missing or no longer valid. */
  async refreshCrumb(): Promise<void> {
    let response: Response;
    try {
      response = await this.#fetch(this.#baseUrl + this.#crumbPage, { method: 'GET', credentials: 'same-origin', headers: { accept: 'application/json, text/html' } });
    } catch {
      throw new OwnerApiError(0, null);
    }
    await response.arrayBuffer().catch(() => undefined);
  }

  /**
   * One call: JSON (or text, for CSV answers) back; a refusal as an OwnerApiError with the server's
   * `{ message, errors, crumbFail }`. A call without a crumb cookie to echo loads the crumb page first.
   * An answer carrying `xsrfToken` (sign-in, owner set-up) is kept for the signed-in changes after it.
   */
  async send(method: HttpMethod, path: string, options: SendOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body !== undefined) {
      if (options.contentType) headers['content-type'] = options.contentType;
      body = options.body;
    }
    if (this.#apiKey !== undefined) {
      headers.authorization = `Bearer ${this.#apiKey}`;
    } else if (STATE_CHANGING.has(method)) {
      if (this.crumb() === null) await this.refreshCrumb();
      const crumb = this.crumb();
      if (crumb !== null) headers[CRUMB_HEADER] = crumb;
      const xsrf = this.xsrfTokens.get();
      if (xsrf) headers[SITE_USER_XSRF_HEADER] = xsrf;
    }
    let response: Response;
    try {
      response = await this.#fetch(this.#baseUrl + path + queryStringOf(options.query), {
        method,
        headers,
        body,
        credentials: this.#apiKey === undefined ? 'same-origin' : 'omit',
      });
    } catch {
      throw new OwnerApiError(0, null);
    }
    const answer = await readAnswer(response);
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new OwnerApiError(response.status, isObject(answer) ? answer : null, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    }
    if (isObject(answer) && typeof answer.xsrfToken === 'string' && answer.xsrfToken !== '') this.xsrfTokens.set(answer.xsrfToken);
    return answer;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON when the answer says so (null if it does not parse), else its text (the CSV exports). */
async function readAnswer(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  try {
    if (/[/+]json\b/i.test(type)) return await response.json();
    return await response.text();
  } catch {
    return null;
  }
}
