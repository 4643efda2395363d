import type { FastifyReply } from 'fastify';

/*
 * Every cookie the server sets, in one place: their names, lifetimes and flags. Services answer
 * tokens; routes put them in cookies with these helpers.
 */

/** Holds the cart token. Readable by scripts: the storefront loads the cart only when it exists (spec §4). */
export const CART_COOKIE = 'CART';
const CART_COOKIE_SECONDS = 14 * 24 * 60 * 60;

/** HttpOnly: the session secret; scripts never see it. */
export const SESSION_COOKIE = 'siteUserSession';
/** Readable by scripts (platform spec: authenticated, siteUserId); the server never trusts it. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

export function setCartCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure, maxAge: CART_COOKIE_SECONDS });
}

export function clearCartCookie(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' });
}

export function setSessionCookies(
  reply: FastifyReply,
  session: { token: string; maxAgeSeconds: number | undefined },
  siteUserId: string,
  secure: boolean,
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure, ...(session.maxAgeSeconds ? { maxAge: session.maxAgeSeconds } : {}) };
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId }), { ...base, httpOnly: false });
}

/**
 * A plain-form sign-in (the /account page's forms, members/routes.ts) cannot hand the page the session's XSRF token in
 * a JSON answer as the sign-in call does, so it leaves it in this script-readable cookie; the storefront's client moves
 * it into its storage on its first change and deletes it (a double-submit value: another site cannot read it).
 */
export const SITE_USER_XSRF_HANDOFF_COOKIE = 'siteUserXsrfHandoff';

export function setSiteUserXsrfHandoff(reply: FastifyReply, xsrfToken: string, secure: boolean): void {
  reply.setCookie(SITE_USER_XSRF_HANDOFF_COOKIE, xsrfToken, { path: '/', sameSite: 'strict', secure, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SITE_USER_INFO_COOKIE, { path: '/' });
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
