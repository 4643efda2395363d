import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  clearPageLockContract, createMemberAreaContract, deleteMemberAreaContract, getMemberAreaContract, grantMembershipContract, joinMemberAreaContract,
  listMemberAreasContract, listMembersContract, listPageLocksContract, revokeMembershipContract, setPageLockContract, updateMemberAreaContract,
} from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import { isFailure } from '../failures';
import { clearCartCookie, clearSessionCookies, setCartCookie, setHostCookie, setSessionCookies, setSiteUserXsrfHandoff } from '../http/cookies';
import { clientAddressKey } from '../http/client-address';
import { isFormCrumbValid } from '../http/crumb';
import type { RateLimitStore } from '../http/rate-limit';
import { isFeatureOn } from '../experiments';
import { requestPasswordReset, resetPassword, RESET_PAGES, signIn, signOut, signUp, type SignedIn, type SignInRouteParts } from '../site-users';
import { createMemberArea, deleteMemberArea, getMemberArea, listMemberAreas, updateMemberArea } from './areas';
import { joinMemberArea } from './join';
import { grantMembershipByOwner, listMembers, revokeMembership } from './memberships';
import { clearPageLock, listPageLocks, setPageLock, unlockPage } from './page-locks';
import { ACCOUNT_ERRORS, accountErrorCodeOf, safeNextPath } from './pages';
import { FORGOT_PASSWORD_PATH, type PasswordPageError } from './password-pages';
import { UNLOCK_COOKIE, unlockCookieFor } from './unlock-cookie';

export const MEMBER_FORM_MESSAGES = {
  crumb: 'This page has expired. Go back, reload it and try again.',
} as const;

/** Form posts are small: an email and a password, an id, a path and the crumb. */
const FORM_BODY_LIMIT = 4096;

/**
 * The members' calls: the owner's member areas, memberships and page passwords, the shopper's join (JSON), and the
 * plain HTML forms of the members' pages — join, unlock, and the account page's sign-in, sign-up and sign-out. The
 * forms work without JavaScript: the crumb comes as a field (double submit, checked here) and each answers 303.
 */
export function registerMemberRoutes(fastify: FastifyInstance, context: SignInRouteParts, services: { rateLimits: RateLimitStore }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secureCookies } = context;
  const accountOptions = { cartMergePolicy: context.cartMergePolicy, signInGuard: context.signInGuard, totpKey: context.totpKey };

  app.route({ ...listMemberAreasContract, handler: async ({ website, actor }) => listMemberAreas(db, website, actor) });
  app.route({
    ...createMemberAreaContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createMemberArea(db, website, actor, body);
      reply.status(201);
      return created;
    },
  });
  app.route({ ...getMemberAreaContract, handler: async ({ website, actor, params }) => getMemberArea(db, website, actor, params) });
  app.route({ ...updateMemberAreaContract, handler: async ({ website, actor, params, body }) => updateMemberArea(db, website, actor, { ...body, memberAreaId: params.memberAreaId }) });
  app.route({ ...deleteMemberAreaContract, handler: async ({ website, actor, params }) => deleteMemberArea(db, website, actor, params) });
  app.route({ ...listMembersContract, handler: async ({ website, actor, params, query }) => listMembers(db, website, actor, { ...query, memberAreaId: params.memberAreaId }) });
  app.route({
    ...grantMembershipContract,
    handler: async ({ website, actor, params, body }, reply) => {
      const granted = await grantMembershipByOwner(db, website, actor, { ...body, memberAreaId: params.memberAreaId });
      reply.status(201);
      return granted;
    },
  });
  app.route({ ...revokeMembershipContract, handler: async ({ website, actor, params }) => revokeMembership(db, website, actor, params) });
  app.route({ ...listPageLocksContract, handler: async ({ website, actor }) => listPageLocks(db, website, actor) });
  app.route({ ...setPageLockContract, handler: async ({ website, actor, params, body }) => setPageLock(db, website, actor, { pageId: params.pageId, password: body.password }) });
  app.route({ ...clearPageLockContract, handler: async ({ website, actor, params }) => clearPageLock(db, website, actor, params) });

  app.route({ ...joinMemberAreaContract, handler: async ({ website, actor, params }) => joinMemberArea(db, website, actor, params) });

  fastify.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const formOf = (request: FastifyRequest): Record<string, string> => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});
    const field = (form: Record<string, string>, name: string, max: number) => String(form[name] ?? '').slice(0, max);
    const refuse = (reply: FastifyReply, status: number, message: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(messagePage(message));
    const config = { crumb: 'form', siteUserXsrf: false } as const;

    // The access-denied page's join button. Signed out: the account page first, then back to the page.
    forms.post('/members/join', { config }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, MEMBER_FORM_MESSAGES.crumb);
      const next = safeNextPath(form.next);
      try {
        const joined = await joinMemberArea(db, request.website, request.actor, { memberAreaId: field(form, 'memberAreaId', 64) });
        return reply.redirect(joined.redirectUrl, 303);
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (error.kind === 'unauthenticated') return reply.redirect(`/account?next=${encodeURIComponent(next)}`, 303);
        return refuse(reply, error.kind === 'not-found' ? 404 : 400, error.message);
      }
    });

    // The lock screen's password: right, the unlock cookie and back to the page; wrong, back to its lock screen.
    forms.post('/members/unlock', { config }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, MEMBER_FORM_MESSAGES.crumb);
      const next = safeNextPath(form.next);
      const back = (error: string) => reply.redirect(`${next}${next.includes('?') ? '&' : '?'}lockError=${error}`, 303);
      try {
        const unlocked = (await unlockCookieFor(db)).read(request.website.id, request.cookies[UNLOCK_COOKIE]);
        const answer = await unlockPage(db, request.website, { pageId: field(form, 'pageId', 64), password: field(form, 'password', 400), address: clientAddressKey(request.ip), unlocked }, services.rateLimits);
        if (answer === 'wrong') return back('wrong');
        setHostCookie(reply, secureCookies, UNLOCK_COOKIE, answer.cookie, { httpOnly: true, maxAgeSeconds: 30 * 24 * 60 * 60 });
        return reply.redirect(next, 303);
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (error.kind === 'too-many') return back('wait');
        return refuse(reply, error.kind === 'not-found' ? 404 : 400, error.message);
      }
    });

    const signedInTo = (reply: FastifyReply, signedIn: SignedIn, next: string) => {
      setSessionCookies(reply, signedIn.session, signedIn.siteUser.id, secureCookies);
      setSiteUserXsrfHandoff(reply, signedIn.xsrfToken, secureCookies);
      if (signedIn.cartToken) setCartCookie(reply, signedIn.cartToken, secureCookies);
      return reply.redirect(next, 303);
    };
    const accountForm = (name: 'sign-in' | 'sign-up') => async (request: FastifyRequest, reply: FastifyReply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, MEMBER_FORM_MESSAGES.crumb);
      const next = safeNextPath(form.next, '/account');
      const credentials = { email: field(form, 'email', 320), password: field(form, 'password', 400) };
      try {
        const signedIn = name === 'sign-in'
          ? await signIn(db, request.website, request.actor, { ...credentials, rememberMe: form.rememberMe === 'on' }, accountOptions)
          : await signUp(db, request.website, request.actor, credentials, accountOptions);
        return signedInTo(reply, signedIn, next);
      } catch (error) {
        if (!isFailure(error)) throw error;
        return reply.redirect(`/account?form=${name}&error=${accountErrorCodeOf(name, error)}&next=${encodeURIComponent(next)}`, 303);
      }
    };
    forms.post('/account/sign-in', { config }, accountForm('sign-in'));
    forms.post('/account/sign-up', { config }, accountForm('sign-up'));
    forms.post('/account/sign-out', { config }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, MEMBER_FORM_MESSAGES.crumb);
      const { cartToken } = await signOut(db, request.website, request.actor, { cloneCart: false }, accountOptions);
      clearSessionCookies(reply, secureCookies);
      if (cartToken) setCartCookie(reply, cartToken, secureCookies);
      else clearCartCookie(reply, secureCookies);
      return reply.redirect('/', 303);
    });

    // Password reset (site-users/password-reset.ts): the shopper's side of it, while accounts are offered. Asking
    // answers the same redirect whether or not the email has an account; the link's page sets the password once.
    const accountsOffered = async (request: FastifyRequest) => isFeatureOn(db, request.website.id, 'siteUserAccounts');
    forms.post(FORGOT_PASSWORD_PATH, { config }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, MEMBER_FORM_MESSAGES.crumb);
      if (!(await accountsOffered(request))) return refuse(reply, 404, ACCOUNT_ERRORS.off);
      try {
        await requestPasswordReset(db, request.website, request.actor, { email: field(form, 'email', 320) }, context.mail);
      } catch (error) {
        if (!isFailure(error)) throw error;
        return reply.redirect(`${FORGOT_PASSWORD_PATH}?error=${'email' satisfies PasswordPageError}`, 303);
      }
      return reply.redirect(`${FORGOT_PASSWORD_PATH}?sent=1`, 303);
    });
    forms.post(RESET_PAGES.account, { config }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, MEMBER_FORM_MESSAGES.crumb);
      if (!(await accountsOffered(request))) return refuse(reply, 404, ACCOUNT_ERRORS.off);
      const token = field(form, 'token', 100);
      const password = field(form, 'password', 400);
      try {
        await resetPassword(db, request.website, request.actor, { token, password });
      } catch (error) {
        if (!isFailure(error)) throw error;
        const code: PasswordPageError = error.errors?.token ? 'link' : password.length < 8 ? 'short' : 'long';
        const back = code === 'link' ? `${RESET_PAGES.account}?error=link` : `${RESET_PAGES.account}?token=${encodeURIComponent(token)}&error=${code}`;
        return reply.redirect(back, 303);
      }
      // The account's sessions are over (resetPassword); this browser signs in afresh with the new password.
      clearSessionCookies(reply, secureCookies);
      return reply.redirect('/account?notice=reset', 303);
    });
  });
}

function messagePage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Members</title><link rel="stylesheet" href="/assets/theme/site.css"></head>
<body class="owner-page"><main id="main" class="owner-main"><h1>Members</h1>
<p role="alert">${attr(message)}</p>
<p><a href="/">Back to the site</a></p>
</main></body></html>`;
}
