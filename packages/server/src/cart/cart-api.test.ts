// databases: both — concurrent adds to one cart lock it and lose no line
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import { demoProductId, openTestServer, setStock, TestVisitor, type TestServer } from '../testing';
import { CART_SERVER_MESSAGES } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ENTRIES = '/api/commerce/shopping-cart/entries';

async function shopper(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  return visitor;
}

async function add(visitor: TestVisitor, slug: string, sku: string | undefined, quantity: unknown, extra: Record<string, unknown> = {}) {
  return visitor.post(ENTRIES, { itemId: demoProductId(slug), ...(sku === undefined ? {} : { sku }), quantity, ...extra });
}

function expectRejected(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ message });
}

describe('POST /api/commerce/shopping-cart/entries', () => {
  it('adds an entry and answers { shoppingCart, newlyAdded } with totals computed on the server', async () => {
    const visitor = await shopper();
    const response = await add(visitor, 'linen-shirt', 'SHIRT-S-WHITE', 2);
    expect(response.statusCode).toBe(200);
    const { shoppingCart, newlyAdded } = response.json();
    expect(newlyAdded).toMatchObject({
      itemId: demoProductId('linen-shirt'),
      chosenVariant: { sku: 'SHIRT-S-WHITE', attributes: { Size: 'S', Color: 'White' } },
      quantity: 2,
      title: 'Linen Shirt',
      purchasePriceCents: 4500,
      subTotal: 9000,
      additionalFields: null,
    });
    expect(shoppingCart).toMatchObject({
      isPurchased: false,
      orderId: null,
      subtotalCents: 9000,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 9000,
      totalQuantity: 2,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: true,
      shippingOptions: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      applicableTaxRules: [],
    });
    expect(shoppingCart.entries).toEqual([newlyAdded]);
    expect(typeof shoppingCart.id).toBe('string');
    expect(typeof shoppingCart.created).toBe('number');
    // The cart lives in a cookie that scripts can see (the storefront loads the cart only when it exists).
    const cookie = response.cookies.find((c) => c.name === 'CART');
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();

    const again = await visitor.get('/api/commerce/shopping-cart');
    expect(again.json()).toEqual(shoppingCart);
  });

  it('uses the sale price of a variant on sale', async () => {
    const visitor = await shopper();
    const { newlyAdded } = (await add(visitor, 'canvas-tote', 'TOTE', 1)).json();
    expect(newlyAdded.purchasePriceCents).toBe(2200);
  });

  it('adds more of the same variant to the same line, but keeps lines with form answers apart', async () => {
    const visitor = await shopper();
    await add(visitor, 'sticker-pack', 'STICKERS', 2);
    const merged = (await add(visitor, 'sticker-pack', 'STICKERS', 3)).json();
    expect(merged.shoppingCart.entries).toHaveLength(1);
    expect(merged.newlyAdded.quantity).toBe(5);
    const fields = JSON.stringify({ 'text-engraving': 'A.B.' });
    await add(visitor, 'engraved-pen', 'PEN', 1, { additionalFields: fields });
    const second = (await add(visitor, 'engraved-pen', 'PEN', 1, { additionalFields: fields })).json();
    expect(second.shoppingCart.entries).toHaveLength(3);
    expect(second.newlyAdded.additionalFields).toBe(fields);
    expect(second.shoppingCart.totalQuantity).toBe(7);
  });

  it('asks for unselected options by name', async () => {
    const visitor = await shopper();
    expectRejected(await add(visitor, 'linen-shirt', undefined, 1), 400, 'Please select the Size and Color options.');
  });

  it('rejects an unknown variant', async () => {
    const visitor = await shopper();
    expectRejected(await add(visitor, 'linen-shirt', 'NO-SUCH-SKU', 1), 400, 'Sorry, that item variant is unavailable. Please select another variant.');
    // A sku of another product is not a variant of this one.
    expectRejected(await add(visitor, 'linen-shirt', 'TOTE', 1), 400, 'Sorry, that item variant is unavailable. Please select another variant.');
  });

  it('rejects a sold-out variant and a sold-out product', async () => {
    const visitor = await shopper();
    expectRejected(await add(visitor, 'linen-shirt', 'SHIRT-M-NAVY', 1), 400, 'Sorry, we do not have enough of that item available.');
    expectRejected(await add(visitor, 'vintage-lamp', 'LAMP', 1), 400, 'Sorry, we do not have enough of that item available.');
  });

  it('counts what is already in the cart against the stock', async () => {
    const visitor = await shopper();
    expect((await add(visitor, 'ceramic-vase', 'VASE', 1)).statusCode).toBe(200);
    expectRejected(await add(visitor, 'ceramic-vase', 'VASE', 1), 400, 'Sorry, we do not have enough of that item available.');
    // Another shopper's cart does not count against this one (stock is taken at checkout).
    expect((await add(await shopper(), 'ceramic-vase', 'VASE', 1)).statusCode).toBe(200);
  });

  it('checks the quantity: a number, whole, 1 to 9999', async () => {
    const visitor = await shopper();
    expectRejected(await add(visitor, 'sticker-pack', 'STICKERS', 'abc'), 400, 'Quantity must be a number.');
    expectRejected(await add(visitor, 'sticker-pack', 'STICKERS', null), 400, 'Quantity must be a number.');
    expectRejected(await add(visitor, 'sticker-pack', 'STICKERS', 1.5), 400, 'Quantity must be a whole number');
    expectRejected(await add(visitor, 'sticker-pack', 'STICKERS', 0), 400, ADD_TO_CART_MESSAGES.quantityOutOfRange);
    expectRejected(await add(visitor, 'sticker-pack', 'STICKERS', 10000), 400, ADD_TO_CART_MESSAGES.quantityOutOfRange);
    expect((await add(visitor, 'sticker-pack', 'STICKERS', '3')).json().newlyAdded.quantity).toBe(3);
    expect((await add(visitor, 'sticker-pack', 'STICKERS', 9996)).json().newlyAdded.quantity).toBe(9999);
    // One more would take the line past 9999, even with unlimited stock.
    expectRejected(await add(visitor, 'sticker-pack', 'STICKERS', 1), 400, ADD_TO_CART_MESSAGES.quantityOutOfRange);
  });

  it('asks for a gift card denomination, and never runs gift cards or digital goods out of stock', async () => {
    const visitor = await shopper();
    expectRejected(await add(visitor, 'gift-card', undefined, 1), 400, 'Select a denomination for the Gift Card');
    expect((await add(visitor, 'gift-card', 'GIFT-50', 1)).json().newlyAdded.purchasePriceCents).toBe(5000);
    const ebook = (await add(visitor, 'photography-ebook', 'EBOOK', 1)).json();
    expect(ebook.shoppingCart.hasDigital).toBe(true);
  });

  it('checks stock first for products with an additional-fields form', async () => {
    const visitor = await shopper();
    await setStock(server.database.db, 'PEN', 0);
    try {
      // Both the stock and the quantity are wrong: stock is reported first for form products…
      expectRejected(await add(visitor, 'engraved-pen', 'PEN', 'abc'), 400, 'Sorry, we do not have enough of that item available.');
    } finally {
      await setStock(server.database.db, 'PEN', 30);
    }
    // …whereas a product without a form reports the quantity first.
    expectRejected(await add(visitor, 'vintage-lamp', 'LAMP', 'abc'), 400, 'Quantity must be a number.');
  });

  it('sends subscription products to their own call', async () => {
    const visitor = await shopper();
    expectRejected(await add(visitor, 'coffee-subscription', 'COFFEE-MONTHLY', 1), 400, CART_SERVER_MESSAGES.subscriptionElsewhere);
  });

  it('answers 404 for an unknown product', async () => {
    const visitor = await shopper();
    const response = await visitor.post(ENTRIES, { itemId: 'ffffffffffffffffffffffff', sku: 'TOTE', quantity: 1 });
    expectRejected(response, 404, 'Sorry, that item is no longer available.');
  });
});

describe('concurrent calls on one cart', () => {
  it('queue up: parallel adds of one variant make one line with every unit', async () => {
    const visitor = await shopper();
    await add(visitor, 'sticker-pack', 'STICKERS', 1);
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(visitor, 'sticker-pack', 'STICKERS', 1)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const cart = (await visitor.get('/api/commerce/shopping-cart')).json();
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0].quantity).toBe(11);
  });

  it('see each other: parallel adds of the last unit into one cart let exactly one through', async () => {
    await setStock(server.database.db, 'VASE', 1);
    const visitor = await shopper();
    await add(visitor, 'sticker-pack', 'STICKERS', 1);
    const responses = await Promise.all(Array.from({ length: 6 }, () => add(visitor, 'ceramic-vase', 'VASE', 1)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const cart = (await visitor.get('/api/commerce/shopping-cart')).json();
    expect(cart.entries.find((entry: { chosenVariant: { sku: string } }) => entry.chosenVariant.sku === 'VASE').quantity).toBe(1);
  });
});

describe('changing cart entries', () => {
  it('updates the quantity within stock, rejects 0 and too many', async () => {
    const visitor = await shopper();
    const { newlyAdded } = (await add(visitor, 'canvas-tote', 'TOTE', 1)).json();
    const url = `${ENTRIES}/${newlyAdded.id}/quantity`;
    const updated = await visitor.put(url, { quantity: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().shoppingCart).toMatchObject({ totalQuantity: 3, subtotalCents: 6600 });
    expectRejected(await visitor.put(url, { quantity: 0 }), 400, ADD_TO_CART_MESSAGES.quantityOutOfRange);
    expectRejected(await visitor.put(url, { quantity: 41 }), 400, 'Sorry, we do not have enough of that item available.');
    expectRejected(await visitor.put(url, { quantity: 'x' }), 400, 'Quantity must be a number.');
    expect((await visitor.get('/api/commerce/shopping-cart')).json().totalQuantity).toBe(3);
  });

  it('removes an entry; removing it again is a 404', async () => {
    const visitor = await shopper();
    const { newlyAdded } = (await add(visitor, 'canvas-tote', 'TOTE', 1)).json();
    const removed = await visitor.delete(`${ENTRIES}/${newlyAdded.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shoppingCart).toMatchObject({ entries: [], totalQuantity: 0, subtotalCents: 0 });
    expectRejected(await visitor.delete(`${ENTRIES}/${newlyAdded.id}`), 404, CART_SERVER_MESSAGES.entryNotFound);
  });

  it("never touches another visitor's entry", async () => {
    const owner = await shopper();
    const { newlyAdded } = (await add(owner, 'canvas-tote', 'TOTE', 1)).json();
    const stranger = await shopper();
    await add(stranger, 'sticker-pack', 'STICKERS', 1);
    expectRejected(await stranger.put(`${ENTRIES}/${newlyAdded.id}/quantity`, { quantity: 2 }), 404, CART_SERVER_MESSAGES.entryNotFound);
    expectRejected(await stranger.delete(`${ENTRIES}/${newlyAdded.id}`), 404, CART_SERVER_MESSAGES.entryNotFound);
    expect((await owner.get('/api/commerce/shopping-cart')).json().entries[0].quantity).toBe(1);
  });

  it('updates the additional fields and answers { shoppingCart, updatedEntry }', async () => {
    const visitor = await shopper();
    const first = JSON.stringify({ 'text-engraving': 'First' });
    const { newlyAdded } = (await add(visitor, 'engraved-pen', 'PEN', 1, { additionalFields: first })).json();
    const next = JSON.stringify({ 'text-engraving': 'Second' });
    const url = `${ENTRIES}/${newlyAdded.id}/additionalFields`;
    const response = await visitor.put(url, { itemId: demoProductId('engraved-pen'), sku: 'PEN', additionalFields: next });
    expect(response.statusCode).toBe(200);
    expect(response.json().updatedEntry).toMatchObject({ id: newlyAdded.id, additionalFields: next });
    expect(response.json().shoppingCart.entries[0].additionalFields).toBe(next);
    expectRejected(
      await visitor.put(url, { itemId: demoProductId('canvas-tote'), sku: 'PEN', additionalFields: next }),
      400,
      CART_SERVER_MESSAGES.entryMismatch,
    );
    expectRejected(
      await visitor.put(url, { itemId: demoProductId('engraved-pen'), sku: 'PEN', additionalFields: '{oops' }),
      400,
      'additionalFields must be a JSON string.',
    );
  });
});

describe('GET /api/commerce/shopping-cart', () => {
  it('answers an empty cart, without creating one, for a new visitor and for mock=true', async () => {
    const visitor = new TestVisitor(server.app);
    const empty = (await visitor.get('/api/commerce/shopping-cart?timecode=123&calculateSubtotal=true')).json();
    expect(empty).toMatchObject({ id: '', entries: [], subtotalCents: 0, totalQuantity: 0, isPurchased: false });
    const shopperWithCart = await shopper();
    await add(shopperWithCart, 'sticker-pack', 'STICKERS', 1);
    expect((await shopperWithCart.get('/api/commerce/shopping-cart?mock=true')).json()).toMatchObject({ id: '', entries: [] });
  });
});

describe('single-item carts', () => {
  it('POST /api/3/commerce/cart/subscription answers a cartToken for the subscription page', async () => {
    const visitor = await shopper();
    const response = await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 });
    expect(response.statusCode).toBe(200);
    const { cartToken } = response.json();
    expect(typeof cartToken).toBe('string');
    const page = (await visitor.get(`/checkout/subscription?cartToken=${cartToken}&format=json`)).json();
    expect(page.checkoutKind).toBe('subscription');
    expect(page.shoppingCart.entries).toMatchObject([{ chosenVariant: { sku: 'COFFEE-MONTHLY' }, quantity: 1, isSubscription: true }]);
    // The visitor's own cart is untouched.
    expect((await visitor.get('/api/commerce/shopping-cart')).json().entries).toEqual([]);
    expectRejected(
      await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', qty: 1 }),
      400,
      CART_SERVER_MESSAGES.notSubscription,
    );
    expectRejected(
      await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 'two' }),
      400,
      'Quantity must be a number.',
    );
  });

  it('POST /api/commerce/express-checkout answers a cartToken for the checkout page, with the same rules', async () => {
    const visitor = await shopper();
    const response = await visitor.post('/api/commerce/express-checkout', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
    expect(response.statusCode).toBe(200);
    const page = (await visitor.get(`/checkout?cartToken=${response.json().cartToken}&format=json`)).json();
    expect(page).toMatchObject({ checkoutKind: 'express', shoppingCart: { totalQuantity: 2, subtotalCents: 4400 } });
    expectRejected(
      await visitor.post('/api/commerce/express-checkout', { itemId: demoProductId('vintage-lamp'), sku: 'LAMP', quantity: 1 }),
      400,
      'Sorry, we do not have enough of that item available.',
    );
  });
});

describe('GET /api/commerce/inventory/stock/', () => {
  it('answers one stock record per variant', async () => {
    const response = await new TestVisitor(server.app).get(`/api/commerce/inventory/stock/?itemId=${demoProductId('linen-shirt')}`);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results.map((r: { sku: string; qtyInStock: number; unlimited: boolean }) => [r.sku, r.qtyInStock, r.unlimited])).toEqual([
      ['SHIRT-S-WHITE', 12, false],
      ['SHIRT-S-NAVY', 8, false],
      ['SHIRT-M-WHITE', 5, false],
      ['SHIRT-M-NAVY', 0, false],
    ]);
    const unlimited = (await new TestVisitor(server.app).get(`/api/commerce/inventory/stock/?itemId=${demoProductId('sticker-pack')}`)).json();
    expect(unlimited.results[0]).toMatchObject({ unlimited: true });
  });

  it('answers 404 for an unknown item and 400 without one', async () => {
    expectRejected(await new TestVisitor(server.app).get('/api/commerce/inventory/stock/?itemId=nope'), 404, 'Sorry, that item is no longer available.');
    expectRejected(await new TestVisitor(server.app).get('/api/commerce/inventory/stock/'), 400, 'itemId must be a product id.');
  });
});
