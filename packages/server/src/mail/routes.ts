import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getMailContract, listMailContract, MAIL_FEEDBACK_SIGNATURE_HEADER, mailFeedbackContract, unsubscribeContract } from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import type { SharedParts } from '../shared';
import type { MailSettings } from './settings';
import { invalid, notFound, unauthenticated } from '../failures';
import { applyFeedback, isFeedbackSignatureValid, MAIL_FEEDBACK_MESSAGES, parseFeedback } from './feedback';
import { getMail, listMail, unsubscribeAddress } from './service';
import { getMailTemplate, listMailTemplates, previewMailTemplate, resetMailTemplate, saveMailTemplate, sendTestMailTemplate } from './owner-templates-service';
import {
  getMailTemplateContract, listMailTemplatesContract, previewMailTemplateContract, resetMailTemplateContract, saveMailTemplateContract, sendTestMailTemplateContract,
  type EditableMailTemplate,
} from '@vitrine/contracts';

/** The largest feedback body read: a provider's batch of events is a few KB. */
export const FEEDBACK_BODY_LIMIT_BYTES = 256 * 1024;

export const UNSUBSCRIBE_MESSAGES = {
  notValid: 'This unsubscribe link is not valid.',
  done: 'You are unsubscribed: this address gets no more newsletters or notices from this store.',
} as const;

/** The owner's view of the outbox, and unsubscribing from a mail's link. */
export function registerMailRoutes(fastify: FastifyInstance, context: SharedParts & { mail: MailSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;

  app.route({ ...listMailContract, handler: async ({ website, actor, query }) => listMail(db, website, actor, query) });
  app.route({ ...getMailContract, handler: async ({ website, actor, params }) => getMail(db, website, actor, params) });

  // Settings → Mail → Templates (issue 38 item 7). The params' pattern admits only the editable templates' names.
  const named = (params: { name: string }) => ({ name: params.name as EditableMailTemplate });
  app.route({ ...listMailTemplatesContract, handler: async ({ website, actor }) => listMailTemplates(db, website, actor) });
  app.route({ ...getMailTemplateContract, handler: async ({ website, actor, params }) => getMailTemplate(db, website, actor, named(params)) });
  app.route({ ...saveMailTemplateContract, handler: async ({ website, actor, params, body }) => saveMailTemplate(db, website, actor, { ...named(params), body }) });
  app.route({ ...resetMailTemplateContract, handler: async ({ website, actor, params }) => resetMailTemplate(db, website, actor, named(params)) });
  app.route({ ...previewMailTemplateContract, handler: async ({ website, actor, params, body }) => previewMailTemplate(db, website, actor, context.mail, { ...named(params), body }) });
  app.route({ ...sendTestMailTemplateContract, handler: async ({ website, actor, params, body }) => sendTestMailTemplate(db, website, actor, context.mail, { ...named(params), body }) });

  // The provider's complaint and bounce webhook (feedback.ts): the body's exact text is what the signature covers.
  fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: FEEDBACK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...mailFeedbackContract,
      bodyLimit: FEEDBACK_BODY_LIMIT_BYTES,
      // The provider sends no cookies and no crumb: the signature, made with the operator's secret, authorises the call.
      config: { crumb: 'token', siteUserXsrf: false },
      handler: async (request) => {
        const secret = context.mail.feedbackSecret;
        if (!secret) throw notFound(MAIL_FEEDBACK_MESSAGES.notConfigured);
        const payload = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[MAIL_FEEDBACK_SIGNATURE_HEADER];
        if (!isFeedbackSignatureValid(secret, payload, Array.isArray(header) ? header[0] : header)) throw unauthenticated(MAIL_FEEDBACK_MESSAGES.badSignature);
        const reports = parseFeedback(payload);
        if (!reports) throw invalid(MAIL_FEEDBACK_MESSAGES.notAReport);
        const outcome = await applyFeedback(db, reports);
        request.log.info({ reports: reports.length, ...outcome }, 'mail feedback');
        return { received: true as const, ...outcome };
      },
    });
  });

  const addressOf = (websiteId: string, token: string) => {
    const named = context.mail.unsubscribeTokens.read(token);
    if (!named || named.websiteId !== websiteId) throw invalid(UNSUBSCRIBE_MESSAGES.notValid, { token: UNSUBSCRIBE_MESSAGES.notValid });
    return named.email;
  };

  // One click from the mail client (RFC 8058) or the page's button: the signed token is the authority.
  app.route({
    ...unsubscribeContract,
    config: { crumb: 'token', siteUserXsrf: false },
    handler: async ({ website, query }) => {
      await unsubscribeAddress(db, website.id, addressOf(website.id, query.token));
      return { unsubscribed: true as const };
    },
  });

  // The link in the mail's footer opens a page with one button (a GET must change nothing: link scanners follow links).
  fastify.get('/mail/unsubscribe', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const valid = typeof token === 'string' && context.mail.unsubscribeTokens.read(token)?.websiteId === request.website.id;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!valid) return reply.status(400).send(unsubscribePage(`<p>${attr(UNSUBSCRIBE_MESSAGES.notValid)}</p>`));
    const email = context.mail.unsubscribeTokens.read(token as string)!.email;
    return unsubscribePage(
      `<p>Stop newsletters and notices from ${attr(request.website.site_title)} to <strong>${attr(email)}</strong>?</p>
<form method="post" action="/mail/unsubscribe?token=${attr(encodeURIComponent(token as string))}"><button type="submit" class="button">Unsubscribe</button></form>`,
    );
  });
  fastify.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    forms.post('/mail/unsubscribe', { config: { crumb: 'token', siteUserXsrf: false } }, async (request, reply) => {
      const token = (request.query as { token?: unknown }).token;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const named = typeof token === 'string' ? context.mail.unsubscribeTokens.read(token) : undefined;
      if (!named || named.websiteId !== request.website.id) return reply.status(400).send(unsubscribePage(`<p>${attr(UNSUBSCRIBE_MESSAGES.notValid)}</p>`));
      await unsubscribeAddress(db, request.website.id, named.email);
      return unsubscribePage(`<p role="status">${attr(UNSUBSCRIBE_MESSAGES.done)}</p>`);
    });
  });
}

function unsubscribePage(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Unsubscribe</title><link rel="stylesheet" href="/assets/theme/site.css"></head>
<body class="owner-page"><main id="main" class="owner-main"><h1>Unsubscribe</h1>
${body}
</main></body></html>`;
}
