import type { Transaction } from 'kysely';
import type { WebhookOrder } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { recordWebhookEvent } from '../webhooks';
import type { OrderItemRow, OrderRow } from './paid';

/** An order as webhooks carry it (the contracts' WebhookOrderSchema): money in minor units, no addresses. */
export function webhookOrderOf(order: OrderRow, items: readonly OrderItemRow[]): WebhookOrder {
  return {
    id: order.id,
    number: order.order_number,
    email: order.email,
    status: order.status,
    paymentStatus: order.payment_status,
    testMode: order.test_mode,
    currency: order.currency,
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_total_cents,
    shippingCents: order.shipping_total_cents,
    taxCents: order.tax_total_cents,
    grandTotalCents: order.grand_total_cents,
    refundedCents: order.refunded_cents,
    createdAt: order.created_at.toISOString(),
    lines: [...items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({ productId: item.product_id, variantId: item.variant_id, sku: item.sku || null, name: item.product_name, quantity: item.quantity, unitPriceCents: item.unit_price_cents })),
  };
}

type OrderEventType = 'order.created' | 'order.paid' | 'order.fulfilled' | 'order.cancelled';

/** Records an order's event in the transaction that changed it, read as it stands now in that transaction. */
export async function recordOrderWebhook(trx: Transaction<Database>, website: Website, type: OrderEventType, orderId: string): Promise<void> {
  await recordWebhookEvent(trx, website, type, () => readWebhookOrder(trx, website, orderId));
}

export async function recordOrderRefundWebhook(trx: Transaction<Database>, website: Website, orderId: string, amountCents: number): Promise<void> {
  await recordWebhookEvent(trx, website, 'order.refunded', async () => ({ order: await readWebhookOrder(trx, website, orderId), amountCents }));
}

async function readWebhookOrder(trx: Transaction<Database>, website: Website, orderId: string): Promise<WebhookOrder> {
  const order = await trx.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId).executeTakeFirstOrThrow();
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
  return webhookOrderOf(order, items);
}
