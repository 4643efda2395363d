import type { Order } from '@vitrine/commerce/cart';
import { describe, expect, it } from 'vitest';
import { orderReceipt } from './order-receipt';

const usd = (value: string) => ({ value, currency: 'USD' });

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-1', orderNumber: 1001, purchasedCartId: 'cart-1', testMode: true, websiteId: 'site-1',
    items: [{ sku: 'SHIRT-S-WHITE', productName: 'Linen Shirt', quantity: 1, unitPrice: usd('45.00') }],
    subtotal: usd('45.00'), discountTotal: usd('0.00'), shippingTotal: usd('0.00'), taxTotal: usd('0.00'),
    giftCardTotal: usd('0.00'), grandTotal: usd('45.00'), shippingOptionName: null, couponCodes: [],
    ...overrides,
  };
}

/** The totals as a shopper reads them: [label, flags, amount]. */
const rows = (value: Order) =>
  orderReceipt(value).totals.map((row) => [row.label, row.free ? 'free' : row.deduction ? 'minus' : row.total ? 'total' : '', row.amount.value]);

describe('orderReceipt', () => {
  it('lists a line total for each line, in minor units', () => {
    const receipt = orderReceipt(order({ items: [{ sku: 'MUG', productName: 'Mug', quantity: 3, unitPrice: usd('12.35'), optionValues: [{ optionName: 'Color', value: 'Blue' }] }], subtotal: usd('37.05'), grandTotal: usd('37.05') }));
    expect(receipt.lines).toEqual([{ productName: 'Mug', options: 'Color: Blue', sku: 'MUG', quantity: 3, unitPrice: usd('12.35'), lineTotal: usd('37.05') }]);
  });

  it.each<[string, Partial<Order>, string[][]]>([
    ['a digital order: subtotal and total alone', {}, [['Subtotal', '', '45.00'], ['Total', 'total', '45.00']]],
    [
      'WELCOME10, Standard shipping and California tax',
      { discountTotal: usd('4.50'), couponCodes: ['WELCOME10'], shippingTotal: usd('6.00'), shippingOptionName: 'Standard', taxTotal: usd('2.94'), grandTotal: usd('49.44') },
      [['Subtotal', '', '45.00'], ['Discount (WELCOME10)', 'minus', '4.50'], ['Shipping (Standard)', '', '6.00'], ['Tax', '', '2.94'], ['Total', 'total', '49.44']],
    ],
    [
      'a free shipping option is shown as free; two codes are both named',
      { discountTotal: usd('9.00'), couponCodes: ['WELCOME10', 'FREESHIP'], shippingOptionName: 'Standard', grandTotal: usd('36.00') },
      [['Subtotal', '', '45.00'], ['Discount (WELCOME10, FREESHIP)', 'minus', '9.00'], ['Shipping (Standard)', 'free', '0.00'], ['Total', 'total', '36.00']],
    ],
    [
      'a gift card pays part: the total is what was paid besides it',
      { giftCardTotal: usd('20.00'), shippingTotal: usd('6.00'), shippingOptionName: 'Standard', grandTotal: usd('51.00') },
      [['Subtotal', '', '45.00'], ['Shipping (Standard)', '', '6.00'], ['Paid by gift card', 'minus', '20.00'], ['Total', 'total', '31.00']],
    ],
    [
      'a gift card pays it all',
      { giftCardTotal: usd('45.00') },
      [['Subtotal', '', '45.00'], ['Paid by gift card', 'minus', '45.00'], ['Total', 'total', '0.00']],
    ],
    [
      'a discount without a code, and shipping charged without an option name',
      { discountTotal: usd('5.00'), shippingTotal: usd('3.00'), grandTotal: usd('43.00') },
      [['Subtotal', '', '45.00'], ['Discount', 'minus', '5.00'], ['Shipping', '', '3.00'], ['Total', 'total', '43.00']],
    ],
  ])('%s', (_case, overrides, expected) => {
    expect(rows(order(overrides))).toEqual(expected);
  });

  it('keeps a currency without fractions whole (JPY)', () => {
    const yen = (value: string) => ({ value, currency: 'JPY' });
    const receipt = orderReceipt(order({
      items: [{ sku: 'TEA', productName: 'Tea', quantity: 2, unitPrice: yen('1500') }],
      subtotal: yen('3000'), discountTotal: yen('0'), shippingTotal: yen('0'), taxTotal: yen('300'), giftCardTotal: yen('1000'), grandTotal: yen('3300'),
    }));
    expect(receipt.lines[0]!.lineTotal).toEqual(yen('3000'));
    expect(receipt.totals.map((row) => [row.label, row.amount])).toEqual([['Subtotal', yen('3000')], ['Tax', yen('300')], ['Paid by gift card', yen('1000')], ['Total', yen('2300')]]);
  });

  it('sets every flag on every row (the template would otherwise look a missing one up around the row)', () => {
    for (const row of orderReceipt(order({ discountTotal: usd('1.00') })).totals) {
      expect(Object.keys(row).sort()).toEqual(['amount', 'deduction', 'free', 'label', 'total']);
    }
  });
});
