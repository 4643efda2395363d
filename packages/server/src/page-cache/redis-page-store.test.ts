// databases: both — the page cache shared through Redis by two apps on one database (real redis-server: TEST_REDIS_URL)
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { demoProductId, openTestServer, ownerVisitor, TEST_CAPTCHA_DIFFICULTY, TestVisitor, type TestServer } from '../testing';
import { pgliteChangeFeed, postgresChangeFeed } from './change-feed';
import { RedisPageStore } from './redis-page-store';
import { RenderedPageCache } from './rendered-page-cache';
import { PAGE_CACHE_HEADER } from './routes';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('redis-page-store.test.ts: skipped, it needs Redis: set TEST_REDIS_URL (npm test starts a throw-away redis-server).');

const VASE = '/shop/p/ceramic-vase?format=json';

describe.skipIf(!redisUrl)('the page cache shared through Redis (issue 35 item 2)', () => {
  let server: TestServer;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const stores: RedisPageStore[] = [];
  const namespace = `vitrine-test:${randomUUID()}`;

  const appOn = async (test: TestServer) => {
    const shared = new RedisPageStore(redisUrl!, { namespace });
    stores.push(shared);
    const changes = test.database.pglite ? pgliteChangeFeed(test.database.pglite) : postgresChangeFeed(test.database.url!);
    return buildApp({ db: test.database.db, databaseKind: test.database.kind, captchaDifficulty: TEST_CAPTCHA_DIFFICULTY, pageCache: { cache: new RenderedPageCache({ maxBytes: 8 << 20, maxAgeMs: 300_000 }), changes, shared } });
  };

  beforeAll(async () => {
    server = await openTestServer();
    [a, b] = [await appOn(server), await appOn(server)];
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(stores.map((store) => store.close()));
    await server.close();
  });

  const get = async (app: FastifyInstance, url: string) => {
    const answer = await new TestVisitor(app).get(url);
    return { cached: answer.headers[PAGE_CACHE_HEADER], body: answer.body };
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never happened');
  };

  it('a page one app rendered is answered by the other without rendering, byte for byte', async () => {
    const made = await get(a, VASE);
    expect(made.cached).toBe('miss');
    // Shared once compressed (after the answer was sent).
    await until(async () => (await get(b, VASE)).cached === 'hit');
    expect((await get(b, VASE)).body).toBe(made.body);
  });

  it("after an owner's save on one app, neither answers the old page", async () => {
    const owner = await ownerVisitor({ ...server, app: a });
    await until(async () => (await get(b, VASE)).cached === 'hit');
    const vase = (await owner.get(`/api/owner/products/${demoProductId('ceramic-vase')}`)).json().product;
    const priceCents = Number(vase.variants[0].priceCents) + 100;
    expect((await owner.put(`/api/owner/products/${vase.id}`, { productType: 1, title: vase.title, tags: vase.tags, variants: [{ id: vase.variants[0].id, sku: 'VASE', priceCents }] })).statusCode).toBe(200);
    const shown = (priceCents / 100).toFixed(2);
    const priceOn = async (app: FastifyInstance) => JSON.parse((await get(app, VASE)).body).item.structuredContent.variants[0].priceMoney.value;
    expect(await priceOn(a)).toBe(shown);
    const saved = Date.now();
    await until(async () => (await priceOn(b)) === shown);
    expect(Date.now() - saved).toBeLessThan(1_000);
  });

  it('Redis gone: pages are rendered, never refused', async () => {
    const gone = new RedisPageStore('redis://127.0.0.1:1', { log: () => undefined });
    stores.push(gone);
    const app = await buildApp({ db: server.database.db, databaseKind: server.database.kind, pageCache: { cache: new RenderedPageCache({ maxBytes: 8 << 20, maxAgeMs: 300_000 }), shared: gone } });
    try {
      const answer = await new TestVisitor(app).get('/shop');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers[PAGE_CACHE_HEADER]).toBe('miss');
    } finally {
      await app.close();
    }
  });
});
