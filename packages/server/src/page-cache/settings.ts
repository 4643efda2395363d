import { RenderedPageCache } from './rendered-page-cache';

/** 64 MiB of pages (a 40 KB page with its two compressed copies takes ~55 KB: about 1,200 pages). */
export const DEFAULT_PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Five minutes: the longest anything only time changes (an event's "upcoming") may lag. */
export const DEFAULT_PAGE_CACHE_MAX_AGE_SECONDS = 300;

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new Error(`${name} must be a whole number from 0 to ${max}.`);
  return Number(raw);
}

/**
 * The page cache main.ts makes: PAGE_CACHE_MAX_BYTES (bytes of memory; 0 turns it off) and PAGE_CACHE_MAX_AGE
 * (seconds an entry is served at most). A bad value stops the start with its name.
 */
export function pageCacheFromEnvironment(env: NodeJS.ProcessEnv = process.env): RenderedPageCache {
  return new RenderedPageCache({
    maxBytes: wholeNumber('PAGE_CACHE_MAX_BYTES', env.PAGE_CACHE_MAX_BYTES, DEFAULT_PAGE_CACHE_MAX_BYTES, 16 * 1024 ** 3),
    maxAgeMs: wholeNumber('PAGE_CACHE_MAX_AGE', env.PAGE_CACHE_MAX_AGE, DEFAULT_PAGE_CACHE_MAX_AGE_SECONDS, 86_400) * 1000,
  });
}
