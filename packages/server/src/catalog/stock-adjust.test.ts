// databases: both — stock changes at once on one variant row
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_CATALOG_MESSAGES } from '@vitrine/contracts';
import { demoProductId, demoVariantId, openTestServer, ownerVisitor, setStock, stockOf, TestVisitor, type TestServer } from '../testing';
import { STOCK_MESSAGES } from './stock-adjust';

let server: TestServer;
let owner: TestVisitor;
let otherOwner: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server, 'storeManager');
  otherOwner = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const stockUrl = (sku: string) => `/api/owner/variants/${demoVariantId(sku)}/stock`;
const adjustUrl = (sku: string) => `${stockUrl(sku)}/adjustments`;

describe('PUT /api/owner/variants/:variantId/stock', () => {
  it('sets the stock to a number, and whether it is unlimited', async () => {
    const answer = await owner.put(stockUrl('PEN'), { qtyInStock: 17 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ variantId: demoVariantId('PEN'), productId: demoProductId('engraved-pen'), sku: 'PEN', qtyInStock: 17, unlimited: false });
    expect((await owner.put(stockUrl('PEN'), { qtyInStock: 0, unlimited: true })).json()).toMatchObject({ qtyInStock: 0, unlimited: true });
    expect((await owner.put(stockUrl('PEN'), { qtyInStock: 30, unlimited: false })).json()).toMatchObject({ qtyInStock: 30, unlimited: false });
  });

  it('shows the new stock on the next product page view', async () => {
    await owner.put(stockUrl('VASE'), { qtyInStock: 9 });
    const page = (await new TestVisitor(server.app).get('/shop/p/ceramic-vase?format=json')).json();
    expect(page.item.structuredContent.variants[0].qtyInStock).toBe(9);
  });

  it('refuses bad numbers with the field message, and unknown variants with 404; nothing changes', async () => {
    const before = await stockOf(server.database.db, 'PEN');
    for (const qtyInStock of [-1, 1.5, '3', 1e12, null]) {
      const answer = await owner.put(stockUrl('PEN'), { qtyInStock });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: OWNER_CATALOG_MESSAGES.qtyInStock, errors: { qtyInStock: OWNER_CATALOG_MESSAGES.qtyInStock } });
    }
    const unknown = await owner.put('/api/owner/variants/no-such-variant/stock', { qtyInStock: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: STOCK_MESSAGES.variantNotFound });
    expect(await stockOf(server.database.db, 'PEN')).toBe(before);
  });
});

describe('POST /api/owner/variants/:variantId/stock/adjustments', () => {
  it('adds and takes', async () => {
    await setStock(server.database.db, 'BLANKET', 20);
    expect((await owner.post(adjustUrl('BLANKET'), { delta: 5 })).json()).toMatchObject({ qtyInStock: 25 });
    expect((await owner.post(adjustUrl('BLANKET'), { delta: -25 })).json()).toMatchObject({ qtyInStock: 0 });
  });

  it('refuses to go below 0 (409) and changes nothing', async () => {
    await setStock(server.database.db, 'BLANKET', 3);
    const answer = await owner.post(adjustUrl('BLANKET'), { delta: -4 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: STOCK_MESSAGES.belowZero(3), errors: { delta: STOCK_MESSAGES.belowZero(3) } });
    expect(await stockOf(server.database.db, 'BLANKET')).toBe(3);
  });

  it('refuses above the limit, an unlimited variant, a zero or fractional delta, an unknown variant', async () => {
    await setStock(server.database.db, 'BLANKET', 999_999_999);
    expect((await owner.post(adjustUrl('BLANKET'), { delta: 2 })).json()).toEqual({ message: STOCK_MESSAGES.aboveMax, errors: { delta: STOCK_MESSAGES.aboveMax } });
    const unlimited = await owner.post(adjustUrl('STICKERS'), { delta: 1 });
    expect(unlimited.statusCode).toBe(409);
    expect(unlimited.json().message).toBe(STOCK_MESSAGES.unlimited);
    for (const delta of [0, 0.5, '1', 2e9]) {
      const answer = await owner.post(adjustUrl('BLANKET'), { delta });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual({ delta: OWNER_CATALOG_MESSAGES.delta });
    }
    expect((await owner.post('/api/owner/variants/nope/stock/adjustments', { delta: 1 })).statusCode).toBe(404);
    expect(await stockOf(server.database.db, 'BLANKET')).toBe(999_999_999);
  });

  it('loses no adjustment when two owners adjust the same stock at once', async () => {
    await setStock(server.database.db, 'ARMCHAIR', 100);
    const deltas = [7, -3, 11, -5, 2, -1, 9, -4, 6, -2];
    const answers = await Promise.all(deltas.map((delta, index) => (index % 2 ? otherOwner : owner).post(adjustUrl('ARMCHAIR'), { delta })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(deltas.map(() => 200));
    expect(await stockOf(server.database.db, 'ARMCHAIR')).toBe(100 + deltas.reduce((sum, delta) => sum + delta, 0));
  });

  it('never goes below 0 when owners take the last units at once: exactly the ones that fit succeed', async () => {
    await setStock(server.database.db, 'ARMCHAIR', 5);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 ? otherOwner : owner).post(adjustUrl('ARMCHAIR'), { delta: -1 })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    expect(await stockOf(server.database.db, 'ARMCHAIR')).toBe(0);
  });

  it('is for owners who may write the catalog', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.post(adjustUrl('PEN'), { delta: 1 })).statusCode).toBe(403);
  });
});
