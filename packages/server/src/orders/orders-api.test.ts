// databases: both — racing purchases of the last units: stock locks
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, setStock, stockOf, TestVisitor, type TestServer } from '../testing';
import { archivedProductMessage, ORDER_MESSAGES } from './service';
import { PAYMENT_DECLINED_MESSAGE, TEST_DECLINE_EMAIL } from './payment-provider';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ENTRIES = '/api/commerce/shopping-cart/entries';
const ORDERS = '/api/commerce/orders';

async function shopperWith(lines: Array<[slug: string, sku: string, quantity: number]>): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    const response = await visitor.post(ENTRIES, { itemId: demoProductId(slug), sku, quantity });
    expect(response.statusCode).toBe(200);
  }
  return visitor;
}

async function countOrders(): Promise<number> {
  const row = await server.database.db.selectFrom('orders').select(server.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/commerce/orders', () => {
  it('purchases the cart: 201 { order }, stock decremented, cart marked purchased', async () => {
    const stockBefore = await stockOf(server.database.db, 'SHIRT-S-NAVY');
    const visitor = await shopperWith([
      ['linen-shirt', 'SHIRT-S-NAVY', 2],
      ['canvas-tote', 'TOTE', 1],
      ['sticker-pack', 'STICKERS', 3],
    ]);
    const cart = (await visitor.get('/api/commerce/shopping-cart')).json();
    const response = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order).toMatchObject({
      purchasedCartId: cart.id,
      testMode: true,
      websiteId: cart.websiteId,
      grandTotal: { value: '127.00', currency: 'USD' },
      shippingTotal: { value: '0.00', currency: 'USD' },
      taxTotal: { value: '0.00', currency: 'USD' },
      items: [
        { sku: 'SHIRT-S-NAVY', productName: 'Linen Shirt', quantity: 2, unitPrice: { value: '45.00', currency: 'USD' }, kind: 'physical' },
        { sku: 'TOTE', productName: 'Canvas Tote', quantity: 1, unitPrice: { value: '22.00', currency: 'USD' }, kind: 'physical' },
        { sku: 'STICKERS', productName: 'Sticker Pack', quantity: 3, unitPrice: { value: '5.00', currency: 'USD' }, kind: 'physical' },
      ],
    });
    expect(await stockOf(server.database.db, 'SHIRT-S-NAVY')).toBe(stockBefore - 2);
    const row = await server.database.db.selectFrom('carts').selectAll().where('id', '=', cart.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_purchased: true, order_id: order.id });
    // The cookie no longer names the purchased cart: the visitor starts a new one.
    expect((await visitor.get('/api/commerce/shopping-cart')).json()).toMatchObject({ id: '', entries: [] });
    const confirmation = (await visitor.get(`/checkout/order-confirmed?orderId=${order.id}&format=json`)).json();
    const { email, shippingAddress, billingAddress, ...withoutPersonalData } = order;
    expect(email).toBe('shopper@example.com');
    expect(shippingAddress).toMatchObject({ city: 'Portland', region: 'OR', country: 'US' });
    expect(billingAddress).toEqual(shippingAddress);
    // The page is reachable by its link alone: no email, no address.
    expect(confirmation.order).toEqual(withoutPersonalData);
  });

  it('mails the confirmation through the outbox with the order, and nothing for a refused order', async () => {
    const visitor = await shopperWith([['linen-shirt', 'SHIRT-S-WHITE', 2], ['sticker-pack', 'STICKERS', 1]]);
    const { order } = (await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'Confirm.Me@Example.com' })).json();
    const mails = await server.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'confirm.me@example.com').execute();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(order.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(mail).toMatchObject({
      kind: 'transactional', template: 'order-confirmation', status: 'pending', subject: `Your order #${order.orderNumber} from Vitrine Demo Store is confirmed`,
    });
    expect(mail!.text_body).toContain(`Order #${order.orderNumber}\n`);
    expect(mail!.html_body).toContain(`Order #${order.orderNumber}</p>`);
    expect(mail!.text_body).toContain('2 × Linen Shirt (SHIRT-S-WHITE): $90.00');
    expect(mail!.text_body).toContain('1 × Sticker Pack (STICKERS): $5.00');
    // Shipped to Oregon (no tax rule) by Standard: $6.00 under $100.
    expect(mail!.text_body).toContain('Shipping (Standard): $6.00');
    expect(mail!.text_body).toContain('Total: $101.00');
    expect(mail!.text_body).toContain('This order was placed in test mode: no money was taken.');
    expect(mail!.text_body).toContain(`/checkout/order-confirmed?orderId=${order.id}`);
    expect(mail!.html_body).toContain('2 × Linen Shirt');
    // A declined payment rolls the order back, and its mail with it.
    const declined = await shopperWith([['canvas-tote', 'TOTE', 1]]);
    expect((await declined.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: TEST_DECLINE_EMAIL })).statusCode).toBe(402);
    expect(await server.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', TEST_DECLINE_EMAIL.toLowerCase()).execute()).toEqual([]);
  });

  it('refuses a cart holding a product archived since it was added, and writes nothing', async () => {
    const visitor = await shopperWith([['canvas-tote', 'TOTE', 1]]);
    const stockBefore = await stockOf(server.database.db, 'TOTE');
    const ordersBefore = await countOrders();
    await server.database.db.updateTable('products').set({ archived_at: new Date() }).where('url_id', '=', 'canvas-tote').execute();
    try {
      const refused = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'late@example.com' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: archivedProductMessage('Canvas Tote') });
      expect(await countOrders()).toBe(ordersBefore);
      expect(await stockOf(server.database.db, 'TOTE')).toBe(stockBefore);
    } finally {
      await server.database.db.updateTable('products').set({ archived_at: null }).where('url_id', '=', 'canvas-tote').execute();
    }
  });

  it('buys a cart once: a retry by the same shopper gets the same order, anyone else a 409', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const { cartToken } = (await visitor.post('/api/commerce/express-checkout', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 })).json();
    const first = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'a@example.com', cartToken });
    expect(first.statusCode).toBe(201);
    // The browser retried (a lost answer): the same order, nothing bought twice.
    const retried = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'A@example.com', cartToken });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().order.id).toBe(first.json().order.id);
    const [{ n }] = await server.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('purchased_cart_id', '=', first.json().order.purchasedCartId).execute();
    expect(Number(n)).toBe(1);
    const other = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'b@example.com', cartToken });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: ORDER_MESSAGES.alreadyPurchased });
  });

  it('rejects an empty cart and an invalid email', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const empty = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'a@example.com' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'You have nothing in your shopping cart.' });
    const badEmail = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'not an email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: 'Email is not valid.', errors: { email: 'Email is not valid.' } });
  });

  it('makes gift cards, digital goods, services and subscriptions lines of their own kind', async () => {
    const visitor = await shopperWith([
      ['gift-card', 'GIFT-100', 1],
      ['photography-ebook', 'EBOOK', 1],
      ['design-consultation', 'CONSULT', 2],
    ]);
    const { order } = (await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'kinds@example.com' })).json();
    expect(order.items.map((item: { sku: string; kind: string }) => [item.sku, item.kind])).toEqual([
      ['GIFT-100', 'gift-card'],
      ['EBOOK', 'digital'],
      ['CONSULT', 'service'],
    ]);
    const { cartToken } = (await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 })).json();
    const subscription = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'kinds@example.com', cartToken });
    expect(subscription.statusCode).toBe(201);
    expect(subscription.json().order.items).toMatchObject([{ sku: 'COFFEE-MONTHLY', kind: 'subscription', unitPrice: { value: '18.00' } }]);
    const line = await server.database.db.selectFrom('order_items').selectAll().where('sku', '=', 'COFFEE-MONTHLY').executeTakeFirstOrThrow();
    expect(line.subscription_plan).toEqual({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
  });

  it('rolls everything back when the payment is declined', async () => {
    const stockBefore = await stockOf(server.database.db, 'BLANKET');
    const visitor = await shopperWith([['wool-blanket', 'BLANKET', 2]]);
    const ordersBefore = await countOrders();
    const response = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: TEST_DECLINE_EMAIL });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: PAYMENT_DECLINED_MESSAGE });
    expect(await stockOf(server.database.db, 'BLANKET')).toBe(stockBefore);
    expect(await countOrders()).toBe(ordersBefore);
    expect((await visitor.get('/api/commerce/shopping-cart')).json()).toMatchObject({ isPurchased: false, totalQuantity: 2 });
  });

  it('fails with the out-of-stock message when stock ran out after the item was added', async () => {
    await setStock(server.database.db, 'ARMCHAIR', 3);
    const visitor = await shopperWith([['leather-armchair', 'ARMCHAIR', 2]]);
    await setStock(server.database.db, 'ARMCHAIR', 1);
    const response = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'late@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Sorry, we do not have enough of that item available.');
    expect(await stockOf(server.database.db, 'ARMCHAIR')).toBe(1);
  });

  it('twenty racing checkouts for the last unit give exactly one order, and stock never goes below zero', async () => {
    await setStock(server.database.db, 'VASE', 1);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith([['ceramic-vase', 'VASE', 1]])));
    const ordersBefore = await countOrders();
    const responses = await Promise.all(shoppers.map((visitor, i) => visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: `racer${i}@example.com` })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe('Sorry, we do not have enough of that item available.');
    }
    expect(await stockOf(server.database.db, 'VASE')).toBe(0);
    expect(await countOrders()).toBe(ordersBefore + 1);
    const purchased = await server.database.db.selectFrom('carts').select('id').where('is_purchased', '=', true).where('order_id', 'is not', null).execute();
    expect(purchased.length).toBeGreaterThanOrEqual(1);
  });
});
