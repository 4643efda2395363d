import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { ResponseObject } from './fields';

/**
 * The payment provider's calls to us (issue 17 item 5). Stripe posts its events here; the body is Stripe's event
 * JSON, read raw because the Stripe-Signature header signs its exact bytes: no body schema (the server checks the
 * signature, then reads the event).
 */

const tags = ['payments'];

/** What the endpoint did with the event; Stripe shows the answer in its dashboard's event log. */
export const StripeWebhookReplySchema = ResponseObject({
  received: Type.Boolean(),
  /** paid, already-paid, late, payment-failed, cancelled, not-pending, unknown-order, ignored or duplicate. */
  outcome: Type.String(),
});
export type StripeWebhookReply = Static<typeof StripeWebhookReplySchema>;

export const stripeWebhookContract = defineContract({
  operationId: 'receiveStripeWebhook',
  method: 'POST',
  url: '/api/commerce/payments/stripe/webhook',
  summary:
    "Stripe's webhook: a PaymentIntent event signed with the endpoint's secret (Stripe-Signature, 5 minutes' tolerance; 1 MB at most). payment_intent.succeeded marks the order paid, payment_intent.canceled lets it go, payment_intent.payment_failed is recorded (the shopper may try another card); other events are acknowledged and ignored. Each event acts once, however often it is delivered. 400 for a missing, wrong or stale signature; 404 when Stripe is not configured.",
  tags,
  schema: { response: { 200: StripeWebhookReplySchema, ...ERROR_RESPONSES } },
});

export const PAYMENT_CONTRACTS = [stripeWebhookContract] as const;
