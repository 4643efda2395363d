import type { Selectable, Transaction } from 'kysely';
import type { Database, SubscriptionsTable } from '../db/schema';
import { recordWebhookEvent } from '../webhooks';

/** A subscription's webhook events (webhooks/), in the transaction that renews or cancels it. */
export async function recordSubscriptionWebhook(
  trx: Transaction<Database>,
  websiteId: string,
  type: 'subscription.renewed' | 'subscription.cancelled',
  row: Selectable<SubscriptionsTable>,
  orderId: string | null = null,
): Promise<void> {
  await recordWebhookEvent(trx, { id: websiteId }, type, { id: row.id, status: row.status, email: row.email, productName: row.product_name, orderId });
}
