import type { Selectable, Transaction } from 'kysely';
import { isBillingPeriod, nextRenewalDate } from '@vitrine/commerce/subscriptions';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { newId } from '../ids';

/**
 * Starts a subscription for each 'subscription' line of a paid order, in the transaction that records the payment
 * (orders/paid.ts onOrderPaid). The first order is cycle 1, paid now; the next cycle is due one billing period after
 * the payment. A plan of one cycle is complete at once. Idempotent per order line (order_item_id is unique): a
 * second call for the same order starts nothing more. Answers the subscriptions this call started.
 */
export async function startSubscriptionsForOrder(
  trx: Transaction<Database>,
  website: Website,
  order: Selectable<OrdersTable>,
  items: Selectable<OrderItemsTable>[],
): Promise<string[]> {
  const started: string[] = [];
  const startedAt = order.paid_at ?? new Date();
  for (const item of items) {
    const plan = item.subscription_plan;
    // A line without a readable plan cannot be scheduled; the order itself stands (it was paid).
    if (item.line_kind !== 'subscription' || !plan || !isBillingPeriod(plan.billingPeriod)) continue;
    // Its product deleted for good before the payment arrived: nothing to renew.
    if (item.product_id === null || item.variant_id === null) continue;
    const totalCycles = Number.isSafeInteger(plan.numBillingCycles) && plan.numBillingCycles > 0 ? plan.numBillingCycles : 0;
    const next = nextRenewalDate(startedAt, { billingPeriod: plan.billingPeriod, numBillingCycles: totalCycles }, 1);
    const id = newId();
    const inserted = await trx
      .insertInto('subscriptions')
      .values({
        id,
        website_id: website.id,
        first_order_id: order.id,
        order_item_id: item.id,
        product_id: item.product_id,
        variant_id: item.variant_id,
        product_name: item.product_name,
        sku: item.sku,
        email: order.email,
        // The account that bought it, if the shopper was signed in: the account page lists by this alone.
        site_user_id: order.site_user_id ?? null,
        plan: JSON.stringify({ billingPeriod: plan.billingPeriod, numBillingCycles: totalCycles }),
        quantity: item.quantity,
        unit_price_cents: item.unit_price_cents,
        currency: order.currency,
        test_mode: order.test_mode,
        status: next ? 'active' : 'completed',
        cycles_billed: 1,
        total_cycles: totalCycles,
        started_at: startedAt,
        next_renewal_at: next,
        completed_at: next ? null : startedAt,
        payment_reference: order.payment_reference,
        customer_reference: order.payment_customer_reference,
      })
      .onConflict((conflict) => conflict.column('order_item_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) started.push(inserted.id);
  }
  return started;
}
