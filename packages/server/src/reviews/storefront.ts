import type { Kysely } from 'kysely';
import { formatDate } from '@vitrine/format';
import type { Database, Website } from '../db/schema';
import { isFeatureOn } from '../experiments';
import { reviewSummaryOf, type ReviewSummary } from './rules';

/** Approved reviews shown per page of the product page's reviews tab. */
export const REVIEWS_PER_PAGE = 5;

export interface ShownReview {
  id: string;
  rating: number;
  /** 'Rated 4 out of 5'. */
  ratingLabel: string;
  stars: { filled: boolean }[];
  title: string;
  body: string;
  reviewerName: string;
  /** 'Verified purchase' for a buyer's review; empty for an imported one. */
  verifiedLabel: string;
  dateLabel: string;
  /** ISO date for `<time datetime>` and the structured data. */
  date: string;
  reply: string | null;
}

/** What the product page shows of its reviews (the `reviews` of its context, and of its `?format=json`). */
export interface ProductReviews {
  summary: ReviewSummary | null;
  /** 'Reviews (12)', 'Reviews'. */
  tabLabel: string;
  reviews: ShownReview[];
  page: number;
  pageCount: number;
  /** The reviews tab starts open: a product without a description, or a link to one of its pages (`?reviewsPage=`). */
  open: boolean;
  /** Links to the tab's other pages (`?reviewsPage=2#reviews`); null at either end. */
  previousUrl: string | null;
  nextUrl: string | null;
}

async function rollupsOf(db: Kysely<Database>, websiteId: string, productIds: string[]): Promise<Map<string, ReviewSummary>> {
  const found = new Map<string, ReviewSummary>();
  if (productIds.length === 0) return found;
  const rows = await db
    .selectFrom('product_review_summaries')
    .select(['product_id', 'review_count', 'rating_total'])
    .where('website_id', '=', websiteId)
    .where('product_id', 'in', productIds)
    .execute();
  for (const row of rows) {
    const summary = reviewSummaryOf(row.review_count, row.rating_total);
    if (summary) found.set(row.product_id, summary);
  }
  return found;
}

/**
 * The product page's reviews — the summary from the rollup and one page of approved reviews, newest first — and its
 * related products' card summaries, with one read of the rollup for all of them. Reviews are null while native
 * product reviews (flag 66) are off: no tab, no summary, nothing in the JSON.
 */
export async function productPageReviews<T extends { id: string }>(
  db: Kysely<Database>, website: Website, product: { id: string; fullUrl: string; body?: string | null }, relatedProducts: T[], pageParam: string | undefined,
): Promise<{ reviews: ProductReviews | null; relatedProducts: (T & { reviewSummary?: ReviewSummary })[] }> {
  if (!(await isFeatureOn(db, website.id, 'nativeProductReviews'))) return { reviews: null, relatedProducts };
  const summaries = await rollupsOf(db, website.id, [...new Set([product.id, ...relatedProducts.map((item) => item.id)])]);
  return {
    reviews: await reviewsPageOf(db, website, product, pageParam, summaries.get(product.id) ?? null),
    relatedProducts: withSummaries(relatedProducts, summaries),
  };
}

async function reviewsPageOf(
  db: Kysely<Database>, website: Website, product: { id: string; fullUrl: string; body?: string | null }, pageParam: string | undefined, summary: ReviewSummary | null,
): Promise<ProductReviews> {
  const pageCount = Math.max(1, Math.ceil((summary?.count ?? 0) / REVIEWS_PER_PAGE));
  const asked = pageParam && /^[0-9]{1,6}$/.test(pageParam) ? Number(pageParam) : 1;
  const page = Math.min(Math.max(asked, 1), pageCount);
  const rows = summary
    ? await db
      .selectFrom('product_reviews')
      .select(['id', 'rating', 'title', 'body', 'reviewer_name', 'source', 'reply', 'created_at'])
      .where('website_id', '=', website.id)
      .where('product_id', '=', product.id)
      .where('status', '=', 'approved')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(REVIEWS_PER_PAGE)
      .offset((page - 1) * REVIEWS_PER_PAGE)
      .execute()
    : [];
  const pageUrl = (to: number) => `${product.fullUrl}?reviewsPage=${to}#reviews`;
  return {
    summary,
    tabLabel: summary ? `Reviews (${summary.count})` : 'Reviews',
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      ratingLabel: `Rated ${row.rating} out of 5`,
      stars: Array.from({ length: 5 }, (_, index) => ({ filled: index < row.rating })),
      title: row.title,
      body: row.body,
      reviewerName: row.reviewer_name,
      verifiedLabel: row.source === 'buyer' ? 'Verified purchase' : '',
      dateLabel: formatDate(row.created_at, { locale: website.locale, timeZone: website.time_zone }),
      date: row.created_at.toISOString().slice(0, 10),
      reply: row.reply,
    })),
    page,
    pageCount,
    open: !product.body || pageParam !== undefined,
    previousUrl: page > 1 ? pageUrl(page - 1) : null,
    nextUrl: page < pageCount ? pageUrl(page + 1) : null,
  };
}

/**
 * Product cards' summaries (store grid, home, related products): one query for the page's products, read from the
 * rollup, never per card. Each product with approved reviews gets `reviewSummary`; the others are left as they were.
 * Unchanged while the feature is off.
 */
export async function withCardReviewSummaries<T extends { id: string }>(db: Kysely<Database>, website: Website, items: T[]): Promise<(T & { reviewSummary?: ReviewSummary })[]> {
  if (items.length === 0 || !(await isFeatureOn(db, website.id, 'nativeProductReviews'))) return items;
  return withSummaries(items, await rollupsOf(db, website.id, [...new Set(items.map((item) => item.id))]));
}

function withSummaries<T extends { id: string }>(items: T[], summaries: Map<string, ReviewSummary>): (T & { reviewSummary?: ReviewSummary })[] {
  return items.map((item) => {
    const reviewSummary = summaries.get(item.id);
    return reviewSummary ? { ...item, reviewSummary } : item;
  });
}

/** schema.org's AggregateRating and the shown Reviews, for the product's JSON-LD; nothing without approved reviews. */
export function reviewStructuredData(reviews: ProductReviews | null | undefined): Record<string, unknown> {
  if (!reviews?.summary) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.averageLabel,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.body,
      datePublished: review.date,
      author: { '@type': 'Person', name: review.reviewerName },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
