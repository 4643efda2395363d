import type { Kysely, Selectable, Transaction } from 'kysely';
import { leftToReturn, planLines } from '@vitrine/commerce';
import {
  FULFILMENT_MESSAGES, RETURN_REASONS, RETURN_REQUEST_MESSAGES, RETURNABLE_ORDER_STATUSES, type DeclineReturnBody, type OwnerOrderJson, type RefundReturnBody, type RequestReturnBody, type ReturnStepBody,
  type ShopperReturnsReply,
} from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import { authorize } from '../authorize';
import { returnStock } from '../catalog';
import { stockLinesOf } from './stock-lines';
import type { Database, OrderItemsTable, OrderReturnStatus, OrdersTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { enqueueMail, renderSiteMail, siteUrlOf, type MailSettings } from '../mail';
import { contributorEmailsWith } from '../owner';
import { shopperOrderUrl } from './fulfilments';
import { readOwnerOrder, recordEvent, refundLockedOrder } from './manage';
import { orderNumberLabel } from './order-number';
import { lineProgressJson, lineProgressOf, readOrderParts } from './order-progress';
import { ORDER_CHANGE_MESSAGES } from './order-status';
import type { PaymentProvider } from './payment-provider';

/**
 * Returns (issue 38 item 2). The shopper asks from the order's link (its id is the key, as for the order-confirmed
 * page): lines and quantities at most what was shipped less what earlier returns asked for, a reason from the list
 * and a note. The owner approves or declines (with a message; both mail the shopper), marks it received, then
 * refunds it — the lines' share of what was paid, through the provider that took the payment — and restocks the
 * lines asked for. Each step is one conditional change of the return's status under the order's row lock, so a
 * double-click refunds and restocks once: the second request finds the return refunded and gets a 409.
 */

type OrderRow = Selectable<OrdersTable>;
type ItemRow = Selectable<OrderItemsTable>;


async function shopperReturnsOf(db: Kysely<Database> | Transaction<Database>, website: Website, order: OrderRow): Promise<ShopperReturnsReply> {
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  const parts = await readOrderParts(db, website.id, order.id, order.currency);
  return {
    orderNumber: order.order_number,
    lines: lineProgressOf(items, parts).map(lineProgressJson),
    returns: parts.returns,
    reasons: Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label })),
  };
}

async function findShopperOrder(db: Kysely<Database> | Transaction<Database>, website: Website, orderId: string, lock = false): Promise<OrderRow> {
  let query = db.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId);
  if (lock) query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
  return order;
}

/**
 * The order's link is the key to it (as for the order-confirmed page), with one exception: a shopper signed in to
 * another account than the one that placed the order (by account or by email) is refused as if it did not exist.
 */
function refuseOtherShopper(actor: Actor, order: OrderRow): void {
  const signedIn = siteUserOf(actor);
  if (!signedIn || signedIn.role !== undefined) return;
  const own = order.site_user_id === signedIn.id || order.email.toLowerCase() === signedIn.email.toLowerCase();
  if (!own) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
}

/** GET /api/commerce/orders/:orderId/returns, for the shopper the order belongs to (refuseOtherShopper). */
export async function getShopperReturns(db: Kysely<Database>, website: Website, actor: Actor, orderId: string): Promise<ShopperReturnsReply> {
  const order = await findShopperOrder(db, website, orderId);
  refuseOtherShopper(actor, order);
  return shopperReturnsOf(db, website, order);
}

/**
 * POST /api/commerce/orders/:orderId/returns (and the order page's plain form). In the same transaction as the
 * request: the order's history and a mail to each contributor who handles orders (orders:write), through the outbox.
 */
export async function requestReturn(
  db: Kysely<Database>, website: Website, actor: Actor, orderId: string, input: RequestReturnBody, options: { mail: MailSettings },
): Promise<ShopperReturnsReply> {
  return inTransaction(db, async (trx) => {
    const order = await findShopperOrder(trx, website, orderId, true);
    refuseOtherShopper(actor, order);
    if (!RETURNABLE_ORDER_STATUSES.includes(order.status)) throw conflict(FULFILMENT_MESSAGES.notReturnable);
    if (input.reason === 'other' && !input.note?.trim()) throw invalid(RETURN_REQUEST_MESSAGES.otherNeedsNote, { note: RETURN_REQUEST_MESSAGES.otherNeedsNote });
    const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    const progress = lineProgressOf(items, await readOrderParts(trx, website.id, orderId, order.currency));
    const plan = planLines(progress, input.lines, leftToReturn);
    if (!plan.ok) {
      const field = `lines.${input.lines.findIndex((line) => line.lineId === plan.lineId)}`;
      const message =
        plan.reason === 'unknown-line' ? FULFILMENT_MESSAGES.unknownLine : plan.reason === 'repeated' ? FULFILMENT_MESSAGES.repeatedLine : FULFILMENT_MESSAGES.tooManyToReturn(plan.allowed);
      throw invalid(message, { [field]: message });
    }
    const returnId = newId();
    await trx.insertInto('order_returns').values({ id: returnId, website_id: website.id, order_id: orderId, reason: input.reason, note: input.note ?? '' }).execute();
    await trx.insertInto('order_return_lines').values(plan.lines.map((line) => ({ return_id: returnId, order_item_id: line.lineId, quantity: line.quantity }))).execute();
    const note = [RETURN_REASONS[input.reason], input.note].filter(Boolean).join(': ');
    await recordEvent(trx, website, actor, { order_id: orderId, kind: 'return_requested', amount_cents: null, idempotency_key: null, payment_reference: null, note });
    await enqueueReturnRequestedMail(trx, website, options.mail, order, items, plan.lines.map((line) => ({ order_item_id: line.lineId, quantity: line.quantity })), note);
    return shopperReturnsOf(trx, website, order);
  });
}

export interface ReturnStepOptions {
  mail: MailSettings;
  payments?: PaymentProvider;
}

/**
 * One step of a return: under the order's lock, the return moves from `from` to `to` or the call is refused with a 409
 * naming its status; `work` does the step's own writes in the same transaction.
 */
async function stepReturn(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  ids: { orderId: string; returnId: string },
  from: OrderReturnStatus,
  to: OrderReturnStatus,
  work: (trx: Transaction<Database>, order: OrderRow, items: ItemRow[], lines: Array<{ order_item_id: string; quantity: number }>) => Promise<void>,
): Promise<{ order: OwnerOrderJson }> {
  authorize(actor, 'orders:write');
  await inTransaction(db, async (trx) => {
    const order = await findShopperOrder(trx, website, ids.orderId, true);
    const changed = await trx
      .updateTable('order_returns')
      .set({ status: to, updated_at: new Date() })
      .where('website_id', '=', website.id)
      .where('order_id', '=', order.id)
      .where('id', '=', ids.returnId)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst();
    if (!changed) {
      const current = await trx.selectFrom('order_returns').select('status').where('website_id', '=', website.id).where('order_id', '=', order.id).where('id', '=', ids.returnId).executeTakeFirst();
      if (!current) throw notFound(FULFILMENT_MESSAGES.returnNotFound);
      throw conflict(FULFILMENT_MESSAGES.returnIs(current.status));
    }
    const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
    const lines = await trx.selectFrom('order_return_lines').select(['order_item_id', 'quantity']).where('return_id', '=', ids.returnId).execute();
    await work(trx, order, items, lines);
  });
  return { order: await readOwnerOrder(db, website, ids.orderId) };
}

const event = (orderId: string, kind: 'return_approved' | 'return_declined' | 'return_received' | 'return_refunded', note: string) => ({
  order_id: orderId,
  kind,
  amount_cents: null,
  idempotency_key: null,
  payment_reference: null,
  note,
});

/** POST …/returns/:returnId/approve */
export function approveReturn(db: Kysely<Database>, website: Website, actor: Actor, ids: { orderId: string; returnId: string }, input: ReturnStepBody, options: ReturnStepOptions) {
  return stepReturn(db, website, actor, ids, 'requested', 'approved', async (trx, order, items, lines) => {
    await recordEvent(trx, website, actor, event(order.id, 'return_approved', input.note ?? ''));
    await enqueueReturnMail(trx, website, options.mail, order, items, lines, {
      subjectLine: 'Your return is approved',
      heading: 'Your return is approved.',
      message: 'Please send these items back to us. We refund them once they arrive.',
      ownerMessage: input.note ?? '',
    });
  });
}

/** POST …/returns/:returnId/decline */
export function declineReturn(db: Kysely<Database>, website: Website, actor: Actor, ids: { orderId: string; returnId: string }, input: DeclineReturnBody, options: ReturnStepOptions) {
  return stepReturn(db, website, actor, ids, 'requested', 'declined', async (trx, order, items, lines) => {
    await trx.updateTable('order_returns').set({ decline_message: input.message }).where('id', '=', ids.returnId).execute();
    await recordEvent(trx, website, actor, event(order.id, 'return_declined', input.message));
    await enqueueReturnMail(trx, website, options.mail, order, items, lines, {
      subjectLine: 'About your return',
      heading: 'We cannot accept this return.',
      message: 'Here is why:',
      ownerMessage: input.message,
    });
  });
}

/** POST …/returns/:returnId/receive */
export function receiveReturn(db: Kysely<Database>, website: Website, actor: Actor, ids: { orderId: string; returnId: string }, input: ReturnStepBody) {
  return stepReturn(db, website, actor, ids, 'approved', 'received', async (trx, order) => {
    await recordEvent(trx, website, actor, event(order.id, 'return_received', input.note ?? ''));
  });
}

/**
 * What a return's lines paid: each line's charged amount (price × quantity, less its discount, plus its tax) shared
 * over its units, for the units sent back; rounded down, so shares never add up past what was paid.
 */
export function returnAmountCents(items: readonly ItemRow[], lines: ReadonlyArray<{ order_item_id: string; quantity: number }>): number {
  let total = 0;
  for (const line of lines) {
    const item = items.find((candidate) => candidate.id === line.order_item_id);
    if (!item || item.quantity <= 0) continue;
    const charged = Number(item.unit_price_cents) * item.quantity - Number(item.discount_cents) + Number(item.tax_cents);
    total += Math.floor((charged * line.quantity) / item.quantity);
  }
  return total;
}

/** POST …/returns/:returnId/refund: received → refunded, the money and the restock once. */
export function refundReturn(db: Kysely<Database>, website: Website, actor: Actor, ids: { orderId: string; returnId: string }, input: RefundReturnBody, options: ReturnStepOptions) {
  return stepReturn(db, website, actor, ids, 'received', 'refunded', async (trx, order, items, lines) => {
    const restock = new Set(input.restock ?? []);
    for (const lineId of restock) {
      if (!lines.some((line) => line.order_item_id === lineId)) throw invalid(FULFILMENT_MESSAGES.restock, { restock: FULFILMENT_MESSAGES.restock });
    }
    // At most what is left to refund of the order (an earlier refund by amount may have paid some back already).
    const refundable = Number(order.grand_total_cents) - Number(order.gift_card_total_cents) - Number(order.refunded_cents);
    const amount = Math.min(returnAmountCents(items, lines), refundable);
    if (amount > 0) {
      await refundLockedOrder(trx, website, actor, order, { amountCents: amount, idempotencyKey: `return-${ids.returnId}`, note: input.note ?? '', kind: 'return_refunded' }, options.payments);
    } else {
      await recordEvent(trx, website, actor, event(order.id, 'return_refunded', input.note ?? ''));
    }
    await trx.updateTable('order_returns').set({ refunded_cents: amount }).where('id', '=', ids.returnId).execute();
    const back = lines.filter((line) => restock.has(line.order_item_id));
    if (back.length > 0) {
      await trx.updateTable('order_return_lines').set({ restock: true }).where('return_id', '=', ids.returnId).where('order_item_id', 'in', back.map((line) => line.order_item_id)).execute();
      await returnStock(trx, website.id, stockLinesOf(back.map((line) => ({ variant_id: items.find((item) => item.id === line.order_item_id)!.variant_id, quantity: line.quantity }))));
    }
    await enqueueReturnMail(trx, website, options.mail, order, items, lines, {
      subjectLine: 'Your return is refunded',
      heading: 'Your return is refunded.',
      message: 'We received your return and refunded it to the way you paid.',
      ownerMessage: '',
    });
  });
}

async function enqueueReturnMail(
  trx: Transaction<Database>,
  website: Website,
  mail: MailSettings,
  order: OrderRow,
  items: readonly ItemRow[],
  lines: ReadonlyArray<{ order_item_id: string; quantity: number }>,
  words: { subjectLine: string; heading: string; message: string; ownerMessage: string },
): Promise<void> {
  const siteUrl = siteUrlOf(mail, website);
  const values = {
    ...words,
    orderNumber: orderNumberLabel(order.order_number),
    items: lines.map((line) => ({ quantity: line.quantity, productName: items.find((item) => item.id === line.order_item_id)?.product_name ?? '' })),
    orderUrl: shopperOrderUrl(siteUrl, order.id),
  };
  const rendered = await renderSiteMail(trx, 'return-update', website, values, { publicUrl: siteUrl });
  await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'return-update', to: order.email, ...rendered, dailyQuota: 'exempt' });
}

/** The owner's notice of a new return request: to every contributor who may act on it, never refused by the day's quota. */
async function enqueueReturnRequestedMail(
  trx: Transaction<Database>,
  website: Website,
  mail: MailSettings,
  order: OrderRow,
  items: readonly ItemRow[],
  lines: ReadonlyArray<{ order_item_id: string; quantity: number }>,
  reason: string,
): Promise<void> {
  const siteUrl = siteUrlOf(mail, website);
  const values = {
    orderNumber: orderNumberLabel(order.order_number),
    shopperEmail: order.email,
    reason,
    items: lines.map((line) => ({ quantity: line.quantity, productName: items.find((item) => item.id === line.order_item_id)?.product_name ?? '' })),
    ownerOrderUrl: `${siteUrl}/config/orders/${encodeURIComponent(order.id)}`,
  };
  for (const to of await contributorEmailsWith(trx, website.id, 'orders:write')) {
    const rendered = await renderSiteMail(trx, 'return-requested', website, values, { publicUrl: siteUrl });
    await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'return-requested', to, ...rendered, dailyQuota: 'exempt' });
  }
}
