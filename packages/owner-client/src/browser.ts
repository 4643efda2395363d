import type { HttpMethod, OwnerJson, RouteContract, RouteSchema } from '@vitrine/contracts';
import type { CallAnswer, CallInput } from './client';
import { OwnerApiError } from './errors';
import { OwnerHttp, type OwnerHttpOptions } from './http';
import { pathOf, type QueryValue } from './paths';
import { parseSiteUserInfo, type SiteUserInfo } from './site-user-info';

/*
 * The owner client for browser bundles (`@vitrine/owner-client/browser`): the same transport, errors and
 * logout retry as `OwnerClient`, without a single value of `@vitrine/contracts`. A contract carries its
 * TypeBox schemas, and TypeBox has no place in a page's JavaScript; here a call is named by its method and
 * path pattern (a `CallRoute`), typed from its contract with `typeof` (a type-only import). The routes an
 * app names are checked against the contracts by a test (see browser.test.ts and the owner app's routes).
 */

type SchemaOf<C> = C extends RouteContract<infer S> ? S : never;

/** A call by method and path pattern, typed by its contract's schemas (which it does not carry). */
export interface CallRoute<S extends RouteSchema = RouteSchema> {
  readonly method: HttpMethod;
  /** The contract's pattern, with `:param` segments. */
  readonly url: string;
  /** Never set: the contract's schemas, for the types only. */
  readonly schema?: S;
}

/** `callRoute<typeof getAnalyticsSummaryContract>('GET', '/api/owner/analytics/summary')`. */
export function callRoute<C extends RouteContract>(method: C['method'], url: C['url']): CallRoute<SchemaOf<C>> {
  return { method, url };
}

type CallArguments<S extends RouteSchema> = object extends CallInput<S> ? [input?: CallInput<S>] : [input: CallInput<S>];

/** The owner API's routes this entry calls itself. Checked against the contracts in browser.test.ts. */
export const BROWSER_CLIENT_ROUTES = {
  me: { method: 'GET', url: '/api/owner/me' },
  signOut: { method: 'DELETE', url: '/api/site-users/account/session' },
} as const satisfies Record<string, CallRoute>;

export interface OwnerBrowserClientOptions extends OwnerHttpOptions {
  /** Where the client's warnings go ('Could not parse user info cookie value'); console.warn by default. */
  warn?: (message: string) => void;
}

/** The owner app's client: typed calls by route, the signed-in owner, sign-out with the platform's one retry. */
export class OwnerBrowserClient {
  readonly http: OwnerHttp;
  readonly #warn: (message: string) => void;

  constructor(options: OwnerBrowserClientOptions = {}) {
    this.http = new OwnerHttp(options);
    this.#warn = options.warn ?? ((message) => console.warn(message));
  }

  /** Any call of the API by its route: `client.call(ROUTES.summary, { query: { from, to } })`. */
  async call<S extends RouteSchema>(route: CallRoute<S>, ...[input]: CallArguments<S>): Promise<CallAnswer<S>> {
    const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown };
    const answer = await this.http.send(route.method, pathOf(route.url, params), { query, json: body });
    return answer as CallAnswer<S>;
  }

  /** The signed-in owner with the role and what it allows (401 signed out, 403 without a role). */
  async me(): Promise<OwnerJson> {
    return (await this.http.send('GET', BROWSER_CLIENT_ROUTES.me.url)) as OwnerJson;
  }

  /**
   * Signs out. Platform spec §4: on a crumb failure the crumb is renewed and the call retried once.
   * The XSRF token goes with the session.
   */
  async signOut(options: { cloneCart?: boolean } = {}): Promise<void> {
    const signOut = () => this.http.send('DELETE', BROWSER_CLIENT_ROUTES.signOut.url, { query: { cloneCart: options.cloneCart ? 'true' : 'false' } });
    try {
      await signOut();
    } catch (error) {
      if (!(error instanceof OwnerApiError && error.crumbFail)) throw error;
      await this.http.refreshCrumb();
      await signOut();
    }
    this.http.xsrfTokens.set(null);
  }

  /** Who the SiteUserInfo cookie says is signed in (a hint: the server decides from the session). */
  siteUserInfo(): SiteUserInfo | null {
    return parseSiteUserInfo(this.http.cookieHeader(), this.#warn);
  }
}

export { OwnerApiError, OWNER_CLIENT_MESSAGES, isOwnerApiError } from './errors';
export { OwnerHttp, browserTokenStore, memoryTokenStore, CRUMB_HEADER, SITE_USER_XSRF_HEADER, type OwnerHttpOptions, type TokenStore } from './http';
export { StoreCreationError, MainNavigationMissingError } from './errors';
export { pathOf, queryStringOf, type QueryValue } from './paths';
export type { CallAnswer, CallInput } from './client';
export type { SiteUserInfo } from './site-user-info';
