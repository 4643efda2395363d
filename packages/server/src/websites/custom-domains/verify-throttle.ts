import type { RateLimitStore } from '../../http/rate-limit';
import { tooMany } from '../../failures';

/**
 * "Verify now" at most VERIFY_NOW_PER_MINUTE times a minute per website, whoever asks: each check makes the
 * platform query DNS and fetch a URL of the owner's choosing, so one website must not turn it into a flood. A
 * sliding window (this minute's count plus the last minute's, weighted by how much of it still overlaps), in the
 * shared rate-limit store, so it holds across processes.
 */
export const VERIFY_NOW_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

export const verifyThrottleMessage = (seconds: number, perMinute = VERIFY_NOW_PER_MINUTE) =>
  `Too many domain checks for this website: at most ${perMinute} a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Counts one "Verify now" of the website, or throws a 429 failure (with Retry-After) past the limit. */
export async function takeVerifyTurn(rateLimits: RateLimitStore, websiteId: string, perMinute = VERIFY_NOW_PER_MINUTE, nowMs = Date.now()): Promise<void> {
  const { current, previous } = await rateLimits.hitAndPeekPrevious(`domain-verify:${websiteId}`, WINDOW_MS, nowMs);
  const intoWindow = nowMs % WINDOW_MS;
  const estimate = current + (previous * (WINDOW_MS - intoWindow)) / WINDOW_MS;
  if (estimate <= perMinute) return;
  const seconds = Math.max(1, Math.ceil((WINDOW_MS - intoWindow) / 1000));
  throw tooMany(verifyThrottleMessage(seconds, perMinute), seconds);
}
