import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Products keep a copy of each of their pictures' texts (`products.images`: altText, title, body), so a
 * product page reads one row and no join (the render's hot path). When the images domain changes a
 * picture's texts it hands the change here, inside its own transaction, and the catalog rewrites its
 * own copies: the edit shows on every product page, store page, search result, feed and CSV export that
 * uses the picture, in every process at once (they read the row fresh; only the pages' 5-second cache
 * of related products needs forgetting, which the image route does for this process).
 *
 * Why a copy kept up to date rather than a join at read time: every read of a product (the product page,
 * store pages, search, related products, the cart, the feed, the CSV export) would need the join, and a
 * single read left without it would show stale text; an edit of a picture's text is rare and touches
 * the few products showing it. The images domain cannot import the catalog (the catalog imports it), so
 * app.ts hands this function to the images routes (`ImageTextCopies`).
 */

/** The texts of a picture that changed; a field left out keeps its copy. */
export interface ImageTextChange {
  id: string;
  altText?: string;
  title?: string;
  body?: string;
}

/**
 * Rewrites the copy of one picture's changed texts in every product of the website that shows it,
 * keeping the order of each product's pictures. Answers how many products changed. Run it in the
 * transaction that changed the picture (the picture's row is then locked: a product saved at the same
 * time waits for it and copies the new texts, or has saved before and is rewritten here).
 */
export async function refreshProductImageTexts(db: Kysely<Database> | Transaction<Database>, websiteId: string, change: ImageTextChange): Promise<number> {
  const texts = {
    ...(change.altText !== undefined ? { altText: change.altText } : {}),
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.body !== undefined ? { body: change.body } : {}),
  };
  if (Object.keys(texts).length === 0) return 0;
  const result = await sql`
    UPDATE products SET images = (
      SELECT jsonb_agg(CASE WHEN element->>'id' = ${change.id}::text THEN element || ${JSON.stringify(texts)}::jsonb ELSE element END ORDER BY position)
      FROM jsonb_array_elements(products.images) WITH ORDINALITY AS pictures(element, position)
    )
    WHERE website_id = ${websiteId} AND images @> jsonb_build_array(jsonb_build_object('id', ${change.id}::text))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
