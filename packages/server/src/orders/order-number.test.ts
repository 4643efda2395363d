// databases: both — order numbers from a counter row under racing checkouts, gaps given back
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transactions';
import { newId } from '../ids';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, setStock, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, insertWebsite } from '../websites';
import { allocateOrderNumber, FIRST_ORDER_NUMBER } from './order-number';
import { TEST_DECLINE_EMAIL } from './payment-provider';

/**
 * Human order numbers (migration 020): 1001, 1002, … per website, taken in the order's transaction. On PGlite (one
 * connection: racing orders queue) and on PostgreSQL with TEST_DATABASE_URL (a pool: they truly run at once and
 * meet at the counter's row lock).
 */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
  await setStock(server.database.db, 'TOTE', 1000);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** A shopper with a tote in the cart, ready to check out. */
async function shopperWithTote(): Promise<TestVisitor> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 })).statusCode).toBe(200);
  return shopper;
}

async function placeOrder(email: string): Promise<{ id: string; orderNumber: number }> {
  const answer = await (await shopperWithTote()).post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order;
}

describe('order numbers', () => {
  it('numbers a store’s orders 1001, 1002, … in the order they are placed, in every answer', async () => {
    const first = await placeOrder('first@numbers.test');
    const second = await placeOrder('second@numbers.test');
    expect(first.orderNumber).toBe(FIRST_ORDER_NUMBER);
    expect(second.orderNumber).toBe(FIRST_ORDER_NUMBER + 1);
    const row = await db().selectFrom('orders').select('order_number').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row.order_number).toBe(1001);

    const owner = await ownerVisitor(server, 'storeManager');
    expect((await owner.get(`/api/owner/orders/${second.id}`)).json().order).toMatchObject({ id: second.id, orderNumber: 1002 });
    expect((await owner.get('/api/owner/orders?email=second@numbers.test')).json().orders).toEqual([
      expect.objectContaining({ id: second.id, orderNumber: 1002 }),
    ]);
    const csv = (await owner.get('/api/owner/orders/export.csv?email=first@numbers.test')).body.trim().split('\n');
    expect(csv[0]).toMatch(/^Order number,Order,/);
    expect(csv[1]).toMatch(new RegExp(`^1001,${first.id},`));
  });

  it('shows the number on the order-confirmed page, and answers 404 for an unknown order', async () => {
    const order = await placeOrder('page@numbers.test');
    const visitor = new TestVisitor(server.app);
    const page = await visitor.get(`/checkout/order-confirmed?orderId=${order.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Order <strong>#${order.orderNumber}</strong>`);
    expect((await visitor.get(`/checkout/order-confirmed?orderId=${order.id}&format=json`)).json().order.orderNumber).toBe(order.orderNumber);
    expect((await visitor.get('/checkout/order-confirmed?orderId=nope')).statusCode).toBe(404);
  });

  it('gives a refused order’s number back: the numbers have no gaps', async () => {
    const before = await placeOrder('before-decline@numbers.test');
    const declined = await (await shopperWithTote()).post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: TEST_DECLINE_EMAIL });
    expect(declined.statusCode).toBe(402);
    const after = await placeOrder('after-decline@numbers.test');
    expect(after.orderNumber).toBe(before.orderNumber + 1);
  });

  it('10 orders placed at once get 10 distinct, consecutive numbers', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWithTote()));
    const { next_number: next } = await db()
      .selectFrom('website_order_counters').select('next_number').where('website_id', '=', (await findDefaultWebsite(db()))!.id).executeTakeFirstOrThrow();
    const answers = await Promise.all(shoppers.map((shopper, index) => shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: `race${index}@numbers.test` })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const numbers = answers.map((answer) => answer.json().order.orderNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, index) => next + index));
  });

  it('counts each website on its own, starting at 1001', async () => {
    const demo = (await findDefaultWebsite(db()))!;
    const otherId = newId();
    await insertWebsite(db(), {
      id: otherId, identifier: `other-${otherId.slice(0, 8)}`, siteTitle: 'Other store', currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin',
      captchaSiteKey: null, settings: {},
    });
    const demoBefore = await db().selectFrom('website_order_counters').select('next_number').where('website_id', '=', demo.id).executeTakeFirstOrThrow();
    // A website made after the migration has no counter row yet: its first order makes it.
    const other = await Promise.all(Array.from({ length: 3 }, () => inTransaction(db(), (trx) => allocateOrderNumber(trx, otherId))));
    expect(other.sort()).toEqual([1001, 1002, 1003]);
    // A number taken in a transaction that rolls back is given back.
    await expect(
      inTransaction(db(), async (trx) => {
        await allocateOrderNumber(trx, otherId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await inTransaction(db(), (trx) => allocateOrderNumber(trx, otherId))).toBe(1004);
    // The demo store's count did not move, and its next order takes its own next number.
    const demoOrder = await placeOrder('demo-after-other@numbers.test');
    expect(demoOrder.orderNumber).toBe(demoBefore.next_number);
  });

  it('refuses two orders of one website with the same number (the unique index)', async () => {
    const [a, b] = await db().selectFrom('orders').select(['id', 'order_number']).orderBy('order_number').limit(2).execute();
    await expect(db().updateTable('orders').set({ order_number: a.order_number }).where('id', '=', b.id).execute()).rejects.toThrow();
  });
});
