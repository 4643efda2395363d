import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  confirmNewsletterContract, createFormSubmissionKeyContract, getFormTemplateContract, NEWSLETTER_MESSAGES, saveFormSubmissionContract,
  validateFormContract,
} from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import type { CaptchaSettings } from '../captcha';
import { invalid } from '../failures';
import { CRUMB_COOKIE } from '../http/crumb';
import { visitorLanguageOfRequest } from '../http/language-prefix';
import type { MailSettings } from '../mail';
import { confirmNewsletterSubscription } from '../newsletter';
import type { SharedParts } from '../shared';
import { issueSubmissionKey } from './keys';
import { saveFormSubmission, validateFormAnswers, type FormServices } from './submit';
import { designViewOf } from '../site-styles';
import { formTemplate } from './template';

/**
 * The visitor a key is handed to and checked against: a hash of their crumb cookie (every state-changing call
 * carries a valid one, checked before the handler runs), so a key taken from one browser is no use in another.
 */
function visitorOf(request: FastifyRequest): string {
  return createHash('sha256').update(`form-visitor:${request.cookies[CRUMB_COOKIE] ?? ''}`).digest('base64url').slice(0, 32);
}

/** The public form calls at the spec's paths, and the newsletter's confirmation link. */
export function registerFormRoutes(fastify: FastifyInstance, context: SharedParts & { captcha: CaptchaSettings; mail: MailSettings }, services: Omit<FormServices, 'captcha' | 'mail'>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;
  const formServices: FormServices = { ...services, captcha: context.captcha, mail: context.mail };
  // The form block's template of the theme this website renders with (an uploaded theme's own partial, or the default's).
  app.route({ ...getFormTemplateContract, handler: async ({ website }) =>
    formTemplate((await context.themes.rendererFor(website)).partial('content-block.block', { website: { design: designViewOf(website.site_styles) } })) });
  app.route({
    ...validateFormContract,
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, params, body }) => validateFormAnswers(db, website, actor, { formId: params.formId, values: body }),
  });
  app.route({
    ...createFormSubmissionKeyContract,
    config: { siteUserXsrf: false },
    handler: async (request) => issueSubmissionKey(db, request.website, visitorOf(request)),
  });
  app.route({
    ...saveFormSubmissionContract,
    config: { siteUserXsrf: false },
    handler: async (request) =>
      saveFormSubmission(db, request.website, request.actor, { ...request.body, visitor: visitorOf(request), userAgent: request.headers['user-agent'] ?? '', language: visitorLanguageOfRequest(request).locale }, formServices),
  });

  const addressOf = (websiteId: string, token: string | undefined) => {
    const named = typeof token === 'string' ? services.newsletterTokens.read(token) : undefined;
    return named && named.websiteId === websiteId ? named.email : undefined;
  };

  // The signed token is the authority (the link came by mail): no crumb.
  app.route({
    ...confirmNewsletterContract,
    config: { crumb: 'token', siteUserXsrf: false },
    handler: async ({ website, query }) => {
      const email = addressOf(website.id, query.token);
      if (!email || !(await confirmNewsletterSubscription(db, website.id, email))) {
        throw invalid(NEWSLETTER_MESSAGES.linkNotValid, { token: NEWSLETTER_MESSAGES.linkNotValid });
      }
      return { confirmed: true as const };
    },
  });

  // The mail's link opens a page with one button (a GET changes nothing: link scanners follow links); it posts here.
  fastify.get('/newsletter/confirm', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const email = addressOf(request.website.id, typeof token === 'string' ? token : undefined);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!email) return reply.status(400).send(confirmationPage(`<p>${attr(NEWSLETTER_MESSAGES.linkNotValid)}</p>`));
    return confirmationPage(
      `<p>Get news from ${attr(request.website.site_title)} at <strong>${attr(email)}</strong>?</p>
<form method="post" action="/newsletter/confirm?token=${attr(encodeURIComponent(token as string))}"><button type="submit" class="button">Confirm my subscription</button></form>`,
    );
  });
  fastify.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    forms.post('/newsletter/confirm', { config: { crumb: 'token', siteUserXsrf: false } }, async (request, reply) => {
      const token = (request.query as { token?: unknown }).token;
      const email = addressOf(request.website.id, typeof token === 'string' ? token : undefined);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!email || !(await confirmNewsletterSubscription(db, request.website.id, email))) {
        return reply.status(400).send(confirmationPage(`<p>${attr(NEWSLETTER_MESSAGES.linkNotValid)}</p>`));
      }
      return confirmationPage(`<p role="status">${attr(NEWSLETTER_MESSAGES.confirmed)}</p><p><a href="/">Back to the shop</a></p>`);
    });
  });
}

function confirmationPage(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Newsletter</title><link rel="stylesheet" href="/assets/theme/site.css"></head>
<body class="owner-page"><main id="main" class="owner-main"><h1>Newsletter</h1>
${body}
</main></body></html>`;
}
