import type { Kysely, Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { failPendingOrderIn, findPaymentOrder, markOrderPaidIn, type PaidOrderContext, type PaymentTarget } from '../orders';
import { claimPaymentEvent, settlePaymentEvent } from './payment-events';

/** The part of a Stripe event this server reads (https://docs.stripe.com/api/events/object). */
export interface StripeEvent {
  id: string;
  type: string;
  data: { object: StripePaymentIntentJson };
}

/** The part of a PaymentIntent an event carries that this server reads. */
export interface StripePaymentIntentJson {
  id: string;
  object: string;
  status?: string;
  customer?: string | { id: string } | null;
  metadata?: Record<string, string>;
  last_payment_error?: { message?: string; code?: string; decline_code?: string } | null;
}

export const WEBHOOK_MESSAGES = {
  notConfigured: 'Stripe payments are not configured on this server.',
  notAnEvent: 'The body is not a Stripe event.',
} as const;

/** The event of a verified body; undefined when it is not JSON shaped like an event. */
export function parseStripeEvent(payload: string): StripeEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const event = value as Partial<StripeEvent> | null;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string' || typeof event.type !== 'string') return undefined;
  if (event.id.length === 0 || event.id.length > 255 || event.type.length > 255) return undefined;
  const object = event.data?.object as Partial<StripePaymentIntentJson> | undefined;
  if (!object || typeof object !== 'object' || typeof object.id !== 'string' || typeof object.object !== 'string') return undefined;
  return event as StripeEvent;
}

/** What the endpoint did with an event (payment_events.outcome, and the answer Stripe shows). */
export type WebhookOutcome =
  | 'paid'
  | 'already-paid'
  | 'late'
  | 'payment-failed'
  | 'cancelled'
  | 'not-pending'
  | 'unknown-order'
  | 'ignored'
  | 'duplicate';

/** The events acted on; every other one is acknowledged and ignored (enable only these in the dashboard). */
export const HANDLED_STRIPE_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'] as const;

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The order an intent is for: the id we put in its metadata, and the intent's id as the order's payment reference. */
function targetOf(intent: StripePaymentIntentJson): PaymentTarget {
  const orderId = intent.metadata?.order_id;
  return { paymentReference: intent.id, ...(typeof orderId === 'string' && orderId !== '' ? { orderId } : {}) };
}

async function actOn(
  trx: Transaction<Database>,
  website: Website,
  event: StripeEvent,
  context: PaidOrderContext,
): Promise<{ outcome: WebhookOutcome; orderId: string | null; note?: string }> {
  const intent = event.data.object;
  if (intent.object !== 'payment_intent' || !(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) {
    return { outcome: 'ignored', orderId: null };
  }
  const target = targetOf(intent);
  const order = await findPaymentOrder(trx, website, target);
  // An intent of no order here: a subscription renewal (charged off-session), another website's, or another app's.
  if (!order) return { outcome: 'unknown-order', orderId: null };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const outcome = await markOrderPaidIn(trx, website, { ...target, customerReference: idOf(intent.customer) }, context);
      return { outcome: outcome === 'not-found' ? 'unknown-order' : outcome, orderId: order.id };
    }
    case 'payment_intent.canceled': {
      const outcome = await failPendingOrderIn(trx, website, target, 'failed');
      return { outcome: outcome === 'not-found' ? 'unknown-order' : outcome, orderId: order.id };
    }
    default: {
      // A declined attempt: the intent stays open and the shopper may try another card until the order expires.
      const error = intent.last_payment_error;
      const note = [error?.code, error?.decline_code, error?.message].filter(Boolean).join(': ').slice(0, 500);
      return { outcome: 'payment-failed', orderId: order.id, note };
    }
  }
}

/**
 * Acts on a verified Stripe event once. The event is claimed (inserted in payment_events) first, in the transaction
 * of its effect: a copy delivered at the same time waits on that row and then finds it taken ('duplicate'), a copy
 * delivered later finds it at once, and an effect that fails rolls the claim back so Stripe's retry acts again.
 */
export async function handleStripeEvent(
  db: Kysely<Database>,
  website: Website,
  event: StripeEvent,
  context: PaidOrderContext,
): Promise<WebhookOutcome> {
  return inTransaction(db, async (trx) => {
    const claimed = await claimPaymentEvent(trx, { provider: 'stripe', websiteId: website.id, eventId: event.id, type: event.type });
    if (!claimed) return 'duplicate';
    const { outcome, orderId, note } = await actOn(trx, website, event, context);
    await settlePaymentEvent(trx, { provider: 'stripe', websiteId: website.id, eventId: event.id }, { outcome, orderId, note: note ?? '' });
    return outcome;
  });
}
