import type { Transaction } from 'kysely';
import { formatMoney } from '@vitrine/format';
import type { Database, Website } from '../db/schema';
import { enqueueMail, renderMail, siteUrlOf, type MailSettings } from '../mail';
import type { SubscriptionManageLinks } from './manage-links';
import { renewalDateLabel, subscriptionView, type SubscriptionRow } from './subscription-json';

/** What the subscription mails need: where they come from, where links point, how manage links are signed. */
export interface SubscriptionMailContext {
  mail: MailSettings;
  links: SubscriptionManageLinks;
}

export const CANCEL_REASONS = {
  shopper: 'You cancelled it.',
  owner: 'The store cancelled it.',
  payment: 'We could not take payment after several tries, so it was cancelled.',
} as const;

const manageUrlOf = (context: SubscriptionMailContext, website: Website, row: SubscriptionRow) => `${siteUrlOf(context.mail, website)}${context.links.path(row.website_id, row.id)}`;

async function send(trx: Transaction<Database>, website: Website, context: SubscriptionMailContext, row: SubscriptionRow, template: 'subscription-renewed' | 'subscription-payment-failed' | 'subscription-cancelled', values: Record<string, unknown>) {
  const rendered = renderMail(template, website, { productName: row.product_name, sku: row.sku, quantity: row.quantity, ...values }, { publicUrl: siteUrlOf(context.mail, website) });
  await enqueueMail(trx, website, context.mail.from, { kind: 'transactional', template, to: row.email, ...rendered, dailyQuota: 'exempt' });
}

/** A paid renewal: its order, what it cost, and when the next one comes (none after the last cycle). */
export async function enqueueRenewedMail(
  trx: Transaction<Database>, website: Website, context: SubscriptionMailContext, row: SubscriptionRow,
  order: { id: string; orderNumber: number; totalCents: number; testMode: boolean },
): Promise<void> {
  await send(trx, website, context, row, 'subscription-renewed', {
    orderNumber: `#${order.orderNumber}`,
    total: formatMoney(order.totalCents, row.currency.trim(), { locale: website.locale }),
    wording: subscriptionView(row, website).wording,
    testMode: order.testMode,
    nextRenewal: row.next_renewal_at ? renewalDateLabel(row.next_renewal_at, website) : '',
    orderUrl: `${siteUrlOf(context.mail, website)}/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
    manageUrl: manageUrlOf(context, website, row),
  });
}

/** A failed renewal that will be tried again on `retryAt`. */
export async function enqueuePaymentFailedMail(
  trx: Transaction<Database>, website: Website, context: SubscriptionMailContext, row: SubscriptionRow, reason: string, retryAt: Date,
): Promise<void> {
  await send(trx, website, context, row, 'subscription-payment-failed', {
    reason,
    retryDate: renewalDateLabel(retryAt, website),
    manageUrl: manageUrlOf(context, website, row),
  });
}

/** A cancelled subscription, by whom. */
export async function enqueueCancelledMail(
  trx: Transaction<Database>, website: Website, context: SubscriptionMailContext, row: SubscriptionRow, by: keyof typeof CANCEL_REASONS,
): Promise<void> {
  await send(trx, website, context, row, 'subscription-cancelled', { reason: CANCEL_REASONS[by], manageUrl: manageUrlOf(context, website, row) });
}
