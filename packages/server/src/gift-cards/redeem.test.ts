// databases: both — racing redemptions of one card: locks in one order, no deadlock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import type { Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { findDefaultWebsite } from '../websites';
import { giftCardBalances, redeemGiftCards, releaseGiftCardRedemptions, type RedeemedGiftCards } from '.';
import { makeTestGiftCard } from './testing';

/**
 * Redemption and its release, on PGlite (one connection: racing transactions queue) and on PostgreSQL with
 * TEST_DATABASE_URL (a pool: they truly run at once and meet at the cards' row locks).
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

const makeCard = (cents: number, options: { balanceCents?: number; currency?: string; disabled?: boolean } = {}) => makeTestGiftCard(database.db, website, cents, options);

const balanceOf = async (id: string) => (await database.db.selectFrom('gift_cards').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow()).balance_cents;
const redeem = (orderId: string, codes: string[], amountCents: number) => inTransaction(database.db, (trx) => redeemGiftCards(trx, website, { orderId, codes, amountCents }));

describe('giftCardBalances', () => {
  it('answers each distinct code in order, with the reason an unusable one cannot pay', async () => {
    const good = await makeCard(5000);
    const empty = await makeCard(2500, { balanceCents: 0 });
    const disabled = await makeCard(2500, { disabled: true });
    const euro = await makeCard(2500, { currency: 'EUR' });
    const answers = await giftCardBalances(database.db, website, [good.code.toLowerCase(), empty.code, disabled.code, euro.code, 'AAAA-BBBB-CCCC-DDDD', 'short', good.code]);
    expect(answers).toEqual([
      { code: good.code, last4: good.code.slice(-4), balanceCents: 5000, usable: true },
      { code: empty.code, last4: empty.code.slice(-4), balanceCents: 0, usable: false, reason: 'This gift card has no balance left.' },
      { code: disabled.code, last4: disabled.code.slice(-4), balanceCents: 2500, usable: false, reason: 'This gift card has been disabled.' },
      { code: euro.code, last4: euro.code.slice(-4), balanceCents: 2500, usable: false, reason: 'This gift card is in another currency than the store.' },
      { code: 'AAAA-BBBB-CCCC-DDDD', last4: 'DDDD', balanceCents: 0, usable: false, reason: 'This gift card code does not exist.' },
      { code: 'SHOR-T', last4: 'HORT', balanceCents: 0, usable: false, reason: 'This gift card code does not exist.' },
    ]);
  });
});

describe('redeemGiftCards', () => {
  it('takes part of a card and leaves the rest', async () => {
    const card = await makeCard(5000);
    const result = await redeem('order-partial', [card.code], 1999);
    expect(result).toEqual({ appliedCents: 1999, redemptions: [{ code: card.code, last4: card.code.slice(-4), amountCents: 1999 }], refused: [] });
    expect(await balanceOf(card.id)).toBe(3001);
  });

  it('empties cards in the order given and never takes more than asked', async () => {
    const first = await makeCard(2500);
    const second = await makeCard(5000);
    const third = await makeCard(1000);
    const result = await redeem('order-whole', [first.code, second.code, third.code], 4000);
    expect(result.appliedCents).toBe(4000);
    expect(result.redemptions.map((redemption) => redemption.amountCents)).toEqual([2500, 1500]);
    expect([await balanceOf(first.id), await balanceOf(second.id), await balanceOf(third.id)]).toEqual([0, 3500, 1000]);
  });

  it('pays what the cards hold when they hold less than the order, and says why other codes paid nothing', async () => {
    const card = await makeCard(1000);
    const disabled = await makeCard(1000, { disabled: true });
    const result = await redeem('order-short', ['nope', disabled.code, card.code], 5000);
    expect(result.appliedCents).toBe(1000);
    expect(result.refused.map((refusal) => refusal.reason)).toEqual(['This gift card code does not exist.', 'This gift card has been disabled.']);
    expect(await balanceOf(card.id)).toBe(0);
    const again = await redeem('order-short-2', [card.code], 500);
    expect(again).toMatchObject({ appliedCents: 0, redemptions: [], refused: [{ reason: 'This gift card has no balance left.' }] });
  });

  it('a rolled-back order takes nothing', async () => {
    const card = await makeCard(3000);
    await expect(
      inTransaction(database.db, async (trx) => {
        await redeemGiftCards(trx, website, { orderId: 'order-rolled-back', codes: [card.code], amountCents: 3000 });
        throw new Error('payment failed after redemption');
      }),
    ).rejects.toThrow('payment failed after redemption');
    expect(await balanceOf(card.id)).toBe(3000);
  });

  it('racing checkouts each wanting the whole balance: one gets it, the others nothing, no deadlock', async () => {
    const card = await makeCard(5000);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        inTransaction(database.db, async (trx) => {
          const result = await redeemGiftCards(trx, website, { orderId: `race-whole-${index}`, codes: [card.code], amountCents: 5000 });
          // A little work after, as an order would do before committing.
          await new Promise((resolve) => setTimeout(resolve, 5));
          return result;
        }),
      ),
    );
    expect(results.map((result) => result.appliedCents).sort((a, b) => b - a)).toEqual([5000, 0, 0, 0, 0, 0, 0, 0]);
    expect(await balanceOf(card.id)).toBe(0);
  });

  it('racing checkouts sharing two cards in opposite orders: the total taken is the total held, no deadlock', async () => {
    const a = await makeCard(3000);
    const b = await makeCard(3000);
    const results: RedeemedGiftCards[] = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        inTransaction(database.db, (trx) =>
          redeemGiftCards(trx, website, { orderId: `race-two-${index}`, codes: index % 2 === 0 ? [a.code, b.code] : [b.code, a.code], amountCents: 1700 }),
        ),
      ),
    );
    const taken = results.reduce((sum, result) => sum + result.appliedCents, 0);
    expect(taken).toBe(6000);
    for (const result of results) expect(result.appliedCents).toBeLessThanOrEqual(1700);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([0, 0]);
    const rows = await database.db.selectFrom('gift_card_redemptions').select(database.db.fn.sum<number>('amount_cents').as('total')).where('gift_card_id', 'in', [a.id, b.id]).executeTakeFirstOrThrow();
    expect(Number(rows.total)).toBe(6000);
  });
});

describe('releaseGiftCardRedemptions', () => {
  it('puts back what a failed order took, once', async () => {
    const first = await makeCard(2000);
    const second = await makeCard(2000);
    await redeem('order-fails', [first.code, second.code], 3000);
    expect([await balanceOf(first.id), await balanceOf(second.id)]).toEqual([0, 1000]);
    const released = await inTransaction(database.db, (trx) => releaseGiftCardRedemptions(trx, website, 'order-fails'));
    expect(released).toEqual({ releasedCents: 3000 });
    expect([await balanceOf(first.id), await balanceOf(second.id)]).toEqual([2000, 2000]);
    // Twice, or racing: nothing more goes back.
    const again = await Promise.all([1, 2].map(() => inTransaction(database.db, (trx) => releaseGiftCardRedemptions(trx, website, 'order-fails'))));
    expect(again).toEqual([{ releasedCents: 0 }, { releasedCents: 0 }]);
    expect([await balanceOf(first.id), await balanceOf(second.id)]).toEqual([2000, 2000]);
    const rows = await database.db.selectFrom('gift_card_redemptions').selectAll().where('order_id', '=', 'order-fails').execute();
    expect(rows.every((row) => row.released_at instanceof Date)).toBe(true);
  });
});
