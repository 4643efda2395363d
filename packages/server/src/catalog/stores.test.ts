// databases: both — racing creations take distinct url ids under a unique index
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_CATALOG_MESSAGES } from '@vitrine/contracts';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { nextUnusedUrlId, urlIdOf } from './product-rules';
import { STORE_MESSAGES, storeUrlIdBase } from './stores';

describe('the store url id rule (platform spec §5)', () => {
  it('derives the url id from the title', () => {
    expect(urlIdOf('Summer Sale')).toBe('summer-sale');
    expect(urlIdOf('  Café & Thé — 2024! ')).toBe('cafe-the-2024');
    expect(storeUrlIdBase('Summer Sale')).toBe('summer-sale');
  });

  it('uses the fallback title when the url id would be empty or under 3 characters', () => {
    for (const title of ['', '   ', 'AB', 'é!', '!!!', '- -']) expect(storeUrlIdBase(title), title).toBe('store');
    // Three characters of url id are enough, whatever the title's length.
    expect(storeUrlIdBase('abc')).toBe('abc');
    expect(storeUrlIdBase('a b')).toBe('a-b');
  });

  it('suffixes -N with the next unused number', () => {
    expect(nextUnusedUrlId('shop', new Set())).toBe('shop');
    expect(nextUnusedUrlId('shop', new Set(['shop']))).toBe('shop-1');
    expect(nextUnusedUrlId('shop', new Set(['shop', 'shop-1', 'shop-3']))).toBe('shop-2');
  });
});

let server: TestServer;
let owner: TestVisitor;
let websiteId: string;
beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server, 'storeManager');
  websiteId = (await findDefaultWebsite(server.database.db))!.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const storesUrl = () => `/api/content-service/product/1.1/websites/${websiteId}/products`;
const categoriesUrl = (collectionId: string) => `${storesUrl()}/${collectionId}/categories`;
const ROOT = { displayName: 'All', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 };

async function storeRow(id: string) {
  return server.database.db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('POST /api/content-service/product/1.1/websites/:websiteId/products', () => {
  it('creates the product collection and answers its id; the store page exists at once', async () => {
    const answer = await owner.post(storesUrl(), { navigationTitle: 'Prints', title: 'Art Prints', urlId: 'ignored', description: 'Framed', enabled: true });
    expect(answer.statusCode, answer.body).toBe(200);
    const { id } = answer.json();
    expect(await storeRow(id)).toMatchObject({ url_id: 'art-prints', title: 'Art Prints', navigation_title: 'Prints', description: 'Framed', type: 13 });
    const page = await new TestVisitor(server.app).get('/art-prints?format=json');
    expect(page.statusCode).toBe(200);
  });

  it('numbers colliding url ids with the next unused -N, the shop included', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await owner.post(storesUrl(), { title: 'Shop', enabled: true })).json().id);
    const urls = await Promise.all(ids.map(async (id) => (await storeRow(id))!.url_id));
    expect(urls).toEqual(['shop-1', 'shop-2', 'shop-3']);
  });

  it('uses the fallback title when the title is empty or too short, and numbers it too', async () => {
    const first = (await owner.post(storesUrl(), { title: '', enabled: true })).json().id;
    const second = (await owner.post(storesUrl(), { title: 'Z', enabled: true })).json().id;
    expect(await storeRow(first)).toMatchObject({ url_id: 'store', title: 'Store', navigation_title: 'Store' });
    expect(await storeRow(second)).toMatchObject({ url_id: 'store-1', title: 'Z' });
  });

  it('never takes an address the storefront answers itself', async () => {
    const { id } = (await owner.post(storesUrl(), { title: 'Cart', enabled: true })).json();
    expect((await storeRow(id))!.url_id).toBe('cart-1');
  });

  it('gives racing creations of one title different addresses', async () => {
    const answers = await Promise.all([0, 1, 2, 3].map(() => owner.post(storesUrl(), { title: 'Race Store', enabled: true })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const urls = await Promise.all(answers.map(async (answer) => (await storeRow(answer.json().id))!.url_id));
    expect([...urls].sort()).toEqual(['race-store', 'race-store-1', 'race-store-2', 'race-store-3']);
  });

  it('answers 404 for another website, refuses bad fields, and writes nothing', async () => {
    const count = async () => Number((await server.database.db.selectFrom('collections').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const other = await owner.post('/api/content-service/product/1.1/websites/someone-else/products', { title: 'X', enabled: true });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: STORE_MESSAGES.websiteNotFound });
    expect((await owner.post(storesUrl(), { title: 'X', enabled: false })).json().errors).toEqual({ enabled: OWNER_CATALOG_MESSAGES.enabled });
    expect((await owner.post(storesUrl(), { title: 'x'.repeat(201) })).json().errors).toEqual({ title: OWNER_CATALOG_MESSAGES.storeTitle });
    expect((await owner.post(storesUrl(), {})).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('is for owners who may change store settings', async () => {
    const editor = await ownerVisitor(server, 'editor');
    expect((await editor.post(storesUrl(), { title: 'Nope', enabled: true })).statusCode).toBe(403);
  });
});

describe('POST …/products/:collectionId/categories', () => {
  it("creates the store's ROOT category once", async () => {
    const { id: storeId } = (await owner.post(storesUrl(), { title: 'Ceramics', enabled: true })).json();
    const answer = await owner.post(categoriesUrl(storeId), ROOT);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await server.database.db.selectFrom('categories').selectAll().where('id', '=', answer.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ collection_id: storeId, display_name: 'All', parent_category_id: null, type: 'ROOT', page_rendering: 'LIST_VIEW', display_index: 1 });
    const again = await owner.post(categoriesUrl(storeId), ROOT);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: STORE_MESSAGES.rootExists });
  });

  it('makes one root when two creations race', async () => {
    const { id: storeId } = (await owner.post(storesUrl(), { title: 'Racing Roots', enabled: true })).json();
    const answers = await Promise.all([0, 1, 2].map(() => owner.post(categoriesUrl(storeId), ROOT)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses an unknown store (404), and fields other than the spec says', async () => {
    expect((await owner.post(categoriesUrl('no-such-store'), ROOT)).json()).toEqual({ message: STORE_MESSAGES.storeNotFound });
    const { id: storeId } = (await owner.post(storesUrl(), { title: 'Strict', enabled: true })).json();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ROOT, type: 'CATEGORY' }, 'type'],
      [{ ...ROOT, pageRendering: 'GRID' }, 'pageRendering'],
      [{ ...ROOT, displayIndex: 2 }, 'displayIndex'],
      [{ ...ROOT, parentCategoryId: 'abc' }, 'parentCategoryId'],
      [{ ...ROOT, displayName: 'x'.repeat(26) }, 'displayName'],
    ];
    for (const [body, field] of cases) {
      const answer = await owner.post(categoriesUrl(storeId), body);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().errors)).toEqual([field]);
    }
    expect(await server.database.db.selectFrom('categories').select('id').where('collection_id', '=', storeId).execute()).toEqual([]);
  });
});
