import { sql, type Kysely, type Selectable } from 'kysely';
import { normaliseGiftCardCode, todayIn } from '@vitrine/commerce/gift-cards';
import {
  GIFT_CARD_PAGE_SIZE, OWNER_GIFT_CARD_MESSAGES, type GiftCardStatus, type ListOwnerGiftCardsQuery, type ListOwnerGiftCardsReply, type OwnerGiftCard,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, GiftCardsTable, Website } from '../db/schema';
import { conflict, invalid, notFound } from '../failures';
import { decodePageCursor, encodePageCursor } from '../page-cursor';

type CardRow = Selectable<GiftCardsTable> & { order_number: number | null; cursor_at: string };

/** What a card is now, for the list: the owner's switch first, then what it holds, then whether it was sent. */
export function giftCardStatusOf(card: Pick<CardRow, 'disabled_at' | 'balance_cents' | 'send_on'>, today: string): GiftCardStatus {
  if (card.disabled_at) return 'disabled';
  if (card.balance_cents <= 0) return 'empty';
  if (card.send_on !== null && card.send_on > today) return 'scheduled';
  return 'active';
}

function ownerGiftCardJson(card: CardRow, today: string): OwnerGiftCard {
  return {
    id: card.id,
    last4: card.code_last4,
    initialCents: card.initial_cents,
    balanceCents: card.balance_cents,
    currency: card.currency,
    status: giftCardStatusOf(card, today),
    purchaserEmail: card.purchaser_email,
    recipientEmail: card.recipient_email,
    recipientName: card.recipient_name,
    sendOn: card.send_on,
    orderId: card.order_id,
    orderNumber: card.order_number,
    disabledAt: card.disabled_at ? card.disabled_at.toISOString() : null,
    createdAt: card.created_at.toISOString(),
  };
}

function cardsWithOrderNumbers(db: Kysely<Database>, website: Website) {
  return db
    .selectFrom('gift_cards as g')
    .leftJoin('orders as o', 'o.id', 'g.order_id')
    .selectAll('g')
    .select('o.order_number')
    // The creation time at the database's full precision, in microseconds since 1970 (exact: extract gives a
    // numeric), for the page cursor: a JS Date keeps milliseconds only, and a page would skip rows.
    .select(sql<string>`(extract(epoch from g.created_at) * 1000000)::bigint::text`.as('cursor_at'))
    .where('g.website_id', '=', website.id);
}

const LAST4 = /^[A-Za-z0-9]{4}$/;
/** A cursor's time: microseconds since 1970, as cursor_at writes it. */
const CURSOR_TIME = /^\d{1,17}$/;

/**
 * GET /api/owner/gift-cards: newest first (the id breaking ties), in keyset pages. `q` is 4 letters or digits (the
 * code's last four, any case, dashes ignored) or part of an email, the buyer's or the recipient's (any case).
 */
export async function listOwnerGiftCards(db: Kysely<Database>, website: Website, actor: Actor, query: ListOwnerGiftCardsQuery): Promise<ListOwnerGiftCardsReply> {
  authorize(actor, 'orders:read');
  const limit = query.limit === undefined ? GIFT_CARD_PAGE_SIZE.default : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > GIFT_CARD_PAGE_SIZE.max) throw invalid(OWNER_GIFT_CARD_MESSAGES.limit, { limit: OWNER_GIFT_CARD_MESSAGES.limit });
  let select = cardsWithOrderNumbers(db, website);
  if (query.cursor !== undefined) {
    const after = decodePageCursor(query.cursor, 2);
    if (!after || !CURSOR_TIME.test(after[0])) throw invalid(OWNER_GIFT_CARD_MESSAGES.cursor, { cursor: OWNER_GIFT_CARD_MESSAGES.cursor });
    select = select.where(sql<boolean>`(g.created_at, g.id) < (timestamptz 'epoch' + ${after[0]}::bigint * interval '1 microsecond', ${after[1]})`);
  }
  const q = query.q?.trim() ?? '';
  if (q !== '') {
    const last4 = normaliseGiftCardCode(q);
    // LIKE's wildcards in what the owner typed are matched literally.
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    select = select.where((eb) =>
      eb.or([
        ...(LAST4.test(last4) ? [eb('g.code_last4', '=', last4)] : []),
        eb(sql`lower(g.purchaser_email)`, 'like', pattern),
        eb(sql`lower(g.recipient_email)`, 'like', pattern),
      ]),
    );
  }
  const rows = await select.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const today = todayIn(website.time_zone);
  const last = page.at(-1);
  return {
    giftCards: page.map((row) => ownerGiftCardJson(row, today)),
    nextCursor: rows.length > limit && last ? encodePageCursor([last.cursor_at, last.id]) : null,
  };
}

/** POST /api/owner/gift-cards/:giftCardId/disable: one conditional update, so of two disables the second is a 409. */
export async function disableGiftCard(db: Kysely<Database>, website: Website, actor: Actor, giftCardId: string): Promise<{ giftCard: OwnerGiftCard }> {
  authorize(actor, 'orders:write');
  const updated = await db
    .updateTable('gift_cards')
    .set({ disabled_at: sql`now()` })
    .where('website_id', '=', website.id)
    .where('id', '=', giftCardId)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  const card = await cardsWithOrderNumbers(db, website).where('g.id', '=', giftCardId).executeTakeFirst();
  if (!card) throw notFound(OWNER_GIFT_CARD_MESSAGES.notFound);
  if (!updated) throw conflict(OWNER_GIFT_CARD_MESSAGES.alreadyDisabled);
  return { giftCard: ownerGiftCardJson(card, todayIn(website.time_zone)) };
}
