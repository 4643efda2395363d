import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** payment_events (migration 022): the provider's events this website has acted on, one row each. */

export interface PaymentEventKey {
  provider: string;
  websiteId: string;
  eventId: string;
}

/**
 * Claims an event: true when this transaction is the first to see it. The insert is conditional on the primary key
 * (ON CONFLICT DO NOTHING): a concurrent claim of the same event waits for this transaction, then inserts nothing.
 */
export async function claimPaymentEvent(trx: Transaction<Database>, event: PaymentEventKey & { type: string }): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({ provider: event.provider, website_id: event.websiteId, event_id: event.eventId, type: event.type, outcome: 'claimed' })
    .onConflict((conflict) => conflict.columns(['provider', 'website_id', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Writes what came of a claimed event, in the claim's transaction. */
export async function settlePaymentEvent(
  trx: Transaction<Database>,
  event: PaymentEventKey,
  result: { outcome: string; orderId: string | null; note: string },
): Promise<void> {
  await trx
    .updateTable('payment_events')
    .set({ outcome: result.outcome, order_id: result.orderId, note: result.note })
    .where('provider', '=', event.provider)
    .where('website_id', '=', event.websiteId)
    .where('event_id', '=', event.eventId)
    .execute();
}

/** The events recorded for an order, oldest first (tests, and the owner's questions to support). */
export async function listPaymentEvents(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('received_at').orderBy('event_id').execute();
}
