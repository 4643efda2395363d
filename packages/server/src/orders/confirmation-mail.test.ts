import { describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import type { DownloadLink } from '../downloads';
import { renderMail } from '../mail';
import { addressLines, confirmationMailValues } from './confirmation-mail';
import type { OrderItemRow, OrderRow } from './paid';

/** The confirmation mail's content for an order with every total and both addresses, rendered by the real templates. */

const website = { site_title: 'Shop <&> Co', locale: 'en-US', currency: 'USD', time_zone: 'America/New_York' } as Website;

const order = {
  id: 'order1', order_number: 1042, email: 'ada@example.com', test_mode: false,
  subtotal_cents: 9000, discount_total_cents: 900, shipping_total_cents: 600, tax_total_cents: 588, gift_card_total_cents: 2500, grand_total_cents: 6788,
  coupon_codes: ['WELCOME10'],
  shipping_option: { id: 'r1', name: 'Standard <ground>', amountCents: 600 },
  shipping_address: { name: 'Ada <b>Lovelace</b>', line1: '1 Market St', line2: 'Suite 5', city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US', phone: null },
  billing_address: { name: 'Ada Lovelace', line1: '10 Downing St', line2: null, city: 'London', region: null, postalCode: 'SW1A 2AA', country: 'GB', phone: '+44 20 7946 0000' },
} as unknown as OrderRow;

const items = [
  { id: 'i1', variant_id: 'v1', sku: 'SHIRT-S-WHITE', product_name: 'Linen Shirt', quantity: 2, unit_price_cents: 4500, option_values: [{ optionName: 'Size', value: 'S' }, { optionName: 'Color', value: 'White' }] },
] as unknown as OrderItemRow[];

const link: DownloadLink = {
  grantId: 'g1', orderItemId: 'i2', productName: 'E-book "Light"', fileName: 'Guide <1>.pdf', byteSize: 2_400_000,
  path: '/downloads/abc.def.ghi', expiresAt: new Date('2026-12-01T15:30:00Z'), downloadLimit: 5, downloadsLeft: 5,
};

describe('the order confirmation mail', () => {
  const values = confirmationMailValues(website, { publicUrl: 'https://shop.example' }, order, items, [link]);
  const mail = renderMail('order-confirmation', website, values, { publicUrl: 'https://shop.example' });

  it('carries the lines, every total, both addresses and the download links in the text body', () => {
    expect(mail.subject).toBe('Your order #1042 from Shop <&> Co is confirmed');
    expect(mail.text).toContain(
      [
        'Order #1042',
        '',
        '2 × Linen Shirt (SHIRT-S-WHITE): $90.00',
        '  Size: S, Color: White',
        '',
        'Subtotal: $90.00',
        'Discount (WELCOME10): −$9.00',
        'Shipping (Standard <ground>): $6.00',
        'Tax: $5.88',
        'Paid by gift card: −$25.00',
        'Total: $42.88',
        '',
        'Your downloads:',
        'Guide <1>.pdf (2.4 MB), E-book "Light": https://shop.example/downloads/abc.def.ghi',
        '  5 downloads left, until December 1, 2026 at 10:30 AM',
        '',
        'Shipping to:',
        'Ada <b>Lovelace</b>',
        '1 Market St',
        'Suite 5',
        'San Francisco, CA 94105',
        'United States',
        '',
        'Billing address:',
        'Ada Lovelace',
        '10 Downing St',
        'London, SW1A 2AA',
        'United Kingdom',
        '+44 20 7946 0000',
        '',
        'See your order: https://shop.example/checkout/order-confirmed?orderId=order1',
      ].join('\n'),
    );
    expect(mail.text).not.toContain('test mode');
  });

  it('escapes every value in the HTML body', () => {
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;<br>1 Market St<br>Suite 5<br>San Francisco, CA 94105<br>United States</p>');
    expect(mail.html).toContain('Shipping (Standard &lt;ground&gt;)');
    expect(mail.html).toContain('<a href="https://shop.example/downloads/abc.def.ghi" style="color:#24382b;font-weight:600">Download Guide &lt;1&gt;.pdf</a> (2.4 MB)');
    expect(mail.html).toContain('E-book &quot;Light&quot; · 5 downloads left · until December 1, 2026 at 10:30 AM');
    expect(mail.html).toContain('<span style="font-size:13px">Size: S, Color: White</span>');
    expect(mail.html).toContain('Discount (WELCOME10)</td><td align="right" style="padding:4px 0">−$9.00');
    expect(mail.html).toContain('Paid by gift card</td><td align="right" style="padding:4px 0">−$25.00');
    expect(mail.html).not.toContain('<b>Lovelace');
    expect(mail.html).not.toContain('Guide <1>');
  });

  it('leaves out what does not apply: no discount, gift card, tax, shipping, addresses or downloads', () => {
    const digital = {
      ...order, discount_total_cents: 0, gift_card_total_cents: 0, tax_total_cents: 0, shipping_total_cents: 0, grand_total_cents: 9000,
      coupon_codes: [], shipping_option: null, shipping_address: null, billing_address: null, test_mode: true,
    } as OrderRow;
    const text = renderMail('order-confirmation', website, confirmationMailValues(website, { publicUrl: 'https://shop.example' }, digital, items, []), { publicUrl: 'https://shop.example' }).text;
    expect(text).toContain('This order was placed in test mode: no money was taken.');
    expect(text).toContain('2 × Linen Shirt (SHIRT-S-WHITE): $90.00\n  Size: S, Color: White\n\nSubtotal: $90.00\nTotal: $90.00\n');
    for (const absent of ['Discount', 'Shipping', 'Tax', 'gift card', 'downloads', 'Billing']) expect(text).not.toContain(absent);
    // A chosen option that costs nothing still says so.
    const free = confirmationMailValues(website, { publicUrl: '' }, { ...digital, shipping_option: { id: 'r', name: 'Pickup', amountCents: 0 } } as OrderRow, items, []);
    expect([free.shipping, free.shippingName]).toEqual(['Free', 'Pickup']);
  });

  it('writes an address as an envelope does', () => {
    expect(addressLines(null, 'en-US')).toBeNull();
    expect(addressLines({ name: 'Jo', line1: 'Rue 1', city: 'Paris', region: null, postalCode: '75001', country: 'FR' }, 'fr-FR')).toEqual({ lines: ['Jo', 'Rue 1', 'Paris, 75001', 'France'] });
  });
});
