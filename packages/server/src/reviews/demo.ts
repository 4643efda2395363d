import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { addToRollup } from './moderation';

/**
 * The demo's reviews: approved, on three products, so the store's cards and product pages show ratings at once. They
 * are `imported` (brought in by the owner, no order behind them) rather than tied to demo orders, so the demo's order
 * and analytics counts stay as they were; buyers' reviews come from the review-request link.
 */
export const DEMO_REVIEWS: ReadonlyArray<{ productSlug: string; rating: number; title: string; body: string; reviewerName: string; reply?: string; daysAgo: number }> = [
  { productSlug: 'canvas-tote', rating: 5, title: 'Carries everything', body: 'Groceries, a laptop and a wet umbrella, and the straps have not budged. The canvas softens nicely.', reviewerName: 'Priya S.', daysAgo: 41 },
  { productSlug: 'canvas-tote', rating: 4, title: 'Sturdy, plain, good', body: 'Exactly what I wanted. I would love an inside pocket.', reviewerName: 'Tom B.', reply: 'Thank you, Tom! An inside pocket is on our list for the next batch.', daysAgo: 23 },
  { productSlug: 'canvas-tote', rating: 5, title: 'Bought a second one', body: 'One for the market, one for the beach.', reviewerName: 'Aiko M.', daysAgo: 6 },
  { productSlug: 'ceramic-vase', rating: 5, title: 'Lovely glaze', body: 'The speckled green is even nicer in daylight. It arrived very well packed.', reviewerName: 'Jonas W.', daysAgo: 30 },
  { productSlug: 'ceramic-vase', rating: 4, title: 'Smaller than I thought', body: 'Beautiful, but check the size: it suits a few stems rather than a bouquet.', reviewerName: 'Claire D.', daysAgo: 12 },
  { productSlug: 'wool-blanket', rating: 5, title: 'Warm without weight', body: 'We use it on the sofa every evening. No shedding after three washes on wool.', reviewerName: 'Marta K.', daysAgo: 18 },
];

/** Writes the demo's reviews and their products' rollups (called by the demo seed inside its transaction). */
export async function seedDemoReviews(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string): Promise<void> {
  const now = Date.now();
  for (const review of DEMO_REVIEWS) {
    const productId = stableId(`product:${websiteIdentifier}:${review.productSlug}`);
    const createdAt = new Date(now - review.daysAgo * 24 * 60 * 60 * 1000);
    await trx
      .insertInto('product_reviews')
      .values({
        id: stableId(`review:${websiteIdentifier}:${review.productSlug}:${review.reviewerName}`),
        website_id: websiteId,
        product_id: productId,
        source: 'imported',
        rating: review.rating,
        title: review.title,
        body: review.body,
        reviewer_name: review.reviewerName,
        status: 'approved',
        reply: review.reply ?? null,
        replied_at: review.reply ? createdAt : null,
        moderated_at: createdAt,
        created_at: createdAt,
      })
      .execute();
    await addToRollup(trx as Transaction<Database>, websiteId, productId, 1, review.rating);
  }
}
