// databases: both — keyset pages over sorts with ties, in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryRowJson } from '@vitrine/contracts';
import { isOnSale, priceView, type ProductItem } from '@vitrine/commerce';
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

describe('GET /api/owner/products: prices as the storefront shows them (issue 31)', () => {
  const storefrontItem = async (path: string): Promise<ProductItem> => (await new TestVisitor(server.app).get(`${path}?format=json`)).json().item;

  it('a product on sale: the sale price, the regular one to strike, the Sale mark, the same in the row and its variant', async () => {
    const { products } = await list('');
    const tote = products.find((row) => row.id === demoProductId('canvas-tote'))!;
    expect(tote.shownPrice).toEqual({ from: false, priceCents: 2200, compareAtCents: 3000, onSale: true });
    expect(tote.variants[0]!.shownPrice).toEqual(tote.shownPrice);
    // The storefront's own rule over its own product JSON says the same.
    const item = await storefrontItem('/shop/p/canvas-tote');
    const view = priceView(item, undefined);
    expect({ from: view.from, priceCents: view.priceCents, compareAtCents: view.compareAtCents, onSale: isOnSale(item) }).toEqual(tote.shownPrice);
  });

  it('a product whose variants differ: "from" the lowest price with the Sale mark; each variant its own price', async () => {
    const created = await (await ownerVisitor(server, 'storeManager')).post('/api/owner/products', {
      productType: 1,
      title: 'Sale Mug',
      variantOptionOrdering: ['Size'],
      variants: [
        { sku: 'MUG-S', optionValues: [{ optionName: 'Size', value: 'S' }], priceCents: 2000, salePriceCents: 1500, onSale: true, qtyInStock: 3 },
        { sku: 'MUG-L', optionValues: [{ optionName: 'Size', value: 'L' }], priceCents: 2500, qtyInStock: 3 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const mug = (await list('?q=Sale%20Mug')).products[0]!;
    expect(mug.shownPrice).toEqual({ from: true, priceCents: 1500, compareAtCents: null, onSale: true });
    expect(mug.variants.map((variant) => variant.shownPrice)).toEqual([
      { from: false, priceCents: 1500, compareAtCents: 2000, onSale: true },
      { from: false, priceCents: 2500, compareAtCents: null, onSale: false },
    ]);
    const item = await storefrontItem(created.json().product.fullUrl);
    expect(priceView(item, undefined)).toMatchObject({ from: true, priceCents: 1500 });
  });
});

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
