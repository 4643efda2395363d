import type { Selectable, Transaction } from 'kysely';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { returnStock } from '../catalog';
import { stockLinesOf } from './stock-lines';
import { releaseCouponUses } from '../checkout-settings';
import { issueGiftCardsForOrder, releaseGiftCardRedemptions } from '../gift-cards';
import type { MailSettings } from '../mail';
import { grantDownloadsForOrder } from '../downloads';
import { startSubscriptionsForOrder } from '../subscriptions';
import { grantMembershipsForPaidOrder } from '../members';
import { requestReviewsForOrder } from '../reviews';
import { enqueueOrderConfirmation } from './confirmation-mail';
import { recordOrderWebhook } from './webhook-events';

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;

/** What the paid-order steps need besides the order: where mail goes and how links are signed. */
export interface PaidOrderContext {
  /** Absent in tests that do not mail: nothing is written to the outbox. */
  mail?: MailSettings;
}

/**
 * Everything that follows an order's payment, in the transaction that records it as paid: at once for a charge that
 * is paid on the spot (test mode), or when the provider's webhook confirms a pending one (payment-lifecycle.ts).
 * Each step belongs to its own domain (a domain writes only its own tables) and must be safe to run once per order:
 * the caller runs this exactly once, in the transaction that moves payment_status to 'paid'.
 * 1. digital lines: download grants (downloads/);
 * 2. gift card lines: the cards' codes, and their mail on the chosen date (gift-cards/);
 * 3. subscription lines: the subscriptions and their renewal schedule (subscriptions/);
 *    PAYWALL lines: memberships of the member areas they sell (members/);
 * 3b. the review request, mailed later by the reviews domain's job (reviews/, flag 66);
 * 4. the order confirmation mail, with what the steps above made (download links, gift card notes).
 */
export async function onOrderPaid(
  trx: Transaction<Database>,
  website: Website,
  order: OrderRow,
  items: OrderItemRow[],
  context: PaidOrderContext,
): Promise<void> {
  const downloads = await grantDownloadsForOrder(trx, website, order, items);
  await issueGiftCardsForOrder(trx, website, order, items, { mail: context.mail });
  await startSubscriptionsForOrder(trx, website, order, items);
  // PAYWALL lines: memberships of the areas they sell (after the subscriptions, which a membership may name).
  await grantMembershipsForPaidOrder(trx, website, order, items);
  // The review request, mailed by the reviews domain's job after its delay (reviews/requests.ts).
  await requestReviewsForOrder(trx, website, order, items);
  if (context.mail) {
    await enqueueOrderConfirmation(trx, website, context.mail, order, items, downloads);
  }
  // 5. the order.paid webhook event (webhooks/), in this transaction like the rest.
  await recordOrderWebhook(trx, website, 'order.paid', order.id);
}

/**
 * Everything that undoes a pending order whose payment failed or expired, in the transaction that moves its
 * payment_status to 'failed' or 'expired' (and its status to 'cancelled'): the held stock goes back, the coupon
 * uses it claimed are given back, and what gift cards paid is put back on them (gift-cards/). Runs once per order,
 * like onOrderPaid.
 */
export async function onOrderPaymentFailed(trx: Transaction<Database>, website: Website, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  await returnStock(trx, website.id, stockLinesOf(items));
  await releaseOrderHolds(trx, website, order.id);
  await recordOrderWebhook(trx, website, 'order.cancelled', order.id);
}

/**
 * What an unpaid order holds besides stock, given back: its coupon uses and what it took from gift cards. For a
 * failed or expired payment, and for an owner's cancel of an order whose payment is still pending.
 */
export async function releaseOrderHolds(trx: Transaction<Database>, website: Website, orderId: string): Promise<void> {
  await releaseCouponUses(trx, orderId);
  await releaseGiftCardRedemptions(trx, website, orderId);
}
