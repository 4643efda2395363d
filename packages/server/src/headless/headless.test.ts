// databases: both — the reads' keyset SQL (row comparisons, timestamps to the microsecond) and the keys' cap in one statement
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_LIMITS, HEADLESS_MESSAGES, PUBLISHABLE_KEY_HEADER } from '@vitrine/contracts';
import { demoProductId, openTestServer, ownerVisitor, setStock, TestVisitor, type TestServer } from '../testing';
import { newId } from '../ids';
import { HEADLESS_CORS_REFUSED } from './routes';

let server: TestServer;
let admin: TestVisitor;
let key: string;
let websiteId: string;
const FRONTEND = 'https://shop.example.test';

beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 1_000_000 } });
  admin = await ownerVisitor(server, 'admin');
  const created = await admin.post('/api/owner/headless/keys', { name: 'Next.js shop' });
  expect(created.statusCode, created.body).toBe(201);
  key = created.json().key.key;
  websiteId = (await server.database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.database.db;

/** A frontend's read: the key header, no cookies. */
function read(url: string, headers: Record<string, string> = {}, withKey: string | null = key) {
  return server.app.inject({ method: 'GET', url, headers: { ...(withKey ? { [PUBLISHABLE_KEY_HEADER]: withKey } : {}), ...headers }, remoteAddress: '10.7.7.7' });
}

async function everyPage(path: string, limit: number): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  for (let turn = 0; turn < 50; turn += 1) {
    const answer = await read(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json() as { items: Array<Record<string, unknown>>; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

describe('publishable keys and allowed origins (Settings → Headless API)', () => {
  it('creates a vpk_ key kept as it is (publishable), lists it, and revokes it', async () => {
    const created = await admin.post('/api/owner/headless/keys', { name: '  Mobile app  ' });
    expect(created.statusCode).toBe(201);
    const made = created.json().key;
    expect(made).toEqual({ id: expect.any(String), name: 'Mobile app', key: expect.stringMatching(/^vpk_[A-Za-z0-9_-]{32}$/), created: expect.any(Number) });
    const row = await db().selectFrom('headless_keys').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.token).toBe(made.key);
    const settings = await admin.get('/api/owner/headless');
    expect(settings.statusCode).toBe(200);
    expect(settings.json().keys.map((entry: { id: string }) => entry.id)).toContain(made.id);
    expect((await read('/api/headless/v1/products', {}, made.key)).statusCode).toBe(200);

    const revoked = await admin.delete(`/api/owner/headless/keys/${made.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });
    const refused = await read('/api/headless/v1/products', {}, made.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(HEADLESS_MESSAGES.keyInvalid);
    const again = await admin.delete(`/api/owner/headless/keys/${made.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(HEADLESS_MESSAGES.keyNotFound);
  });

  it('refuses bad names with field errors, writing nothing', async () => {
    const before = (await db().selectFrom('headless_keys').select('id').execute()).length;
    for (const [body, field] of [[{ name: '' }, 'name'], [{ name: 'x'.repeat(101) }, 'name'], [{ name: '   ' }, 'name'], [{}, 'name'], [{ name: 'ok', key: 'vpk_mine' }, 'key']] as const) {
      const answer = await admin.post('/api/owner/headless/keys', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await db().selectFrom('headless_keys').select('id').execute()).length).toBe(before);
  });

  it(`keeps at most ${HEADLESS_LIMITS.keysPerWebsite} keys, even when created at once`, async () => {
    const existing = (await db().selectFrom('headless_keys').select('id').execute()).length;
    const answers = await Promise.all(Array.from({ length: HEADLESS_LIMITS.keysPerWebsite - existing + 3 }, (_, index) => admin.post('/api/owner/headless/keys', { name: `Key ${index}` })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(HEADLESS_LIMITS.keysPerWebsite - existing);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe(HEADLESS_MESSAGES.tooManyKeys);
    const made = await db().selectFrom('headless_keys').select(['id', 'token']).where('name', 'like', 'Key %').execute();
    for (const row of made) expect((await admin.delete(`/api/owner/headless/keys/${row.id}`)).statusCode).toBe(200);
  });

  it('saves exact origins, normalised, and refuses *, paths and other schemes by index', async () => {
    const saved = await admin.put('/api/owner/headless/origins', { origins: ['https://Shop.Example.test:443/', 'http://localhost:5173', 'https://shop.example.test'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().allowedOrigins).toEqual(['https://shop.example.test', 'http://localhost:5173']);
    const cases: Array<[string[], string, string]> = [
      [['*'], 'origins.0', HEADLESS_MESSAGES.wildcard],
      [['https://ok.test', 'https://*.example.test'], 'origins.1', HEADLESS_MESSAGES.wildcard],
      [['https://shop.example.test/app'], 'origins.0', HEADLESS_MESSAGES.origin],
      [['ftp://shop.example.test'], 'origins.0', HEADLESS_MESSAGES.origin],
      [['shop.example.test'], 'origins.0', HEADLESS_MESSAGES.origin],
      [['https://user:pw@shop.example.test'], 'origins.0', HEADLESS_MESSAGES.origin],
      [['https://shop.example.test?x=1'], 'origins.0', HEADLESS_MESSAGES.origin],
    ];
    for (const [origins, field, message] of cases) {
      const answer = await admin.put('/api/owner/headless/origins', { origins });
      expect(answer.statusCode, origins.join(' ')).toBe(400);
      expect(answer.json().errors?.[field], origins.join(' ')).toBe(message);
    }
    const tooMany = await admin.put('/api/owner/headless/origins', { origins: Array.from({ length: 21 }, (_, index) => `https://s${index}.test`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors?.origins).toBe(HEADLESS_MESSAGES.origins);
    expect((await admin.get('/api/owner/headless')).json().allowedOrigins).toEqual(['https://shop.example.test', 'http://localhost:5173']);
  });

  it('is for roles with api-keys:manage only: a website manager may, an editor may not, a visitor must sign in', async () => {
    const manager = await ownerVisitor(server, 'websiteManager');
    expect((await manager.get('/api/owner/headless')).statusCode).toBe(200);
    const editor = await ownerVisitor(server, 'editor');
    expect((await editor.get('/api/owner/headless')).statusCode).toBe(403);
    expect((await editor.post('/api/owner/headless/keys', { name: 'Mine' })).statusCode).toBe(403);
    expect((await editor.put('/api/owner/headless/origins', { origins: [] })).statusCode).toBe(403);
    const visitor = new TestVisitor(server.app);
    expect((await visitor.get('/api/owner/headless')).statusCode).toBe(401);
  });
});

describe('the key', () => {
  it('is required, well formed and live on every read route', async () => {
    for (const path of ['/api/headless/v1/products', '/api/headless/v1/products/canvas-tote', '/api/headless/v1/collections', '/api/headless/v1/collections/shop/products',
      '/api/headless/v1/pages', '/api/headless/v1/posts', '/api/headless/v1/search?q=tote']) {
      const missing = await read(path, {}, null);
      expect(missing.statusCode, path).toBe(401);
      expect(missing.json()).toEqual({ message: HEADLESS_MESSAGES.keyMissing });
      expect(missing.headers['cache-control']).toBe('no-store');
      const forged = await read(path, {}, 'vpk_' + 'A'.repeat(32));
      expect(forged.statusCode, path).toBe(401);
      expect(forged.json().message).toBe(HEADLESS_MESSAGES.keyInvalid);
      expect((await read(path, {}, 'vk_not-a-publishable-key')).statusCode).toBe(401);
    }
  });
});

describe('products, collections and search', () => {
  it('pages through every offered product with variants, prices in minor units and a stock state', async () => {
    const items = await everyPage('/api/headless/v1/products', 3);
    const offered = await db().selectFrom('products').select('id').where('website_id', '=', websiteId).where('archived_at', 'is', null).where('product_type', '!=', 5).execute();
    expect(items.map((item) => item.id).sort()).toEqual(offered.map((row) => row.id).sort());
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const tote = items.find((item) => item.slug === 'canvas-tote')!;
    expect(tote).toMatchObject({ id: demoProductId('canvas-tote'), path: '/shop/p/canvas-tote', type: 'physical', collection: { slug: 'shop' } });
    expect(tote.variants).toEqual([
      { id: expect.any(String), sku: 'TOTE', options: [], price: { amount: 2200, currency: 'USD' }, compareAtPrice: { amount: 3000, currency: 'USD' }, stock: { state: 'in_stock', quantity: null } },
    ]);
  });

  it('shows the count left only where the product page does (scarcity on), and sold-out variants as out_of_stock', async () => {
    await setStock(db(), 'SHIRT-S-NAVY', 3);
    await setStock(db(), 'LAMP', 0);
    const shirt = (await read('/api/headless/v1/products/linen-shirt')).json().product;
    const bySku = Object.fromEntries(shirt.variants.map((variant: { sku: string; stock: unknown }) => [variant.sku, variant.stock]));
    expect(bySku['SHIRT-S-NAVY']).toEqual({ state: 'in_stock', quantity: 3 });
    expect(bySku['SHIRT-M-NAVY']).toEqual({ state: 'out_of_stock', quantity: null });
    expect(shirt.variants[0].options).toEqual([{ name: 'Size', value: 'S' }, { name: 'Color', value: 'White' }]);
    const lamp = (await read(`/api/headless/v1/products/${demoProductId('vintage-lamp')}`)).json().product;
    expect(lamp.variants[0].stock).toEqual({ state: 'out_of_stock', quantity: null });
    const stickers = (await read('/api/headless/v1/products/sticker-pack')).json().product;
    expect(stickers.variants[0].stock).toEqual({ state: 'in_stock', quantity: null });
  });

  it('never shows an archived product, an archived variant, nor a membership (paywall) product', async () => {
    await db().updateTable('products').set({ archived_at: new Date() }).where('id', '=', demoProductId('engraved-pen')).execute();
    await db().updateTable('variants').set({ archived_at: new Date() }).where('sku', '=', 'SHIRT-M-WHITE').where('website_id', '=', websiteId).execute();
    const shop = await db().selectFrom('collections').select('id').where('website_id', '=', websiteId).where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    await db().insertInto('products').values({ id: newId(), website_id: websiteId, collection_id: shop.id, url_id: 'hl-membership', title: 'Members', product_type: 5, asset_url: null }).execute();
    try {
      expect((await read('/api/headless/v1/products/hl-membership')).statusCode).toBe(404);
      expect((await read('/api/headless/v1/products/linen-shirt')).json().product.variants.map((variant: { sku: string }) => variant.sku)).toEqual(['SHIRT-S-WHITE', 'SHIRT-S-NAVY', 'SHIRT-M-NAVY']);
      expect((await read('/api/headless/v1/products/engraved-pen')).statusCode).toBe(404);
      expect((await read('/api/headless/v1/products/engraved-pen')).json().message).toBe(HEADLESS_MESSAGES.productNotFound);
      const all = await everyPage('/api/headless/v1/products', 100);
      expect(all.some((item) => item.slug === 'engraved-pen')).toBe(false);
      expect((await read('/api/headless/v1/search?q=pen')).json().items.some((item: { slug: string }) => item.slug === 'engraved-pen')).toBe(false);
      expect(all.some((item) => item.slug === 'hl-membership')).toBe(false);
    } finally {
      await db().updateTable('products').set({ archived_at: null }).where('id', '=', demoProductId('engraved-pen')).execute();
      await db().updateTable('variants').set({ archived_at: null }).where('sku', '=', 'SHIRT-M-WHITE').where('website_id', '=', websiteId).execute();
      await db().deleteFrom('products').where('url_id', '=', 'hl-membership').where('website_id', '=', websiteId).execute();
    }
  });

  it('lists collections and a collection\'s products by slug or id, in pages', async () => {
    const collections = await everyPage('/api/headless/v1/collections', 1);
    const shop = collections.find((collection) => collection.slug === 'shop')!;
    expect(shop).toMatchObject({ path: '/shop', title: 'Shop' });
    const bySlug = await read('/api/headless/v1/collections/shop/products?limit=4');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().collection.id).toBe(shop.id);
    expect(bySlug.json().items).toHaveLength(4);
    const rest = await read(`/api/headless/v1/collections/${shop.id}/products?limit=100&cursor=${bySlug.json().nextCursor}`);
    const ids = [...bySlug.json().items, ...rest.json().items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rest.json().nextCursor).toBeNull();
    expect((await read('/api/headless/v1/collections/nowhere/products')).json()).toEqual({ message: HEADLESS_MESSAGES.collectionNotFound });
  });

  it('searches as the storefront does', async () => {
    const answer = await read('/api/headless/v1/search?q=tote');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items.map((item: { slug: string }) => item.slug)).toContain('canvas-tote');
    expect(answer.json().nextCursor).toBeNull();
    const empty = await read('/api/headless/v1/search?q=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors?.q).toBe(HEADLESS_MESSAGES.query);
  });

  it('validates limits and cursors with 400 and the field named', async () => {
    for (const limit of ['0', '101', 'abc', '-1', '1.5']) {
      const answer = await read(`/api/headless/v1/products?limit=${limit}`);
      expect(answer.statusCode, limit).toBe(400);
      expect(answer.json().errors?.limit, limit).toBe(HEADLESS_MESSAGES.limit);
    }
    for (const path of ['/api/headless/v1/products', '/api/headless/v1/posts', '/api/headless/v1/collections', '/api/headless/v1/pages', '/api/headless/v1/search?q=a&x=1']) {
      const join = path.includes('?') ? '&' : '?';
      const answer = await read(`${path}${join}cursor=${Buffer.from('["x"]').toString('base64url')}`);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().errors?.cursor, path).toBe(HEADLESS_MESSAGES.cursor);
      expect((await read(`${path}${join}cursor=not*valid`)).statusCode, path).toBe(400);
    }
  });
});

describe('pages and posts', () => {
  const blogId = newId();
  beforeAll(async () => {
    const page = (id: string, urlId: string, status: string, extra: Record<string, unknown> = {}) => ({
      id, website_id: websiteId, kind: 'page' as const, url_id: urlId, title: urlId, status: status as 'published', body: JSON.stringify({ sections: [{ blocks: [{ type: 'text', html: `<p>${urlId}</p>` }] }] }), ...extra,
    });
    await db().insertInto('site_pages').values([
      page(newId(), 'hl-live', 'published'),
      page(newId(), 'hl-draft', 'draft'),
      page(newId(), 'hl-private', 'private'),
      page(newId(), 'hl-later', 'scheduled', { publish_at: new Date(Date.now() + 86_400_000) }),
      page(newId(), 'hl-deleted', 'published', { deleted_at: new Date() }),
      { ...page(blogId, 'hl-journal', 'published'), kind: 'blog' as const },
    ]).execute();
    const locked = page(newId(), 'hl-locked', 'published');
    await db().insertInto('site_pages').values(locked).execute();
    await db().insertInto('page_locks').values({ page_id: locked.id, website_id: websiteId, password_hash: 'x' }).execute();
    const post = (urlId: string, status: string, publishedAt: Date, extra: Record<string, unknown> = {}) => ({
      id: newId(), website_id: websiteId, collection_id: blogId, record_type: 1, url_id: urlId, title: urlId, status: status as 'published', published_at: publishedAt,
      body: JSON.stringify({ sections: [] }), ...extra,
    });
    await db().insertInto('site_items').values([
      post('hl-first', 'published', new Date('2026-01-01T10:00:00.000Z')),
      post('hl-second', 'published', new Date('2026-01-02T10:00:00.000Z')),
      post('hl-third', 'published', new Date('2026-01-02T10:00:00.000Z')),
      post('hl-post-draft', 'draft', new Date('2026-01-03T10:00:00.000Z')),
      post('hl-post-later', 'scheduled', new Date('2026-01-04T10:00:00.000Z'), { publish_at: new Date(Date.now() + 86_400_000), published_at: null }),
    ]).execute();
  });

  it('lists and reads published pages only, with their blocks as stored', async () => {
    const pages = await everyPage('/api/headless/v1/pages', 2);
    const slugs = pages.map((page) => page.slug);
    expect(slugs).toContain('hl-live');
    expect(slugs).toContain('hl-journal');
    for (const hidden of ['hl-draft', 'hl-private', 'hl-later', 'hl-deleted', 'hl-locked']) {
      expect(slugs, hidden).not.toContain(hidden);
      const answer = await read(`/api/headless/v1/pages/${hidden}`);
      expect(answer.statusCode, hidden).toBe(404);
      expect(answer.json().message).toBe(HEADLESS_MESSAGES.pageNotFound);
    }
    const live = (await read('/api/headless/v1/pages/hl-live')).json().page;
    expect(live).toMatchObject({ slug: 'hl-live', path: '/hl-live', kind: 'page', body: { sections: [{ blocks: [{ type: 'text', html: '<p>hl-live</p>' }] }] } });
  });

  it('lists published posts newest first across pages (ties by id), never drafts or scheduled ones', async () => {
    const posts = (await everyPage('/api/headless/v1/posts', 1)).filter((post) => (post.blog as { id: string }).id === blogId);
    expect(posts.map((post) => post.slug)).toEqual(expect.arrayContaining(['hl-first', 'hl-second', 'hl-third']));
    expect(posts).toHaveLength(3);
    expect(posts.at(-1)!.slug).toBe('hl-first');
    expect(posts[0]).toMatchObject({ path: `/hl-journal/${posts[0]!.slug}`, blog: { slug: 'hl-journal' }, published: Date.parse('2026-01-02T10:00:00.000Z') });
    expect((await read('/api/headless/v1/posts/hl-post-draft')).statusCode).toBe(404);
    expect((await read('/api/headless/v1/posts/hl-post-later')).json()).toEqual({ message: HEADLESS_MESSAGES.postNotFound });
    expect((await read('/api/headless/v1/posts/hl-first')).json().post.slug).toBe('hl-first');
  });

  it('hides the posts of a blog that is not live', async () => {
    await db().updateTable('site_pages').set({ status: 'draft' }).where('id', '=', blogId).execute();
    try {
      expect((await read('/api/headless/v1/posts/hl-first')).statusCode).toBe(404);
      expect((await everyPage('/api/headless/v1/posts', 100)).some((post) => (post.blog as { id: string }).id === blogId)).toBe(false);
    } finally {
      await db().updateTable('site_pages').set({ status: 'published' }).where('id', '=', blogId).execute();
    }
  });
});

describe('CORS per website', () => {
  beforeAll(async () => {
    expect((await admin.put('/api/owner/headless/origins', { origins: [FRONTEND] })).statusCode).toBe(200);
  });
  const preflight = (origin: string, headers = PUBLISHABLE_KEY_HEADER) =>
    server.app.inject({ method: 'OPTIONS', url: '/api/headless/v1/products?limit=5', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': headers } });

  it('answers an allowed origin\'s preflight, echoing it, with the key header allowed and no credentials', async () => {
    const answer = await preflight(FRONTEND);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(FRONTEND);
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(answer.headers['access-control-allow-headers']).toBe(`${PUBLISHABLE_KEY_HEADER}, if-none-match`);
    expect(answer.headers['access-control-max-age']).toBe('600');
    expect(String(answer.headers.vary)).toContain('Origin');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses another origin\'s preflight, and one asking for other headers or methods, with no CORS header', async () => {
    for (const answer of [await preflight('https://evil.example.test'), await preflight('null'), await preflight(FRONTEND, `${PUBLISHABLE_KEY_HEADER}, authorization`),
      await server.app.inject({ method: 'OPTIONS', url: '/api/headless/v1/products', headers: { origin: FRONTEND, 'access-control-request-method': 'DELETE' } })]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: HEADLESS_CORS_REFUSED });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('echoes an allowed origin on reads (and on their errors), and none for another origin', async () => {
    const allowed = await read('/api/headless/v1/products?limit=1', { origin: FRONTEND });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(FRONTEND);
    expect(allowed.headers['access-control-expose-headers']).toBe('ETag');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(allowed.headers.vary)).toMatch(/Origin, x-vitrine-publishable-key/);
    const error = await read('/api/headless/v1/products', { origin: FRONTEND }, null);
    expect(error.statusCode).toBe(401);
    expect(error.headers['access-control-allow-origin']).toBe(FRONTEND);
    const other = await read('/api/headless/v1/products?limit=1', { origin: 'https://evil.example.test' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('caching like pages', () => {
  it('answers public with s-maxage, a strong ETag, 304 on If-None-Match, and surrogate keys of what it shows', async () => {
    const answer = await read('/api/headless/v1/products/canvas-tote');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const collectionId = answer.json().product.collection.id;
    expect(String(answer.headers['surrogate-key']).split(' ')).toEqual([`w-${websiteId}`, `collection-${collectionId}`, `item-${demoProductId('canvas-tote')}`]);
    expect(answer.headers['cache-tag']).toBe(`w-${websiteId},collection-${collectionId},item-${demoProductId('canvas-tote')}`);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const again = await read('/api/headless/v1/products/canvas-tote', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A price change is a new ETag: the old copy is not current any more.
    await db().updateTable('variants').set({ sale_price_cents: 2100 }).where('sku', '=', 'TOTE').where('website_id', '=', websiteId).execute();
    const changed = await read('/api/headless/v1/products/canvas-tote', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().product.variants[0].price).toEqual({ amount: 2100, currency: 'USD' });
    const lists = await read('/api/headless/v1/pages');
    expect(String(lists.headers['surrogate-key'])).toMatch(new RegExp(`^w-${websiteId} .*type-headless-pages$`));
  });
});
