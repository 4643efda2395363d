import type { Kysely, Transaction } from 'kysely';
import { REVIEW_MESSAGES, type SubmitReviewReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { requireFeature } from '../experiments';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { recordWebhookEvent } from '../webhooks';
import { reviewLinksFor } from './links';
import { isReviewableLine } from './requests';
import { checkReview } from './rules';

/** One line of the order a review link names, and its review if it has one. */
export interface ReviewableLine {
  orderItemId: string;
  productId: string;
  productName: string;
  /** The option values the buyer chose ('M / Navy'), empty without. */
  variantLabel: string;
  reviewed: boolean;
}

export interface ReviewLinkOrder {
  orderId: string;
  orderNumber: number;
  lines: ReviewableLine[];
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * The paid order a review link names, with its lines to review; undefined for a link that is not ours, expired, of
 * another website, or of an order that is not (or no longer) paid.
 */
export async function orderOfReviewLink(db: Kysely<Database> | Transaction<Database>, linksDb: Kysely<Database>, website: Website, token: string): Promise<ReviewLinkOrder | undefined> {
  const orderId = (await reviewLinksFor(linksDb)).read(website.id, token);
  if (!orderId) return undefined;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'payment_status'])
    .where('id', '=', orderId)
    .where('website_id', '=', website.id)
    .executeTakeFirst();
  if (!order || order.payment_status !== 'paid') return undefined;
  const lines = await db
    .selectFrom('order_items')
    .leftJoin('product_reviews', 'product_reviews.order_item_id', 'order_items.id')
    .select(['order_items.id', 'order_items.product_id', 'order_items.product_name', 'order_items.line_kind', 'order_items.option_values', 'product_reviews.id as review_id'])
    .where('order_items.order_id', '=', order.id)
    .orderBy('order_items.position')
    .execute();
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    // A line whose product was deleted for good has nothing left to review.
    lines: lines.filter(isReviewableLine).flatMap((line) => (line.product_id === null ? [] : [{ ...line, product_id: line.product_id }])).map((line) => ({
      orderItemId: line.id,
      productId: line.product_id,
      productName: line.product_name,
      variantLabel: (line.option_values ?? []).map((option) => option.value).join(' / '),
      reviewed: line.review_id !== null,
    })),
  };
}

export interface SubmitReviewInput {
  token: string;
  orderItemId: string;
  rating: unknown;
  title: unknown;
  body: unknown;
  reviewerName: unknown;
}

/**
 * A buyer's review of one line of the order their link names (verified purchase), waiting for the owner's approval.
 * Once per line: the unique order_item_id decides between two racing submits (one is stored, the other is a 409).
 * Refused with nothing written: the feature off (404), a link that is not valid (404), a line of another order
 * (404), bad fields (400).
 */
export async function submitReview(db: Kysely<Database>, website: Website, _actor: Actor, input: SubmitReviewInput): Promise<SubmitReviewReply> {
  await requireFeature(db, website.id, 'nativeProductReviews', REVIEW_MESSAGES.featureOff);
  const order = await orderOfReviewLink(db, db, website, input.token);
  if (!order) throw notFound(REVIEW_MESSAGES.link);
  const line = order.lines.find((candidate) => candidate.orderItemId === input.orderItemId);
  if (!line) throw notFound(REVIEW_MESSAGES.orderItemId);
  const checked = checkReview(input);
  if ('errors' in checked) throw invalid(REVIEW_MESSAGES.invalid, checked.errors);
  if (line.reviewed) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
  const id = newId();
  try {
    await inTransaction(db, async (trx) => {
      const stored = await trx
        .insertInto('product_reviews')
        .values({
          id,
          website_id: website.id,
          product_id: line.productId,
          order_id: order.orderId,
          order_item_id: line.orderItemId,
          source: 'buyer',
          rating: checked.review.rating,
          title: checked.review.title,
          body: checked.review.body,
          reviewer_name: checked.review.reviewerName,
        })
        .returning(['status', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordWebhookEvent(trx, website, 'review.created', {
        id, productId: line.productId, rating: checked.review.rating, title: checked.review.title, body: checked.review.body,
        authorName: checked.review.reviewerName, status: String(stored.status), createdAt: stored.created_at.toISOString(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    throw error;
  }
  return { review: { id, orderItemId: line.orderItemId, productId: line.productId, status: 'pending' }, message: REVIEW_MESSAGES.submitted };
}
