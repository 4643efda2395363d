import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { stripeWebhookContract } from '@vitrine/contracts';
import type { MailSettings } from '../mail';
import type { PaymentProvider } from '../orders';
import type { SharedParts } from '../shared';
import { invalid, notFound } from '../failures';
import { StripePaymentProvider } from './stripe-provider';
import { handleStripeEvent, parseStripeEvent, WEBHOOK_MESSAGES } from './webhook';
import { STRIPE_SIGNATURE_HEADER } from './webhook-signature';

/** Stripe's events are a few KB; a megabyte leaves room for any of them (Stripe's own limit is lower). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export function registerPaymentRoutes(fastify: FastifyInstance, context: SharedParts & { payments: PaymentProvider; mail: MailSettings }): void {
  const stripe = context.payments instanceof StripePaymentProvider ? context.payments : null;
  // The signature covers the body's exact bytes: in this scope JSON is kept as the text that arrived, parsed only
  // once the signature matches.
  fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...stripeWebhookContract,
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      // Stripe sends no cookies and no crumb: the signature, made with the endpoint's secret, authorises the call.
      config: { crumb: 'token', siteUserXsrf: false },
      handler: async (request) => {
        if (!stripe) throw notFound(WEBHOOK_MESSAGES.notConfigured);
        const payload = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[STRIPE_SIGNATURE_HEADER];
        const signature = stripe.verifyWebhook(payload, Array.isArray(header) ? header.join(',') : header);
        if (!signature.ok) throw invalid(signature.message);
        const event = parseStripeEvent(payload);
        if (!event) throw invalid(WEBHOOK_MESSAGES.notAnEvent);
        const outcome = await handleStripeEvent(context.db, request.website, event, { mail: context.mail });
        request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true, outcome };
      },
    });
  });
}
