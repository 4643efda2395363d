// databases: one — the order rules and answers; order races are proven by orders-api and payment-lifecycle on both
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { TEST_SHIPPING_ADDRESS, demoProductId, snapshotDomainTables, TestVisitor } from '../testing';
import type { FastifyInstance } from 'fastify';

// A store that sets a minimum order subtotal of $50.00: the cart page shows the bound, checkout enforces it.
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`UPDATE websites SET settings = settings || '{"minimumOrderSubtotalCents": 5000}'::jsonb`.execute(database.db);
  app = await buildApp({ db: database.db, databaseKind: database.kind });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function shopperWithStickers(quantity: number): Promise<TestVisitor> {
  const visitor = new TestVisitor(app);
  await visitor.visit('/shop');
  const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity });
  expect(added.statusCode).toBe(200);
  return visitor;
}

describe('minimum order subtotal', () => {
  it('refuses checkout below it with the spec wording, writing nothing', async () => {
    const visitor = await shopperWithStickers(2); // $10.00
    const before = await snapshotDomainTables(database.db);
    const response = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'To check out, your order subtotal must be $50.00 or more.' });
    expect(await snapshotDomainTables(database.db)).toEqual(before);
  });

  it('lets a cart at the minimum check out', async () => {
    const visitor = await shopperWithStickers(10); // $50.00
    const response = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' });
    expect(response.statusCode).toBe(201);
  });

  it('tells the cart page about it', async () => {
    const page = (await new TestVisitor(app).get('/cart?format=json')).json();
    expect(page.websiteSettings.storeSettings.minimumOrderSubtotalCents).toBe(5000);
  });
});
