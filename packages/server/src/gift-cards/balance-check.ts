import type { Kysely } from 'kysely';
import { GIFT_CARD_MESSAGES } from '@vitrine/commerce/gift-cards';
import type { GiftCardBalanceReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { FEATURE_FLAG_MESSAGES, requireFeature } from '../experiments';
import { moneyJson } from '../catalog';
import type { Database, Website } from '../db/schema';
import { notFound, tooMany } from '../failures';
import type { BackOffPolicy, RateLimitStore } from '../http/rate-limit';
import { giftCardBalances } from './redeem';

const MINUTE = 60_000;

/**
 * A code is a bearer secret, so guessing is slowed per visitor (client address; an IPv6 /64): 10 checks at once,
 * then waits doubling from 2 s up to 15 minutes, forgotten after an hour without checks. That is about 20 guesses
 * in the first hour and 4 an hour after, against 32^16 codes. Counted in the shared rate-limit store (database or
 * Redis), atomically, before the code is looked up: racing guesses cannot share a count.
 */
export const GIFT_CARD_BALANCE_THROTTLE: BackOffPolicy = { free: 10, baseMs: 2000, maxMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE };

export const GIFT_CARD_THROTTLE_MESSAGE = 'Too many gift card checks. Please wait a few minutes and try again.';

/** POST /api/commerce/gift-cards/balance: the card's last four, balance and whether it can pay; 404 for an unknown code. */
export async function checkGiftCardBalance(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: { code: string; visitor: string },
  rateLimits: RateLimitStore,
  now: number = Date.now(),
): Promise<GiftCardBalanceReply> {
  await requireFeature(db, website.id, 'giftCards', FEATURE_FLAG_MESSAGES.giftCardsOff);
  const claim = await rateLimits.claimBackOff(`gift-card-balance:${website.id}:${input.visitor}`, GIFT_CARD_BALANCE_THROTTLE, now);
  if (!claim.allowed) throw tooMany(GIFT_CARD_THROTTLE_MESSAGE, Math.max(1, Math.ceil(claim.retryAfterMs / 1000)));
  const [found] = await giftCardBalances(db, website, [input.code]);
  if (!found || found.reason === GIFT_CARD_MESSAGES.codeUnknown) throw notFound(GIFT_CARD_MESSAGES.codeUnknown);
  return {
    giftCard: {
      last4: found.last4,
      // A card of another currency holds nothing this store can take.
      balance: moneyJson(found.reason === GIFT_CARD_MESSAGES.codeOtherCurrency ? 0 : found.balanceCents, website.currency),
      usable: found.usable,
      ...(found.reason !== undefined ? { reason: found.reason } : {}),
    },
  };
}
