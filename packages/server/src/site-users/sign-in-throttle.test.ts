// databases: both — throttle counters hit at once from many addresses
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { DatabaseRateLimitStore, type RateLimitStore } from '../http/rate-limit';
import { RedisRateLimitStore } from '../http/redis-rate-limit';
import { SIGN_IN_THROTTLE, SignInThrottle, type SignInDecision } from './sign-in-throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEBSITE = 'website-under-attack';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const stores: Array<[string, () => RateLimitStore, () => Promise<void>]> = [
  ['database', () => new DatabaseRateLimitStore(database.db), async () => {}],
];
if (process.env.TEST_REDIS_URL) {
  let redis: RedisRateLimitStore | undefined;
  stores.push([
    'Redis',
    () => (redis ??= new RedisRateLimitStore(process.env.TEST_REDIS_URL!)),
    async () => {
      await redis?.close();
    },
  ]);
}

describe.each(stores)('SignInThrottle on the %s store', (_name, openStore, closeStore) => {
  afterAll(closeStore);

  // One clock for the file, only ever moving forward; each test starts on a fresh 20-minute window.
  let clock = Date.UTC(2031, 0, 1);
  const startFresh = () => {
    clock = Math.ceil((clock + 2 * 24 * HOUR) / (20 * MINUTE)) * (20 * MINUTE);
  };
  let throttle: SignInThrottle;
  let email: string;
  beforeAll(() => {
    throttle = new SignInThrottle(openStore(), { now: () => clock });
  });
  const newAccount = () => {
    startFresh();
    email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  };

  /** One sign-in as the service makes it: check, then the password's verdict. */
  async function signIn(address: string, rightPassword: boolean, account = email): Promise<SignInDecision> {
    const decision = await throttle.check(WEBSITE, account, address);
    if (decision.allowed) {
      if (rightPassword) await throttle.recordSuccess(WEBSITE, account, address);
      else await throttle.recordFailure(WEBSITE, account, address);
    }
    return decision;
  }
  const guess = (address: string) => signIn(address, false);
  const waitOf = (decision: SignInDecision) => (decision.allowed ? 0 : decision.retryAfterSeconds);

  it('backs off per address: 5 attempts at once, then a wait doubling from 1 s to 15 min', async () => {
    newAccount();
    const attacker = '198.51.100.1';
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress.free; i++) expect(await guess(attacker)).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      const held = await guess(attacker);
      waits.push(waitOf(held));
      // Coming back a second early is refused again, with the rest of the wait.
      clock += (waitOf(held) - 1) * 1000;
      expect(waitOf(await guess(attacker))).toBe(1);
      clock += 1000;
      expect(await guess(attacker)).toEqual({ allowed: true });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('lets one relentless address make 17 guesses in its first hour and 4 an hour after that', async () => {
    newAccount();
    const start = clock;
    const allowedAt: number[] = [];
    while (clock < start + 3 * HOUR) {
      const decision = await guess('198.51.100.2');
      if (decision.allowed) allowedAt.push(clock);
      else clock += decision.retryAfterSeconds * 1000;
    }
    const inHour = (hour: number) => allowedAt.filter((at) => at >= start + hour * HOUR && at < start + (hour + 1) * HOUR).length;
    expect([inHour(0), inHour(1), inHour(2)]).toEqual([17, 4, 4]);
  });

  it("a successful sign-in clears its address's back-off, and no other", async () => {
    newAccount();
    for (let i = 0; i < 6; i++) await guess('198.51.100.3');
    for (let i = 0; i < 6; i++) await guess('198.51.100.4');
    clock += 2000;
    expect(await signIn('198.51.100.3', true)).toEqual({ allowed: true });
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress.free; i++) expect(await guess('198.51.100.3')).toEqual({ allowed: true });
    expect(await guess('198.51.100.4')).toEqual({ allowed: true });
    expect((await guess('198.51.100.4')).allowed).toBe(false);
  });

  it("lets the owner in from a clean address with the right password after an attacker's 100 failures from another", async () => {
    newAccount();
    let failures = 0;
    while (failures < 100) {
      const decision = await guess('203.0.113.66');
      if (decision.allowed) failures++;
      else clock += decision.retryAfterSeconds * 1000;
    }
    // The attacker's address is slowed to one guess per 15 minutes; the owner's new address is not.
    expect(waitOf(await guess('203.0.113.66'))).toBeGreaterThan(0);
    expect(await signIn('192.0.2.10', true)).toEqual({ allowed: true });
  });

  it('holds an attacker with any number of addresses to at most 40 guesses in any hour, and not the owner at a known address', async () => {
    newAccount();
    const home = '192.0.2.20';
    expect(await signIn(home, true)).toEqual({ allowed: true });
    const start = clock;
    const allowedAt: number[] = [];
    let ownerAtHome = 0;
    let nextAddress = 0;
    // Six hours; every five minutes a burst of guesses, each from an address never seen before.
    for (; clock < start + 6 * HOUR; clock += 5 * MINUTE) {
      for (let i = 0; i < 30; i++) {
        nextAddress++;
        const decision = await guess(`10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`);
        if (decision.allowed) allowedAt.push(clock);
        else expect(decision.retryAfterSeconds).toBeLessThanOrEqual(40 * 60);
      }
      // Meanwhile the owner signs in from home, whenever they like.
      if ((await signIn(home, true)).allowed) ownerAtHome++;
    }
    const worstHour = Math.max(...allowedAt.map((from) => allowedAt.filter((at) => at >= from && at < from + HOUR).length));
    expect(worstHour).toBeLessThanOrEqual(40);
    // The attacker did reach the ceiling: the measurement is of the ceiling, not of a timid attacker.
    expect(worstHour).toBeGreaterThanOrEqual(30);
    expect(ownerAtHome).toBe(6 * 12);

    // The owner on a network they never used waits while the attack runs: slowed, not refused for good.
    for (let i = 0; i < 30; i++) await guess(`10.250.0.${i + 1}`);
    const held = await signIn('192.0.2.99', true);
    expect(held.allowed).toBe(false);
    clock += waitOf(held) * 1000;
    expect(await signIn('192.0.2.99', true)).toEqual({ allowed: true });
  });

  it("a flood of junk calls through the same store does not reset an address's back-off", async () => {
    newAccount();
    const attacker = '198.51.100.5';
    for (let failures = 0; failures < 16; ) {
      const decision = await guess(attacker);
      if (decision.allowed) failures++;
      else clock += decision.retryAfterSeconds * 1000;
    }
    const before = waitOf(await guess(attacker));
    expect(before).toBe(900);
    // 2,500 visitor hits in 10-second windows (enough to sweep the table twice over on the database).
    const store = openStore();
    for (let i = 0; i < 2500; i++) await store.hit(`visitor:junk-${i % 50}`, 10_000, clock + i);
    expect(waitOf(await guess(attacker))).toBe(before);
  });

  it('lets exactly the allowed attempts through when they arrive all at once', async () => {
    newAccount();
    const fromOne = await Promise.all(Array.from({ length: 30 }, () => throttle.check(WEBSITE, email, '198.51.100.6')));
    expect(fromOne.filter((decision) => decision.allowed)).toHaveLength(SIGN_IN_THROTTLE.perAddress.free);
    newAccount();
    const fromMany = await Promise.all(Array.from({ length: 60 }, (_, i) => throttle.check(WEBSITE, email, `10.200.0.${i + 1}`)));
    expect(fromMany.filter((decision) => decision.allowed)).toHaveLength(SIGN_IN_THROTTLE.unknownAddresses.max);
  });

  it('keeps accounts apart, reads emails case-blind, and counts an IPv6 client by its /64', async () => {
    newAccount();
    for (let i = 0; i < 5; i++) await guess('2001:db8:7:7::1');
    expect((await signIn('2001:db8:7:7::ffff', false, email.toUpperCase())).allowed).toBe(false);
    expect(await signIn('2001:db8:7:7::1', false, `other-${email}`)).toEqual({ allowed: true });
    expect(await guess('2001:db8:7:8::1')).toEqual({ allowed: true });
  });
});
