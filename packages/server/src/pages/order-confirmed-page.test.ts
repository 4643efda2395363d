// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';

/*
 * The order-confirmed page as a receipt (issue 17 item 9): the lines with their totals, then only the totals that
 * apply, against the demo store (US Standard $6.00; California 7.25 %; WELCOME10, 10 % from $30).
 */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CALIFORNIA = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US' };

/** The receipt's totals as the page writes them: 'label: amount' per row. */
function totalsOf(html: string): string[] {
  const list = /<dl class="order-totals">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<div class="order-totals-row( order-total)?"><dt>([^<]*)<\/dt><dd>([^<]*)<\/dd><\/div>/g)].map(
    ([, total, label, amount]) => `${total ? '[total] ' : ''}${label}: ${amount}`,
  );
}

async function buy(lines: Array<[slug: string, sku: string, quantity: number]>, checkout: (visitor: TestVisitor) => Promise<void>): Promise<string> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity });
    expect(added.statusCode, added.body).toBe(200);
  }
  await checkout(visitor);
  const placed = await visitor.post('/api/commerce/orders', { email: 'ada@example.com' });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id;
}

describe('the order-confirmed page', () => {
  it('shows the lines and every total of an order with a coupon, shipping and tax, like a receipt', async () => {
    const orderId = await buy([['linen-shirt', 'SHIRT-S-WHITE', 2]], async (visitor) => {
      expect((await visitor.put('/api/commerce/shopping-cart/checkout', { email: 'ada@example.com', shippingAddress: CALIFORNIA })).statusCode).toBe(200);
      expect((await visitor.post('/api/commerce/shopping-cart/coupons', { code: 'WELCOME10' })).statusCode).toBe(200);
    });
    const html = (await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${orderId}`)).body;
    expect(html).toContain('<th scope="col">Price</th><th scope="col">Total</th>');
    expect(html).toContain('<tr><td>Linen Shirt<br><span class="order-line-options">Size: S, Color: White</span></td><td>SHIRT-S-WHITE</td><td>2</td><td>$45.00</td><td>$90.00</td></tr>');
    // $90.00 − $9.00 = $81.00, free shipping from $100 does not apply: Standard $6.00; 7.25 % of $81.00 = $5.8725 → $5.87.
    expect(totalsOf(html)).toEqual([
      'Subtotal: $90.00',
      'Discount (WELCOME10): −$9.00',
      'Shipping (Standard): $6.00',
      'Tax: $5.87',
      '[total] Total: $92.87',
    ]);
    // The page still says nothing of where it goes (its link can leak).
    expect(html).not.toContain('1 Market St');
  });

  it('shows only the subtotal and the total for a digital order', async () => {
    const orderId = await buy([['photography-ebook', 'EBOOK', 1]], async () => {});
    const html = (await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${orderId}`)).body;
    expect(totalsOf(html)).toEqual(['Subtotal: $15.00', '[total] Total: $15.00']);
  });

  it('answers the receipt in the page JSON too', async () => {
    const orderId = await buy([['photography-ebook', 'EBOOK', 1]], async () => {});
    const page = (await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${orderId}&format=json`)).json();
    expect(page.receipt.totals).toEqual([
      { label: 'Subtotal', amount: { value: '15.00', currency: 'USD' }, deduction: false, free: false, total: false },
      { label: 'Total', amount: { value: '15.00', currency: 'USD' }, deduction: false, free: false, total: true },
    ]);
  });
});
