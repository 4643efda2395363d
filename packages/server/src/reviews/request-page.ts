import type { Kysely } from 'kysely';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { isFeatureOn } from '../experiments';
import { orderOfReviewLink } from './submit';

/** The form's answers come back to the page by these keys after a refused post (`?error=…&line=…`). */
export const REVIEW_FORM_ERRORS = {
  rating: REVIEW_MESSAGES.rating,
  title: REVIEW_MESSAGES.title,
  body: REVIEW_MESSAGES.body,
  reviewerName: REVIEW_MESSAGES.reviewerName,
  already: REVIEW_MESSAGES.alreadyReviewed,
  crumb: 'This page has expired. Reload it and try again.',
} as const;
export type ReviewFormError = keyof typeof REVIEW_FORM_ERRORS;

export const REVIEW_REQUEST_PAGE_TEXT = {
  title: 'Review your order',
  reviewed: 'You have reviewed this product. Thank you!',
} as const;

/** One line of the order on the page: its form, or that it is reviewed. */
export interface ReviewRequestLine {
  orderItemId: string;
  productName: string;
  variantLabel: string;
  reviewed: boolean;
  /** The form's hidden fields (the link's token, the line, the crumb): the template only repeats them. */
  fields: { name: string; value: string }[];
  /** The refused post's message for this line. */
  error: string;
  ratings: { value: number; label: string; id: string }[];
}

/** What the `reviews-request` theme template shows (page type 209), beside the page's base context. */
export interface ReviewRequestPageParts {
  title: string;
  orderNumber: number;
  lines: ReviewRequestLine[];
  /** After a review was sent (`?submitted=1`). */
  notice: string;
  action: string;
  limits: typeof REVIEW_LIMITS;
}

/**
 * `/reviews/request?token=…`: the order the signed link names, each line with a review form (or "reviewed").
 * Undefined (the not-found page) for a link that is not valid or has expired, and while reviews are off.
 */
export async function buildReviewRequestPage(
  db: Kysely<Database>, website: Website, query: { token?: string; submitted?: string; error?: string; line?: string }, crumb: string,
): Promise<ReviewRequestPageParts | undefined> {
  if (!query.token || !(await isFeatureOn(db, website.id, 'nativeProductReviews'))) return undefined;
  const order = await orderOfReviewLink(db, db, website, query.token);
  if (!order) return undefined;
  const error = query.error && Object.hasOwn(REVIEW_FORM_ERRORS, query.error) ? REVIEW_FORM_ERRORS[query.error as ReviewFormError] : '';
  return {
    title: REVIEW_REQUEST_PAGE_TEXT.title,
    orderNumber: order.orderNumber,
    action: '/reviews/request',
    notice: query.submitted === '1' ? REVIEW_MESSAGES.submitted : '',
    limits: REVIEW_LIMITS,
    lines: order.lines.map((line) => ({
      orderItemId: line.orderItemId,
      productName: line.productName,
      variantLabel: line.variantLabel,
      reviewed: line.reviewed,
      fields: [
        { name: 'token', value: query.token! },
        { name: 'orderItemId', value: line.orderItemId },
        { name: 'crumb', value: crumb },
      ],
      error: query.line === line.orderItemId ? error : '',
      ratings: [5, 4, 3, 2, 1].map((value) => ({ value, label: `${value} ${value === 1 ? 'star' : 'stars'}`, id: `rating-${line.orderItemId}-${value}` })),
    })),
  };
}
