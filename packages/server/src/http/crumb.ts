import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractFor, CRUMB_MESSAGES, getCrumbContract } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { carriesDuplicateCookie, credentialIssuedOn, CREDENTIAL_COOKIES, setHostCookie } from './cookies';
import { HttpError } from './errors';

/** Readable by scripts: the visitor's crumb, for the page's scripts to echo (platform spec: the `crumb` cookie). */
export const CRUMB_COOKIE = 'crumb';
/** HttpOnly: the visitor's random key the crumb is signed over. */
export const CRUMB_KEY_COOKIE = 'vitrine_crumb_key';
export const CRUMB_HEADER = 'x-csrf-token';

export { CRUMB_MESSAGES };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The cookies a planted twin of would let another host choose what a state change acts with. */
const BOUND_COOKIES = [CRUMB_KEY_COOKIE, ...CREDENTIAL_COOKIES];

/**
 * The crumb is bound to its visitor and its website: an HMAC-SHA256, under a secret every server process shares
 * (stored in the database), of the website's id and a random key the visitor's browser holds in an HttpOnly,
 * host-only cookie. A crumb minted for another visitor or on another website of the platform never validates:
 * a sibling subdomain can plant cookies for the parent domain (cookie tossing), but it cannot learn this
 * visitor's key, nor a crumb for it. The key is renewed whenever the visitor is handed a cart or a session.
 */
export class Crumbs {
  constructor(private readonly secret: string) {}

  /** A new visitor key: 16 random bytes. */
  newKey(): string {
    return randomBytes(16).toString('base64url');
  }

  isKey(value: unknown): value is string {
    return typeof value === 'string' && KEY_PATTERN.test(value);
  }

  /** The crumb of this visitor key on this website. */
  crumbFor(websiteId: string, key: string): string {
    return createHmac('sha256', this.secret).update(`crumb:${websiteId}:${key}`).digest('base64url');
  }

  /** Whether `sent` is the crumb of this key on this website. */
  matches(websiteId: string, key: unknown, sent: unknown): boolean {
    if (!this.isKey(key) || typeof sent !== 'string' || sent.length > 200) return false;
    return safeEqual(sent, this.crumbFor(websiteId, key));
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The crumbs of the platform's own pages (issue 32: sign up, sign in, "Your websites" on PLATFORM_DOMAIN), which
 * belong to no website: bound to this scope instead of a website id (ids are 24 hex digits, so none is this).
 */
export const PLATFORM_CRUMB_SCOPE = 'platform';

export interface CrumbOptions {
  crumbs: Crumbs;
  secureCookies: boolean;
}

/** Crumbs minted during a request, so a handler asking twice gets the same one (and one Set-Cookie). */
const mintedCrumbs = new WeakMap<FastifyRequest, string>();

function setCrumbCookies(reply: FastifyReply, options: CrumbOptions, key: string, crumb: string): void {
  setHostCookie(reply, options.secureCookies, CRUMB_KEY_COOKIE, key, { httpOnly: true });
  setHostCookie(reply, options.secureCookies, CRUMB_COOKIE, crumb, { httpOnly: false });
}

/**
 * The visitor's crumb on the request's website; a new key (and its crumb cookie) is set on this reply when the
 * request carries none, or carries it twice. Only what needs a crumb calls this: GET /api/crumb, and the pages
 * that render a plain HTML form carrying the crumb as a field (never a page any visitor may be shown as is).
 */
export function ensureVisitorCrumb(request: FastifyRequest, reply: FastifyReply, options: CrumbOptions, scope: string = request.website.id): string {
  const minted = mintedCrumbs.get(request);
  if (minted) return minted;
  const websiteId = scope;
  const key = request.cookies[CRUMB_KEY_COOKIE];
  if (options.crumbs.isKey(key) && !carriesDuplicateCookie(request, [CRUMB_KEY_COOKIE], options.secureCookies)) {
    const crumb = options.crumbs.crumbFor(websiteId, key);
    if (request.cookies[CRUMB_COOKIE] !== crumb) setHostCookie(reply, options.secureCookies, CRUMB_COOKIE, crumb, { httpOnly: false });
    mintedCrumbs.set(request, crumb);
    return crumb;
  }
  const fresh = options.crumbs.newKey();
  const crumb = options.crumbs.crumbFor(websiteId, fresh);
  setCrumbCookies(reply, options, fresh, crumb);
  mintedCrumbs.set(request, crumb);
  return crumb;
}

/** Whether `sent` (the header or a form field) is this visitor's crumb here, and the crumb cookie says the same. */
function isVisitorCrumb(request: FastifyRequest, scope: string, options: CrumbOptions, sent: unknown): boolean {
  if (carriesDuplicateCookie(request, BOUND_COOKIES, options.secureCookies)) return false;
  const cookie = request.cookies[CRUMB_COOKIE];
  return typeof sent === 'string' && cookie !== undefined && safeEqual(sent, cookie) && options.crumbs.matches(scope, request.cookies[CRUMB_KEY_COOKIE], sent);
}

/**
 * The crumb check of every state-changing call, before its body is read (http/request-context.ts calls it once the
 * website is known, before the actor is resolved): X-CSRF-Token must be the visitor's crumb on this website and
 * equal the crumb cookie. Refused with 403 `{ message, crumbFail: true }`.
 */
export function checkCrumb(request: FastifyRequest, website: Website, options: CrumbOptions): void {
  if (!STATE_CHANGING.has(request.method)) return;
  // A plain HTML form cannot send the header: its handler checks the crumb field (isFormCrumbValid).
  // A mail client's one-click unsubscribe carries no cookies at all: its signed token authorises it.
  // An analytics beacon (navigator.sendBeacon) cannot send a header: those calls are cookie-only (analytics/).
  const ownCheck = request.routeOptions.config?.crumb;
  if (ownCheck === 'form' || ownCheck === 'token' || ownCheck === 'beacon') return;
  if (isCookielessBearerOwnerCall(request)) return;
  const header = request.headers[CRUMB_HEADER];
  if (isVisitorCrumb(request, website.id, options, Array.isArray(header) ? header[0] : header)) return;
  const carriesCookies = Boolean(request.headers.cookie && request.headers.cookie.trim());
  throw new HttpError(403, carriesCookies ? CRUMB_MESSAGES.sessionExpired : CRUMB_MESSAGES.enableCookies, undefined, true);
}

/** For routes a plain HTML form posts to (route config `crumb: 'form'`): the form's crumb field must be the visitor's crumb. */
export function isFormCrumbValid(options: CrumbOptions, request: FastifyRequest, field: unknown, scope: string = request.website.id): boolean {
  return isVisitorCrumb(request, scope, options, field);
}

/**
 * Inside the routes that see the request's website: `GET /api/crumb` (how a browser gets its crumb when a state
 * change first needs it: pages set no cookie), and the key renewed on every reply that hands the visitor a
 * cart or a session (a key planted before cannot ride along with the new credential).
 */
export function registerCrumbRoutes(app: FastifyInstance, options: CrumbOptions): void {
  app.route({
    ...getCrumbContract,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { crumb: ensureVisitorCrumb(request, reply, options) };
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!credentialIssuedOn(reply) || !request.website) return payload;
    const key = options.crumbs.newKey();
    setCrumbCookies(reply, options, key, options.crumbs.crumbFor(request.website.id, key));
    return payload;
  });
}

/**
 * An owner call with `Authorization: Bearer …` and no cookies at all (a headless client's API key,
 * checked by http/request-context.ts): CSRF rides on credentials a browser adds by itself, and a bearer
 * header is not one (a cross-site page cannot set it without a CORS preflight, which nothing here allows).
 * A request with cookies gets the crumb check as usual, and request-context refuses cookies beside a key.
 */
function isCookielessBearerOwnerCall(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  if (!authorization || !/^bearer\s/i.test(authorization) || request.headers.cookie?.trim()) return false;
  return contractFor(request.method, request.routeOptions.url)?.access !== undefined;
}
