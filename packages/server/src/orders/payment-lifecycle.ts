import { sql, type Kysely, type Transaction } from 'kysely';
import { formatMoney } from '@vitrine/format';
import type { Database, PaymentStatus, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { newId } from '../ids';
import { onOrderPaid, onOrderPaymentFailed, type OrderRow, type PaidOrderContext } from './paid';

/**
 * What happens to an order whose payment was pending (placed with a provider that confirms in the browser, such as
 * Stripe): the provider's word (a webhook) or the expiry job moves it to paid, or lets it go. Each move locks the
 * order row and acts only from 'pending', so a webhook delivered twice, a webhook racing the expiry job, or two
 * expiry jobs racing each other change an order once; the paid-order steps (onOrderPaid) and the undoing steps
 * (onOrderPaymentFailed) run in the transaction of that one change.
 *
 * The functions ending in `In` work inside the caller's transaction (the webhook records its event in the same one);
 * the others open their own.
 */

/** Who the order history names for changes made by the provider's word or the expiry job. */
export const PAYMENT_ACTOR_LABEL = 'payments';

export const PAYMENT_LIFECYCLE_NOTES = {
  failed: 'The payment failed: the order was cancelled, its items put back in stock.',
  expired: 'The payment was not completed in time: the order was cancelled, its items put back in stock.',
  /** The provider took the money after the order was let go: the owner refunds it by hand (or ships after all). */
  late: (amount: string, reference: string) =>
    `A payment of ${amount} (${reference}) succeeded after this order was cancelled. Its items went back in stock: refund the payment with the provider, or restock and fulfil the order by hand.`,
} as const;

/** Which order: its id, its payment reference, or both (then both must match). */
export interface PaymentTarget {
  orderId?: string;
  paymentReference?: string;
}

export interface MarkPaidInput extends PaymentTarget {
  /** The provider's customer (kept to charge subscription renewals); the order keeps what it had when absent. */
  customerReference?: string | null;
}

export type MarkPaidOutcome =
  /** pending → paid: the paid-order steps ran. */
  | 'paid'
  /** Already paid: nothing done. */
  | 'already-paid'
  /** Failed or expired before the money came: recorded in the order's history for the owner, nothing else. */
  | 'late'
  | 'not-found';

export type FailOutcome = 'cancelled' | 'not-pending' | 'not-found';

/** The select of the order a target names, this website's only; undefined for a target that names nothing. */
function selectTarget(db: Kysely<Database> | Transaction<Database>, website: Website, target: PaymentTarget) {
  if (target.orderId === undefined && target.paymentReference === undefined) return undefined;
  if ((target.orderId?.length ?? 0) > 64 || (target.paymentReference?.length ?? 0) > 255) return undefined;
  let query = db.selectFrom('orders').where('website_id', '=', website.id);
  if (target.orderId !== undefined) query = query.where('id', '=', target.orderId);
  if (target.paymentReference !== undefined) query = query.where('payment_reference', '=', target.paymentReference);
  return query;
}

async function lockOrder(trx: Transaction<Database>, website: Website, target: PaymentTarget): Promise<OrderRow | undefined> {
  return selectTarget(trx, website, target)?.selectAll().forUpdate().executeTakeFirst();
}

const readItems = (trx: Transaction<Database>, orderId: string) =>
  trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();

/** markOrderPaid inside the caller's transaction. */
export async function markOrderPaidIn(
  trx: Transaction<Database>,
  website: Website,
  input: MarkPaidInput,
  context: PaidOrderContext,
): Promise<MarkPaidOutcome> {
  const order = await lockOrder(trx, website, input);
  if (!order) return 'not-found';
  if (order.payment_status === 'paid') return 'already-paid';
  if (order.payment_status !== 'pending') {
    await recordLatePayment(trx, website, order);
    return 'late';
  }
  if (order.status === 'cancelled') {
    // The owner cancelled it while the payment was pending (its stock went back then): the money is kept as paid, so
    // the owner can refund it from the order, but nothing of a sale happens (no downloads, cards, mail).
    await trx
      .updateTable('orders')
      .set({ payment_status: 'paid', paid_at: sql<Date>`now()`, payment_customer_reference: input.customerReference ?? order.payment_customer_reference })
      .where('id', '=', order.id)
      .execute();
    await recordLatePayment(trx, website, order);
    return 'late';
  }
  const paid = await trx
    .updateTable('orders')
    .set({
      payment_status: 'paid',
      paid_at: sql<Date>`now()`,
      payment_customer_reference: input.customerReference ?? order.payment_customer_reference,
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await onOrderPaid(trx, website, paid, await readItems(trx, order.id), context);
  return 'paid';
}

/**
 * The provider says the payment succeeded: a pending order becomes paid (paid_at, the provider's customer) and the
 * paid-order steps run (downloads, gift cards, subscriptions, the confirmation mail), in one transaction. An order
 * already paid is left alone. An order already let go (failed or expired) is not revived, since its stock and coupon
 * uses went back and may be taken by now: the late payment is written to its history for the owner to refund.
 */
export async function markOrderPaid(db: Kysely<Database>, website: Website, input: MarkPaidInput, context: PaidOrderContext): Promise<MarkPaidOutcome> {
  return inTransaction(db, (trx) => markOrderPaidIn(trx, website, input, context));
}

/** A late payment, once per payment reference (the history's idempotency key is unique per order). */
async function recordLatePayment(trx: Transaction<Database>, website: Website, order: OrderRow): Promise<void> {
  const amount = formatMoney(order.grand_total_cents - order.gift_card_total_cents, order.currency, { locale: website.locale });
  await trx
    .insertInto('order_events')
    .values({
      id: newId(),
      website_id: website.id,
      order_id: order.id,
      // The history knows fulfilled, cancelled and refunded: this note belongs with the cancellation it follows.
      kind: 'cancelled',
      amount_cents: null,
      idempotency_key: `late-payment:${order.payment_reference}`,
      payment_reference: order.payment_reference,
      note: PAYMENT_LIFECYCLE_NOTES.late(amount, order.payment_reference),
      actor_label: PAYMENT_ACTOR_LABEL,
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
    .execute();
}

/** failPendingOrder inside the caller's transaction. */
export async function failPendingOrderIn(
  trx: Transaction<Database>,
  website: Website,
  target: PaymentTarget,
  reason: Extract<PaymentStatus, 'failed' | 'expired'>,
): Promise<FailOutcome> {
  const order = await lockOrder(trx, website, target);
  if (!order) return 'not-found';
  if (order.payment_status !== 'pending') return 'not-pending';
  if (order.status === 'cancelled') {
    // The owner cancelled it while the payment was pending, and its stock went back then: only the payment is closed.
    await trx.updateTable('orders').set({ payment_status: reason }).where('id', '=', order.id).execute();
    return 'not-pending';
  }
  const cancelled = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: sql<Date>`now()`, payment_status: reason })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await onOrderPaymentFailed(trx, website, cancelled, await readItems(trx, order.id));
  await trx
    .insertInto('order_events')
    .values({
      id: newId(),
      website_id: website.id,
      order_id: order.id,
      kind: 'cancelled',
      amount_cents: null,
      idempotency_key: null,
      payment_reference: order.payment_reference,
      note: PAYMENT_LIFECYCLE_NOTES[reason],
      actor_label: PAYMENT_ACTOR_LABEL,
    })
    .execute();
  return 'cancelled';
}

/**
 * Lets a pending order go: its payment failed for good (the provider cancelled it) or expired. The order is
 * cancelled (status, cancelled_at, payment_status) and onOrderPaymentFailed gives back what it held (stock, coupon
 * uses, gift card amounts), in one transaction; an order that is not pending is left alone.
 */
export async function failPendingOrder(
  db: Kysely<Database>,
  website: Website,
  orderId: string,
  reason: Extract<PaymentStatus, 'failed' | 'expired'>,
): Promise<FailOutcome> {
  return inTransaction(db, (trx) => failPendingOrderIn(trx, website, { orderId }, reason));
}

/** The order a provider's event names (id and payment status), read without a lock: an event that changes nothing. */
export async function findPaymentOrder(
  db: Kysely<Database> | Transaction<Database>,
  website: Website,
  target: PaymentTarget,
): Promise<{ id: string; paymentStatus: PaymentStatus } | undefined> {
  const row = await selectTarget(db, website, target)?.select(['id', 'payment_status']).executeTakeFirst();
  return row ? { id: row.id, paymentStatus: row.payment_status } : undefined;
}

/** A provider that can hand the browser a pending payment again (Stripe: the PaymentIntent's client secret). */
export interface PendingPaymentResumer {
  resumePendingPayment(paymentReference: string): Promise<{ clientSecret: string } | undefined>;
}

const canResume = (provider: object): provider is PendingPaymentResumer => typeof (provider as Partial<PendingPaymentResumer>).resumePendingPayment === 'function';

/**
 * The pending payment of an order placed earlier, for a checkout retried after its answer was lost: placeOrder
 * answers the same order, and the browser still needs the payment to confirm it. Null when the order is not pending,
 * past its time, or of a provider that cannot give it again.
 */
export async function resumePendingPayment(
  db: Kysely<Database>,
  website: Website,
  orderId: string,
  provider: { name: string } & object,
): Promise<{ clientSecret: string; expiresAt: Date } | null> {
  const row = await selectTarget(db, website, { orderId })?.select(['payment_status', 'payment_provider', 'payment_reference', 'payment_expires_at']).executeTakeFirst();
  if (!row || row.payment_status !== 'pending' || row.payment_provider !== provider.name || !row.payment_expires_at) return null;
  if (row.payment_expires_at.getTime() <= Date.now() || !canResume(provider)) return null;
  const resumed = await provider.resumePendingPayment(row.payment_reference);
  return resumed ? { clientSecret: resumed.clientSecret, expiresAt: row.payment_expires_at } : null;
}
