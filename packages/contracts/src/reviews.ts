import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';

/**
 * Native product reviews (issue 20 item 3, feature flag 66): a buyer reviews a line of their paid order from the
 * review-request mail's signed link (the reviews request page, 209). The review waits for the owner's approval
 * (owner-reviews.ts) before the product page shows it.
 */

/** What a review may hold; the server's rules (reviews/rules.ts) and the page's form use the same numbers. */
export const REVIEW_LIMITS = { titleMax: 120, bodyMax: 5000, reviewerNameMax: 60, ratingMin: 1, ratingMax: 5, tokenMax: 400 } as const;

export const REVIEW_MESSAGES = {
  featureOff: 'Product reviews are not offered on this website.',
  link: 'This review link is not valid or has expired.',
  orderItemId: 'Choose a product from this order to review.',
  alreadyReviewed: 'This product from your order has already been reviewed.',
  rating: `Choose a rating from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} stars.`,
  title: `Give your review a title (at most ${REVIEW_LIMITS.titleMax} characters).`,
  body: `Write your review (at most ${REVIEW_LIMITS.bodyMax} characters).`,
  reviewerName: `Enter the name to show with your review (at most ${REVIEW_LIMITS.reviewerNameMax} characters).`,
  invalid: 'Please check your review.',
  submitted: 'Thank you! Your review will appear once the store has approved it.',
} as const;

const tags = ['reviews'];

export const SubmitReviewBodySchema = RequestBody({
  /** The review-request link's token (its `token` query parameter). */
  token: Text({ minLength: 1, maxLength: REVIEW_LIMITS.tokenMax, [MESSAGE_KEYWORD]: REVIEW_MESSAGES.link }),
  orderItemId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: REVIEW_MESSAGES.orderItemId }),
  rating: Type.Integer({ minimum: REVIEW_LIMITS.ratingMin, maximum: REVIEW_LIMITS.ratingMax, [MESSAGE_KEYWORD]: REVIEW_MESSAGES.rating }),
  title: Text({ minLength: 1, maxLength: REVIEW_LIMITS.titleMax, [MESSAGE_KEYWORD]: REVIEW_MESSAGES.title }),
  body: Text({ minLength: 1, maxLength: REVIEW_LIMITS.bodyMax, [MESSAGE_KEYWORD]: REVIEW_MESSAGES.body }),
  reviewerName: Text({ minLength: 1, maxLength: REVIEW_LIMITS.reviewerNameMax, [MESSAGE_KEYWORD]: REVIEW_MESSAGES.reviewerName }),
});
export type SubmitReviewBody = Static<typeof SubmitReviewBodySchema>;

export const SubmitReviewReplySchema = ResponseObject({
  review: ResponseObject({
    id: Type.String(),
    orderItemId: Type.String(),
    productId: Type.String(),
    /** Always 'pending': the owner approves it before it is shown. */
    status: Type.Literal('pending'),
  }),
  message: Type.String(),
});
export type SubmitReviewReply = Static<typeof SubmitReviewReplySchema>;

export const submitReviewContract = defineContract({
  operationId: 'submitProductReview',
  method: 'POST',
  url: '/api/commerce/reviews',
  summary: 'A buyer reviews one line of their paid order with the review-request link; once per line; shown after approval.',
  tags,
  schema: { body: SubmitReviewBodySchema, response: { 201: SubmitReviewReplySchema, ...ERROR_RESPONSES } },
});

export const REVIEW_CONTRACTS = [submitReviewContract] as const;
