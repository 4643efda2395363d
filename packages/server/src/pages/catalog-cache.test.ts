// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, setStock, TestVisitor, type TestServer } from '../testing';
import { CATALOG_CACHE_TTL_MS, ExpiringCache } from './catalog-cache';

describe('ExpiringCache', () => {
  it('reads once within the lifetime and again after it', async () => {
    let time = 1_000;
    const cache = new ExpiringCache<number>(5_000, () => time);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('k', load)).toBe(1);
    time += 4_999;
    expect(await cache.get('k', load)).toBe(1);
    time += 1;
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('shares one read between concurrent misses', async () => {
    const cache = new ExpiringCache<string>(5_000);
    let reads = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`read ${++reads}`), 10));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['read 1', 'read 1', 'read 1']);
  });

  it('does not keep a failed read', async () => {
    const cache = new ExpiringCache<string>(5_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });
});

describe('pages with the catalog cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps addresses for a few seconds only', () => {
    expect(CATALOG_CACHE_TTL_MS).toBeLessThanOrEqual(10_000);
  });

  it('reads stock fresh on every product page, however recently the page was seen', async () => {
    const visitor = new TestVisitor(server.app);
    const stockOnPage = async () => {
      const page = (await visitor.get('/shop/p/ceramic-vase?format=json')).json();
      return page.item.structuredContent.variants[0].qtyInStock as number;
    };
    await setStock(server.database.db, 'VASE', 4);
    expect(await stockOnPage()).toBe(4);
    await setStock(server.database.db, 'VASE', 1);
    expect(await stockOnPage()).toBe(1);
  });

  it('answers 404 for a product moved away from its cached address', async () => {
    const visitor = new TestVisitor(server.app);
    expect((await visitor.get('/shop/p/engraved-pen')).statusCode).toBe(200);
    const id = demoProductId('engraved-pen');
    await server.database.db.updateTable('products').set({ url_id: 'engraved-pen-2' }).where('id', '=', id).execute();
    try {
      expect((await visitor.get('/shop/p/engraved-pen')).statusCode).toBe(404);
      expect((await visitor.get('/shop/p/engraved-pen-2')).statusCode).toBe(200);
    } finally {
      await server.database.db.updateTable('products').set({ url_id: 'engraved-pen' }).where('id', '=', id).execute();
    }
  });
});
