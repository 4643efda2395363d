// databases: both — page answers' cache headers, on real page routes over each database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(() => server.close());

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

describe('page answers and shared caches (issue 35 item 1)', () => {
  it('an anonymous page is public with a strong ETag and surrogate keys, and sets no cookie', async () => {
    const visitor = new TestVisitor(server.app);
    for (const url of ['/', '/shop', '/shop?format=json']) {
      const answer = await visitor.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(PUBLIC);
      expect(answer.headers['set-cookie'], url).toBeUndefined();
      expect(String(answer.headers.etag), url).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(String(answer.headers['surrogate-key']).split(' '), url).toContain(`w-${(await server.database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow()).id}`);
      expect(String(answer.headers['cache-tag']).split(','), url).toEqual(String(answer.headers['surrogate-key']).split(' '));
    }
  });

  it('a product page names its product among its keys', async () => {
    const answer = await new TestVisitor(server.app).get('/shop?format=json');
    const product = (answer.json() as { items: Array<{ id: string; fullUrl: string }> }).items.find((item) => item.id === demoProductId('ceramic-vase')) ?? (answer.json() as { items: Array<{ id: string; fullUrl: string }> }).items[0]!;
    const page = await new TestVisitor(server.app).get(product.fullUrl);
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['surrogate-key']).split(' ')).toContain(`item-${product.id}`);
    expect(String(page.headers['surrogate-key']).split(' ')).toContain('type-item');
  });

  it('answers 304 with no body to If-None-Match of the same ETag, and 200 to another', async () => {
    const visitor = new TestVisitor(server.app);
    const first = await visitor.get('/shop');
    const etag = String(first.headers.etag);
    const again = await visitor.request({ method: 'GET', url: '/shop', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await visitor.request({ method: 'GET', url: '/shop', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('a signed-in owner, a shopper with a cart and the cart page are private, no-store, with no ETag', async () => {
    const owner = await ownerVisitor(server);
    const ownersHome = await owner.get('/');
    expect(ownersHome.headers['cache-control']).toBe('private, no-store');
    expect(ownersHome.headers.etag).toBeUndefined();
    expect(ownersHome.headers['surrogate-key']).toBeUndefined();

    const shopper = new TestVisitor(server.app);
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('photography-ebook'), quantity: 1 });
    expect(added.statusCode).toBe(200);
    expect((await shopper.get('/shop')).headers['cache-control']).toBe('private, no-store');
    expect((await new TestVisitor(server.app).get('/cart')).headers['cache-control']).toBe('private, no-store');
  });
});
