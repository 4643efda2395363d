import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { OrderChangeBody, OwnerOrderJson, RefundOrderBody, RefundReply } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format';
import type { Actor } from '../actor';
import { postalAddressJson } from '../cart';
import { revokeDownloadsForOrder } from '../downloads';
import { releaseGiftCardRedemptions } from '../gift-cards';
import { releaseOrderHolds } from './paid';
import { moneyJson, returnStock } from '../catalog';
import { stockLinesOf } from './stock-lines';
import type { Database, OrderEventsTable, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { recordOrderRefundWebhook, recordOrderWebhook } from './webhook-events';
import { conflict, invalid, notFound, paymentDeclined } from '../failures';
import { newId } from '../ids';
import { authorize } from '../authorize';
import { ORDER_CHANGE_MESSAGES, planRefund, whyNotCancel, whyNotFulfil } from './order-status';
import { MANUAL_PAYMENT_PROVIDER, manualRefunder, TestModePaymentProvider, type PaymentProvider } from './payment-provider';
import { lineProgressJson, lineProgressOf, readOrderParts, type OrderParts } from './order-progress';

/** The owner's order calls that read one order or change it: detail, fulfil, cancel, refund. */

type OrderRow = Selectable<OrdersTable>;
type OrderEventRow = Selectable<OrderEventsTable>;

/** Who did it, as an order's history shows it. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'visitor':
      return actor.siteUser?.email ?? 'a visitor';
    case 'api-key':
      return `API key ${actor.prefix}…`;
    case 'system':
      return actor.name;
  }
}

export function ownerOrderJson(order: OrderRow, items: Selectable<OrderItemsTable>[], events: OrderEventRow[], parts: OrderParts = { fulfilments: [], returns: [] }): OwnerOrderJson {
  const money = (cents: number) => moneyJson(cents, order.currency);
  return {
    id: order.id,
    orderNumber: order.order_number,
    created: order.created_at.getTime(),
    email: order.email,
    status: order.status,
    testMode: order.test_mode,
    items: items.map((item) => ({
      sku: item.sku,
      productName: item.product_name,
      quantity: item.quantity,
      unitPrice: money(item.unit_price_cents),
      kind: item.line_kind,
      optionValues: item.option_values,
    })),
    subtotal: money(order.subtotal_cents),
    shippingTotal: money(order.shipping_total_cents),
    taxTotal: money(order.tax_total_cents),
    grandTotal: money(order.grand_total_cents),
    refundedTotal: money(order.refunded_cents),
    // Only a paid order has money to give back (a card payment not yet confirmed, a manual one not yet marked paid).
    refundable: money(order.payment_status === 'paid' ? order.grand_total_cents - order.gift_card_total_cents - order.refunded_cents : 0),
    fulfilledAt: order.fulfilled_at ? order.fulfilled_at.getTime() : null,
    cancelledAt: order.cancelled_at ? order.cancelled_at.getTime() : null,
    paymentProvider: order.payment_provider,
    discountTotal: money(order.discount_total_cents),
    giftCardTotal: money(order.gift_card_total_cents),
    couponCodes: order.coupon_codes,
    shippingOptionName: order.shipping_option?.name ?? null,
    shippingAddress: order.shipping_address ? postalAddressJson(order.shipping_address) : null,
    billingAddress: order.billing_address ? postalAddressJson(order.billing_address) : null,
    paymentStatus: order.payment_status,
    paymentExpiresAt: order.payment_status === 'pending' && order.payment_expires_at ? order.payment_expires_at.getTime() : null,
    manualPayment: order.payment_method_label !== null ? { label: order.payment_method_label, instructions: order.payment_instructions ?? '' } : null,
    history: events.map((event) => ({
      kind: event.kind,
      at: event.created_at.getTime(),
      amount: event.amount_cents === null ? null : money(event.amount_cents),
      by: event.actor_label,
      note: event.note,
    })),
    lines: lineProgressOf(items, parts).map(lineProgressJson),
    fulfilments: parts.fulfilments,
    returns: parts.returns,
  };
}

export async function readOwnerOrder(db: Kysely<Database> | Transaction<Database>, website: Website, orderId: string): Promise<OwnerOrderJson> {
  const order = await db.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
  const [items, events, parts] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).orderBy('created_at').orderBy('id').execute(),
    readOrderParts(db, website.id, order.id, order.currency),
  ]);
  return ownerOrderJson(order, items, events, parts);
}

/** GET /api/owner/orders/:orderId */
export async function getOwnerOrder(db: Kysely<Database>, website: Website, actor: Actor, orderId: string): Promise<{ order: OwnerOrderJson }> {
  authorize(actor, 'orders:read');
  return { order: await readOwnerOrder(db, website, orderId) };
}

/** After a conditional update changed nothing: the order is unknown (404) or in a state that refuses the change (409). */
async function refuseChange(trx: Transaction<Database>, website: Website, orderId: string, why: (status: OrderRow['status']) => string | undefined): Promise<never> {
  const current = await trx.selectFrom('orders').select('status').where('website_id', '=', website.id).where('id', '=', orderId).executeTakeFirst();
  if (!current) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
  throw conflict(why(current.status) ?? ORDER_CHANGE_MESSAGES.notFound);
}

export async function recordEvent(trx: Transaction<Database>, website: Website, actor: Actor, event: Omit<OrderEventRow, 'id' | 'website_id' | 'created_at' | 'actor_label'>) {
  return trx
    .insertInto('order_events')
    .values({ id: newId(), website_id: website.id, actor_label: actorLabel(actor), ...event })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * POST /api/owner/orders/:orderId/fulfil: placed (or partially fulfilled) → fulfilled, once, with no tracking and no
 * shipped mail; what was left to ship is recorded as one fulfilment (carrier 'other'), so returns can follow.
 */
export async function fulfilOrder(db: Kysely<Database>, website: Website, actor: Actor, orderId: string, input: OrderChangeBody): Promise<{ order: OwnerOrderJson }> {
  authorize(actor, 'orders:write');
  await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable('orders')
      .set({ status: 'fulfilled', fulfilled_at: sql<Date>`now()` })
      .where('website_id', '=', website.id)
      .where('id', '=', orderId)
      .where('status', 'in', ['placed', 'partially_fulfilled'])
      // An order whose payment the provider has not confirmed is not shipped.
      .where('payment_status', '=', 'paid')
      .returning('id')
      .executeTakeFirst();
    if (!changed) {
      const pending = await trx.selectFrom('orders').select('id').where('website_id', '=', website.id).where('id', '=', orderId).where('status', '=', 'placed').where('payment_status', '!=', 'paid').executeTakeFirst();
      if (pending) throw conflict(ORDER_CHANGE_MESSAGES.paymentNotConfirmed);
      await refuseChange(trx, website, orderId, whyNotFulfil);
    }
    await recordRemainderFulfilment(trx, website, actor, orderId);
    await recordOrderWebhook(trx, website, 'order.fulfilled', orderId);
    await recordEvent(trx, website, actor, { order_id: orderId, kind: 'fulfilled', amount_cents: null, idempotency_key: null, payment_reference: null, note: input.note ?? '' });
  });
  return { order: await readOwnerOrder(db, website, orderId) };
}

/** What was left to ship of every line, as one fulfilment without tracking (the one-button fulfil). */
async function recordRemainderFulfilment(trx: Transaction<Database>, website: Website, actor: Actor, orderId: string): Promise<void> {
  const order = await trx.selectFrom('orders').select('currency').where('id', '=', orderId).executeTakeFirstOrThrow();
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  const left = lineProgressOf(items, await readOrderParts(trx, website.id, orderId, order.currency))
    .map((line) => ({ lineId: line.lineId, quantity: line.ordered - line.fulfilled }))
    .filter((line) => line.quantity > 0);
  if (left.length === 0) return;
  const fulfilmentId = newId();
  await trx.insertInto('order_fulfilments').values({ id: fulfilmentId, website_id: website.id, order_id: orderId, carrier: 'other', tracking_url: null, actor_label: actorLabel(actor) }).execute();
  await trx.insertInto('order_fulfilment_lines').values(left.map((line) => ({ fulfilment_id: fulfilmentId, order_item_id: line.lineId, quantity: line.quantity }))).execute();
}

/**
 * POST /api/owner/orders/:orderId/cancel: placed → cancelled, and the stock goes back, in one
 * transaction. The status change is conditional (WHERE status = 'placed'): of two racing cancels the
 * second waits on the row, then finds it cancelled and changes nothing, so stock comes back once.
 */
export async function cancelOrder(db: Kysely<Database>, website: Website, actor: Actor, orderId: string, input: OrderChangeBody): Promise<{ order: OwnerOrderJson }> {
  authorize(actor, 'orders:write');
  await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', cancelled_at: sql<Date>`now()` })
      .where('website_id', '=', website.id)
      .where('id', '=', orderId)
      .where('status', '=', 'placed')
      .returning(['id', 'payment_status'])
      .executeTakeFirst();
    if (!changed) await refuseChange(trx, website, orderId, whyNotCancel);
    const lines = await trx.selectFrom('order_items').select(['variant_id', 'quantity']).where('order_id', '=', orderId).execute();
    await returnStock(trx, website.id, stockLinesOf(lines));
    // Unpaid, it gives back its coupon uses and gift card amounts too (the payment, if it ever succeeds, is refunded
    // by hand: payment-lifecycle.ts notes it). Paid, those stay: they were money, which refunds return.
    if (changed!.payment_status === 'pending') await releaseOrderHolds(trx, website, orderId);
    await revokeDownloadsForOrder(trx, website, orderId);
    await recordOrderWebhook(trx, website, 'order.cancelled', orderId);
    await recordEvent(trx, website, actor, { order_id: orderId, kind: 'cancelled', amount_cents: null, idempotency_key: null, payment_reference: null, note: input.note ?? '' });
  });
  return { order: await readOwnerOrder(db, website, orderId) };
}

/**
 * The refund itself, on an order row the caller locked (FOR UPDATE) in `trx`: at most what is left, through the
 * provider that took the payment, recorded with the webhook and the history's event. Shared by refunds and returns.
 */
export async function refundLockedOrder(
  trx: Transaction<Database>,
  website: Website,
  actor: Actor,
  order: OrderRow,
  input: { amountCents: number | undefined; idempotencyKey: string; note: string; kind?: 'refunded' | 'return_refunded' },
  payments: PaymentProvider = defaultPayments,
): Promise<OrderEventRow> {
  const orderId = order.id;
  // The provider refunds what it was paid; what gift cards paid goes back onto them with a full refund.
  const chargedCents = order.grand_total_cents - order.gift_card_total_cents;
  const plan = planRefund({ status: order.status, grandTotalCents: chargedCents, refundedCents: order.refunded_cents }, input.amountCents);
  if (!plan.ok) {
    if (plan.reason === 'refunded') throw conflict(ORDER_CHANGE_MESSAGES.alreadyRefunded);
    const message = ORDER_CHANGE_MESSAGES.refundTooLarge(formatMoney(plan.refundableCents, order.currency, { locale: website.locale }));
    throw invalid(message, { amountCents: message });
  }
  // The provider that took the payment refunds it: a test-mode order never reaches a real provider, and an order
  // taken by a provider this server no longer runs is refunded there, by hand.
  // A manual order's money came by hand, once the owner marked it paid: before that there is nothing to pay back.
  if (order.payment_status !== 'paid') throw conflict(order.payment_provider === MANUAL_PAYMENT_PROVIDER ? ORDER_CHANGE_MESSAGES.nothingPaidYet : ORDER_CHANGE_MESSAGES.nothingToRefundYet);
  // A manual order (bank transfer, cash on delivery) is refunded by hand: the refund is only recorded.
  const refunder =
    order.payment_provider === MANUAL_PAYMENT_PROVIDER ? manualRefunder : order.payment_provider === payments.name ? payments : order.test_mode ? defaultPayments : null;
  if (!refunder) throw conflict(ORDER_CHANGE_MESSAGES.providerGone(order.payment_provider));
  const payment = await refunder.refund({
    orderId,
    paymentReference: order.payment_reference,
    amountCents: plan.amountCents,
    currency: order.currency,
    idempotencyKey: input.idempotencyKey,
  });
  if (!payment.ok) throw paymentDeclined(payment.message || ORDER_CHANGE_MESSAGES.refundFailed);
  await trx.updateTable('orders').set({ refunded_cents: plan.refundedAfterCents, status: plan.statusAfter }).where('id', '=', orderId).execute();
  if (plan.statusAfter === 'refunded') {
    await releaseGiftCardRedemptions(trx, website, orderId);
    await revokeDownloadsForOrder(trx, website, orderId);
  }
  await recordOrderRefundWebhook(trx, website, orderId, plan.amountCents);
  const recorded = await recordEvent(trx, website, actor, {
    order_id: orderId,
    kind: input.kind ?? 'refunded',
    amount_cents: plan.amountCents,
    idempotency_key: input.idempotencyKey,
    payment_reference: payment.reference,
    note: input.note,
  });
  return recorded;
}

export interface RefundOptions {
  payments?: PaymentProvider;
}

const defaultPayments = new TestModePaymentProvider();

/**
 * POST /api/owner/orders/:orderId/refunds: pays back part or all of what is left, through the order's
 * payment provider, at most the amount paid in all. The order row is locked first, so refunds of one
 * order queue; a key already used answers its first refund again and pays nothing (the same key with
 * another amount is a 409). The provider is called inside the transaction: a failure records nothing.
 */
export async function refundOrder(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  orderId: string,
  input: RefundOrderBody,
  options: RefundOptions = {},
): Promise<RefundReply> {
  authorize(actor, 'orders:write');
  const payments = options.payments ?? defaultPayments;
  const { event, replayed } = await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (!order) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
    const earlier = await trx
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (earlier) {
      if (input.amountCents !== undefined && input.amountCents !== earlier.amount_cents) {
        throw conflict(ORDER_CHANGE_MESSAGES.idempotencyKeyReused, { idempotencyKey: ORDER_CHANGE_MESSAGES.idempotencyKeyReused });
      }
      return { event: earlier, replayed: true };
    }
    const recorded = await refundLockedOrder(trx, website, actor, order, { amountCents: input.amountCents, idempotencyKey: input.idempotencyKey, note: input.note ?? '' }, payments);
    return { event: recorded, replayed: false };
  });
  const { order } = { order: await readOwnerOrder(db, website, orderId) };
  return {
    order,
    refund: {
      amount: moneyJson(event.amount_cents ?? 0, order.grandTotal.currency),
      idempotencyKey: input.idempotencyKey,
      paymentReference: event.payment_reference ?? '',
    },
    replayed,
  };
}
