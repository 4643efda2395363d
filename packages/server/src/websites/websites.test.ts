// databases: one — the in-process website cache and its answers
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../actor';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { TEST_SHIPPING_ADDRESS, openTestServer, TestVisitor, type TestServer } from '../testing';
import { WEBSITE_FRESH_MS, WebsiteCache } from './cache';
import { updateWebsiteSettings } from './service';

describe('WebsiteCache', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads the row again once it is WEBSITE_FRESH_MS old, and at once after a change through the service', async () => {
    let time = 0;
    const cache = new WebsiteCache(database.db, undefined, () => time);
    try {
      const first = await cache.load();
      expect(first.settings.expressCheckout).not.toBe(true);
      // Changed behind the cache's back (as another process would): seen only once the copy is stale.
      await sql`UPDATE websites SET settings = settings || '{"expressCheckout": true}'::jsonb`.execute(database.db);
      time += WEBSITE_FRESH_MS - 1;
      expect((await cache.current()).settings.expressCheckout).not.toBe(true);
      time += 1;
      expect((await cache.current()).settings.expressCheckout).toBe(true);
      // Changed through the service in this process: seen at once, whatever the clock says.
      await updateWebsiteSettings(database.db, first, systemActor('test'), { expressCheckout: null });
      expect((await cache.current()).settings.expressCheckout).toBeUndefined();
    } finally {
      cache.close();
    }
  });

  it('shares one read between concurrent requests', async () => {
    let time = 0;
    const cache = new WebsiteCache(database.db, undefined, () => time);
    try {
      await cache.load();
      time += WEBSITE_FRESH_MS;
      const [a, b, c] = await Promise.all([cache.current(), cache.current(), cache.current()]);
      expect(a).toBe(b);
      expect(b).toBe(c);
    } finally {
      cache.close();
    }
  });

  it('refuses to start without a website', async () => {
    const cache = new WebsiteCache(database.db, 'no-such-site');
    await expect(cache.load()).rejects.toThrow('No website in the database');
    cache.close();
  });
});

describe('a settings change reaches the pages and calls of a running server without a restart', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('minimum subtotal set by the service shows on the next page and is enforced at checkout', async () => {
    const website = await server.database.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
    const visitor = new TestVisitor(server.app);
    expect((await visitor.get('/cart?format=json')).json().websiteSettings.storeSettings.minimumOrderSubtotalCents).toBeNull();
    await updateWebsiteSettings(server.database.db, website, systemActor('test'), { minimumOrderSubtotalCents: 100_000 });
    try {
      expect((await visitor.get('/cart?format=json')).json().websiteSettings.storeSettings.minimumOrderSubtotalCents).toBe(100_000);
      await visitor.post('/api/commerce/shopping-cart/entries', { itemId: await firstProductId(server), quantity: 1 });
      const checkout = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' });
      expect(checkout.json().message).toBe('To check out, your order subtotal must be $1,000.00 or more.');
    } finally {
      await updateWebsiteSettings(server.database.db, website, systemActor('test'), { minimumOrderSubtotalCents: null });
    }
  });
});

async function firstProductId(server: TestServer): Promise<string> {
  const row = await server.database.db.selectFrom('products').select('id').where('url_id', '=', 'canvas-tote').executeTakeFirstOrThrow();
  return row.id;
}
