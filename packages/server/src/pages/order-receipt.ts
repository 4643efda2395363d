import type { Money, Order } from '@vitrine/commerce/cart';
import { moneyShapeToMinorUnits, toMoneyShapes } from '@vitrine/format';

/** One line of the receipt: what was bought, how many, at what price, and the line's total. */
export interface ReceiptLine {
  productName: string;
  /** 'Size: S, Color: White', or '' for a product without options. */
  options: string;
  sku: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
}

/**
 * One total of the receipt. The template writes `amount` through the store's money format, with a minus sign
 * (U+2212, as the checkout's summary writes it) when `deduction`, or 'Free' when `free`. Every flag is set on every
 * row: the template looks a name it misses up in the scopes around the row.
 */
export interface ReceiptTotal {
  label: string;
  amount: Money;
  deduction: boolean;
  free: boolean;
  /** The last row: what the shopper paid besides gift cards. */
  total: boolean;
}

export interface OrderReceipt {
  lines: ReceiptLine[];
  totals: ReceiptTotal[];
}

/**
 * The order-confirmed page's receipt, pure: the lines with their totals, then only the totals that apply, in the
 * order the checkout's summary showed them — Subtotal; Discount (its codes); Shipping (its option; 'Free' when
 * an option was chosen at no cost); Tax; Paid by gift card; Total. Total is what the shopper paid by other means
 * (the order's grand total less its gift cards), the amount the checkout's 'Total' said before 'Pay now'.
 */
export function orderReceipt(order: Order): OrderReceipt {
  const currency = order.grandTotal.currency;
  const cents = (money: Money | undefined) => (money ? moneyShapeToMinorUnits(money) : 0n);
  const money = (minorUnits: bigint): Money => toMoneyShapes(minorUnits, currency).value;
  const lines = order.items.map((item) => ({
    productName: item.productName,
    options: (item.optionValues ?? []).map((option) => `${option.optionName}: ${option.value}`).join(', '),
    sku: item.sku,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    lineTotal: money(cents(item.unitPrice) * BigInt(item.quantity)),
  }));
  const subtotal = order.subtotal ? cents(order.subtotal) : lines.reduce((sum, line) => sum + cents(line.lineTotal), 0n);
  const discount = cents(order.discountTotal);
  const shipping = cents(order.shippingTotal);
  const tax = cents(order.taxTotal);
  const giftCard = cents(order.giftCardTotal);
  const row = (label: string, minorUnits: bigint, flags: Partial<Pick<ReceiptTotal, 'deduction' | 'free' | 'total'>> = {}): ReceiptTotal => ({
    label, amount: money(minorUnits), deduction: false, free: false, total: false, ...flags,
  });
  const totals: ReceiptTotal[] = [row('Subtotal', subtotal)];
  if (discount > 0n) totals.push(row(withDetail('Discount', (order.couponCodes ?? []).join(', ')), discount, { deduction: true }));
  // A shipped order shows its option even when it was free; an order with nothing to ship shows no shipping row.
  const shippingOption = order.shippingOptionName ?? '';
  if (shippingOption !== '' || shipping > 0n) totals.push(row(withDetail('Shipping', shippingOption), shipping, { free: shipping === 0n }));
  if (tax > 0n) totals.push(row('Tax', tax));
  if (giftCard > 0n) totals.push(row('Paid by gift card', giftCard, { deduction: true }));
  const paid = cents(order.grandTotal) - giftCard;
  totals.push(row('Total', paid > 0n ? paid : 0n, { total: true }));
  return { lines, totals };
}

/** 'Discount (WELCOME10)', 'Shipping (Standard)'; the bare label without a detail. */
function withDetail(label: string, detail: string): string {
  return detail.trim() === '' ? label : `${label} (${detail})`;
}
