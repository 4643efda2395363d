// databases: one — which counts a call lands in (website, visitor, ceiling); the stores' SQL and Redis are proven in rate-limit.test.ts and redis-rate-limit.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { openTestServer, type TestServer } from '../testing';
import { insertWebsite } from '../websites';
import { DatabaseRateLimitStore, type BackOffPolicy, type RateLimitStore } from './rate-limit';
import { RedisRateLimitStore } from './redis-rate-limit';

/**
 * The edge's limit on a platform (issue 32): counted per (website, visitor), with a ceiling per website over all its
 * visitors, so one busy site (or one attacked) never spends another's allowance. One server, on the database store
 * and then on a real Redis (TEST_REDIS_URL), through a store that forwards to whichever the cases run on. Its keys
 * carry this run's own prefix: a shared Redis keeps day-long counts from earlier runs (the 'unknown' host's above all).
 */
class ForwardingStore implements RateLimitStore {
  target: RateLimitStore | undefined;
  readonly #run = `run-${newId()}`;
  #store(): RateLimitStore {
    if (!this.target) throw new Error('no rate-limit store to forward to');
    return this.target;
  }
  hit(key: string, windowMs: number, nowMs: number) {
    return this.#store().hit(`${this.#run}:${key}`, windowMs, nowMs);
  }
  peek(key: string, windowMs: number, atMs: number) {
    return this.#store().peek(`${this.#run}:${key}`, windowMs, atMs);
  }
  hitAndPeekPrevious(key: string, windowMs: number, nowMs: number) {
    return this.#store().hitAndPeekPrevious(`${this.#run}:${key}`, windowMs, nowMs);
  }
  claimBackOff(key: string, policy: BackOffPolicy, nowMs: number) {
    return this.#store().claimBackOff(`${this.#run}:${key}`, policy, nowMs);
  }
  clearBackOff(key: string) {
    return this.#store().clearBackOff(`${this.#run}:${key}`);
  }
}

// Two calls per visitor and three per website in a day-long window: no test straddles a window's edge.
const LIMIT = { max: 2, websiteMax: 3, windowMs: 86_400_000 };
const PLATFORM = 'vitrine.test';
const store = new ForwardingStore();

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, rateLimit: { ...LIMIT, store } });
});
afterAll(async () => {
  await server?.close();
});

/** A website of its own for each case (its counts start at nothing, whichever store and run). */
async function newSite(): Promise<string> {
  const id = newId();
  const identifier = `rl-${id.slice(0, 10).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
  await insertWebsite(server.database.db, {
    id, identifier, siteTitle: 'Rate-limited', currency: 'USD', locale: 'en-US', timeZone: 'UTC', captchaSiteKey: null, settings: {},
  });
  return `${identifier}.${PLATFORM}`;
}

let nextAddress = 1;
/** A fresh client address for each visitor, never used by another case. */
const newAddress = () => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** A state-changing call from `address` at `host`: unrouted and without a crumb (403 after the limit counted it). */
const post = (host: string, address: string) => server.app.inject({ method: 'POST', url: '/api/commerce/shopping-cart/entries', remoteAddress: address, headers: { host } });

function limitCases(storeFor: () => RateLimitStore): void {
  beforeAll(() => {
    store.target = storeFor();
  });

  it("site A's visitor out of allowance is still a fresh visitor on site B", async () => {
    const [siteA, siteB] = [await newSite(), await newSite()];
    const address = newAddress();
    expect((await post(siteA, address)).statusCode).toBe(403);
    expect((await post(siteA, address)).statusCode).toBe(403);
    const refused = await post(siteA, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Please try again in a few seconds.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(siteB, address)).statusCode).toBe(403);
    expect((await post(siteB, address)).statusCode).toBe(403);
    expect((await post(siteB, address)).statusCode).toBe(429);
  });

  it("site A's ceiling reached does not limit site B", async () => {
    const [siteA, siteB] = [await newSite(), await newSite()];
    for (let visitor = 0; visitor < 3; visitor++) expect((await post(siteA, newAddress())).statusCode).toBe(403);
    // A visitor who has spent nothing is refused on A: the site's three calls are used up.
    const refused = await post(siteA, newAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Please try again in a few seconds.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // B's visitors, whatever their address, have B's whole ceiling.
    const address = newAddress();
    expect((await post(siteB, address)).statusCode).toBe(403);
    expect((await post(siteB, address)).statusCode).toBe(403);
    expect((await post(siteB, newAddress())).statusCode).toBe(403);
    expect((await post(siteB, newAddress())).statusCode).toBe(429);
  });

  it("one visitor hammering a site uses up its own allowance, never the site's", async () => {
    const site = await newSite();
    const hammer = newAddress();
    const statuses = [];
    for (let call = 0; call < 6; call++) statuses.push((await post(site, hammer)).statusCode);
    expect(statuses).toEqual([403, 403, 429, 429, 429, 429]);
    // Only its two allowed calls count toward the ceiling of three: one more visitor gets in, the next does not.
    expect((await post(site, newAddress())).statusCode).toBe(403);
    expect((await post(site, newAddress())).statusCode).toBe(429);
  });

  it('hosts no website answers share one count: making up a new host buys no fresh allowance', async () => {
    const address = newAddress();
    // An unknown host answers 404 (it names no website); the refusal is counted all the same.
    expect((await post(`no-such-${newId().slice(0, 6).toLowerCase()}.${PLATFORM}`, address)).statusCode).toBe(404);
    expect((await post('made-up.example', address)).statusCode).toBe(404);
    expect((await post('another-made-up.example', address)).statusCode).toBe(429);
    // The same address on a real website is counted there, apart.
    expect((await post(await newSite(), address)).statusCode).toBe(403);
  });
}

describe('on the database store', () => {
  limitCases(() => new DatabaseRateLimitStore(server.database.db));
});

describe.runIf(process.env.TEST_REDIS_URL)('on Redis (TEST_REDIS_URL)', () => {
  let redis: RedisRateLimitStore;
  afterAll(async () => {
    await redis?.close();
  });
  limitCases(() => (redis = new RedisRateLimitStore(process.env.TEST_REDIS_URL!)));
});
