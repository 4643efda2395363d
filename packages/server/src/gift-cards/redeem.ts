import { sql, type Kysely, type Transaction } from 'kysely';
import {
  formatGiftCardCode, GIFT_CARD_MESSAGES, giftCardLastFour, isWellFormedGiftCardCode, normaliseGiftCardCode,
} from '@vitrine/commerce/gift-cards';
import type { Database, Website } from '../db/schema';
import { newId } from '../ids';
import { giftCardCodeHash, loadGiftCardSecret } from './codes';

/** At most this many codes are looked up for one cart or order. */
export const MAX_GIFT_CARD_CODES = 10;

export interface GiftCardBalance {
  /** The code as typed, normalised and grouped (XXXX-XXXX-XXXX-XXXX): the caller's own input, for matching. */
  code: string;
  last4: string;
  balanceCents: number;
  usable: boolean;
  /** Why not usable, in the shopper's words. */
  reason?: string;
}

interface FoundCard {
  id: string;
  balance_cents: number;
  currency: string;
  disabled_at: Date | null;
  code_hash: string;
}

/** Distinct normalised codes, in the order given, at most MAX_GIFT_CARD_CODES. */
function distinctCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map(normaliseGiftCardCode).filter((code) => code !== ''))].slice(0, MAX_GIFT_CARD_CODES);
}

async function cardsByHash(db: Kysely<Database>, website: Website, hashes: string[], lock: boolean): Promise<Map<string, FoundCard>> {
  if (hashes.length === 0) return new Map();
  let query = db
    .selectFrom('gift_cards')
    .select(['id', 'balance_cents', 'currency', 'disabled_at', 'code_hash'])
    .where('website_id', '=', website.id)
    .where('code_hash', 'in', hashes)
    // A stable order: two checkouts locking the same cards take them in the same order (no deadlock).
    .orderBy('id');
  if (lock) query = query.forUpdate();
  return new Map((await query.execute()).map((card) => [card.code_hash, card]));
}

/** Why a card cannot pay in this store now, or undefined when it can. */
function refusalOf(card: FoundCard | undefined, website: Website): string | undefined {
  if (!card) return GIFT_CARD_MESSAGES.codeUnknown;
  if (card.disabled_at) return GIFT_CARD_MESSAGES.codeDisabled;
  if (card.currency !== website.currency) return GIFT_CARD_MESSAGES.codeOtherCurrency;
  if (card.balance_cents <= 0) return GIFT_CARD_MESSAGES.codeEmpty;
  return undefined;
}

/**
 * What each code holds, for the cart and checkout to show (the lead's totals; the balance call): one answer per
 * distinct code in the order given, unusable ones with the reason. Reads only: nothing is held.
 */
export async function giftCardBalances(db: Kysely<Database>, website: Website, codes: readonly string[]): Promise<GiftCardBalance[]> {
  const wanted = distinctCodes(codes);
  const secret = await loadGiftCardSecret(db);
  const hashOf = new Map(wanted.map((code) => [code, giftCardCodeHash(secret, code)]));
  const cards = await cardsByHash(db, website, [...hashOf.entries()].filter(([code]) => isWellFormedGiftCardCode(code)).map(([, hash]) => hash), false);
  return wanted.map((code) => {
    const card = isWellFormedGiftCardCode(code) ? cards.get(hashOf.get(code)!) : undefined;
    const reason = refusalOf(card, website);
    return {
      code: formatGiftCardCode(code),
      last4: giftCardLastFour(code),
      balanceCents: card?.balance_cents ?? 0,
      usable: reason === undefined,
      ...(reason !== undefined ? { reason } : {}),
    };
  });
}

export interface GiftCardRedemption {
  code: string;
  last4: string;
  amountCents: number;
}

export interface RedeemedGiftCards {
  /** What the cards paid together: never more than asked. */
  appliedCents: number;
  redemptions: GiftCardRedemption[];
  /** Codes that paid nothing, with the reason (unknown, disabled, another currency, empty — perhaps emptied by a checkout a moment ago). */
  refused: { code: string; last4: string; reason: string }[];
}

/**
 * Takes up to `amountCents` from the cards, in the order given, inside the order's transaction: a rolled-back
 * order takes nothing. Race-safe: the cards' rows are locked first, all together, in id order (two checkouts
 * sharing cards queue at the first one and never deadlock), then each card gives
 * `LEAST(balance, what is still wanted)` in one conditional UPDATE, so a balance never goes below 0 and two
 * checkouts wanting a whole balance get it once between them. Each taking is a gift_card_redemptions row.
 * Redeeming again for the same order takes nothing more from a card it already used (unique per card and order).
 */
export async function redeemGiftCards(
  trx: Transaction<Database>,
  website: Website,
  input: { orderId: string; codes: readonly string[]; amountCents: number },
): Promise<RedeemedGiftCards> {
  const wanted = distinctCodes(input.codes).filter(isWellFormedGiftCardCode);
  const refused: RedeemedGiftCards['refused'] = distinctCodes(input.codes)
    .filter((code) => !isWellFormedGiftCardCode(code))
    .map((code) => ({ code: formatGiftCardCode(code), last4: giftCardLastFour(code), reason: GIFT_CARD_MESSAGES.codeUnknown }));
  const secret = await loadGiftCardSecret(trx);
  const hashOf = new Map(wanted.map((code) => [code, giftCardCodeHash(secret, code)]));
  const cards = await cardsByHash(trx, website, [...hashOf.values()], true);
  const redemptions: GiftCardRedemption[] = [];
  let remaining = Math.max(0, Math.floor(input.amountCents));

  for (const code of wanted) {
    const card = cards.get(hashOf.get(code)!);
    const reason = refusalOf(card, website);
    if (reason !== undefined || !card) {
      refused.push({ code: formatGiftCardCode(code), last4: giftCardLastFour(code), reason: reason ?? GIFT_CARD_MESSAGES.codeUnknown });
      continue;
    }
    if (remaining === 0) break;
    const already = await trx.selectFrom('gift_card_redemptions').select('id').where('gift_card_id', '=', card.id).where('order_id', '=', input.orderId).executeTakeFirst();
    if (already) continue;
    // The row is locked (above), so the balance read with the lock is the one this UPDATE changes.
    const updated = await sql<{ balance_cents: number }>`
      UPDATE gift_cards SET balance_cents = balance_cents - LEAST(balance_cents, ${remaining}::bigint)
      WHERE id = ${card.id} AND balance_cents > 0 AND disabled_at IS NULL
      RETURNING balance_cents`.execute(trx);
    const after = updated.rows[0];
    if (!after) continue;
    const amountCents = card.balance_cents - Number(after.balance_cents);
    await trx
      .insertInto('gift_card_redemptions')
      .values({ id: newId(), website_id: website.id, gift_card_id: card.id, order_id: input.orderId, amount_cents: amountCents })
      .execute();
    redemptions.push({ code: formatGiftCardCode(code), last4: giftCardLastFour(code), amountCents });
    remaining -= amountCents;
  }
  return { appliedCents: redemptions.reduce((sum, r) => sum + r.amountCents, 0), redemptions, refused };
}

/**
 * Puts back on the cards what an order took, when its payment failed or expired (orders/paid.ts
 * onOrderPaymentFailed), in that transaction. Each redemption is released once: a second call finds none left
 * (released_at is set by the same conditional UPDATE that picks them), so amounts never go back twice.
 * Cards are credited in id order, like the redemption locks them.
 */
export async function releaseGiftCardRedemptions(trx: Transaction<Database>, website: Website, orderId: string): Promise<{ releasedCents: number }> {
  const released = await trx
    .updateTable('gift_card_redemptions')
    .set({ released_at: sql`now()` })
    .where('website_id', '=', website.id)
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning(['gift_card_id', 'amount_cents'])
    .execute();
  released.sort((a, b) => (a.gift_card_id < b.gift_card_id ? -1 : a.gift_card_id > b.gift_card_id ? 1 : 0));
  for (const redemption of released) {
    await trx
      .updateTable('gift_cards')
      .set({ balance_cents: sql`balance_cents + ${redemption.amount_cents}::bigint` })
      .where('id', '=', redemption.gift_card_id)
      .execute();
  }
  return { releasedCents: released.reduce((sum, redemption) => sum + redemption.amount_cents, 0) };
}
