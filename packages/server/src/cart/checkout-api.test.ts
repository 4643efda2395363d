// databases: both — racing checkouts of one cart: the row locks decide
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '@vitrine/commerce/checkout';
import { newId } from '../ids';
import { demoProductId, openTestServer, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';
import { ORDER_MESSAGES } from '../orders/service';

/**
 * The checkout's calls on a cart (issue 17) against the demo store's settings: US (Standard $6.00, free from
 * $100; Express $18.00), Canada, Europe; California 7.25 % and New York 4 % tax; WELCOME10 (10 % from $30).
 */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CHECKOUT = '/api/commerce/shopping-cart/checkout';
const COUPONS = '/api/commerce/shopping-cart/coupons';
const ORDERS = '/api/commerce/orders';
const CALIFORNIA = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US' };

async function shopperWith(lines: Array<[slug: string, sku: string, quantity: number]>): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    const response = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity });
    expect(response.statusCode, response.body).toBe(200);
  }
  return visitor;
}

describe('a cart nobody has started checking out', () => {
  it('answers the spec fields empty and the totals as the subtotal', async () => {
    const visitor = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    expect((await visitor.get('/api/commerce/shopping-cart')).json()).toMatchObject({
      shippingOptions: [], selectedShippingOption: null, shippingLocation: null, applicableTaxRules: [],
      coupons: [], validCoupons: [], invalidCoupons: [],
      subtotalCents: 4500, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 4500, requiresShipping: true,
      checkout: { email: null, shippingAddress: null, billingAddress: null }, giftCards: [], amountDueCents: 4500,
    });
  });
});

describe('PUT …/shopping-cart/checkout', () => {
  it('prices shipping and tax for a California address, cheapest option first chosen, then the chosen one', async () => {
    const visitor = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    const answer = await visitor.put(CHECKOUT, { email: 'ada@example.com', shippingAddress: { ...CALIFORNIA, region: 'California' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const cart = answer.json().shoppingCart;
    expect(cart.shippingLocation).toEqual({ country: 'US', region: 'CA', postalCode: '94105' });
    expect(cart.shippingOptions.map((option: { name: string; amountCents: number }) => [option.name, option.amountCents])).toEqual([['Standard', 600], ['Express', 1800]]);
    expect(cart.selectedShippingOption).toMatchObject({ name: 'Standard', amountCents: 600 });
    // 7.25 % of $45.00 = 3.2625 → 3.26 (half-even, per line); shipping is not taxable in California.
    expect(cart.applicableTaxRules).toEqual([expect.objectContaining({ name: 'California sales tax', rateBasisPoints: 725, taxCents: 326 })]);
    expect(cart).toMatchObject({ subtotalCents: 4500, shippingCostCents: 600, taxCents: 326, grandTotalCents: 5426 });
    expect(cart.checkout).toEqual({ email: 'ada@example.com', shippingAddress: { ...CALIFORNIA, line2: null, phone: null }, billingAddress: null });

    const express = cart.shippingOptions[1].id;
    const chosen = (await visitor.put(CHECKOUT, { selectedShippingOptionId: express })).json().shoppingCart;
    expect(chosen.selectedShippingOption).toMatchObject({ id: express, name: 'Express' });
    expect(chosen.grandTotalCents).toBe(4500 + 1800 + 326);
    // Kept across reads.
    expect((await visitor.get('/api/commerce/shopping-cart')).json().selectedShippingOption.id).toBe(express);
  });

  it('prices Europe by the weight of what ships, and taxes German shipping too', async () => {
    // A wool blanket weighs 1.8 kg: the 2 kg tier, $22.00. Germany's VAT (19 %) covers shipping: 22.80 + 4.18.
    const visitor = await shopperWith([['wool-blanket', 'BLANKET', 1]]);
    const berlin = { name: 'Erika Mustermann', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
    const cart = (await visitor.put(CHECKOUT, { shippingAddress: berlin })).json().shoppingCart;
    expect(cart.shippingOptions).toEqual([expect.objectContaining({ name: 'International', amountCents: 2200 })]);
    expect(cart).toMatchObject({ subtotalCents: 12000, shippingCostCents: 2200, taxCents: 2698, grandTotalCents: 16898 });
    // Two shirts (2 × 250 g) stay in the first tier, up to 500 g.
    const light = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 2]]);
    expect((await light.put(CHECKOUT, { shippingAddress: berlin })).json().shoppingCart.shippingCostCents).toBe(1200);
  });

  it('treats Puerto Rico given as a country as the United States', async () => {
    const visitor = await shopperWith([['canvas-tote', 'TOTE', 1]]);
    const cart = (await visitor.put(CHECKOUT, { shippingAddress: { ...CALIFORNIA, region: null, country: 'PR', postalCode: '00901', city: 'San Juan' } })).json().shoppingCart;
    expect(cart.shippingLocation).toEqual({ country: 'US', region: 'PR', postalCode: '00901' });
    expect(cart.shippingOptions.map((option: { name: string }) => option.name)).toEqual(['Standard', 'Express']);
  });

  it('names each bad field of an address, and refuses a country the store does not ship to, writing nothing', async () => {
    const visitor = await shopperWith([['canvas-tote', 'TOTE', 1]]);
    const before = await snapshotDomainTables(server.database.db);
    const bad = await visitor.put(CHECKOUT, { shippingAddress: { ...CALIFORNIA, region: 'Atlantis', postalCode: '941', city: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Enter a city.',
      errors: { 'shippingAddress.city': 'Enter a city.', 'shippingAddress.region': 'Select a state.', 'shippingAddress.postalCode': 'Enter a valid ZIP code.' },
    });
    const brazil = await visitor.put(CHECKOUT, { shippingAddress: { ...CALIFORNIA, region: 'SP', postalCode: '01310-100', country: 'BR' } });
    expect(brazil.statusCode).toBe(400);
    expect(brazil.json()).toEqual({ message: "We don't ship to Brazil.", errors: { 'shippingAddress.country': "We don't ship to Brazil." } });
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });

  it('taxes what does not ship by the billing address, and asks no shipping address for it', async () => {
    const visitor = await shopperWith([['photography-ebook', 'EBOOK', 1]]);
    const cart = (await visitor.put(CHECKOUT, { billingAddress: { ...CALIFORNIA, region: 'NY', city: 'New York', postalCode: '10001' } })).json().shoppingCart;
    expect(cart).toMatchObject({ requiresShipping: false, purelyDigital: true, shippingOptions: [], shippingCostCents: 0, taxCents: 60, grandTotalCents: 1560 });
    const placed = await visitor.post(ORDERS, { email: 'reader@example.com', expectedGrandTotalCents: 1560 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ shippingAddress: null, shippingOptionName: null, taxTotal: { value: '0.60' }, grandTotal: { value: '15.60' } });
  });

  it('asks no address for a service, and ships nothing for it', async () => {
    const visitor = await shopperWith([['design-consultation', 'CONSULT', 1]]);
    expect((await visitor.get('/api/commerce/shopping-cart')).json()).toMatchObject({ requiresShipping: false, purelyDigital: false, shippingOptions: [] });
    const placed = await visitor.post(ORDERS, { email: 'client@example.com', expectedGrandTotalCents: 12000 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ items: [{ kind: 'service' }], shippingAddress: null, shippingTotal: { value: '0.00' }, grandTotal: { value: '120.00' } });
  });

  it('reads a checkout link’s cart by its token', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const { cartToken } = (await visitor.post('/api/commerce/express-checkout', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 })).json();
    await visitor.put(CHECKOUT, { cartToken, shippingAddress: CALIFORNIA });
    const cart = (await visitor.get(`/api/commerce/shopping-cart?cartToken=${cartToken}`)).json();
    expect(cart).toMatchObject({ subtotalCents: 4400, shippingCostCents: 600, taxCents: 319 });
    // The visitor's own cart is another one, untouched.
    expect((await visitor.get('/api/commerce/shopping-cart')).json()).toMatchObject({ id: '', entries: [] });
    expect((await visitor.get('/api/commerce/shopping-cart?cartToken=unknown')).json()).toMatchObject({ id: '', entries: [] });
  });
});

describe('coupons on the cart', () => {
  it('applies WELCOME10 in any case, lists it, discounts before tax, and takes it off again', async () => {
    const visitor = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    await visitor.put(CHECKOUT, { shippingAddress: CALIFORNIA });
    const applied = await visitor.post(COUPONS, { code: ' welcome10 ' });
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = applied.json().shoppingCart;
    expect(cart.coupons).toEqual(['welcome10']);
    expect(cart.validCoupons).toEqual([expect.objectContaining({ code: 'WELCOME10', kind: 'percentage', discountCents: 450 })]);
    // Tax on $40.50: 2.93625 → 2.94. 45.00 − 4.50 + 6.00 + 2.94 = 49.44.
    expect(cart).toMatchObject({ discountCents: 450, taxCents: 294, grandTotalCents: 4944 });
    // The same code again is not listed twice.
    expect((await visitor.post(COUPONS, { code: 'WELCOME10' })).json().shoppingCart.coupons).toEqual(['welcome10']);
    const removed = await visitor.delete(`${COUPONS}/WELCOME10`);
    expect(removed.json().shoppingCart).toMatchObject({ coupons: [], validCoupons: [], discountCents: 0 });
    expect((await visitor.delete(`${COUPONS}/WELCOME10`)).statusCode).toBe(404);
  });

  it('refuses a code with no coupon, and keeps one that does not apply yet with the reason', async () => {
    const visitor = await shopperWith([['sticker-pack', 'STICKERS', 1]]);
    const unknown = await visitor.post(COUPONS, { code: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: COUPON_MESSAGES.notFound, errors: { code: COUPON_MESSAGES.notFound } });
    const cart = (await visitor.post(COUPONS, { code: 'WELCOME10' })).json().shoppingCart;
    expect(cart.validCoupons).toEqual([]);
    expect(cart.invalidCoupons).toEqual([{ code: 'WELCOME10', reason: 'Add $25.00 more to use this coupon.' }]);
  });
});

describe('placing the order', () => {
  it('charges what the cart showed: shipping, tax, discount, the coupon use and the addresses are kept', async () => {
    const visitor = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    await visitor.put(CHECKOUT, { shippingAddress: CALIFORNIA });
    const cart = (await visitor.post(COUPONS, { code: 'WELCOME10' })).json().shoppingCart;
    const placed = await visitor.post(ORDERS, { email: 'ada@example.com', expectedGrandTotalCents: cart.grandTotalCents });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json();
    expect(order).toMatchObject({
      subtotal: { value: '45.00' }, discountTotal: { value: '4.50' }, shippingTotal: { value: '6.00' }, taxTotal: { value: '2.94' },
      grandTotal: { value: '49.44' }, shippingOptionName: 'Standard', couponCodes: ['WELCOME10'], paymentStatus: 'paid',
      shippingAddress: { ...CALIFORNIA, line2: null, phone: null },
      // Billing defaults to the shipping address.
      billingAddress: { ...CALIFORNIA, line2: null, phone: null },
    });
    const line = await server.database.db.selectFrom('order_items').select(['discount_cents', 'tax_cents']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ discount_cents: 450, tax_cents: 294 });
    const redemption = await server.database.db.selectFrom('coupon_redemptions').selectAll().where('order_id', '=', order.id).executeTakeFirst();
    expect(redemption).toMatchObject({ customer_email: 'ada@example.com' });
  });

  it('refuses with 409 when the total the shopper saw has changed, writing nothing', async () => {
    const visitor = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    await visitor.put(CHECKOUT, { shippingAddress: CALIFORNIA });
    const before = await snapshotDomainTables(server.database.db);
    const answer = await visitor.post(ORDERS, { email: 'ada@example.com', expectedGrandTotalCents: 4500 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: ORDER_MESSAGES.totalChanged });
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });

  it('asks for a shipping address when something ships, and takes one sent with the order', async () => {
    const visitor = await shopperWith([['canvas-tote', 'TOTE', 1]]);
    const missing = await visitor.post(ORDERS, { email: 'ada@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Enter a shipping address.', errors: { shippingAddress: 'Enter a shipping address.' } });
    const bad = await visitor.post(ORDERS, { email: 'ada@example.com', shippingAddress: { ...CALIFORNIA, country: 'US', postalCode: 'x' } });
    expect(bad.json().errors).toEqual({ 'shippingAddress.postalCode': 'Enter a valid ZIP code.' });
    const placed = await visitor.post(ORDERS, { email: 'ada@example.com', shippingAddress: CALIFORNIA });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.shippingAddress.city).toBe('San Francisco');
  });

  it('a coupon with one use left goes to exactly one of two racing checkouts; the other is told why and nothing is bought', async () => {
    const db = server.database.db;
    const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    const code = `ONCE${newId().slice(0, 6).toUpperCase()}`;
    await db
      .insertInto('coupons')
      .values({ id: newId(), website_id: website.id, code, code_normalised: code, kind: 'fixed', amount_cents: 500, usage_limit: 1, scope: JSON.stringify({ kind: 'all' }) })
      .execute();
    const shoppers = await Promise.all([0, 1].map(async () => {
      const visitor = await shopperWith([['canvas-tote', 'TOTE', 1]]);
      await visitor.put(CHECKOUT, { shippingAddress: CALIFORNIA });
      expect((await visitor.post(COUPONS, { code })).json().shoppingCart.discountCents).toBe(500);
      return visitor;
    }));
    const answers = await Promise.all(shoppers.map((visitor, index) => visitor.post(ORDERS, { email: `racer${index}@example.com` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(`${code}: ${COUPON_MESSAGES.usedUp}`);
    const coupon = await db.selectFrom('coupons').select('times_used').where('code', '=', code).executeTakeFirstOrThrow();
    expect(coupon.times_used).toBe(1);
    // The loser's cart is still theirs, and now shows the coupon as used up.
    const loser = shoppers[answers.indexOf(refused)]!;
    expect((await loser.get('/api/commerce/shopping-cart')).json().invalidCoupons).toEqual([{ code, reason: COUPON_MESSAGES.usedUp }]);
  });
});
