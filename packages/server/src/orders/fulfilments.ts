import type { Kysely, Transaction } from 'kysely';
import { CARRIER_NAMES, isFullyFulfilled, leftToFulfil, planLines, trackingUrlFor, type Carrier } from '@vitrine/commerce';
import { FULFILMENT_MESSAGES, type CreateFulfilmentBody, type OwnerOrderJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { enqueueMail, renderSiteMail, siteUrlOf, type MailSettings } from '../mail';
import { actorLabel, readOwnerOrder, recordEvent } from './manage';
import { lineProgressOf, readOrderParts } from './order-progress';
import { orderNumberLabel } from './order-number';
import { ORDER_CHANGE_MESSAGES } from './order-status';
import { recordOrderWebhook } from './webhook-events';

/**
 * POST /api/owner/orders/:orderId/fulfilments (issue 38 item 2): ships some lines or all, with a carrier and a
 * tracking number, and queues the shipped mail in the same transaction (so it is mailed once, and only if the
 * fulfilment is kept). The order row is locked first: two fulfilments of one order queue, and the second judges
 * what the first left. Asking more than is left of a line is the caller's mistake (400); a line or an order already
 * shipped in full — what the loser of a race on the last unit finds — is a 409.
 */
export async function createFulfilment(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  orderId: string,
  input: CreateFulfilmentBody,
  mail: MailSettings,
): Promise<{ order: OwnerOrderJson }> {
  authorize(actor, 'orders:write');
  const carrier = input.carrier as Carrier;
  const trackingNumber = (input.trackingNumber ?? '').trim();
  if (carrier === 'other' && !input.trackingUrl) throw invalid(FULFILMENT_MESSAGES.trackingUrlNeeded, { trackingUrl: FULFILMENT_MESSAGES.trackingUrlNeeded });
  if (carrier !== 'other' && trackingNumber === '') throw invalid(FULFILMENT_MESSAGES.trackingNumberNeeded, { trackingNumber: FULFILMENT_MESSAGES.trackingNumberNeeded });
  const trackingUrl = trackingUrlFor(carrier, trackingNumber, input.trackingUrl);
  if (carrier === 'other' && !trackingUrl) throw invalid(FULFILMENT_MESSAGES.trackingUrl, { trackingUrl: FULFILMENT_MESSAGES.trackingUrl });

  await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (!order) throw notFound(ORDER_CHANGE_MESSAGES.notFound);
    if (order.status === 'fulfilled') throw conflict(FULFILMENT_MESSAGES.nothingLeft);
    if (order.status !== 'placed' && order.status !== 'partially_fulfilled') throw conflict(FULFILMENT_MESSAGES.notFulfillable);
    if (order.payment_status !== 'paid') throw conflict(ORDER_CHANGE_MESSAGES.paymentNotConfirmed);

    const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    const progress = lineProgressOf(items, await readOrderParts(trx, website.id, orderId, order.currency));
    const plan = planLines(progress, input.lines, leftToFulfil);
    if (!plan.ok) {
      const field = `lines.${input.lines.findIndex((line) => line.lineId === plan.lineId)}`;
      if (plan.reason === 'unknown-line') throw invalid(FULFILMENT_MESSAGES.unknownLine, { [field]: FULFILMENT_MESSAGES.unknownLine });
      if (plan.reason === 'repeated') throw invalid(FULFILMENT_MESSAGES.repeatedLine, { [field]: FULFILMENT_MESSAGES.repeatedLine });
      const message = FULFILMENT_MESSAGES.tooManyToFulfil(plan.allowed);
      // Nothing left of the line: shipped already (by another fulfilment, perhaps a moment ago).
      if (plan.allowed === 0) throw conflict(message, { [field]: message });
      throw invalid(message, { [field]: message });
    }

    const fulfilmentId = newId();
    await trx
      .insertInto('order_fulfilments')
      .values({ id: fulfilmentId, website_id: website.id, order_id: orderId, carrier, tracking_number: trackingNumber, tracking_url: trackingUrl, actor_label: actorLabel(actor) })
      .execute();
    await trx.insertInto('order_fulfilment_lines').values(plan.lines.map((line) => ({ fulfilment_id: fulfilmentId, order_item_id: line.lineId, quantity: line.quantity }))).execute();

    const complete = isFullyFulfilled(progress, plan.lines);
    await trx
      .updateTable('orders')
      .set(complete ? { status: 'fulfilled', fulfilled_at: new Date() } : { status: 'partially_fulfilled' })
      .where('id', '=', orderId)
      .execute();
    const note = [CARRIER_NAMES[carrier], trackingNumber].filter(Boolean).join(' ');
    await recordEvent(trx, website, actor, { order_id: orderId, kind: complete ? 'fulfilled' : 'partially_fulfilled', amount_cents: null, idempotency_key: null, payment_reference: null, note });
    if (complete) await recordOrderWebhook(trx, website, 'order.fulfilled', orderId);

    if (input.notifyShopper !== false) {
      const shipped = plan.lines.map((line) => {
        const item = items.find((candidate) => candidate.id === line.lineId)!;
        return {
          quantity: line.quantity,
          productName: item.product_name,
          options: item.option_values.map((option) => `${option.optionName}: ${option.value}`).join(', '),
        };
      });
      await enqueueShippedMail(trx, website, mail, {
        to: order.email,
        orderNumber: orderNumberLabel(order.order_number),
        orderId,
        complete,
        items: shipped,
        carrierName: CARRIER_NAMES[carrier],
        trackingNumber,
        trackingUrl,
      });
    }
  });
  return { order: await readOwnerOrder(db, website, orderId) };
}

interface ShippedMail {
  to: string;
  orderNumber: string;
  orderId: string;
  complete: boolean;
  items: Array<{ quantity: number; productName: string; options: string }>;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** The shipped mail, in the fulfilment's transaction: an order's parcel mails once. */
async function enqueueShippedMail(trx: Transaction<Database>, website: Website, mail: MailSettings, shipped: ShippedMail): Promise<void> {
  const siteUrl = siteUrlOf(mail, website);
  const { to, orderId, ...values } = shipped;
  const rendered = await renderSiteMail(trx, 'order-shipped', website, { ...values, orderUrl: shopperOrderUrl(siteUrl, orderId) }, { publicUrl: siteUrl });
  await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'order-shipped', to, ...rendered, dailyQuota: 'exempt' });
}

/** The order's status link, which the confirmation mail also gives: where the shopper follows it and asks for a return. */
export const shopperOrderUrl = (siteUrl: string, orderId: string) => `${siteUrl}/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}`;
