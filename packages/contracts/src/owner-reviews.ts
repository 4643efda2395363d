import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/** The owner's moderation of product reviews (issue 20 item 3): list by status, approve, hide, reply. */

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatusName = (typeof REVIEW_STATUSES)[number];

export const REVIEW_PAGE_SIZE = { default: 25, max: 100 } as const;
export const REVIEW_REPLY_MAX = 2000;

export const OWNER_REVIEW_MESSAGES = {
  reviewId: 'reviewId must be a review id.',
  notFound: 'Review not found.',
  status: `status must be one of ${REVIEW_STATUSES.join(', ')}.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${REVIEW_PAGE_SIZE.max}.`,
  reply: `A reply is at most ${REVIEW_REPLY_MAX} characters (empty removes it).`,
} as const;

const tags = ['owner-reviews'];

export const ReviewStatusSchema = Type.Unsafe<ReviewStatusName>({ type: 'string', enum: [...REVIEW_STATUSES] });

export const ListOwnerReviewsQuerySchema = RequestQuery({
  status: Type.Optional(Text({ pattern: `^(${REVIEW_STATUSES.join('|')})$`, [MESSAGE_KEYWORD]: OWNER_REVIEW_MESSAGES.status })),
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,300}$', [MESSAGE_KEYWORD]: OWNER_REVIEW_MESSAGES.cursor })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', [MESSAGE_KEYWORD]: OWNER_REVIEW_MESSAGES.limit })),
});
export type ListOwnerReviewsQuery = Static<typeof ListOwnerReviewsQuerySchema>;

export const ReviewIdParamsSchema = RequestParams({
  reviewId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: OWNER_REVIEW_MESSAGES.reviewId }),
});

/** One review as the owner sees it. */
export const OwnerReviewSchema = ResponseObject({
  id: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  /** The order it reviews (null for an imported review). */
  orderId: Type.Union([Type.String(), Type.Null()]),
  orderNumber: Type.Union([Type.Integer(), Type.Null()]),
  /** 'buyer' (verified purchase, from the review-request link) or 'imported'. */
  source: Type.String(),
  rating: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  reviewerName: Type.String(),
  status: ReviewStatusSchema,
  reply: Type.Union([Type.String(), Type.Null()]),
  /** Milliseconds since the epoch. */
  created: Type.Integer(),
  moderatedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type OwnerReviewJson = Static<typeof OwnerReviewSchema>;

export const ListOwnerReviewsReplySchema = ResponseObject({
  reviews: Type.Array(OwnerReviewSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ListOwnerReviewsReply = Static<typeof ListOwnerReviewsReplySchema>;

export const ModerateReviewReplySchema = ResponseObject({
  review: OwnerReviewSchema,
  /** false when the review already had that status: nothing changed. */
  changed: Type.Boolean(),
});
export type ModerateReviewReply = Static<typeof ModerateReviewReplySchema>;

export const ReplyToReviewBodySchema = RequestBody({
  reply: Text({ maxLength: REVIEW_REPLY_MAX, [MESSAGE_KEYWORD]: OWNER_REVIEW_MESSAGES.reply }),
});
export type ReplyToReviewBody = Static<typeof ReplyToReviewBodySchema>;

export const listOwnerReviewsContract = defineContract({
  operationId: 'listOwnerReviews',
  method: 'GET',
  url: '/api/owner/reviews',
  summary: 'Product reviews, newest first, optionally of one status, in cursor pages.',
  tags,
  access: 'reviews:moderate',
  schema: { querystring: ListOwnerReviewsQuerySchema, response: { 200: ListOwnerReviewsReplySchema, ...ERROR_RESPONSES } },
});

export const approveReviewContract = defineContract({
  operationId: 'approveReview',
  method: 'POST',
  url: '/api/owner/reviews/:reviewId/approve',
  summary: 'Shows a pending or hidden review on the product page and counts it in the product\'s rating.',
  tags,
  access: 'reviews:moderate',
  schema: { params: ReviewIdParamsSchema, response: { 200: ModerateReviewReplySchema, ...ERROR_RESPONSES } },
});

export const hideReviewContract = defineContract({
  operationId: 'hideReview',
  method: 'POST',
  url: '/api/owner/reviews/:reviewId/hide',
  summary: 'Hides a pending or approved review (an approved one leaves the page and the rating).',
  tags,
  access: 'reviews:moderate',
  schema: { params: ReviewIdParamsSchema, response: { 200: ModerateReviewReplySchema, ...ERROR_RESPONSES } },
});

export const replyToReviewContract = defineContract({
  operationId: 'replyToReview',
  method: 'PUT',
  url: '/api/owner/reviews/:reviewId/reply',
  summary: 'Sets the store\'s public reply shown under the review (an empty reply removes it).',
  tags,
  access: 'reviews:moderate',
  schema: { params: ReviewIdParamsSchema, body: ReplyToReviewBodySchema, response: { 200: ModerateReviewReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_REVIEW_CONTRACTS = [listOwnerReviewsContract, approveReviewContract, hideReviewContract, replyToReviewContract] as const;
