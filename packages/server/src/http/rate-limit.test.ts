// databases: both — concurrent hits on the database counter lose none
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { DatabaseRateLimitStore, hitSlidingWindow } from './rate-limit';
import { rateLimitStoreCases } from './rate-limit-store-cases';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 3, windowMs: 60_000 } });
});
afterAll(async () => {
  await server?.close();
});

describe('the per-visitor rate limit', () => {
  it("answers 429 'Please try again in a few seconds.' past the limit, per visitor", async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const add = () => visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });
    for (let i = 0; i < 3; i++) expect((await add()).statusCode).toBe(200);
    const limited = await add();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Please try again in a few seconds.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was added by the refused call.
    expect((await visitor.get('/api/commerce/shopping-cart')).json().totalQuantity).toBe(3);
    // Reading is not limited; another visitor has their own allowance.
    expect((await visitor.get('/api/commerce/shopping-cart')).statusCode).toBe(200);
    const other = new TestVisitor(server.app);
    await other.visit();
    expect((await other.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 })).statusCode).toBe(200);
  });

  it('counts in the database, in fixed windows that reset', async () => {
    const store = new DatabaseRateLimitStore(server.database.db);
    const windowMs = 1000;
    expect(await store.hit('unit-test', windowMs, 10_000)).toBe(1);
    expect(await store.hit('unit-test', windowMs, 10_500)).toBe(2);
    expect(await store.hit('unit-test', windowMs, 10_999)).toBe(3);
    expect(await store.hit('unit-test', windowMs, 11_000)).toBe(1);
    // Each window is its own row, named by its length and start, kept until the window after it has ended.
    const row = await server.database.db.selectFrom('rate_limits').selectAll().where('key', '=', 'unit-test#w1000@11000').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ window_start: 11_000, hits: 1, expires_at: 13_000 });
  });

  it('limits decide on a sliding window: a burst across a window\'s edge counts whole, and fades as the last window slides out', async () => {
    const store = new DatabaseRateLimitStore(server.database.db);
    const windowMs = 1000;
    const hit = (at: number) => hitSlidingWindow(store, 'sliding-test', windowMs, at);
    for (const at of [20_900, 20_950, 20_990]) await hit(at);
    // Just past the edge: this window's 1 and nearly all of the last window's 3 (a fixed window would say 1).
    expect(await hit(21_010)).toEqual({ hits: 4, retryAfterSeconds: 1 });
    // Halfway through: half the last window's 3, rounded up, and this window's 2.
    expect((await hit(21_500)).hits).toBe(2 + 2);
    // A window later, only this window's hits count.
    expect((await hit(22_000)).hits).toBe(1 + 2);
    expect((await hit(23_999)).hits).toBe(1 + 1);
    expect((await hitSlidingWindow(store, 'sliding-retry', 60_000, 60_000 + 15_200)).retryAfterSeconds).toBe(45);
  });

  it("a flood of short-window hits does not sweep away a longer window's counter (the sign-in lockout reset)", async () => {
    const store = new DatabaseRateLimitStore(server.database.db);
    // Halfway through a 15-minute window: the old sweep deleted every row whose window began more
    // than one short window before the hit that triggered it.
    const t = 20 * 900_000 + 500_000;
    for (let i = 0; i < 3; i++) await store.hit('account:guessed', 900_000, t);
    await store.hit('visitor:left-long-ago', 10_000, t - 100_000);
    for (let i = 0; i < 1100; i++) await store.hit(`visitor:junk-${i}`, 10_000, t);
    expect(await store.hit('account:guessed', 900_000, t)).toBe(4);
    // The sweep did run: the row whose own window (and the one after it) had ended is gone.
    const gone = await server.database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'visitor:left-long-ago#%').execute();
    expect(gone).toEqual([]);
  });

  it('counts concurrent hits without losing any', async () => {
    const store = new DatabaseRateLimitStore(server.database.db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit('concurrent', 60_000, 120_000)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('DatabaseRateLimitStore', () => {
  rateLimitStoreCases(() => new DatabaseRateLimitStore(server.database.db));
});
