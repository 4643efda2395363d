import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CONTRIBUTOR_ROLES, getOwnerContract, listOwnerWebsitesContract, ownerSetupContract } from '@vitrine/contracts';
import { siteUserOf } from '../actor';
import { isFailure } from '../failures';
import { setCartCookie, clearCartCookie, clearSessionCookies, setSessionCookies } from '../http/cookies';
import { ensureVisitorCrumb, isFormCrumbValid } from '../http/crumb';
import { PASSWORD_RESET_MESSAGES, requestPasswordReset, resetPassword, signIn, signOut, TOTP_MESSAGES, type SignInRouteParts } from '../site-users';
import { authorize, describeOwner, type Owner } from '../authorize';
import { listOwnerWebsites } from './account-websites';
import { OwnerAppShell, ownerAppBoot } from './app-page';
import { forgotPasswordPage, notContributorPage, ownerHomePage, resetPasswordPage, setupPage, signInCodePage, signInPage } from './pages';
import { describeSetupLink, redeemSetupLink, SETUP_MESSAGES } from './setup';
import { openPendingSignIn, ownerNextPath, sealPendingSignIn } from './sign-in-step';

/** Form posts are small: an email, a password, two tokens. */
const FORM_BODY_LIMIT = 16 * 1024;
const FORM_CRUMB_MESSAGE = 'This form has expired. Please try again.';
/** The sign-in form's second step came back after its 5 minutes, or damaged. */
const SIGN_IN_STEP_EXPIRED = 'This sign-in has expired. Please sign in again.';
/** The same answer whether or not the account exists. */

export interface OwnerRouteOptions {
  /** The built owner app's folder (packages/owner-app/dist by default). */
  appDir?: string;
}

/**
 * The owner's account calls (JSON) and the owner's pages: /config and /config/* answer the owner app to a
 * signed-in contributor and the sign-in form to anyone else; set-up, sign-in (with its code step), password
 * and sign-out forms stay server-rendered and work without JavaScript.
 */
export function registerOwnerRoutes(fastify: FastifyInstance, context: SignInRouteParts, options: OwnerRouteOptions = {}): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secureCookies } = context;
  const signInOptions = { cartMergePolicy: context.cartMergePolicy, signInGuard: context.signInGuard, totpKey: context.totpKey };

  app.route({
    ...ownerSetupContract,
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, body }, reply) => {
      const { signedIn, owner } = await redeemSetupLink(db, website, actor, body);
      setSessionCookies(reply, signedIn.session, signedIn.siteUser.id, secureCookies);
      if (signedIn.cartToken) setCartCookie(reply, signedIn.cartToken, secureCookies);
      reply.status(201);
      return { xsrfToken: signedIn.xsrfToken, owner: describeOwner(owner) };
    },
  });

  app.route({
    ...getOwnerContract,
    handler: async ({ actor }) => describeOwner(authorize(actor, 'contributor') as Owner),
  });

  app.route({
    ...listOwnerWebsitesContract,
    handler: async ({ website, actor }) => listOwnerWebsites(db, website, actor, context.mail),
  });

  // The pages: plain HTML forms (crumb as a field). Registered in their own scope for the form parser.
  fastify.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const html = (reply: FastifyReply, markup: string, status = 200) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(markup);
    const crumbOf = (request: FastifyRequest, reply: FastifyReply) => ensureVisitorCrumb(request, reply, context);
    const formOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});

    const appShell = new OwnerAppShell(options.appDir);
    // The owner app's screens are its own routes (packages/owner-app): every /config path answers the app, whose
    // router shows the screen (or its 'Unable to locate content.' page). Signed out, the same path asks to sign in
    // and comes back here after.
    const ownerApp = async (request: FastifyRequest, reply: FastifyReply) => {
      const crumb = crumbOf(request, reply);
      const siteUser = siteUserOf(request.actor);
      if (!siteUser) return html(reply, signInPage({ crumb, next: ownerNextPath(request.url), ...(context.websites.isPlatform ? { platformUrl: context.mail.publicUrl } : {}) }));
      if (siteUser.role === undefined) return html(reply, notContributorPage(siteUser.email, crumb), 403);
      const owner = authorize(request.actor, 'contributor') as Owner;
      const app = appShell.page(ownerAppBoot(owner, request.website, siteUser.xsrfToken, context.websites.isPlatform ? context.mail.publicUrl : null));
      return html(reply, app ?? ownerHomePage(owner, crumb));
    };
    pages.get('/config', ownerApp);
    pages.get('/config/*', ownerApp);

    pages.get('/config/setup', async (request, reply) => {
      const crumb = crumbOf(request, reply);
      const token = (request.query as { token?: unknown }).token;
      if (typeof token !== 'string' || token.length === 0 || token.length > 100) {
        return html(reply, setupPage('', { crumb, message: SETUP_MESSAGES.linkNotValid }), 400);
      }
      const link = await describeSetupLink(db, request.website, token);
      if (!link) return html(reply, setupPage(token, { crumb, message: SETUP_MESSAGES.linkNotValid }), 400);
      // An invitation to a role below admin reads as one; an admin's link (printed at first start, or an admin inviting
      // another) is the owner's account set-up.
      const invitation = link.email && link.role !== CONTRIBUTOR_ROLES.admin ? { email: link.email, role: link.role, siteTitle: request.website.site_title } : undefined;
      const platformAcceptUrl = context.websites.isPlatform
        ? `${context.mail.publicUrl}/invitations/accept?site=${encodeURIComponent(request.website.identifier)}&token=${encodeURIComponent(token)}`
        : undefined;
      return html(reply, setupPage(token, { crumb, invitation, platformAcceptUrl }));
    });

    pages.post('/config/setup', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const crumb = crumbOf(request, reply);
      const token = String(form.token ?? '').slice(0, 100);
      const email = String(form.email ?? '').slice(0, 256);
      if (!isFormCrumbValid(context, request, form.crumb)) return html(reply, setupPage(token, { crumb, email, message: FORM_CRUMB_MESSAGE }), 403);
      try {
        const { signedIn } = await redeemSetupLink(db, request.website, request.actor, { token, email, password: String(form.password ?? '') });
        setSessionCookies(reply, signedIn.session, signedIn.siteUser.id, secureCookies);
        if (signedIn.cartToken) setCartCookie(reply, signedIn.cartToken, secureCookies);
        return reply.redirect('/config', 303);
      } catch (error) {
        if (!isFailure(error)) throw error;
        return html(reply, setupPage(token, { crumb, email, message: error.message, errors: error.errors }), error.kind === 'unauthenticated' ? 401 : 400);
      }
    });

    pages.post('/config/sign-in', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const crumb = crumbOf(request, reply);
      // The second step (two-step sign-in on) brings the first step's entries back sealed, with the code.
      const pendingToken = typeof form.pending === 'string' && form.pending !== '' ? form.pending.slice(0, 4096) : undefined;
      const pending = pendingToken === undefined ? undefined : openPendingSignIn(context.totpKey, pendingToken);
      const email = pending?.email ?? String(form.email ?? '').slice(0, 256);
      const next = pending?.next ?? ownerNextPath(form.next);
      if (!isFormCrumbValid(context, request, form.crumb)) return html(reply, signInPage({ crumb, email, next, message: FORM_CRUMB_MESSAGE }), 403);
      if (pendingToken !== undefined && !pending) return html(reply, signInPage({ crumb, next, message: SIGN_IN_STEP_EXPIRED }), 400);
      const input = pending
        ? { email, password: pending.password, rememberMe: pending.rememberMe, totpCode: String(form.totpCode ?? '').trim().slice(0, 16) || undefined }
        : { email, password: String(form.password ?? ''), rememberMe: form.rememberMe === 'true' };
      try {
        const signedIn = await signIn(db, request.website, request.actor, input, signInOptions);
        setSessionCookies(reply, signedIn.session, signedIn.siteUser.id, secureCookies);
        if (signedIn.cartToken) setCartCookie(reply, signedIn.cartToken, secureCookies);
        return reply.redirect(next, 303);
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        const status = error.kind === 'too-many' ? 429 : error.kind === 'unauthenticated' ? 401 : 400;
        const codeAsked = error.errors?.totpCode !== undefined;
        if (codeAsked) {
          // The password was right: ask for the code (again, when the one sent was wrong).
          const sealed = pendingToken ?? sealPendingSignIn(context.totpKey, { email, password: input.password, rememberMe: input.rememberMe, next });
          const missing = error.message === TOTP_MESSAGES.codeNeeded && !pending;
          return html(
            reply,
            signInCodePage({ crumb, pending: sealed, email, ...(missing ? {} : { message: error.message, error: error.errors!.totpCode }) }),
            missing ? 200 : status,
          );
        }
        if (pending) return html(reply, signInPage({ crumb, email, next, message: error.message }), status);
        return html(reply, signInPage({ crumb, email, next, message: error.message, errors: error.errors }), status);
      }
    });

    pages.get('/config/forgot-password', async (request, reply) => html(reply, forgotPasswordPage({ crumb: crumbOf(request, reply) })));

    pages.post('/config/forgot-password', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const crumb = crumbOf(request, reply);
      const email = String(form.email ?? '').slice(0, 256);
      if (!isFormCrumbValid(context, request, form.crumb)) return html(reply, forgotPasswordPage({ crumb, email, message: FORM_CRUMB_MESSAGE }), 403);
      try {
        await requestPasswordReset(db, request.website, request.actor, { email }, context.mail);
      } catch (error) {
        if (!isFailure(error)) throw error;
        return html(reply, forgotPasswordPage({ crumb, email, message: error.message, errors: error.errors }), 400);
      }
      return html(reply, forgotPasswordPage({ crumb, notice: PASSWORD_RESET_MESSAGES.sent }));
    });

    pages.get('/config/reset-password', async (request, reply) => {
      const crumb = crumbOf(request, reply);
      const token = (request.query as { token?: unknown }).token;
      if (typeof token !== 'string' || token.length === 0 || token.length > 100) {
        return html(reply, resetPasswordPage('', { crumb, message: PASSWORD_RESET_MESSAGES.linkNotValid }), 400);
      }
      return html(reply, resetPasswordPage(token, { crumb }));
    });

    pages.post('/config/reset-password', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const crumb = crumbOf(request, reply);
      const token = String(form.token ?? '').slice(0, 100);
      if (!isFormCrumbValid(context, request, form.crumb)) return html(reply, resetPasswordPage(token, { crumb, message: FORM_CRUMB_MESSAGE }), 403);
      try {
        await resetPassword(db, request.website, request.actor, { token, password: String(form.password ?? '') });
      } catch (error) {
        if (!isFailure(error)) throw error;
        return html(reply, resetPasswordPage(token, { crumb, message: error.message, errors: error.errors }), 400);
      }
      clearSessionCookies(reply, secureCookies);
      return html(reply, signInPage({ crumb, notice: PASSWORD_RESET_MESSAGES.changed }));
    });

    pages.post('/config/sign-out', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return html(reply, signInPage({ crumb: crumbOf(request, reply), message: FORM_CRUMB_MESSAGE }), 403);
      const { cartToken } = await signOut(db, request.website, request.actor, { cloneCart: false });
      clearSessionCookies(reply, secureCookies);
      if (cartToken) setCartCookie(reply, cartToken, secureCookies);
      else clearCartCookie(reply, secureCookies);
      return reply.redirect('/config', 303);
    });
  });
}


