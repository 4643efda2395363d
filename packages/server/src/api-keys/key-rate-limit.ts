import type { RateLimitStore } from '../http/rate-limit';
import { windowStartOf } from '../http/rate-limit';
import { tooMany } from '../failures';

/**
 * Each API key has its own budget of calls, on every method (reads included: a headless client can
 * page through every order as fast as it likes otherwise), counted in the shared RateLimitStore so all
 * processes share one count. It is on top of the per-address limit on changes.
 */
export interface ApiKeyRateLimit {
  store: RateLimitStore;
  max: number;
  windowMs: number;
  now?: () => number;
}

export const DEFAULT_API_KEY_RATE_LIMIT = { max: 300, windowMs: 60_000 } as const;
export const API_KEY_RATE_LIMIT_MESSAGE = 'Too many calls with this API key. Please wait and try again.';

/** Counts one call of the key; past the limit, a 429 with the seconds to the window's end (Retry-After). */
export async function countApiKeyCall(limit: ApiKeyRateLimit, keyId: string): Promise<void> {
  const at = (limit.now ?? Date.now)();
  const hits = await limit.store.hit(`api-key:${keyId}`, limit.windowMs, at);
  if (hits <= limit.max) return;
  const windowEnds = windowStartOf(at, limit.windowMs) + limit.windowMs;
  throw tooMany(API_KEY_RATE_LIMIT_MESSAGE, Math.max(1, Math.ceil((windowEnds - at) / 1000)));
}
