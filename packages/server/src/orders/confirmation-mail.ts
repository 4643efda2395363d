import type { Transaction } from 'kysely';
import { formatMoney } from '@vitrine/format';
import type { Database, Website } from '../db/schema';
import { enqueueMail, renderMail, type MailSettings } from '../mail';
import { orderNumberLabel } from './order-number';

export interface ConfirmedOrder {
  id: string;
  /** The human number: 1001, … shown as '#1001' in the subject and body. */
  orderNumber: number;
  email: string;
  testMode: boolean;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  grandTotalCents: number;
  items: { sku: string; productName: string; quantity: number; unitPriceCents: number }[];
}

/**
 * The order confirmation, written to the outbox in the order's own transaction: an order that rolls back
 * mails nothing, and a committed one always has its mail. Amounts in the store's currency and locale.
 */
export async function enqueueOrderConfirmation(trx: Transaction<Database>, website: Website, mail: MailSettings, order: ConfirmedOrder): Promise<void> {
  const money = (cents: number) => formatMoney(cents, website.currency, { locale: website.locale });
  const rendered = renderMail('order-confirmation', website, {
    orderNumber: orderNumberLabel(order.orderNumber),
    testMode: order.testMode,
    items: order.items.map((item) => ({ ...item, lineTotal: money(item.unitPriceCents * item.quantity) })),
    subtotal: money(order.subtotalCents),
    shipping: order.shippingCents > 0 ? money(order.shippingCents) : '',
    tax: order.taxCents > 0 ? money(order.taxCents) : '',
    grandTotal: money(order.grandTotalCents),
    orderUrl: `${mail.publicUrl}/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
  });
  await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'order-confirmation', to: order.email, ...rendered });
}
