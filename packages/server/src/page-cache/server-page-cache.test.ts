// databases: both — the server's rendered-page cache on real page routes: hits, every invalidation source, never personal
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { stableId } from '../ids';
import { demoProductId, openTestServer, ownerVisitor, setStock, TEST_CAPTCHA_DIFFICULTY, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { pgliteChangeFeed, postgresChangeFeed, type PageChangeFeed } from './change-feed';
import { RenderedPageCache } from './rendered-page-cache';
import { PAGE_CACHE_HEADER } from './routes';

const PRODUCTS = '/api/owner/products';
const VASE_PAGE = '/shop/p/ceramic-vase';

let server: TestServer;
let cache: RenderedPageCache;
let owner: TestVisitor;

function feedOf(test: TestServer): PageChangeFeed {
  return test.database.pglite ? pgliteChangeFeed(test.database.pglite) : postgresChangeFeed(test.database.url!);
}

beforeAll(async () => {
  cache = new RenderedPageCache({ maxBytes: 8 * 1024 * 1024, maxAgeMs: 300_000 });
  // Made before the server: the cache is handed to buildApp, its feed needs the database.
  const database = await openTestServer();
  await database.app.close();
  server = { ...database, app: await buildApp({ db: database.database.db, databaseKind: database.database.kind, captchaDifficulty: TEST_CAPTCHA_DIFFICULTY, pageCache: { cache, changes: feedOf(database) } }) };
  owner = await ownerVisitor(server);
});
afterAll(() => server.close());

/** What an anonymous visitor gets, and whether it came from the cache. */
async function anonymous(url: string, app: FastifyInstance = server.app, headers: Record<string, string> = {}) {
  const answer = await new TestVisitor(app).request({ method: 'GET', url, headers });
  return { status: answer.statusCode, body: answer.body, cached: answer.headers[PAGE_CACHE_HEADER], headers: answer.headers };
}

/** Asks until the page is kept (it is stored after its answer is sent). */
async function kept(url: string, app: FastifyInstance = server.app) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await anonymous(url, app);
    if (answer.cached === 'hit') return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} was never kept`);
}

const priceOf = (body: string) => (JSON.parse(body) as { item: { structuredContent: { variants: Array<{ priceMoney: { value: string } }> } } }).item.structuredContent.variants[0]!.priceMoney.value;

async function changeVasePrice(by: number): Promise<string> {
  const vase = (await owner.get(`${PRODUCTS}/${demoProductId('ceramic-vase')}`)).json().product;
  const newPrice = Number(vase.variants[0].priceCents) + by;
  const saved = await owner.put(`${PRODUCTS}/${vase.id}`, { productType: 1, title: vase.title, tags: vase.tags, variants: [{ id: vase.variants[0].id, sku: 'VASE', priceCents: newPrice }] });
  expect(saved.statusCode).toBe(200);
  return (newPrice / 100).toFixed(2);
}

describe('the server page cache (issue 35 item 2)', () => {
  it('answers an anonymous page from memory the second time, byte for byte, with the same headers', async () => {
    const first = await anonymous(VASE_PAGE);
    expect(first.status).toBe(200);
    expect(first.cached).toBe('miss');
    const second = await kept(VASE_PAGE);
    expect(second.body).toBe(first.body);
    for (const header of ['content-type', 'cache-control', 'etag', 'surrogate-key', 'cache-tag']) expect(second.headers[header], header).toBe(first.headers[header]);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // Campaign parameters share the entry; other parameters do not.
    expect((await anonymous(`${VASE_PAGE}?utm_source=mail&gclid=1`)).cached).toBe('hit');
    expect((await anonymous(`${VASE_PAGE}?sku=VASE`)).cached).toBe('miss');
    // 304 from the cache too.
    const revalidated = await new TestVisitor(server.app).request({ method: 'GET', url: VASE_PAGE, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps the page compressed: brotli and gzip decompress to the same page', async () => {
    const plain = await kept('/shop');
    for (let attempt = 0; attempt < 50 && cache.bytes < plain.body.length * 1.2; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    const br = await new TestVisitor(server.app).request({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await new TestVisitor(server.app).request({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // The encoded ETag revalidates.
    expect((await new TestVisitor(server.app).request({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } })).statusCode).toBe(304);
  });

  it("an owner's price change is on the next page asked for once the save has returned", async () => {
    await kept(`${VASE_PAGE}?format=json`);
    const shown = await changeVasePrice(100);
    const after = await anonymous(`${VASE_PAGE}?format=json`);
    expect(after.cached).toBe('miss');
    expect(priceOf(after.body)).toBe(shown);
  });

  it('an order that sells the last one shows the product sold out at once', async () => {
    await setStock(server.database.db, 'BLANKET', 1);
    cache.invalidateAll();
    const page = '/shop/p/wool-blanket?format=json';
    const stock = (body: string) => (JSON.parse(body) as { item: { structuredContent: { variants: Array<{ sku: string; qtyInStock: number }> } } }).item.structuredContent.variants.find((variant) => variant.sku === 'BLANKET')?.qtyInStock;
    expect(stock((await kept(page)).body)).toBe(1);
    const shopper = new TestVisitor(server.app);
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('wool-blanket'), sku: 'BLANKET', quantity: 1 })).statusCode).toBe(200);
    // A cart's change shows on no shared page: the kept page stays.
    expect((await anonymous(page)).cached).toBe('hit');
    expect((await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'last-blanket@example.com' })).statusCode).toBe(201);
    const after = await anonymous(page);
    expect(after.cached).toBe('miss');
    expect(stock(after.body)).toBe(0);
  });

  it('a page scheduled to publish is live on its time: the kept not-found page ends then', async () => {
    const website = await server.database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    const publishAt = new Date(Date.now() + 1_500);
    await server.database.db.insertInto('site_pages').values({
      id: stableId('page-cache-test:soon'), website_id: website.id, kind: 'page', url_id: 'cache-soon', title: 'Soon here', description: '', status: 'scheduled', publish_at: publishAt,
      body: JSON.stringify({ sections: [] }),
    }).execute();
    // Rows written straight to the database: the test forgets what the cache knew.
    cache.invalidateAll();
    expect((await anonymous('/cache-soon')).status).toBe(404);
    expect((await kept('/cache-soon')).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() - Date.now() + 50)));
    const live = await anonymous('/cache-soon');
    expect(live.status).toBe(200);
    expect(live.body).toContain('Soon here');
  });

  it('any successful state change outside the listed shopper calls invalidates (a site setting here); a tracking call or a refused change does not', async () => {
    await kept('/shop');
    // A tracking call leaves it.
    const shopper = new TestVisitor(server.app);
    await shopper.post('/api/census/page-view', {});
    expect((await anonymous('/shop')).cached).toBe('hit');
    // A refused change leaves it.
    expect((await owner.put(`${PRODUCTS}/not-a-product`, { productType: 1, title: 'x', variants: [] })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await anonymous('/shop')).cached).toBe('hit');
    // A site setting saved ends it.
    expect((await owner.put('/api/owner/site-settings/identity', { siteTitle: 'Cache & Co' })).statusCode).toBe(200);
    const after = await anonymous('/shop');
    expect(after.cached).toBe('miss');
    expect(after.body).toContain('Cache &amp; Co');
  });

  it('never serves a kept page to a signed-in visitor or a shopper with a cart, and never keeps theirs', async () => {
    await kept('/shop');
    const signedIn = await owner.get('/shop');
    expect(signedIn.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const shopper = new TestVisitor(server.app);
    await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('photography-ebook'), quantity: 1 });
    const withCart = await shopper.get('/shop');
    expect(withCart.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(withCart.body).not.toBe((await anonymous('/shop')).body);
    // The owner's own page (the account link, previews) never became what anonymous visitors get.
    expect((await anonymous('/shop')).body).toBe((await kept('/shop')).body);
    expect((await anonymous('/cart')).cached).toBe('miss');
    expect((await anonymous('/cart')).cached).toBe('miss');
  });

  it("another process sharing the database drops its kept page within a second of the owner's save", async () => {
    const otherCache = new RenderedPageCache({ maxBytes: 8 * 1024 * 1024, maxAgeMs: 300_000 });
    const other = await buildApp({ db: server.database.db, databaseKind: server.database.kind, pageCache: { cache: otherCache, changes: feedOf(server) } });
    try {
      await kept(`${VASE_PAGE}?format=json`, other);
      const shown = await changeVasePrice(100);
      const saved = Date.now();
      let seen = priceOf((await anonymous(`${VASE_PAGE}?format=json`, other)).body);
      while (seen !== shown && Date.now() - saved < 3_000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        seen = priceOf((await anonymous(`${VASE_PAGE}?format=json`, other)).body);
      }
      expect(seen).toBe(shown);
      expect(Date.now() - saved).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});
