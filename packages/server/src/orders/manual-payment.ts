import type { Kysely } from 'kysely';
import type { OrderChangeBody, OwnerOrderJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, notFound } from '../failures';
import { readOwnerOrder, recordEvent } from './manage';
import { ORDER_CHANGE_MESSAGES } from './order-status';
import type { PaidOrderContext } from './paid';
import { markOrderPaidIn } from './payment-lifecycle';
import { MANUAL_PAYMENT_PROVIDER } from './payment-provider';

/**
 * The manual payment method (issue 38 item 6): bank transfer, cash on delivery, or whatever the owner calls it. The
 * owner turns it on in the commerce preferences with a label and the instructions the shopper follows; an order
 * placed with it is recorded like a card payment still pending — stock held, nothing delivered, no paid-order steps —
 * with `payment_provider` 'manual', the label and instructions kept on the order, and `payment_expires_at` the
 * owner's number of days away (7 unless set). Then either the owner's "Mark as paid" (below) runs the paid-order steps
 * once (downloads, gift cards, the confirmation mail), or the expiry job lets the order go and puts its stock back
 * (orders/payment-lifecycle-expiry.ts: no provider to ask), or the owner cancels it.
 */

/** How long a manual order waits for its payment when the owner has not said (manualPaymentExpiryDays). */
export const DEFAULT_MANUAL_PAYMENT_EXPIRY_DAYS = 7;

export const MANUAL_PAYMENT_MESSAGES = {
  notOffered: 'This store does not take that payment method. Choose another.',
  subscriptions: 'A subscription is paid by card: choose another payment method.',
  notManual: 'Only an order placed with the manual payment method is marked as paid here.',
  cancelled: 'This order was cancelled, so it cannot be marked as paid.',
  historyNote: (label: string) => `Marked as paid (${label}).`,
} as const;

export interface ManualPaymentMethod {
  label: string;
  instructions: string;
  expiryDays: number;
}

const filled = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The store's manual method when the owner has it on (with a label and instructions), else null. */
export function manualPaymentOf(website: Pick<Website, 'settings'>): ManualPaymentMethod | null {
  const settings = website.settings;
  if (settings.manualPaymentEnabled !== true) return null;
  const label = filled(settings.manualPaymentLabel);
  const instructions = filled(settings.manualPaymentInstructions);
  if (!label || !instructions) return null;
  const days = settings.manualPaymentExpiryDays;
  return { label, instructions, expiryDays: typeof days === 'number' && Number.isInteger(days) && days >= 1 ? days : DEFAULT_MANUAL_PAYMENT_EXPIRY_DAYS };
}

/**
 * POST /api/owner/orders/:orderId/mark-paid: the owner received a manual order's money. The order row is locked and
 * moved from pending to paid once (markOrderPaidIn), the paid-order steps and the history's entry in the same
 * transaction: a double click, or two owners at once, pay it once — the second finds it paid and answers the order
 * as it is. A cancelled or expired order is refused (its stock went back).
 */
export async function markManualOrderPaid(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  orderId: string,
  input: OrderChangeBody,
  context: PaidOrderContext,
): Promise<{ order: OwnerOrderJson }> {
  authorize(actor, 'orders:write');
  await inTransaction(db, async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'status', 'payment_provider', 'payment_status', 'payment_method_label'])
      .where('website_id', '=', website.id)
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
    if (order.payment_provider !== MANUAL_PAYMENT_PROVIDER) throw conflict(MANUAL_PAYMENT_MESSAGES.notManual);
    if (order.payment_status === 'paid') return;
    if (order.payment_status !== 'pending' || order.status === 'cancelled') throw conflict(MANUAL_PAYMENT_MESSAGES.cancelled);
    const outcome = await markOrderPaidIn(trx, website, { orderId }, context);
    if (outcome !== 'paid') throw conflict(MANUAL_PAYMENT_MESSAGES.cancelled);
    const note = [MANUAL_PAYMENT_MESSAGES.historyNote(order.payment_method_label ?? 'manual'), input.note ?? ''].filter(Boolean).join(' ');
    await recordEvent(trx, website, actor, { order_id: orderId, kind: 'paid', amount_cents: null, idempotency_key: null, payment_reference: null, note });
  });
  return { order: await readOwnerOrder(db, website, orderId) };
}
