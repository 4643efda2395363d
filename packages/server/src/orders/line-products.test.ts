// databases: one — the order rules and answers; order races are proven by orders-api and payment-lifecycle on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDefaultWebsite } from '../websites';
import { TEST_SHIPPING_ADDRESS, demoProductId, demoVariantId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { orderLineProducts } from './line-products';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('orderLineProducts', () => {
  it('answers the product and variant each line was bought as, in the order of the lines; nothing for another website or order', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 })).statusCode).toBe(200);
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('linen-shirt'), sku: 'SHIRT-S-NAVY', quantity: 1 })).statusCode).toBe(200);
    const placed = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'lines@example.com' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    const website = (await findDefaultWebsite(server.database.db))!;
    const lines = await orderLineProducts(server.database.db, website.id, order.id);
    expect(lines.map((line) => line.sku)).toEqual(order.items.map((item: { sku: string }) => item.sku));
    expect(lines).toEqual(
      expect.arrayContaining([
        { sku: 'TOTE', productId: demoProductId('canvas-tote'), variantId: demoVariantId('TOTE') },
        { sku: 'SHIRT-S-NAVY', productId: demoProductId('linen-shirt'), variantId: demoVariantId('SHIRT-S-NAVY') },
      ]),
    );
    expect(await orderLineProducts(server.database.db, 'another-website', order.id)).toEqual([]);
    expect(await orderLineProducts(server.database.db, website.id, 'no-such-order')).toEqual([]);
  });
});
