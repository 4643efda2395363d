import type { Transaction } from 'kysely';
import { formatMoney } from '@vitrine/format';
import type { Database, PostalAddress, Website } from '../db/schema';
import { countryName } from '../cart';
import { downloadLinkView, type DownloadLink } from '../downloads';
import { enqueueMail, renderSiteMail, siteUrlOf, type MailSettings } from '../mail';
import { orderNumberLabel } from './order-number';
import type { OrderItemRow, OrderRow } from './paid';

/**
 * The order confirmation (issue 17 item 9), written to the outbox in the order's own transaction: an order that
 * rolls back mails nothing, and a committed one always has its mail. It carries what the confirmation page shows:
 * the lines (with their options and SKU), every total that applies, the addresses and the download links.
 * Amounts in the store's currency and locale; every value is escaped by the templates (htmltag, htmlattr).
 */
export async function enqueueOrderConfirmation(
  trx: Transaction<Database>,
  website: Website,
  mail: MailSettings,
  order: OrderRow,
  items: readonly OrderItemRow[],
  downloads: readonly DownloadLink[],
): Promise<void> {
  const rendered = await renderSiteMail(trx, 'order-confirmation', website, confirmationMailValues(website, mail, order, items, downloads), { publicUrl: siteUrlOf(mail, website) });
  await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'order-confirmation', to: order.email, ...rendered, dailyQuota: 'exempt' });
}

/** The template's values, pure: what the mail says of this order. */
export function confirmationMailValues(
  website: Website,
  mail: Pick<MailSettings, 'publicUrl'>,
  order: OrderRow,
  items: readonly OrderItemRow[],
  downloads: readonly DownloadLink[],
): Record<string, unknown> {
  const money = (cents: number) => formatMoney(Number(cents), website.currency, { locale: website.locale });
  const shippingOption = order.shipping_option;
  const discount = Number(order.discount_total_cents);
  const giftCard = Number(order.gift_card_total_cents);
  const shipping = Number(order.shipping_total_cents);
  const tax = Number(order.tax_total_cents);
  return {
    orderNumber: orderNumberLabel(order.order_number),
    testMode: order.test_mode,
    // A manual order mailed when placed: not confirmed yet, and how to pay (the owner's words, as kept on the order).
    awaitingPayment: order.payment_status === 'pending' && order.payment_method_label !== null,
    // The same order's second mail, once the owner marked it paid: "payment received", not a second "thank you for your order".
    paymentReceived: order.payment_status === 'paid' && order.payment_method_label !== null,
    paymentMethod: order.payment_method_label ?? '',
    paymentInstructions:
      order.payment_status === 'pending' && order.payment_method_label !== null
        ? { label: order.payment_method_label, lines: (order.payment_instructions ?? '').split(/\r?\n/) }
        : null,
    items: items.map((item) => ({
      quantity: item.quantity,
      productName: item.product_name,
      sku: item.sku,
      // 'Size: M, Colour: Navy': the values chosen, kept with the line (migration 027).
      options: item.option_values.map((option) => `${option.optionName}: ${option.value}`).join(', '),
      lineTotal: money(item.unit_price_cents * item.quantity),
    })),
    subtotal: money(order.subtotal_cents),
    discount: discount > 0 ? `−${money(discount)}` : '',
    couponCodes: order.coupon_codes.length > 0 ? order.coupon_codes.join(', ') : '',
    // A chosen option is shown even when free; an order with nothing to ship shows no shipping line.
    shipping: shippingOption || shipping > 0 ? (shipping > 0 ? money(shipping) : 'Free') : '',
    shippingName: shippingOption?.name ?? '',
    tax: tax > 0 ? money(tax) : '',
    giftCard: giftCard > 0 ? `−${money(giftCard)}` : '',
    // What the shopper paid, as the checkout's Total and the order-confirmed page say: gift cards are taken off above.
    grandTotal: money(Math.max(0, Number(order.grand_total_cents) - giftCard)),
    shippingAddress: addressLines(order.shipping_address, website.locale),
    billingAddress: addressLines(order.billing_address ?? order.shipping_address, website.locale),
    downloads: downloads.map((link) => downloadLinkView(link, website, siteUrlOf(mail, website))),
    orderUrl: `${siteUrlOf(mail, website)}/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
  };
}

/**
 * An address as the lines an envelope shows, in the order most countries write them: name, street, the city line
 * (city, region, postal code), the country's name in the store's language, the phone. Null without an address.
 */
export function addressLines(address: PostalAddress | null, locale: string): { lines: string[] } | null {
  if (!address) return null;
  const country = countryName(address.country, locale);
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { lines: [address.name, address.line1, address.line2 ?? '', cityLine, country, address.phone ?? ''].filter((line) => line.trim() !== '') };
}

