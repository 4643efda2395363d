import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  beginAccountTotp,
  begunAccountTotp,
  confirmAccountTotp,
  disableAccountTotp,
  findAccountSession,
  isAccountResetLinkLive,
  isAccountTotpOn,
  isConfirmLinkLive,
  requestAccountPasswordReset,
  resendConfirmation,
  resetAccountPassword,
  signInAccount,
  signOutAccount,
  signUpAccount,
  type AccountSession,
  type PlatformMailSettings,
  isOperator,
} from '../accounts';
import { deleteWebsite, DELETE_GRACE_DAYS, findWebsiteForOperator, restoreWebsite, resumeWebsite, suspendWebsite } from './operator';
import { humanBytes, listWebsitesForOperatorPage } from './operator-listing';
import type { SignInRouteParts } from '../site-users';
import { isFailure, type Failure } from '../failures';
import { clearPlatformSessionCookie, platformSessionCookieName, setPlatformSessionCookie } from '../http/cookies';
import { ensureVisitorCrumb, isFormCrumbValid, PLATFORM_CRUMB_SCOPE } from '../http/crumb';
import type { RateLimitStore } from '../http/rate-limit';
import { openPendingSignIn, sealPendingSignIn } from '../owner';
import { TOTP_MESSAGES } from '../site-users';
import { acceptInvitationWithAccount, confirmAccount, describeInvitation, INVITATION_MESSAGES } from './account-flow';
import { createWebsiteForAccount } from './create-website';
import { defaultStarterTemplates } from '../site-styles';
import { accountWebsites, openWebsiteForAccount, roleLabelOf } from './handoff';
import {
  acceptInvitationPage,
  checkMailPage,
  confirmPage,
  forgotPasswordPage,
  homePage,
  messagePage,
  newWebsitePage,
  notOperatorPage,
  openingPage,
  operatorDeletePage,
  operatorPage,
  resetPasswordPage,
  signInCodePage,
  signInPage,
  signUpPage,
  twoStepPage,
  websitesPage,
  type PageFrame,
} from './pages';

/** Form posts are small: an email, a password, a name, two tokens. */
const FORM_BODY_LIMIT = 16 * 1024;
const FORM_EXPIRED = 'This form has expired. Please try again.';
const SIGN_IN_STEP_EXPIRED = 'This sign-in has expired. Please sign in again.';

export const PLATFORM_PAGE_MESSAGES = {
  formExpired: FORM_EXPIRED,
  signInStepExpired: SIGN_IN_STEP_EXPIRED,
  twoStepOn: 'Two-step sign-in is on. Signing in now asks for a code after your password.',
  twoStepOff: 'Two-step sign-in is off.',
} as const;

/** "Open": a website's hand-off, on the platform's host. */
const openPathOf = (websiteId: string) => `/websites/${encodeURIComponent(websiteId)}/open`;
const OPEN_PATH = /^\/websites\/[^/?]+\/open$/;

export interface PlatformRouteOptions {
  /** Counts sign-ups per client address (accounts' SIGN_UPS_PER_HOUR). */
  rateLimits: RateLimitStore;
}

/** A Host header naming the platform itself, whatever its case, port or trailing dot (websites/hosts.ts normalHostOf's rules). */
export function platformHostPattern(platformDomain: string): RegExp {
  return new RegExp(`^${platformDomain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.?(:\\d+)?$`, 'i');
}

/** Where sign-in may return to: the platform's own signed-in pages (no other host, no `//`, no `..`). */
export function platformNextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/websites';
  const path = value.split('?')[0]!;
  const safe =
    /^\/(websites|invitations|account|operator)(\/[A-Za-z0-9\-._~/]*)?(\?[A-Za-z0-9\-._~=&%]*)?$/.test(value) && !value.includes('//') && !/(^|\/)\.\.?(\/|$)/.test(path);
  return safe ? value : '/websites';
}

/**
 * The platform's own pages (issue 32), only with a platform domain and only on its host: Fastify's host constraint
 * routes them, so a website's host never reaches them (it gets its own pages, or its 404), and outside the website
 * request context (http/request-context.ts), which keeps answering the platform's host a plain 404 for every other
 * path. The account's session is a host-only cookie here; a website is entered through a one-time hand-off
 * (handoff-routes.ts), never with a cookie shared across hosts.
 */
export function registerPlatformRoutes(app: FastifyInstance, context: SignInRouteParts, options: PlatformRouteOptions): void {
  const platformDomain = context.websites.platformDomain;
  if (!platformDomain) return;
  const host = platformHostPattern(platformDomain);
  const { db, secureCookies } = context;
  const mail: PlatformMailSettings = { from: context.mail.from, platformUrl: context.mail.publicUrl };
  const sessionCookie = platformSessionCookieName(secureCookies);
  // The sign-in form's sealed second step, under a key of the platform's own (never the owner pages').
  const stepKey = createHash('sha256').update('platform-sign-in-step:').update(context.totpKey).digest();
  const signInOptions = { signInGuard: context.signInGuard, totpKey: context.totpKey };

  app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const html = (reply: FastifyReply, markup: string, status = 200) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(markup);
    const formOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});
    const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
    const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;
    const caller = (request: FastifyRequest) => ({ address: request.ip });
    const sessionOf = (request: FastifyRequest): Promise<AccountSession | undefined> => findAccountSession(db, request.cookies[sessionCookie]);
    const frameOf = (request: FastifyRequest, reply: FastifyReply, session?: AccountSession): PageFrame => ({
      crumb: ensureVisitorCrumb(request, reply, context, PLATFORM_CRUMB_SCOPE),
      ...(session ? { account: { email: session.email, xsrfToken: session.xsrfToken } } : {}),
    });
    const statusOf = (failure: Failure) =>
      ({ invalid: 400, unauthenticated: 401, 'payment-declined': 402, forbidden: 403, 'not-found': 404, conflict: 409, 'too-large': 413, 'too-many': 429 })[failure.kind];
    const refusal = (error: unknown, reply: FastifyReply): Failure => {
      if (!isFailure(error)) throw error;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return error;
    };
    const route = (method: 'GET' | 'POST', url: string, handler: RouteHandlerMethod) =>
      pages.route({ method, url, constraints: { host }, ...(method === 'POST' ? { config: { crumb: 'form' as const, siteUserXsrf: false } } : {}), handler });

    /**
     * A signed-in page: the session, or a 303 to sign-in coming back here. A signed-in form must also echo the
     * session's own token: a planted or stolen cookie alone, or a crumb from elsewhere, changes nothing.
     */
    const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<AccountSession | undefined> => {
      const session = await sessionOf(request);
      if (session) return session;
      const back = request.method === 'GET' ? request.url : '/websites';
      await reply.redirect(`/signin?next=${encodeURIComponent(platformNextPath(back))}`, 303);
      return undefined;
    };
    const formIsGood = (request: FastifyRequest, session: AccountSession | undefined) => {
      const form = formOf(request);
      return isFormCrumbValid(context, request, form.crumb, PLATFORM_CRUMB_SCOPE) && (!session || form.xsrf === session.xsrfToken);
    };

    route('GET', '/', async (request, reply) => html(reply, homePage(frameOf(request, reply, await sessionOf(request)))));

    // Sign up, then confirm the address from the mail.
    route('GET', '/signup', async (request, reply) => {
      const session = await sessionOf(request);
      if (session) return reply.redirect('/websites', 303);
      return html(reply, signUpPage(frameOf(request, reply), {}));
    });
    route('POST', '/signup', async (request, reply) => {
      const form = formOf(request);
      const frame = frameOf(request, reply);
      const email = text(form.email, 256);
      if (!formIsGood(request, undefined)) return html(reply, signUpPage(frame, { email, message: FORM_EXPIRED }), 403);
      try {
        const { account } = await signUpAccount(db, caller(request), { email, password: text(form.password, 1024) }, { mail, rateLimits: options.rateLimits });
        return html(reply, checkMailPage(frame, { email: account.email, notice: ACCOUNT_MESSAGES.confirmationSent }));
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, signUpPage(frame, { email, message: failure.message, errors: failure.errors }), statusOf(failure));
      }
    });
    route('POST', '/signup/resend', async (request, reply) => {
      const form = formOf(request);
      const frame = frameOf(request, reply);
      const email = text(form.email, 256);
      if (!formIsGood(request, undefined)) return html(reply, signInPage(frame, { email, message: FORM_EXPIRED }), 403);
      try {
        await resendConfirmation(db, caller(request), { email }, mail);
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, signInPage(frame, { email, message: failure.message, errors: failure.errors }), statusOf(failure));
      }
      return html(reply, checkMailPage(frame, { email: email.trim().toLowerCase(), notice: ACCOUNT_MESSAGES.confirmationResent }));
    });
    route('GET', '/signup/confirm', async (request, reply) => {
      const frame = frameOf(request, reply);
      const token = text(queryOf(request).token, 101);
      if (!(await isConfirmLinkLive(db, token))) return html(reply, confirmPage(frame, '', { message: ACCOUNT_MESSAGES.confirmLinkNotValid }), 400);
      return html(reply, confirmPage(frame, token, {}));
    });
    route('POST', '/signup/confirm', async (request, reply) => {
      const form = formOf(request);
      const frame = frameOf(request, reply);
      const token = text(form.token, 101);
      if (!formIsGood(request, undefined)) return html(reply, confirmPage(frame, token, { message: FORM_EXPIRED }), 403);
      try {
        const signed = await confirmAccount(db, caller(request), { token });
        setPlatformSessionCookie(reply, signed.session, secureCookies);
        return reply.redirect('/websites?welcome=1', 303);
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, confirmPage(frame, '', { message: failure.message }), statusOf(failure));
      }
    });

    // Sign in (with the authenticator code's step), sign out.
    route('GET', '/signin', async (request, reply) => {
      const next = platformNextPath(queryOf(request).next);
      if (await sessionOf(request)) return reply.redirect(next, 303);
      return html(reply, signInPage(frameOf(request, reply), { next }));
    });
    route('POST', '/signin', async (request, reply) => {
      const form = formOf(request);
      const frame = frameOf(request, reply);
      const pendingToken = typeof form.pending === 'string' && form.pending !== '' ? form.pending.slice(0, 4096) : undefined;
      const pending = pendingToken === undefined ? undefined : openPendingSignIn(stepKey, pendingToken);
      const email = pending?.email ?? text(form.email, 256);
      const next = platformNextPath(pending?.next ?? form.next);
      if (!formIsGood(request, undefined)) return html(reply, signInPage(frame, { email, next, message: FORM_EXPIRED }), 403);
      if (pendingToken !== undefined && !pending) return html(reply, signInPage(frame, { next, message: SIGN_IN_STEP_EXPIRED }), 400);
      const input = pending
        ? { email, password: pending.password, rememberMe: pending.rememberMe, totpCode: text(form.totpCode, 16).trim() || undefined }
        : { email, password: text(form.password, 1024), rememberMe: form.rememberMe === 'true' };
      try {
        const signed = await signInAccount(db, caller(request), input, signInOptions);
        setPlatformSessionCookie(reply, signed.session, secureCookies);
        // On the way to a website (its switcher's link, signed out here): a page goes on, for the CSP's form-action.
        if (OPEN_PATH.test(next)) {
          const account = { email: signed.account.email, xsrfToken: signed.session.xsrfToken };
          return html(reply, openingPage({ ...frame, account }, { heading: 'Signed in', line: 'Opening your website…', href: next, linkText: 'Open the website' }));
        }
        return reply.redirect(next, 303);
      } catch (error) {
        const failure = refusal(error, reply);
        if (failure.errors?.totpCode !== undefined) {
          // The password was right: ask for the code (again, when the one sent was wrong).
          const sealed = pendingToken ?? sealPendingSignIn(stepKey, { email, password: input.password, rememberMe: input.rememberMe, next });
          const missing = failure.message === TOTP_MESSAGES.codeNeeded && !pending;
          return html(reply, signInCodePage(frame, { pending: sealed, email, ...(missing ? {} : { message: failure.message, error: failure.errors.totpCode }) }), missing ? 200 : statusOf(failure));
        }
        const unconfirmed = failure.message === ACCOUNT_MESSAGES.notConfirmed;
        return html(reply, signInPage(frame, { email, next, message: failure.message, ...(pending ? {} : { errors: failure.errors }), unconfirmed }), statusOf(failure));
      }
    });
    route('POST', '/signout', async (request, reply) => {
      const session = await sessionOf(request);
      if (!formIsGood(request, session)) return html(reply, messagePage(frameOf(request, reply, session), 'Sign out', FORM_EXPIRED, { href: '/websites', text: 'Back to your websites' }), 403);
      await signOutAccount(db, request.cookies[sessionCookie]);
      clearPlatformSessionCookie(reply, secureCookies);
      return reply.redirect('/signin', 303);
    });

    // A forgotten password.
    route('GET', '/forgot-password', async (request, reply) => html(reply, forgotPasswordPage(frameOf(request, reply), {})));
    route('POST', '/forgot-password', async (request, reply) => {
      const form = formOf(request);
      const frame = frameOf(request, reply);
      const email = text(form.email, 256);
      if (!formIsGood(request, undefined)) return html(reply, forgotPasswordPage(frame, { email, message: FORM_EXPIRED }), 403);
      try {
        await requestAccountPasswordReset(db, caller(request), { email }, mail);
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, forgotPasswordPage(frame, { email, message: failure.message, errors: failure.errors }), statusOf(failure));
      }
      return html(reply, forgotPasswordPage(frame, { notice: ACCOUNT_MESSAGES.resetSent }));
    });
    route('GET', '/reset-password', async (request, reply) => {
      const frame = frameOf(request, reply);
      const token = text(queryOf(request).token, 101);
      if (!(await isAccountResetLinkLive(db, token))) return html(reply, resetPasswordPage(frame, '', { message: ACCOUNT_MESSAGES.resetLinkNotValid }), 400);
      return html(reply, resetPasswordPage(frame, token, {}));
    });
    route('POST', '/reset-password', async (request, reply) => {
      const form = formOf(request);
      const frame = frameOf(request, reply);
      const token = text(form.token, 101);
      if (!formIsGood(request, undefined)) return html(reply, resetPasswordPage(frame, token, { message: FORM_EXPIRED }), 403);
      try {
        await resetAccountPassword(db, caller(request), { token, password: text(form.password, 1024) });
      } catch (error) {
        const failure = refusal(error, reply);
        const linkDead = failure.errors?.token !== undefined;
        return html(reply, resetPasswordPage(frame, linkDead ? '' : token, { message: failure.message, errors: failure.errors }), statusOf(failure));
      }
      clearPlatformSessionCookie(reply, secureCookies);
      return html(reply, signInPage(frameOf(request, reply), { notice: ACCOUNT_MESSAGES.passwordChanged }));
    });

    // Your websites, a new one, and opening one (the hand-off).
    route('GET', '/websites', async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const websites = await accountWebsites(db, { id: session.accountId }, context.mail);
      const welcome = queryOf(request).welcome === '1' ? ACCOUNT_MESSAGES.confirmed : undefined;
      return html(reply, websitesPage(frameOf(request, reply, session), { websites, notice: welcome }));
    });
    route('GET', '/websites/new', async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      return html(reply, newWebsitePage(frameOf(request, reply, session), platformDomain, { templates: defaultStarterTemplates() }));
    });
    route('POST', '/websites', async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const form = formOf(request);
      const frame = frameOf(request, reply, session);
      const values = {
        siteTitle: text(form.siteTitle, 200), identifier: text(form.identifier, 100), sampleContent: form.content !== 'empty',
        ...(form.template === undefined ? {} : { templateId: text(form.template, 100) }),
      };
      const templates = defaultStarterTemplates();
      if (!formIsGood(request, session)) return html(reply, newWebsitePage(frame, platformDomain, { values, templates, message: FORM_EXPIRED }), 403);
      try {
        const { website } = await createWebsiteForAccount(db, values, { id: session.accountId, email: session.email });
        return html(
          reply,
          openingPage(frame, { heading: 'Your website is ready', line: `${website.site_title} is created. Opening it…`, href: openPathOf(website.id), linkText: `Open ${website.site_title}` }),
          201,
        );
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, newWebsitePage(frame, platformDomain, { values, templates, message: failure.message, errors: failure.errors }), statusOf(failure));
      }
    });
    route('GET', '/websites/:websiteId/open', async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const { websiteId } = request.params as { websiteId: string };
      try {
        const { location } = await openWebsiteForAccount(db, { id: session.accountId }, { websiteId }, context.mail);
        return reply.redirect(location, 303);
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, messagePage(frameOf(request, reply, session), 'Website not found', failure.message, { href: '/websites', text: 'Back to your websites' }), statusOf(failure));
      }
    });

    // The platform operator's page: only for an account with the operator role (granted from the shell).
    const asOperator = async (request: FastifyRequest, reply: FastifyReply): Promise<AccountSession | undefined> => {
      const session = await signedIn(request, reply);
      if (!session) return undefined;
      if (await isOperator(db, session.accountId)) return session;
      await html(reply, notOperatorPage(frameOf(request, reply, session)), 403);
      return undefined;
    };
    /** Where an action returns: the operator page with its search and cursor, nothing else. */
    const operatorBack = (value: unknown) => {
      const back = typeof value === 'string' ? value : '';
      return /^\/operator(\?[A-Za-z0-9\-._~=&%+]*)?$/.test(back) && back.length <= 600 ? back : '/operator';
    };
    route('GET', '/operator', async (request, reply) => {
      const session = await asOperator(request, reply);
      if (!session) return reply;
      const query = queryOf(request);
      const search = text(query.q, 253).trim();
      const after = text(query.after, 63) || undefined;
      const listing = await listWebsitesForOperatorPage(db, context.mail, { search, after });
      const back = request.url.length <= 600 ? request.url : '/operator';
      const rows = listing.rows.map((row) => ({ ...row, storage: humanBytes(row.storageBytes) }));
      return html(reply, operatorPage(frameOf(request, reply, session), { rows, search, after, nextAfter: listing.nextAfter, back }));
    });
    route('GET', '/operator/websites/:websiteId/delete', async (request, reply) => {
      const session = await asOperator(request, reply);
      if (!session) return reply;
      const { websiteId } = request.params as { websiteId: string };
      const back = operatorBack(queryOf(request).back);
      try {
        const website = await findWebsiteForOperator(db, websiteId);
        return html(reply, operatorDeletePage(frameOf(request, reply, session), { id: website.id, identifier: website.identifier, name: website.site_title }, DELETE_GRACE_DAYS, back));
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, messagePage(frameOf(request, reply, session), 'Website not found', failure.message, { href: back, text: 'Back to the operator page' }), statusOf(failure));
      }
    });
    const operatorActions = { suspend: suspendWebsite, resume: resumeWebsite, delete: deleteWebsite, restore: restoreWebsite } as const;
    for (const [name, act] of Object.entries(operatorActions)) {
      route('POST', `/operator/websites/:websiteId/${name}`, async (request, reply) => {
        const session = await asOperator(request, reply);
        if (!session) return reply;
        const back = operatorBack(formOf(request).back);
        const frame = frameOf(request, reply, session);
        if (!formIsGood(request, session)) return html(reply, messagePage(frame, 'Operator', FORM_EXPIRED, { href: back, text: 'Back to the operator page' }), 403);
        try {
          await act(db, (request.params as { websiteId: string }).websiteId);
          return reply.redirect(back, 303);
        } catch (error) {
          const failure = refusal(error, reply);
          return html(reply, messagePage(frame, 'Website not found', failure.message, { href: back, text: 'Back to the operator page' }), statusOf(failure));
        }
      });
    }

    // An invitation to a website, accepted with the account (the website's set-up page links here in platform mode).
    route('GET', '/invitations/accept', async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const site = text(queryOf(request).site, 63);
      const token = text(queryOf(request).token, 101);
      const frame = frameOf(request, reply, session);
      const invitation = await describeInvitation(db, { identifier: site, token });
      if (!invitation) return html(reply, acceptInvitationPage(frame, { site, token, message: INVITATION_MESSAGES.notValid }), 400);
      return html(reply, acceptInvitationPage(frame, { site, token, invitation: { siteTitle: invitation.siteTitle, roleLabel: roleLabelOf(invitation.role), email: invitation.email } }));
    });
    route('POST', '/invitations/accept', async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const form = formOf(request);
      const frame = frameOf(request, reply, session);
      const site = text(form.site, 63);
      const token = text(form.token, 101);
      if (!formIsGood(request, session)) return html(reply, acceptInvitationPage(frame, { site, token, message: FORM_EXPIRED }), 403);
      try {
        const { website } = await acceptInvitationWithAccount(db, { id: session.accountId, email: session.email }, { identifier: site, token });
        return html(
          reply,
          openingPage(frame, { heading: 'Invitation accepted', line: `You now work on ${website.site_title}. Opening it…`, href: openPathOf(website.id), linkText: `Open ${website.site_title}` }),
        );
      } catch (error) {
        const failure = refusal(error, reply);
        return html(reply, acceptInvitationPage(frame, { site, token, message: failure.message }), statusOf(failure));
      }
    });

    // Two-step sign-in's settings.
    const twoStep = async (request: FastifyRequest, reply: FastifyReply, action: (session: AccountSession) => Promise<Parameters<typeof twoStepPage>[1]>) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const frame = frameOf(request, reply, session);
      if (request.method === 'POST' && !formIsGood(request, session)) {
        return html(reply, twoStepPage(frame, { on: await isAccountTotpOn(db, session.accountId), message: FORM_EXPIRED }), 403);
      }
      try {
        return html(reply, twoStepPage(frame, await action(session)));
      } catch (error) {
        const failure = refusal(error, reply);
        // A wrong first code: the same key again, to try the next code.
        const setup = await begunAccountTotp(db, session.accountId, context.totpKey);
        const on = await isAccountTotpOn(db, session.accountId);
        return html(reply, twoStepPage(frame, { on, ...(setup ? { setup } : {}), message: failure.message, errors: failure.errors }), statusOf(failure));
      }
    };
    route('GET', '/account/two-step', (request, reply) => twoStep(request, reply, async (session) => ({ on: await isAccountTotpOn(db, session.accountId) })));
    route('POST', '/account/two-step', (request, reply) =>
      twoStep(request, reply, async (session) => ({ on: false, setup: await beginAccountTotp(db, session.accountId, context.totpKey) })),
    );
    route('POST', '/account/two-step/confirm', (request, reply) =>
      twoStep(request, reply, async (session) => {
        await confirmAccountTotp(db, session.accountId, context.totpKey, { code: text(formOf(request).code, 16).trim() });
        return { on: true, notice: PLATFORM_PAGE_MESSAGES.twoStepOn };
      }),
    );
    route('POST', '/account/two-step/disable', (request, reply) =>
      twoStep(request, reply, async (session) => {
        await disableAccountTotp(db, session.accountId, context.totpKey, { code: text(formOf(request).code, 16).trim() });
        return { on: false, notice: PLATFORM_PAGE_MESSAGES.twoStepOff };
      }),
    );
  });
}
