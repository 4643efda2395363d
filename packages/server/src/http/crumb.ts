import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractFor, CRUMB_MESSAGES } from '@vitrine/contracts';
import { HttpError } from './errors';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

export { CRUMB_MESSAGES };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The crumb is a double-submit token: a random nonce signed with a secret every server process shares
 * (stored in the database). Page responses set it as a cookie that scripts can read; state-changing
 * calls must echo it in X-CSRF-Token. A cross-site page can neither read the cookie nor forge a
 * signed one, so it cannot send a matching header.
 */
export class Crumbs {
  constructor(private readonly secret: string) {}

  issue(): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.sign(nonce)}`;
  }

  isValid(crumb: string | undefined): crumb is string {
    if (!crumb || crumb.length > 200) return false;
    const [nonce, signature, extra] = crumb.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    return safeEqual(signature, this.sign(nonce));
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(`crumb:${nonce}`).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface CrumbOptions {
  crumbs: Crumbs;
  secureCookies: boolean;
}

/** Sets a crumb cookie on this response unless the request already carries a valid one. */
export function ensureCrumbCookie(request: FastifyRequest, reply: FastifyReply, options: CrumbOptions): string {
  const current = request.cookies[CRUMB_COOKIE];
  if (options.crumbs.isValid(current)) return current;
  const crumb = options.crumbs.issue();
  reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', httpOnly: false, secure: options.secureCookies });
  return crumb;
}

/** Checks the crumb on every state-changing call, before its body is read. */
export function registerCrumbCheck(app: FastifyInstance, options: CrumbOptions): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // A plain HTML form cannot send the header: its handler checks the crumb field (isFormCrumbValid).
    // A mail client's one-click unsubscribe carries no cookies at all: its signed token authorises it.
    // An analytics beacon (navigator.sendBeacon) cannot send a header: those calls are cookie-only (analytics/).
    const ownCheck = request.routeOptions.config?.crumb;
    if (ownCheck === 'form' || ownCheck === 'token' || ownCheck === 'beacon') return;
    if (isCookielessBearerOwnerCall(request)) return;
    const cookie = request.cookies[CRUMB_COOKIE];
    const header = request.headers[CRUMB_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (options.crumbs.isValid(cookie) && sent !== undefined && safeEqual(sent, cookie)) return;
    const carriesCookies = Boolean(request.headers.cookie && request.headers.cookie.trim());
    throw new HttpError(
      403,
      carriesCookies ? CRUMB_MESSAGES.sessionExpired : CRUMB_MESSAGES.enableCookies,
      undefined,
      true,
    );
  });
}

/** For routes a plain HTML form posts to (route config `crumb: 'form'`): the form's crumb field must match the crumb cookie. */
export function isFormCrumbValid(crumbs: Crumbs, request: FastifyRequest, field: unknown): boolean {
  const cookie = request.cookies[CRUMB_COOKIE];
  return crumbs.isValid(cookie) && typeof field === 'string' && safeEqual(field, cookie);
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
