import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RATE_LIMIT_MESSAGE } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { clientAddressKey } from './client-address';
import type { HostAnswer, HostLookup } from './host-answer';
import { HttpError } from './errors';

export { RATE_LIMIT_MESSAGE };

/**
 * Exponential back-off for one key: the first `free` attempts pass at once; after the n-th attempt
 * (n >= free) the next one waits baseMs × 2^(n − free), at most maxMs. The record is forgotten
 * forgetAfterMs after its latest attempt, or when cleared.
 */
export interface BackOffPolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetAfterMs: number;
}

export type BackOffClaim = { allowed: true; attempts: number } | { allowed: false; retryAfterMs: number };

/** The wait after a key's `attempts`-th attempt (0 while attempts are free). */
export function backOffDelayMs(policy: BackOffPolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempts - policy.free, 40));
}

/**
 * Counters for limits, shared by every process (database or Redis), never in memory. Each counter
 * belongs to one window of one length, so limiters with different windows never touch each other's
 * counts, and a counter disappears only when its own window (or back-off record) has ended.
 */
export interface RateLimitStore {
  /** Records one hit and returns the number of hits in the key's current fixed window, this one included. */
  hit(key: string, windowMs: number, nowMs: number): Promise<number>;
  /** The hits so far in the fixed window holding atMs, without adding one (the previous window is still readable). */
  peek(key: string, windowMs: number, atMs: number): Promise<number>;
  /** `hit`, and `peek` at the window before, in one round trip: what a sliding-window decision reads on every call. */
  hitAndPeekPrevious(key: string, windowMs: number, nowMs: number): Promise<{ current: number; previous: number }>;
  /** Atomically takes one attempt under the key's back-off, or says how long to wait; a refused attempt changes nothing. */
  claimBackOff(key: string, policy: BackOffPolicy, nowMs: number): Promise<BackOffClaim>;
  /** Forgets the key's back-off record. */
  clearBackOff(key: string): Promise<void>;
}

/** The start of the fixed window holding atMs. */
export const windowStartOf = (atMs: number, windowMs: number) => Math.floor(atMs / windowMs) * windowMs;

/**
 * Records one hit and counts the key's hits over the last `windowMs`, the sliding-window way: this fixed window's
 * hits plus the last window's, weighted by how much of it the sliding window still covers. A fixed window alone lets
 * twice a limit through across its edge, and forgets a burst the moment the edge passes (a limit's test that runs
 * across an edge then fails). `retryAfterSeconds` is the time to this fixed window's end, at least 1.
 */
export async function hitSlidingWindow(store: RateLimitStore, key: string, windowMs: number, nowMs: number): Promise<{ hits: number; retryAfterSeconds: number }> {
  const { current, previous } = await store.hitAndPeekPrevious(key, windowMs, nowMs);
  const leftOfWindowMs = windowStartOf(nowMs, windowMs) + windowMs - nowMs;
  return { hits: current + Math.ceil((previous * leftOfWindowMs) / windowMs), retryAfterSeconds: Math.max(1, Math.ceil(leftOfWindowMs / 1000)) };
}

/**
 * Counters in the rate_limits table: one upsert per hit, atomic on PGlite and PostgreSQL alike. Each
 * window is its own row (its key names the window's length and start), kept until the window after
 * it has ended; the occasional sweep deletes only rows whose own expires_at has passed.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  #writesSinceSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const windowStart = windowStartOf(nowMs, windowMs);
    const row = await sql<{ hits: number }>`
      INSERT INTO rate_limits (key, window_start, hits, expires_at)
      VALUES (${windowRowKey(key, windowMs, windowStart)}, ${windowStart}, 1, ${windowStart + 2 * windowMs})
      ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1
      RETURNING hits`.execute(this.db);
    await this.#sweepNowAndThen(nowMs);
    return Number(row.rows[0].hits);
  }

  async hitAndPeekPrevious(key: string, windowMs: number, nowMs: number): Promise<{ current: number; previous: number }> {
    const windowStart = windowStartOf(nowMs, windowMs);
    // One statement: every state-changing call of the app makes it, so the second read must not cost a second trip.
    const row = await sql<{ current: number; previous: number | null }>`
      WITH hit AS (
        INSERT INTO rate_limits (key, window_start, hits, expires_at)
        VALUES (${windowRowKey(key, windowMs, windowStart)}, ${windowStart}, 1, ${windowStart + 2 * windowMs})
        ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1
        RETURNING hits
      )
      SELECT hit.hits AS current, (SELECT hits FROM rate_limits WHERE key = ${windowRowKey(key, windowMs, windowStart - windowMs)}) AS previous
      FROM hit`.execute(this.db);
    await this.#sweepNowAndThen(nowMs);
    return { current: Number(row.rows[0]!.current), previous: Number(row.rows[0]!.previous ?? 0) };
  }

  async peek(key: string, windowMs: number, atMs: number): Promise<number> {
    const windowStart = windowStartOf(atMs, windowMs);
    const row = await this.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', windowRowKey(key, windowMs, windowStart))
      .executeTakeFirst();
    return Number(row?.hits ?? 0);
  }

  async claimBackOff(key: string, policy: BackOffPolicy, nowMs: number): Promise<BackOffClaim> {
    const rowKey = backOffRowKey(key);
    const forgetAt = nowMs + policy.forgetAfterMs;
    // The WHERE makes the claim conditional inside the upsert: two concurrent attempts cannot both
    // pass on the same count. window_start holds the time of the latest allowed attempt.
    const claimed = await sql<{ hits: number }>`
      INSERT INTO rate_limits AS r (key, window_start, hits, expires_at) VALUES (${rowKey}, ${nowMs}, 1, ${forgetAt})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.expires_at <= ${nowMs} THEN 1 ELSE r.hits + 1 END,
        window_start = ${nowMs},
        expires_at = ${forgetAt}
      WHERE r.expires_at <= ${nowMs}
        OR r.hits < ${policy.free}::int
        OR r.window_start + LEAST(${policy.maxMs}::bigint,
             (${policy.baseMs}::float8 * power(2, LEAST(r.hits - ${policy.free}::int, 40)))::bigint) <= ${nowMs}
      RETURNING hits`.execute(this.db);
    await this.#sweepNowAndThen(nowMs);
    if (claimed.rows.length > 0) return { allowed: true, attempts: Number(claimed.rows[0].hits) };
    const record = await this.db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', rowKey).executeTakeFirst();
    // Cleared between the two statements (a success from that address): try once more.
    if (!record) return this.claimBackOff(key, policy, nowMs);
    const notBefore = Number(record.window_start) + backOffDelayMs(policy, Number(record.hits));
    return { allowed: false, retryAfterMs: Math.max(1, notBefore - nowMs) };
  }

  async clearBackOff(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', backOffRowKey(key)).execute();
  }

  /** Rows are reset by their key, not by age; this removes the ones whose own time is up (visitors who never return). */
  async #sweepNowAndThen(nowMs: number): Promise<void> {
    if (++this.#writesSinceSweep < 1000) return;
    this.#writesSinceSweep = 0;
    await this.db.deleteFrom('rate_limits').where('expires_at', '<=', nowMs).execute();
  }
}

const windowRowKey = (key: string, windowMs: number, windowStart: number) => `${key}#w${windowMs}@${windowStart}`;
const backOffRowKey = (key: string) => `${key}#backoff`;

export interface RateLimitOptions {
  store: RateLimitStore;
  /** Hits allowed per visitor per window, on each website. */
  max: number;
  windowMs: number;
  /**
   * Hits allowed per visitor per window on routes whose config says `rateLimitBucket: 'analytics'` (the
   * tracking beacons): their own count, so a page's tracking calls never spend the shopper's allowance for
   * carts and checkout, nor the reverse. Default: 3 × max.
   */
  analyticsMax?: number;
  /**
   * The per-website ceiling: hits allowed per window on one website, every visitor together (the analytics
   * bucket's ceiling is 3 × this). 0 or absent: none. So one busy (or attacked) website cannot take the
   * platform's whole capacity from the others.
   */
  websiteMax?: number;
  /** What the request's Host names: every count is kept per website. */
  websites: HostLookup;
  now?: () => number;
}

/** The per-website ceiling in platform mode unless set (RATE_LIMIT_WEBSITE_MAX): this many visitors' allowances. */
export const WEBSITE_CEILING_VISITORS = 50;

/** Methods that change nothing: reading pages and the API is not limited here. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whose counts a request is kept in: its website's id; a host no website answers shares one 'unknown' set of
 * counts (made-up hosts get no fresh allowance); an alias being redirected counts under the host it goes to.
 */
export function rateLimitSiteOf(answer: HostAnswer): string {
  switch (answer.kind) {
    case 'website':
    case 'suspended':
      return answer.website.id;
    case 'redirect':
      return `host=${answer.host}`;
    case 'platform':
      return 'platform';
    default:
      return 'unknown';
  }
}

/**
 * A limit per (website, visitor) on every call that may change state (the visitor is the client address, an
 * IPv6 client its /64), and a ceiling per website over all its visitors. Every method but GET, HEAD and OPTIONS
 * is counted, whatever the path and whether or not a route matched it: the decision never reads request.url, so
 * no spelling of a path (percent-encoding, case, slashes, dot segments) reaches a handler uncounted, and junk
 * calls that end in a 404 cost the same as real ones. Runs before the crumb check so guessing crumbs is
 * throttled too, and before the request's context: the website comes from the Host here (the resolver's cache
 * answers, and the context's own look-up after it is the same cached answer).
 *
 * A call refused by the visitor's own limit is not counted against the website's ceiling: one address hammering
 * a site uses up its own allowance, never the site's.
 */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const now = options.now ?? Date.now;
  const analyticsMax = options.analyticsMax ?? options.max * 3;
  const websiteMax = options.websiteMax ?? 0;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const at = now();
    // The bucket comes from the route the router matched (its config), never from the URL's text: an
    // unrouted call, however its path is spelled, counts as an ordinary one.
    const analytics = request.routeOptions.config?.rateLimitBucket === 'analytics';
    const bucket = analytics ? 'analytics' : 'visitor';
    const site = rateLimitSiteOf(await options.websites.forHost(request.headers.host));
    const visitor = await hitSlidingWindow(options.store, `${bucket}:${site}:${clientAddressKey(request.ip)}`, options.windowMs, at);
    if (visitor.hits > (analytics ? analyticsMax : options.max)) refuse(reply, visitor.retryAfterSeconds);
    const ceiling = analytics ? websiteMax * 3 : websiteMax;
    if (ceiling <= 0) return;
    const website = await hitSlidingWindow(options.store, `${bucket}-website:${site}`, options.windowMs, at);
    if (website.hits > ceiling) refuse(reply, website.retryAfterSeconds);
  });
}

function refuse(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new HttpError(429, RATE_LIMIT_MESSAGE);
}
