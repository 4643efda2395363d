// databases: both — keyset pages over sorts with ties, in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryRowJson } from '@vitrine/contracts';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { INVENTORY_MESSAGES } from './inventory';

let server: TestServer;
let owner: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server, 'reporting');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function list(query: string): Promise<{ products: InventoryRowJson[]; nextCursor: string | null }> {
  const answer = await owner.get(`/api/owner/products${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Every page of a listing, following the cursors. */
async function allPages(query: string): Promise<InventoryRowJson[][]> {
  const pages: InventoryRowJson[][] = [];
  let cursor: string | null = null;
  do {
    const page: { products: InventoryRowJson[]; nextCursor: string | null } = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page.products);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('GET /api/owner/products', () => {
  it('lists products by name with their variants under each row', async () => {
    const { products, nextCursor } = await list('');
    expect(nextCursor).toBeNull();
    const titles = products.map((row) => row.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const shirt = products.find((row) => row.id === demoProductId('linen-shirt'))!;
    expect(shirt).toMatchObject({ title: 'Linen Shirt', productType: 1, archived: false, priceCents: 4500, totalStock: 25, unlimited: false });
    expect(shirt.variants.map((variant) => variant.sku)).toEqual(['SHIRT-S-WHITE', 'SHIRT-S-NAVY', 'SHIRT-M-WHITE', 'SHIRT-M-NAVY']);
    expect(shirt.variants[0]).toMatchObject({ priceCents: 4500, qtyInStock: 12, optionValues: [{ optionName: 'Size', value: 'S' }, { optionName: 'Color', value: 'White' }] });
  });

  it('sorts by stock and by price, both ways, with the id breaking ties', async () => {
    for (const [sort, key] of [['stock', 'totalStock'], ['price', 'priceCents']] as const) {
      const ascending = (await list(`?sort=${sort}&direction=asc`)).products;
      const descending = (await list(`?sort=${sort}&direction=desc`)).products;
      const order = (rows: InventoryRowJson[], sign: number) =>
        [...rows].sort((a, b) => sign * (a[key] - b[key]) || sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      expect(ascending.map((row) => row.id)).toEqual(order(ascending, 1).map((row) => row.id));
      expect(descending.map((row) => row.id)).toEqual(order(descending, -1).map((row) => row.id));
      expect(descending.map((row) => row.id)).toEqual([...ascending].reverse().map((row) => row.id));
    }
  });

  it('pages with an opaque cursor: every product once, in order, whatever the sort', async () => {
    const everything = (await list('?limit=200')).products;
    for (const query of ['?limit=2', '?limit=3&sort=stock', '?limit=5&sort=price&direction=desc', '?limit=1&sort=name&direction=desc']) {
      const pages = await allPages(query);
      const full = (await list(query.replace(/limit=\d+/, 'limit=200'))).products;
      expect(pages.flat().map((row) => row.id), query).toEqual(full.map((row) => row.id));
      expect(pages.flat()).toHaveLength(everything.length);
    }
  });

  it('searches titles and skus, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await list('?q=LINEN')).products.map((row) => row.title)).toEqual(['Linen Shirt']);
    expect((await list('?q=gift-50')).products.map((row) => row.title)).toEqual(['Gift Card']);
    expect((await list('?q=%25')).products).toEqual([]);
    expect((await list('?q=_')).products).toEqual([]);
  });

  it('leaves archived products out unless asked', async () => {
    const admin = await ownerVisitor(server, 'admin');
    await admin.post(`/api/owner/products/${demoProductId('vintage-lamp')}/archive`);
    expect((await list('?q=lamp')).products).toEqual([]);
    expect((await list('?q=lamp&archived=true')).products).toMatchObject([{ title: 'Vintage Lamp', archived: true }]);
    await admin.post(`/api/owner/products/${demoProductId('vintage-lamp')}/restore`);
  });

  it('refuses a bad page size, sort or cursor', async () => {
    for (const query of ['?limit=0', '?limit=1000', '?limit=abc', '?sort=colour', '?direction=up']) {
      expect((await owner.get(`/api/owner/products${query}`)).statusCode, query).toBe(400);
    }
    const bad = await owner.get('/api/owner/products?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: INVENTORY_MESSAGES.cursor, errors: { cursor: INVENTORY_MESSAGES.cursor } });
    const { nextCursor } = await list('?limit=1&sort=price');
    const other = await owner.get(`/api/owner/products?limit=1&sort=name&cursor=${nextCursor}`);
    expect(other.json()).toEqual({ message: INVENTORY_MESSAGES.cursorOtherOrder, errors: { cursor: INVENTORY_MESSAGES.cursorOtherOrder } });
  });
});
