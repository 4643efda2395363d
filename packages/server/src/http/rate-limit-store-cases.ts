import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { BackOffPolicy, RateLimitStore } from './rate-limit';

/**
 * What every RateLimitStore must do, run against the database store (rate-limit.test.ts) and a real
 * Redis (redis-rate-limit.test.ts). Times are small fixed numbers, far from the clock: each case uses
 * keys of its own, so it can share a store with other tests.
 */
export function rateLimitStoreCases(store: () => RateLimitStore): void {
  const key = (name: string) => `cases-${randomBytes(4).toString('hex')}:${name}`;

  it("keeps each limiter's windows apart: one key counted in 1-second and 1-minute windows", async () => {
    const k = key('two-windows');
    const t = 600_000;
    expect(await store().hit(k, 1000, t)).toBe(1);
    expect(await store().hit(k, 60_000, t)).toBe(1);
    expect(await store().hit(k, 1000, t + 10)).toBe(2);
    expect(await store().hit(k, 60_000, t + 10)).toBe(2);
    // The 1-second window ends; the minute goes on counting.
    expect(await store().hit(k, 1000, t + 1000)).toBe(1);
    expect(await store().hit(k, 60_000, t + 1000)).toBe(3);
  });

  it('peeks at the current and the previous window without counting', async () => {
    const k = key('peek');
    const t = 3_600_000;
    expect(await store().peek(k, 60_000, t)).toBe(0);
    await store().hit(k, 60_000, t);
    await store().hit(k, 60_000, t + 1);
    expect(await store().peek(k, 60_000, t + 2)).toBe(2);
    expect(await store().peek(k, 60_000, t + 2)).toBe(2);
    await store().hit(k, 60_000, t + 60_000);
    expect(await store().peek(k, 60_000, t + 60_000)).toBe(1);
    expect(await store().peek(k, 60_000, t)).toBe(2);
  });

  it('hits and reads the window before in one call, as hit and peek would', async () => {
    const k = key('hit-and-previous');
    const t = 7_200_000;
    expect(await store().hitAndPeekPrevious(k, 60_000, t)).toEqual({ current: 1, previous: 0 });
    expect(await store().hitAndPeekPrevious(k, 60_000, t + 5)).toEqual({ current: 2, previous: 0 });
    expect(await store().hitAndPeekPrevious(k, 60_000, t + 60_000)).toEqual({ current: 1, previous: 2 });
    expect(await store().peek(k, 60_000, t + 60_000)).toBe(1);
    // Two windows on, the last window is the one just counted; the first is not read.
    expect(await store().hitAndPeekPrevious(k, 60_000, t + 120_000)).toEqual({ current: 1, previous: 1 });
  });

  const policy: BackOffPolicy = { free: 3, baseMs: 1000, maxMs: 8000, forgetAfterMs: 60_000 };

  it('backs off exponentially after the free attempts; a refused attempt changes nothing; clearing starts over', async () => {
    const k = key('back-off');
    let t = 10_000_000;
    for (let attempt = 1; attempt <= 3; attempt++) expect(await store().claimBackOff(k, policy, t)).toEqual({ allowed: true, attempts: attempt });
    const waits: number[] = [];
    for (let attempt = 4; attempt <= 8; attempt++) {
      const refused = await store().claimBackOff(k, policy, t);
      if (refused.allowed) throw new Error(`attempt ${attempt} was not held back`);
      waits.push(refused.retryAfterMs);
      // Retrying early is refused again, with the rest of the same wait.
      expect(await store().claimBackOff(k, policy, t + refused.retryAfterMs - 1)).toEqual({ allowed: false, retryAfterMs: 1 });
      t += refused.retryAfterMs;
      expect(await store().claimBackOff(k, policy, t)).toEqual({ allowed: true, attempts: attempt });
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    await store().clearBackOff(k);
    expect(await store().claimBackOff(k, policy, t)).toEqual({ allowed: true, attempts: 1 });
  });

  it('forgets a back-off record once it has been quiet for forgetAfterMs', async () => {
    const k = key('forget');
    const t = 20_000_000;
    for (let attempt = 1; attempt <= 3; attempt++) await store().claimBackOff(k, policy, t);
    expect(await store().claimBackOff(k, policy, t + 1000)).toEqual({ allowed: true, attempts: 4 });
    expect((await store().claimBackOff(k, policy, t + 1500)).allowed).toBe(false);
    expect(await store().claimBackOff(k, policy, t + 1000 + policy.forgetAfterMs)).toEqual({ allowed: true, attempts: 1 });
  });

  it('lets exactly the free attempts through when they all arrive at once', async () => {
    const k = key('concurrent');
    const claims = await Promise.all(Array.from({ length: 20 }, () => store().claimBackOff(k, policy, 30_000_000)));
    expect(claims.filter((claim) => claim.allowed)).toHaveLength(3);
  });
}
