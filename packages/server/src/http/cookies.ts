import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Every cookie the server sets, in one place: their names, lifetimes and flags. Services answer
 * tokens; routes put them in cookies with these helpers.
 *
 * Every cookie is host-only (no Domain attribute, ever) on Path=/. With secure cookies on (COOKIE_SECURE=1,
 * served over HTTPS) every name takes the `__Host-` prefix: a browser accepts such a cookie only from this very
 * host, Secure, on Path=/ and without a Domain, so a site on a sibling subdomain cannot plant one (cookie tossing).
 * Reading then accepts exactly the prefixed names (registerCookieNames): a plain `CART` planted by a sibling is
 * never read. Over plain HTTP the names are the platform spec's (crumb, CART, SiteUserInfo, …).
 */

/** The prefix every cookie name takes with secure cookies on. */
export const HOST_PREFIX = '__Host-';

/** The name a cookie is set under: `__Host-{name}` with secure cookies, else `{name}`. */
export function cookieNameFor(name: string, secure: boolean): string {
  return secure ? `${HOST_PREFIX}${name}` : name;
}

export interface HostCookieOptions {
  /** Scripts may not read it. */
  httpOnly: boolean;
  sameSite?: 'lax' | 'strict';
  /** Without it the cookie lasts the browser session. */
  maxAgeSeconds?: number;
}

/** Sets a host-only cookie on Path=/ (prefixed with secure cookies). */
export function setHostCookie(reply: FastifyReply, secure: boolean, name: string, value: string, options: HostCookieOptions): void {
  reply.setCookie(cookieNameFor(name, secure), value, {
    path: '/',
    sameSite: options.sameSite ?? 'lax',
    httpOnly: options.httpOnly,
    secure,
    ...(options.maxAgeSeconds ? { maxAge: options.maxAgeSeconds } : {}),
  });
}

/** Clears a cookie set by setHostCookie (a `__Host-` cookie is only replaced by one with the same flags). */
export function clearHostCookie(reply: FastifyReply, secure: boolean, name: string): void {
  reply.clearCookie(cookieNameFor(name, secure), { path: '/', secure, sameSite: 'lax' });
}

/**
 * Reads cookies under their plain names, whatever they were sent as. With secure cookies only `__Host-{name}`
 * counts (a plain `{name}` may have been planted by a sibling subdomain, so it is dropped); over plain HTTP a
 * `__Host-{name}` wins over `{name}` (it can only come from this host) and `{name}` is read as sent. Every
 * `request.cookies[NAME]` in the server therefore reads the right cookie in both modes.
 */
export function registerCookieNames(app: FastifyInstance, secure: boolean): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const sent = request.cookies;
    if (!sent) return;
    const read: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(sent)) {
      if (name.startsWith(HOST_PREFIX)) read[name.slice(HOST_PREFIX.length)] = value;
    }
    if (!secure) {
      for (const [name, value] of Object.entries(sent)) {
        if (!name.startsWith(HOST_PREFIX) && !(name in read)) read[name] = value;
      }
    }
    request.cookies = read;
  });
}

/**
 * Whether the request's Cookie header carries one of these cookies more than once, under the name the server
 * reads. A browser holds two cookies of one name only when another host planted one for a parent domain beside
 * ours (or on a longer path, to be sent first): the server cannot tell which is ours, so a state change refuses
 * (http/crumb.ts) rather than act with a planted credential.
 */
export function carriesDuplicateCookie(request: FastifyRequest, names: readonly string[], secure: boolean): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  const counts = new Map<string, number>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return names.some((name) => {
    const prefixed = counts.get(`${HOST_PREFIX}${name}`) ?? 0;
    if (secure || prefixed > 0) return prefixed > 1;
    return (counts.get(name) ?? 0) > 1;
  });
}

/**
 * Replies that hand the visitor a new credential (a cart or a site user's session): the crumb's key is renewed on
 * them (http/crumb.ts), so a key planted before the credential existed cannot be used with it.
 */
const credentialReplies = new WeakSet<FastifyReply>();

export function credentialIssuedOn(reply: FastifyReply): boolean {
  return credentialReplies.has(reply);
}

/** Holds the cart token. Readable by scripts: the storefront loads the cart only when it exists (spec §4). */
export const CART_COOKIE = 'CART';
const CART_COOKIE_SECONDS = 14 * 24 * 60 * 60;

/** HttpOnly: the session secret; scripts never see it. */
export const SESSION_COOKIE = 'siteUserSession';
/** Readable by scripts (platform spec: authenticated, siteUserId); the server never trusts it. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

/** The cookies that say who the visitor is to a state change: planted twice, a state change is refused. */
export const CREDENTIAL_COOKIES = [CART_COOKIE, SESSION_COOKIE] as const;

export function setCartCookie(reply: FastifyReply, token: string, secure: boolean): void {
  setHostCookie(reply, secure, CART_COOKIE, token, { httpOnly: false, maxAgeSeconds: CART_COOKIE_SECONDS });
  credentialReplies.add(reply);
}

export function clearCartCookie(reply: FastifyReply, secure: boolean): void {
  clearHostCookie(reply, secure, CART_COOKIE);
}

export function setSessionCookies(
  reply: FastifyReply,
  session: { token: string; maxAgeSeconds: number | undefined },
  siteUserId: string,
  secure: boolean,
): void {
  const lifetime = session.maxAgeSeconds ? { maxAgeSeconds: session.maxAgeSeconds } : {};
  setHostCookie(reply, secure, SESSION_COOKIE, session.token, { httpOnly: true, ...lifetime });
  setHostCookie(reply, secure, SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId }), { httpOnly: false, ...lifetime });
  credentialReplies.add(reply);
}

/**
 * A plain-form sign-in (the /account page's forms, members/routes.ts) cannot hand the page the session's XSRF token in
 * a JSON answer as the sign-in call does, so it leaves it in this script-readable cookie; the storefront's client moves
 * it into its storage on its first change and deletes it (a double-submit value: another site cannot read it).
 */
export const SITE_USER_XSRF_HANDOFF_COOKIE = 'siteUserXsrfHandoff';

export function setSiteUserXsrfHandoff(reply: FastifyReply, xsrfToken: string, secure: boolean): void {
  setHostCookie(reply, secure, SITE_USER_XSRF_HANDOFF_COOKIE, xsrfToken, { httpOnly: false, sameSite: 'strict' });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  clearHostCookie(reply, secure, SESSION_COOKIE);
  clearHostCookie(reply, secure, SITE_USER_INFO_COOKIE);
}

/**
 * The platform account's session on the platform's own host (issue 32; accounts/). HttpOnly, SameSite=Lax and, like
 * every cookie here, host-only: it never carries a Domain attribute, so no website's subdomain ever receives it. Over
 * HTTPS it takes the `__Host-` prefix, which browsers refuse to set with a Domain or from another host, so a website
 * on a sibling subdomain cannot plant one for the platform either (cookie tossing).
 */
export const platformSessionCookieName = (secure: boolean) => (secure ? '__Host-platformSession' : 'platformSession');

export function setPlatformSessionCookie(reply: FastifyReply, session: { token: string; maxAgeSeconds: number | undefined }, secure: boolean): void {
  reply.setCookie(platformSessionCookieName(secure), session.token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure,
    ...(session.maxAgeSeconds ? { maxAge: session.maxAgeSeconds } : {}),
  });
}

export function clearPlatformSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(platformSessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'lax' });
}
