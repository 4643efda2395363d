// databases: both — the owner's calls and the live-discount query, then the cart and the order applying them
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '@vitrine/commerce/checkout';
import { AUTOMATIC_DISCOUNT_MESSAGES as MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { findDefaultWebsite } from '../websites';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { liveAutomaticDiscounts } from '.';

let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const URL = '/api/owner/automatic-discounts';
const CART = '/api/commerce/shopping-cart';
const CALIFORNIA = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US' };
const freeOver50 = { title: 'Free shipping over $50', kind: 'free-shipping', minSubtotalCents: 5000 };

beforeEach(async () => {
  await db().deleteFrom('automatic_discounts').execute();
});

async function create(body: object): Promise<{ id: string }> {
  const answer = await admin.post(URL, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().automaticDiscount;
}

async function shopperWith(lines: Array<[slug: string, sku: string, quantity: number]>): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    const response = await visitor.post(`${CART}/entries`, { itemId: demoProductId(slug), sku, quantity });
    expect(response.statusCode, response.body).toBe(200);
  }
  return visitor;
}

describe('the owner’s automatic discounts', () => {
  it('creates, lists, edits (turns off) and deletes one', async () => {
    const created = await admin.post(URL, freeOver50);
    expect(created.statusCode, created.body).toBe(201);
    const discount = created.json().automaticDiscount;
    expect(discount).toMatchObject({
      title: 'Free shipping over $50', kind: 'free-shipping', active: true, startsAt: null, endsAt: null, minSubtotalCents: 5000,
      percentBasisPoints: null, amountCents: null, buyQuantity: null, getQuantity: null, scope: { kind: 'all' }, tiers: null,
    });
    expect((await admin.get(URL)).json().automaticDiscounts.map((d: { id: string }) => d.id)).toEqual([discount.id]);

    const off = await admin.put(`${URL}/${discount.id}`, { ...freeOver50, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().automaticDiscount.active).toBe(false);
    expect((await admin.get(`${URL}/${discount.id}`)).json().automaticDiscount.active).toBe(false);

    const tiers = await create({ title: 'Mugs by the three', kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 6, percentBasisPoints: 1500 }], scope: { kind: 'products', productIds: [demoProductId('engraved-pen')] } });
    expect((await admin.get(URL)).json().automaticDiscounts.map((d: { id: string }) => d.id)).toEqual([discount.id, tiers.id]);

    expect((await admin.delete(`${URL}/${discount.id}`)).json()).toEqual({ deleted: true, id: discount.id });
    const gone = await admin.get(`${URL}/${discount.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(MESSAGES.notFound);
    expect((await admin.put(`${URL}/${discount.id}`, freeOver50)).statusCode).toBe(404);
    expect((await admin.delete(`${URL}/${discount.id}`)).statusCode).toBe(404);
  });

  it('names each bad field and writes nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ title: 'x', kind: 'free-shipping' }, 'minSubtotalCents', MESSAGES.minSubtotalCents],
      [{ title: ' ', kind: 'free-shipping', minSubtotalCents: 1 }, 'title', MESSAGES.title],
      [{ title: 'x', kind: 'bogus', minSubtotalCents: 1 }, 'kind', MESSAGES.kind],
      [{ title: 'x', kind: 'spend-over', minSubtotalCents: 5000 }, 'percentBasisPoints', MESSAGES.percentBasisPoints],
      [{ title: 'x', kind: 'spend-over', minSubtotalCents: 5000, percentBasisPoints: 1000, amountCents: 500 }, 'amountCents', MESSAGES.percentOrAmount],
      [{ title: 'x', kind: 'spend-over', minSubtotalCents: 5000, percentBasisPoints: 10001 }, 'percentBasisPoints', MESSAGES.percentBasisPoints],
      [{ title: 'x', kind: 'free-shipping', minSubtotalCents: 5000, percentBasisPoints: 1000 }, 'percentBasisPoints', MESSAGES.notForKind],
      [{ title: 'x', kind: 'buy-x-get-y', getQuantity: 1 }, 'buyQuantity', MESSAGES.quantity],
      [{ title: 'x', kind: 'buy-x-get-y', buyQuantity: 0, getQuantity: 1 }, 'buyQuantity', MESSAGES.quantity],
      [{ title: 'x', kind: 'quantity-tiers' }, 'tiers', MESSAGES.tiers],
      [{ title: 'x', kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 3, percentBasisPoints: 1500 }] }, 'tiers.1.minQuantity', MESSAGES.tiersAscending],
      [{ title: 'x', kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 0 }] }, 'tiers.0.percentBasisPoints', MESSAGES.percentBasisPoints],
      [{ title: 'x', kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }], scope: { kind: 'products', productIds: ['nope'] } }, 'scope.productIds.0', MESSAGES.unknownProduct],
      [{ title: 'x', kind: 'free-shipping', minSubtotalCents: 1, startsAt: '2026-12-02', endsAt: '2026-12-01' }, 'endsAt', MESSAGES.endsAfterStarts],
      [{ title: 'x', kind: 'free-shipping', minSubtotalCents: 1, startsAt: 'tomorrow' }, 'startsAt', MESSAGES.date],
    ];
    for (const [body, path, message] of cases) {
      const answer = await admin.post(URL, body);
      expect(answer.statusCode, `${JSON.stringify(body)} → ${answer.body}`).toBe(400);
      expect(answer.json().errors?.[path], `${JSON.stringify(body)} → ${answer.body}`).toBe(message);
    }
    expect(await db().selectFrom('automatic_discounts').selectAll().execute()).toEqual([]);
  });

  it('reading takes store-settings:read, changing store-settings:write', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    const { id } = await create(freeOver50);
    expect((await viewer.get(URL)).statusCode).toBe(200);
    const refused = await viewer.post(URL, freeOver50);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    expect((await viewer.put(`${URL}/${id}`, { ...freeOver50, active: false })).statusCode).toBe(403);
    expect((await viewer.delete(`${URL}/${id}`)).statusCode).toBe(403);
    expect((await new TestVisitor(server.app).get(URL)).statusCode).toBe(401);
    const manager = await ownerVisitor(server, 'storeManager');
    expect((await manager.post(URL, { ...freeOver50, title: 'Second' })).statusCode).toBe(201);
  });

  it('the live query keeps the ones on and not ended', async () => {
    const website = (await findDefaultWebsite(db()))!;
    const on = await create(freeOver50);
    await create({ ...freeOver50, title: 'Off', active: false });
    await create({ ...freeOver50, title: 'Ended', startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' });
    const later = await create({ ...freeOver50, title: 'Later', startsAt: '2099-01-01T00:00:00Z' });
    // The engine decides the start; the query only drops what can never apply again.
    expect((await liveAutomaticDiscounts(db(), website)).map((d) => d.id)).toEqual([on.id, later.id]);
  });
});

describe('the cart and the order apply them', () => {
  it('free shipping over $50: the nudge below it, free shipping past it, and the order the cart showed', async () => {
    await create(freeOver50);
    const shopper = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    const below = (await shopper.get(CART)).json();
    expect(below).toMatchObject({ subtotalCents: 4500, freeShippingShortfallCents: 500, freeShippingNudge: 'Add $5.00 for free shipping', automaticDiscounts: [] });

    const withAddress = (await shopper.put(`${CART}/checkout`, { email: 'ada@example.com', shippingAddress: CALIFORNIA })).json().shoppingCart;
    expect(withAddress.shippingCostCents).toBe(600);

    await shopper.post(`${CART}/entries`, { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const past = (await shopper.get(CART)).json();
    expect(past).toMatchObject({ subtotalCents: 6700, shippingCostCents: 0, freeShippingShortfallCents: null, freeShippingNudge: null });
    expect(past.automaticDiscounts).toEqual([{ id: expect.any(String), title: 'Free shipping over $50', kind: 'free-shipping', discountCents: 0 }]);

    const placed = await shopper.post('/api/commerce/orders', { email: 'ada@example.com', expectedGrandTotalCents: past.grandTotalCents });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.shippingTotal.value).toBe('0.00');
    expect(Math.round(Number(order.grandTotal.value) * 100)).toBe(past.grandTotalCents);
    expect(order.automaticDiscounts).toEqual(past.automaticDiscounts);
    const row = await db().selectFrom('orders').select(['automatic_discounts', 'shipping_total_cents']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ automatic_discounts: past.automaticDiscounts, shipping_total_cents: 0 });
  });

  it('the server re-checks: a discount turned off meanwhile changes the total, and the order is refused (409)', async () => {
    const spend = await create({ title: '10% over $40', kind: 'spend-over', minSubtotalCents: 4000, percentBasisPoints: 1000 });
    const shopper = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    // New York: 4 % on what is left (4,050 → 162), Standard shipping $6.00.
    const cart = (await shopper.put(`${CART}/checkout`, { shippingAddress: { ...CALIFORNIA, region: 'NY', city: 'New York', postalCode: '10001' } })).json().shoppingCart;
    expect(cart).toMatchObject({ discountCents: 450, shippingCostCents: 600, taxCents: 162, grandTotalCents: 4050 + 600 + 162 });
    expect(cart.automaticDiscounts).toEqual([{ id: spend.id, title: '10% over $40', kind: 'spend-over', discountCents: 450 }]);
    await admin.put(`${URL}/${spend.id}`, { title: '10% over $40', kind: 'spend-over', minSubtotalCents: 4000, percentBasisPoints: 1000, active: false });
    const refused = await shopper.post('/api/commerce/orders', { email: 'ada@example.com', expectedGrandTotalCents: cart.grandTotalCents });
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it('a coupon that does not combine: the better applies; set aside it is shown, and the order goes through without it', async () => {
    // WELCOME10 (the demo's): 10 % from $30 → $12.00 on $120; 15 % over $100 → $18.00 saves more.
    await create({ title: '15% over $100', kind: 'spend-over', minSubtotalCents: 10000, percentBasisPoints: 1500 });
    const shopper = await shopperWith([['wool-blanket', 'BLANKET', 1]]);
    await shopper.put(`${CART}/checkout`, { shippingAddress: CALIFORNIA });
    const cart = (await shopper.post(`${CART}/coupons`, { code: 'WELCOME10' })).json().shoppingCart;
    expect(cart).toMatchObject({ discountCents: 1800, validCoupons: [], invalidCoupons: [{ code: 'WELCOME10', reason: COUPON_MESSAGES.notCombinableWithAutomatic }] });
    const placed = await shopper.post('/api/commerce/orders', { email: 'ada@example.com', expectedGrandTotalCents: cart.grandTotalCents });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ couponCodes: [], discountTotal: { value: '18.00' }, automaticDiscounts: [{ title: '15% over $100', discountCents: 1800 }] });
  });

  it('quantity tiers take their percentage off the lines in scope', async () => {
    await create({ title: 'Stickers by the three', kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 6, percentBasisPoints: 1500 }], scope: { kind: 'products', productIds: [demoProductId('sticker-pack')] } });
    const shopper = await shopperWith([['sticker-pack', 'STICKERS', 2], ['canvas-tote', 'TOTE', 1]]);
    expect((await shopper.get(CART)).json()).toMatchObject({ subtotalCents: 1000 + 2200, discountCents: 0 });
    await shopper.post(`${CART}/entries`, { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 4 });
    // 6 × $5.00 → 15 % = $4.50; the tote is out of scope.
    expect((await shopper.get(CART)).json()).toMatchObject({ subtotalCents: 3000 + 2200, discountCents: 450, grandTotalCents: 4750 });
  });

  it('without JavaScript: the product page shows its tiers, the cart page its nudge and discounts', async () => {
    await create({ title: 'Stickers by the three', kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 6, percentBasisPoints: 1500 }], scope: { kind: 'products', productIds: [demoProductId('sticker-pack')] } });
    await create(freeOver50);
    const shopper = await shopperWith([['sticker-pack', 'STICKERS', 3]]);
    const product = await shopper.get('/shop/p/sticker-pack');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('<ul class="vitrine-product-tiers" aria-label="Quantity discounts"><li>Buy 3, save 10%</li><li>Buy 6, save 15%</li></ul>');
    expect((await shopper.get('/shop/p/canvas-tote')).body).not.toContain('vitrine-product-tiers');
    // 3 × $5.00 = $15.00 − 10 % = $13.50 → $36.50 short of $50.00.
    const cartPage = await shopper.get('/cart');
    expect(cartPage.body).toContain('<p class="vitrine-cart-nudge">Add $36.50 for free shipping</p>');
    expect(cartPage.body).toMatch(/<li class="vitrine-cart-discount"><span>Stickers by the three<\/span> <span>−\$1\.50<\/span><\/li>/);
  });
});
