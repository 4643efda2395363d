import { createHash } from 'node:crypto';
import { clientAddressKey } from '../http/client-address';
import { windowStartOf, type BackOffPolicy, type RateLimitStore } from '../http/rate-limit';

export type SignInDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottleOptions {
  /** Per account and client address: free attempts, then a wait doubling up to a ceiling. */
  perAddress: BackOffPolicy;
  /**
   * Per account, over every address the account has not signed in from: at most `max` attempts in
   * the current and the previous window together, so at most 2 × max in any span of 3 × windowMs.
   */
  unknownAddresses: { max: number; windowMs: number };
  /** An address stays known to an account for between this long and twice this long after a sign-in from it. */
  knownAddressMs: number;
  now: () => number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The defaults, and what they allow an attacker per account:
 * - from one address: 5 attempts at once, then waits of 1 s, 2 s, 4 s … 512 s, then 15 min each:
 *   17 attempts in the first hour, 4 an hour after that; forgotten after a day without attempts;
 * - from all the addresses the account has not signed in from, together: 20 per two 20-minute windows,
 *   so at most 40 in any hour (30 an hour sustained).
 */
export const SIGN_IN_THROTTLE: Omit<SignInThrottleOptions, 'now'> = {
  perAddress: { free: 5, baseMs: 1000, maxMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  unknownAddresses: { max: 20, windowMs: 20 * MINUTE },
  knownAddressMs: 30 * 24 * HOUR,
};

/**
 * Slows password guessing without letting an attacker lock the owner out.
 *
 * - Attempts are counted per (account, client address) with exponential back-off, so an attacker's
 *   address is slowed and the owner's is not. A successful sign-in clears its address's record.
 * - Across addresses, attempts from addresses the account has never signed in from share a ceiling
 *   (20 per 20 minutes, over two windows: at most 40 guesses an hour however many addresses the
 *   attacker has). Past it those addresses wait; they are slowed, not refused for good.
 * - An address the account signed in from in the last 30 days is not held to that ceiling, only to
 *   its own back-off: an attacker flooding the account from elsewhere does not keep the owner out of
 *   their usual networks. The owner on a network they have never used waits like everyone else while
 *   an attack runs (at most 40 minutes after it stops).
 *
 * An attempt is counted by check(), before the password is verified, and atomically in the store:
 * concurrent guesses cannot all pass on the same count. So recordFailure() has nothing left to add,
 * and recordSuccess() gives the address its allowance back. Counters live in the rate-limit store
 * (database or Redis), shared by every process. Accounts are keyed by a hash of website and email.
 */
export class SignInThrottle {
  readonly #options: SignInThrottleOptions;

  constructor(
    private readonly store: RateLimitStore,
    options: Partial<SignInThrottleOptions> = {},
  ) {
    this.#options = { ...SIGN_IN_THROTTLE, now: Date.now, ...options };
  }

  async check(websiteId: string, email: string, address: string): Promise<SignInDecision> {
    const now = this.#options.now();
    const keys = this.#keys(websiteId, email, address);
    const known = await this.#isKnown(keys.known, now);
    const { max, windowMs } = this.#options.unknownAddresses;
    let previous = 0;
    if (!known) {
      previous = await this.store.peek(keys.unknownAddresses, windowMs, now - windowMs);
      const current = await this.store.peek(keys.unknownAddresses, windowMs, now);
      if (previous + current >= max) return refuse(this.#ceilingWaitMs(current, now));
    }
    const claim = await this.store.claimBackOff(keys.fromAddress, this.#options.perAddress, now);
    if (!claim.allowed) return refuse(claim.retryAfterMs);
    if (!known) {
      // Counted only once the address's own back-off let it through, so one hammering address does
      // not use up the account's allowance; the count is atomic, the peek above only saves writes.
      const current = await this.store.hit(keys.unknownAddresses, windowMs, now);
      if (previous + current > max) return refuse(this.#ceilingWaitMs(current, now));
    }
    return { allowed: true };
  }

  /** The attempt was counted when check() let it through. */
  async recordFailure(_websiteId: string, _email: string, _address: string): Promise<void> {}

  async recordSuccess(websiteId: string, email: string, address: string): Promise<void> {
    const now = this.#options.now();
    const keys = this.#keys(websiteId, email, address);
    await this.store.clearBackOff(keys.fromAddress);
    await this.store.hit(keys.known, this.#options.knownAddressMs, now);
  }

  async #isKnown(key: string, now: number): Promise<boolean> {
    const period = this.#options.knownAddressMs;
    return (await this.store.peek(key, period, now)) > 0 || (await this.store.peek(key, period, now - period)) > 0;
  }

  /** Until the current window ends, or the one after when this window alone is already full. */
  #ceilingWaitMs(current: number, now: number): number {
    const { max, windowMs } = this.#options.unknownAddresses;
    const windowEnds = windowStartOf(now, windowMs) + windowMs;
    return (current >= max ? windowEnds + windowMs : windowEnds) - now;
  }

  #keys(websiteId: string, email: string, address: string) {
    const account = createHash('sha256').update(`${websiteId}\n${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22);
    const from = clientAddressKey(address);
    return {
      fromAddress: `sign-in:${account}:from:${from}`,
      unknownAddresses: `sign-in:${account}:unknown-addresses`,
      known: `sign-in:${account}:known:${from}`,
    };
  }
}

function refuse(waitMs: number): SignInDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
