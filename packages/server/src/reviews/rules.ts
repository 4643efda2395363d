import { REVIEW_LIMITS, REVIEW_MESSAGES, type ReviewStatusName } from '@vitrine/contracts';
import { isUnstorableText } from '../http/unstorable-text';

/** Pure rules of product reviews: what a review may hold, how moderation moves, how a summary reads. */

export interface ReviewInput {
  rating: unknown;
  title: unknown;
  body: unknown;
  reviewerName: unknown;
}

export interface CheckedReview {
  rating: number;
  title: string;
  body: string;
  reviewerName: string;
}

const cleanText = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // NUL cannot be stored (PostgreSQL text), nor lone surrogates.
  if (!text || text.length > max || isUnstorableText(text)) return undefined;
  return text;
};

/** The review's fields, trimmed, or the message of each bad one (the form page and the API say the same). */
export function checkReview(input: ReviewInput): { review: CheckedReview } | { errors: Record<string, string> } {
  const rating = typeof input.rating === 'string' && /^[0-9]$/.test(input.rating) ? Number(input.rating) : input.rating;
  const errors: Record<string, string> = {};
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < REVIEW_LIMITS.ratingMin || rating > REVIEW_LIMITS.ratingMax) errors.rating = REVIEW_MESSAGES.rating;
  const title = cleanText(input.title, REVIEW_LIMITS.titleMax);
  if (title === undefined) errors.title = REVIEW_MESSAGES.title;
  const body = cleanText(input.body, REVIEW_LIMITS.bodyMax);
  if (body === undefined) errors.body = REVIEW_MESSAGES.body;
  const reviewerName = cleanText(input.reviewerName, REVIEW_LIMITS.reviewerNameMax);
  if (reviewerName === undefined) errors.reviewerName = REVIEW_MESSAGES.reviewerName;
  if (Object.keys(errors).length > 0) return { errors };
  return { review: { rating: rating as number, title: title!, body: body!, reviewerName: reviewerName! } };
}

/**
 * Moderation: pending → approved | hidden, approved ⇄ hidden; asking for the status a review already has changes
 * nothing. What the product's rollup gains (+1) or loses (−1) with the move: only approved reviews count.
 */
export function moderationMove(from: ReviewStatusName, to: 'approved' | 'hidden'): { changed: boolean; countDelta: -1 | 0 | 1 } {
  if (from === to) return { changed: false, countDelta: 0 };
  if (to === 'approved') return { changed: true, countDelta: 1 };
  return { changed: true, countDelta: from === 'approved' ? -1 : 0 };
}

export interface ReviewSummary {
  count: number;
  /** One decimal, half up: 4.5. */
  averageRating: number;
  /** '4.5'. */
  averageLabel: string;
  /** '12 reviews', '1 review'. */
  countLabel: string;
  /** 'Rated 4.5 out of 5 from 12 reviews': the stars' words for screen readers. */
  accessibleLabel: string;
  /** Whole stars to draw (the average rounded), and the rest empty. */
  stars: { filled: boolean }[];
}

/** The summary of a product's approved reviews from its rollup (count and rating total); null with none. */
export function reviewSummaryOf(count: number, ratingTotal: number): ReviewSummary | null {
  if (count <= 0) return null;
  const averageRating = Math.round((ratingTotal * 10) / count) / 10;
  const averageLabel = averageRating.toFixed(1);
  const countLabel = `${count} ${count === 1 ? 'review' : 'reviews'}`;
  const whole = Math.round(averageRating);
  return {
    count,
    averageRating,
    averageLabel,
    countLabel,
    accessibleLabel: `Rated ${averageLabel} out of 5 from ${countLabel}`,
    stars: Array.from({ length: REVIEW_LIMITS.ratingMax }, (_, index) => ({ filled: index < whole })),
  };
}
