import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractFor, isContributorRole } from '@vitrine/contracts';
import { siteUserOf, visitorActor, type ApiKeyActor, type RequestActor, type VisitorActor } from '../actor';
import type { Website } from '../db/schema';
import { authorize } from '../authorize';
import { CART_COOKIE, SESSION_COOKIE } from './cookies';
import { checkCrumb, type CrumbOptions } from './crumb';
import { HttpError } from './errors';
import { websiteOrAnswer, type HostLookup } from './host-answer';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website this request is served for, as it is now (websites/cache.ts). */
    website: Website;
    /** Who is calling: the visitor, signed in or not, or an API key on an owner call (actor.ts). */
    actor: RequestActor;
  }
  interface FastifyContextConfig {
    /** false: a signed-in state change here does not need X-SiteUser-XSRF-Token (sign-in, sign-up, sign-out). */
    siteUserXsrf?: boolean;
    /** How deeply this route's body may nest (http/unstorable-text.ts; MAX_BODY_DEPTH, 32, when unsaid). */
    maxBodyDepth?: number;
    /**
     * 'form': a plain HTML form posts here; the crumb comes as a form field, checked by the handler (http/crumb.ts).
     * 'token': the request is authorised by a signed token in it (a mail's one-click unsubscribe), not by cookies.
     * 'beacon': an analytics beacon (navigator.sendBeacon cannot send headers); a forged one only adds a row to the
     * statistics, so it needs no crumb (analytics/routes.ts).
     */
    crumb?: 'form' | 'token' | 'beacon';
    /** 'analytics': counted in the per-visitor limit's own analytics bucket (http/rate-limit.ts), not the shopper's. */
    rateLimitBucket?: 'analytics';
  }
}

export const SITE_USER_XSRF_HEADER = 'x-siteuser-xsrf-token';
export const SITE_USER_XSRF_MESSAGE = 'Your sign-in could not be confirmed. Please sign in again.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who may be calling, asked of the domains that know: site users' sessions and API keys. Declared here, where it
 * is used, so http/ imports no domain (the domains' routes import http/); request-callers.ts builds it from
 * site-users and api-keys, and app.ts passes it in.
 */
export interface CallerLookup {
  /** The live session a session cookie names on this website (site-users/sessions.ts), with the contributor role read with it. */
  findSession(websiteId: string, token: string): Promise<{ siteUserId: string; email: string; xsrfToken: string; role: number | null } | undefined>;
  /** The API key secret of an `Authorization: Bearer …` header; undefined without one (api-keys/key-format.ts). */
  bearerTokenOf(authorization: string | undefined): string | undefined;
  /** The key's actor, its call counted against the key's own budget; a Failure for a bad, deleted or spent key (api-keys/). */
  authenticateApiKey(website: Website, secret: string, address: string): Promise<ApiKeyActor>;
  /** The 400's message for a request carrying a key and cookies too. */
  withCookiesMessage: string;
}

/** What the request context takes from the app (app.ts): the website source and the caller lookups. */
export interface RequestContextParts extends CrumbOptions {
  /** The website each request is served for, from its Host (http/host-answer.ts). */
  websites: HostLookup;
  callers: CallerLookup;
}

/** The visitor behind a request: its cart token, and its site user when the session cookie names a live session. */
export async function resolveVisitor(context: RequestContextParts, website: Website, request: FastifyRequest): Promise<VisitorActor> {
  const sessionToken = request.cookies[SESSION_COOKIE];
  const session = sessionToken ? await context.callers.findSession(website.id, sessionToken) : undefined;
  return visitorActor({
    cartToken: request.cookies[CART_COOKIE] || undefined,
    siteUser: session
      ? { id: session.siteUserId, email: session.email, xsrfToken: session.xsrfToken, ...(isContributorRole(session.role) ? { role: session.role } : {}) }
      : undefined,
    sessionToken: session ? sessionToken : undefined,
    address: request.ip,
  });
}

/**
 * Resolves the website and the actor once per request, before any handler runs; handlers pass them to
 * services. A signed-in visitor's state changes must also carry the session's XSRF token (platform spec:
 * X-SiteUser-XSRF-Token), so a stolen session cookie alone changes nothing.
 * Registered inside the plugin holding the API and page routes: static files skip it.
 */
export function registerRequestContext(app: FastifyInstance, context: RequestContextParts): void {
  app.decorateRequest('website', null as unknown as Website);
  app.decorateRequest<RequestActor>('actor', null as unknown as RequestActor);
  app.addHook('onRequest', async (request, reply) => {
    const website = await websiteOrAnswer(context, request, reply);
    if (!website) return reply;
    request.website = website;
    // The crumb is bound to the website, so it is checked here, before the actor (a forged call is a 403 before a 401).
    checkCrumb(request, website, context);
    // Owner calls: who may make them is written in their contract (401 signed out, 403 without the role).
    const access = contractFor(request.method, request.routeOptions.url)?.access;
    request.actor = (access && (await resolveApiKey(context, request))) || (await resolveVisitor(context, request.website, request));
    if (access) authorize(request.actor, access);
    const siteUser = siteUserOf(request.actor);
    if (!siteUser || !STATE_CHANGING.has(request.method) || request.routeOptions.config?.siteUserXsrf === false) return;
    const sent = request.headers[SITE_USER_XSRF_HEADER];
    if (sent !== siteUser.xsrfToken) throw new HttpError(403, SITE_USER_XSRF_MESSAGE);
  });
}

/**
 * An owner call made with `Authorization: Bearer vk_…` (api-keys/): the key's actor, counted against the
 * key's own rate limit; undefined without a bearer header. A bad or deleted key is a 401. A request that
 * also carries cookies is refused (400): it would have two identities, and a browser's ambient cookies
 * must never ride along with a key that skipped the crumb check (http/crumb.ts).
 */
async function resolveApiKey(context: RequestContextParts, request: FastifyRequest) {
  const secret = context.callers.bearerTokenOf(request.headers.authorization);
  if (secret === undefined) return undefined;
  if (request.headers.cookie?.trim()) throw new HttpError(400, context.callers.withCookiesMessage);
  return context.callers.authenticateApiKey(request.website, secret, request.ip);
}
