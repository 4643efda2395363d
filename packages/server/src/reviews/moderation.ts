import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  OWNER_REVIEW_MESSAGES, REVIEW_PAGE_SIZE, REVIEW_REPLY_MAX,
  type ListOwnerReviewsQuery, type ModerateReviewReply, type OwnerReviewJson, type ReviewStatusName,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, ProductReviewsTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { isUnstorableText } from '../http/unstorable-text';
import { keysetBefore, keysetPage, microsecondKey, readTimeIdCursor } from '../page-cursor';
import { moderationMove } from './rules';

type ReviewRow = Selectable<ProductReviewsTable>;
type OwnerReviewRow = ReviewRow & { product_name: string; order_number: number | null };

function ownerReviewJson(row: OwnerReviewRow): OwnerReviewJson {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    orderId: row.order_id,
    orderNumber: row.order_number,
    source: row.source,
    rating: row.rating,
    title: row.title,
    body: row.body,
    reviewerName: row.reviewer_name,
    status: row.status,
    reply: row.reply,
    created: row.created_at.getTime(),
    moderatedAt: row.moderated_at ? row.moderated_at.getTime() : null,
  };
}

const ownerRows = (db: Kysely<Database> | Transaction<Database>, websiteId: string) =>
  db
    .selectFrom('product_reviews')
    .innerJoin('products', 'products.id', 'product_reviews.product_id')
    .leftJoin('orders', 'orders.id', 'product_reviews.order_id')
    .selectAll('product_reviews')
    .select(['products.title as product_name', 'orders.order_number as order_number'])
    .where('product_reviews.website_id', '=', websiteId);

/** GET /api/owner/reviews: newest first (the id breaking ties), optionally of one status, in keyset pages. */
export async function listOwnerReviews(
  db: Kysely<Database>, website: Website, actor: Actor, query: ListOwnerReviewsQuery,
): Promise<{ reviews: OwnerReviewJson[]; nextCursor: string | null }> {
  authorize(actor, 'reviews:moderate');
  const limit = query.limit === undefined ? REVIEW_PAGE_SIZE.default : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > REVIEW_PAGE_SIZE.max) throw invalid(OWNER_REVIEW_MESSAGES.limit, { limit: OWNER_REVIEW_MESSAGES.limit });
  const after = readTimeIdCursor(query.cursor, OWNER_REVIEW_MESSAGES.cursor);
  let select = ownerRows(db, website.id).select(microsecondKey('product_reviews.created_at').as('created_key'));
  if (query.status) select = select.where('product_reviews.status', '=', query.status as ReviewStatusName);
  if (after) select = select.where(keysetBefore('product_reviews.created_at', 'product_reviews.id', after));
  const rows = await select.orderBy('product_reviews.created_at', 'desc').orderBy('product_reviews.id', 'desc').limit(limit + 1).execute();
  const { page, nextCursor } = keysetPage(rows, limit, (row) => [row.created_key, row.id]);
  return { reviews: page.map(({ created_key: _key, ...row }) => ownerReviewJson(row)), nextCursor };
}

async function lockedReview(trx: Transaction<Database>, websiteId: string, reviewId: string): Promise<ReviewRow> {
  const row = await trx.selectFrom('product_reviews').selectAll().where('id', '=', reviewId).where('website_id', '=', websiteId).forUpdate().executeTakeFirst();
  if (!row) throw notFound(OWNER_REVIEW_MESSAGES.notFound);
  return row;
}

async function answer(trx: Transaction<Database>, websiteId: string, reviewId: string, changed: boolean): Promise<ModerateReviewReply> {
  const row = await ownerRows(trx, websiteId).where('product_reviews.id', '=', reviewId).executeTakeFirstOrThrow();
  return { review: ownerReviewJson(row), changed };
}

/**
 * Moves a review to approved or hidden under its row lock, and in the same transaction adds it to or takes it from
 * its product's rollup (product_review_summaries): two owners pressing at once move it once, and the count stays the
 * number of approved reviews.
 */
async function moderate(db: Kysely<Database>, website: Website, actor: Actor, reviewId: string, to: 'approved' | 'hidden'): Promise<ModerateReviewReply> {
  authorize(actor, 'reviews:moderate');
  return inTransaction(db, async (trx) => {
    const row = await lockedReview(trx, website.id, reviewId);
    const move = moderationMove(row.status, to);
    if (!move.changed) return answer(trx, website.id, reviewId, false);
    await trx.updateTable('product_reviews').set({ status: to, moderated_at: new Date() }).where('id', '=', reviewId).execute();
    if (move.countDelta !== 0) await addToRollup(trx, website.id, row.product_id, move.countDelta, move.countDelta * row.rating);
    return answer(trx, website.id, reviewId, true);
  });
}

/** Adds to (or takes from) a product's count and rating total: one statement, safe against concurrent moves. */
export async function addToRollup(trx: Transaction<Database>, websiteId: string, productId: string, count: number, ratingTotal: number): Promise<void> {
  // Taking away: the row exists (the review was counted), and an insert of negative values would break its CHECK.
  if (count < 0) {
    await trx
      .updateTable('product_review_summaries')
      .set({ review_count: sql`review_count + ${count}`, rating_total: sql`rating_total + ${ratingTotal}` })
      .where('website_id', '=', websiteId)
      .where('product_id', '=', productId)
      .execute();
    return;
  }
  await trx
    .insertInto('product_review_summaries')
    .values({ website_id: websiteId, product_id: productId, review_count: count, rating_total: ratingTotal })
    .onConflict((conflict) =>
      conflict.columns(['website_id', 'product_id']).doUpdateSet({
        review_count: sql`product_review_summaries.review_count + ${count}`,
        rating_total: sql`product_review_summaries.rating_total + ${ratingTotal}`,
      }),
    )
    .execute();
}

export const approveReview = (db: Kysely<Database>, website: Website, actor: Actor, input: { reviewId: string }) => moderate(db, website, actor, input.reviewId, 'approved');
export const hideReview = (db: Kysely<Database>, website: Website, actor: Actor, input: { reviewId: string }) => moderate(db, website, actor, input.reviewId, 'hidden');

/** PUT /api/owner/reviews/:reviewId/reply: the store's public reply under the review; empty removes it. */
export async function replyToReview(db: Kysely<Database>, website: Website, actor: Actor, input: { reviewId: string; reply: string }): Promise<ModerateReviewReply> {
  authorize(actor, 'reviews:moderate');
  const reply = input.reply.trim();
  if (reply.length > REVIEW_REPLY_MAX || isUnstorableText(reply)) throw invalid(OWNER_REVIEW_MESSAGES.reply, { reply: OWNER_REVIEW_MESSAGES.reply });
  return inTransaction(db, async (trx) => {
    const row = await lockedReview(trx, website.id, input.reviewId);
    const next = reply === '' ? null : reply;
    if (row.reply === next) return answer(trx, website.id, input.reviewId, false);
    await trx.updateTable('product_reviews').set({ reply: next, replied_at: next === null ? null : new Date() }).where('id', '=', input.reviewId).execute();
    return answer(trx, website.id, input.reviewId, true);
  });
}
