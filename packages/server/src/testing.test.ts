// databases: both — the snapshot the no-partial-write tests compare is one SQL statement on each database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, setStock, snapshotDomainTables, TestVisitor, type TestServer } from './testing';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(() => server.close());

describe('snapshotDomainTables', () => {
  it('is equal while nothing is written, and tells a stock change, a cart line and a quantity apart', async () => {
    const db = server.database.db;
    const first = await snapshotDomainTables(db);
    expect(await snapshotDomainTables(db)).toEqual(first);
    expect(first).toMatchObject({ carts: 0, orders: 0, cartEntries: [] });

    await setStock(db, 'PEN', 41);
    const afterStock = await snapshotDomainTables(db);
    expect(afterStock).not.toEqual(first);
    expect((afterStock.stock as Array<{ sku: string; qty_in_stock: number }>).find((row) => row.sku === 'PEN')?.qty_in_stock).toBe(41);

    const visitor = new TestVisitor(server.app);
    const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('photography-ebook'), quantity: 1 });
    expect(added.statusCode).toBe(200);
    const afterAdd = await snapshotDomainTables(db);
    expect(afterAdd).toMatchObject({ carts: 1 });
    expect(afterAdd.cartEntries).toHaveLength(1);

    await db.updateTable('cart_entries').set({ quantity: 2 }).execute();
    expect(await snapshotDomainTables(db)).not.toEqual(afterAdd);
  });
});
