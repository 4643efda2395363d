import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { cancelOwnerSubscriptionContract, listOwnerSubscriptionsContract } from '@vitrine/contracts';
import { escapeAttribute as attr } from '@vitrine/template';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { isFailure } from '../failures';
import { isFormCrumbValid } from '../http/crumb';
import { cancelAccountSubscription, cancelSubscriptionByLink } from './cancel';
import { cancelOwnerSubscription, listOwnerSubscriptions } from './owner';

export const SUBSCRIPTION_FORM_MESSAGES = {
  crumb: 'This page has expired. Go back, reload it and try again.',
  notFound: 'This subscription link is not valid.',
} as const;

/** Form posts are tiny: a token or an id, and the crumb. */
const FORM_BODY_LIMIT = 2048;

/**
 * The owner's subscription calls, and the two cancel forms of the shopper's pages (the pages themselves are
 * pages/routes.ts'). The forms are plain HTML posts that work without JavaScript: the crumb comes as a form field
 * (double submit, checked here), and a signed-in shopper's form cannot send X-SiteUser-XSRF-Token, so the crumb
 * stands in for it. Each answers 303 back to its page.
 */
export function registerSubscriptionRoutes(fastify: FastifyInstance, context: SharedParts & { mail: MailSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, mail } = context;

  app.route({ ...listOwnerSubscriptionsContract, handler: async ({ website, actor, query }) => listOwnerSubscriptions(db, website, actor, query) });
  app.route({
    ...cancelOwnerSubscriptionContract,
    handler: async ({ website, actor, params }) => cancelOwnerSubscription(db, website, actor, { subscriptionId: params.subscriptionId }, { mail }),
  });

  fastify.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const formOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});
    const refuse = (reply: FastifyReply, status: number, message: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(messagePage(message));

    forms.post('/subscriptions/manage/cancel', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      const token = String(form.token ?? '').slice(0, 400);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, SUBSCRIPTION_FORM_MESSAGES.crumb);
      try {
        await cancelSubscriptionByLink(db, request.website, request.actor, { token }, { mail });
      } catch (error) {
        if (isFailure(error) && error.kind === 'not-found') return refuse(reply, 404, SUBSCRIPTION_FORM_MESSAGES.notFound);
        throw error;
      }
      return reply.redirect(`/subscriptions/manage?token=${encodeURIComponent(token)}&cancelled=1`, 303);
    });

    forms.post('/account/subscriptions/cancel', { config: { crumb: 'form', siteUserXsrf: false } }, async (request, reply) => {
      const form = formOf(request);
      if (!isFormCrumbValid(context, request, form.crumb)) return refuse(reply, 403, SUBSCRIPTION_FORM_MESSAGES.crumb);
      try {
        await cancelAccountSubscription(db, request.website, request.actor, { subscriptionId: String(form.subscriptionId ?? '').slice(0, 64) }, { mail });
      } catch (error) {
        if (!isFailure(error)) throw error;
        // Signed out: the page asks to sign in. Not theirs: as if it did not exist.
        if (error.kind === 'unauthenticated') return reply.redirect('/account/subscriptions', 303);
        return refuse(reply, error.kind === 'not-found' ? 404 : 400, error.message);
      }
      return reply.redirect('/account/subscriptions?cancelled=1', 303);
    });
  });
}

function messagePage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Subscription</title><link rel="stylesheet" href="/assets/theme/site.css"></head>
<body class="owner-page"><main id="main" class="owner-main"><h1>Subscription</h1>
<p role="alert">${attr(message)}</p>
<p><a href="/">Back to the store</a></p>
</main></body></html>`;
}
