import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import type { Database } from '../db/schema';
import { HttpError } from './errors';

export const RATE_LIMIT_MESSAGE = ADD_TO_CART_MESSAGES.rateLimited;

/** Counts hits per key in fixed windows. Shared by every process (database or Redis), never in memory. */
export interface RateLimitStore {
  /** Records one hit and returns the number of hits in the key's current window, this one included. */
  hit(key: string, windowMs: number, nowMs: number): Promise<number>;
}

/** Counters in the rate_limits table: one upsert per hit, atomic on PGlite and PostgreSQL alike. */
export class DatabaseRateLimitStore implements RateLimitStore {
  #hitsSinceSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    const row = await sql<{ hits: number }>`
      INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${windowStart}, 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
        window_start = excluded.window_start
      RETURNING hits`.execute(this.db);
    // Expired counters are reset on their next hit; an occasional sweep removes visitors who never return.
    if (++this.#hitsSinceSweep >= 1000) {
      this.#hitsSinceSweep = 0;
      await this.db.deleteFrom('rate_limits').where('window_start', '<', windowStart - windowMs).execute();
    }
    return Number(row.rows[0].hits);
  }
}

export interface RateLimitOptions {
  store: RateLimitStore;
  /** Hits allowed per visitor per window. */
  max: number;
  windowMs: number;
  now?: () => number;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A per-visitor limit on state-changing API calls (the visitor is the client address). Runs before the
 * crumb check so guessing crumbs is throttled too.
 */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const now = options.now ?? Date.now;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const hits = await options.store.hit(`visitor:${request.ip}`, options.windowMs, now());
    if (hits > options.max) {
      const windowEnds = (Math.floor(now() / options.windowMs) + 1) * options.windowMs;
      reply.header('retry-after', String(Math.max(1, Math.ceil((windowEnds - now()) / 1000))));
      throw new HttpError(429, RATE_LIMIT_MESSAGE);
    }
  });
}
