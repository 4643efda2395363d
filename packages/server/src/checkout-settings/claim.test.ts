// databases: both — checkouts racing for limited coupon uses: row locks and transactions
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import type { Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { newId } from '../ids';
import { findDefaultWebsite } from '../websites';
import { claimCouponUse, couponUsageFor, findCouponsByCodes, type CouponClaim } from '.';

/**
 * The claim of a coupon's use, raced: on PGlite (one connection, so the claims queue) and on PostgreSQL with
 * TEST_DATABASE_URL (a pool of connections, so they truly run at once and meet at the coupon's row lock).
 */

let database: TestDatabase;
let website: Website;
beforeAll(async () => {
  database = await openTestDatabase();
  website = (await findDefaultWebsite(database.db))!;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function makeCoupon(limits: { usageLimit?: number | null; perCustomerLimit?: number | null }): Promise<string> {
  const id = newId();
  const code = `RACE-${id.slice(0, 8)}`;
  await database.db
    .insertInto('coupons')
    .values({
      id, website_id: website.id, code, code_normalised: code.toUpperCase(), kind: 'percentage', percent_basis_points: 1000,
      usage_limit: limits.usageLimit ?? null, per_customer_limit: limits.perCustomerLimit ?? null,
    })
    .execute();
  return id;
}

/** `count` checkouts at once, each claiming in its own transaction (with a little work after, as an order would). */
function race(couponId: string, count: number, emailOf: (index: number) => string): Promise<CouponClaim[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      inTransaction(database.db, async (trx) => {
        const claim = await claimCouponUse(trx, website, { couponId, orderId: `order-${couponId}-${index}`, customerEmail: emailOf(index) });
        await new Promise((resolve) => setTimeout(resolve, 5));
        return claim;
      }),
    ),
  );
}

const codeOf = async (couponId: string) =>
  (await database.db.selectFrom('coupons').select('code').where('id', '=', couponId).executeTakeFirstOrThrow()).code;

const usesOf = async (couponId: string) => {
  const coupon = await database.db.selectFrom('coupons').select('times_used').where('id', '=', couponId).executeTakeFirstOrThrow();
  const redemptions = await database.db.selectFrom('coupon_redemptions').selectAll().where('coupon_id', '=', couponId).execute();
  return { timesUsed: coupon.times_used, redemptions: redemptions.length };
};

describe('claimCouponUse', () => {
  it('10 checkouts racing for a coupon with one use: exactly one gets it', async () => {
    const couponId = await makeCoupon({ usageLimit: 1 });
    const claims = await race(couponId, 10, (index) => `shopper${index}@example.com`);
    expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim === 'used-up')).toHaveLength(9);
    expect(await usesOf(couponId)).toEqual({ timesUsed: 1, redemptions: 1 });
  });

  it('3 uses left among 10 racing: exactly 3', async () => {
    const couponId = await makeCoupon({ usageLimit: 3 });
    const claims = await race(couponId, 10, (index) => `shopper${index}@example.com`);
    expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(3);
    expect(await usesOf(couponId)).toEqual({ timesUsed: 3, redemptions: 3 });
  });

  it('one customer racing themself past a per-customer limit of 1 gets one use (emails compared trimmed, any case)', async () => {
    const couponId = await makeCoupon({ perCustomerLimit: 1 });
    const claims = await race(couponId, 6, (index) => (index % 2 === 0 ? ' Same@Example.com' : 'same@example.com '));
    expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim === 'used-by-customer')).toHaveLength(5);
    expect(await usesOf(couponId)).toEqual({ timesUsed: 1, redemptions: 1 });
    const [coupon] = (await findCouponsByCodes(database.db, website, [await codeOf(couponId)]));
    expect(await couponUsageFor(database.db, [coupon], ' SAME@example.com')).toEqual({ usedUp: [], usedByCustomer: [couponId] });
    expect(await couponUsageFor(database.db, [coupon], 'new@example.com')).toEqual({ usedUp: [], usedByCustomer: [] });
    expect(await couponUsageFor(database.db, [coupon])).toEqual({ usedUp: [], usedByCustomer: [] });
    // Another customer still may.
    const other = await inTransaction(database.db, (trx) => claimCouponUse(trx, website, { couponId, orderId: 'other-order', customerEmail: 'other@example.com' }));
    expect(other).toBe('claimed');
  });

  it('gives the use back when the order rolls back; a repeat claim for one order takes nothing; unknown coupons are not-found', async () => {
    const couponId = await makeCoupon({ usageLimit: 1 });
    await expect(
      inTransaction(database.db, async (trx) => {
        expect(await claimCouponUse(trx, website, { couponId, orderId: 'failed-order', customerEmail: 'a@example.com' })).toBe('claimed');
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect(await usesOf(couponId)).toEqual({ timesUsed: 0, redemptions: 0 });

    const twice = await inTransaction(database.db, async (trx) => [
      await claimCouponUse(trx, website, { couponId, orderId: 'order-1', customerEmail: 'a@example.com' }),
      await claimCouponUse(trx, website, { couponId, orderId: 'order-1', customerEmail: 'a@example.com' }),
    ]);
    expect(twice).toEqual(['claimed', 'claimed']);
    expect(await usesOf(couponId)).toEqual({ timesUsed: 1, redemptions: 1 });
    expect(await inTransaction(database.db, (trx) => claimCouponUse(trx, website, { couponId, orderId: 'order-2', customerEmail: 'b@example.com' }))).toBe('used-up');
    const [coupon] = await findCouponsByCodes(database.db, website, [await codeOf(couponId)]);
    expect(await couponUsageFor(database.db, [coupon], 'b@example.com')).toEqual({ usedUp: [couponId], usedByCustomer: [] });

    expect(await inTransaction(database.db, (trx) => claimCouponUse(trx, website, { couponId: 'no-such-coupon', orderId: 'order-3', customerEmail: 'b@example.com' }))).toBe('not-found');
    await expect(claimCouponUse(database.db, website, { couponId, orderId: 'order-4', customerEmail: 'b@example.com' })).rejects.toThrow('inside the order transaction');
  });
});
