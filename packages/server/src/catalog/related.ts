import { isSoldOut } from '@vitrine/commerce/product';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, ProductRow, Website } from '../db/schema';
import { loadedProductOf, productJsonSelect, type ProductJsonValue } from './queries';
import type { ProductItemJson } from './product-item';

type Db = Kysely<Database> | Transaction<Database>;

/** How many related products a product page shows. */
export const RELATED_PRODUCTS_LIMIT = 4;
/** How many candidates are read before the in-stock ones are put first. */
const CANDIDATES = 24;

/**
 * The candidates, best first: products of the same website sharing a tag with the product or in its
 * collection, never the product itself; more shared tags first, then the same collection, then
 * display order.
 */
const CANDIDATES_SQL = `
  WITH candidate AS (
    SELECT p.id, p.display_index,
      (SELECT count(*) FROM jsonb_array_elements_text(p.tags) AS tag WHERE $3::jsonb @> jsonb_build_array(tag)) AS shared_tags,
      (p.collection_id = $4) AS same_collection
    FROM products p
    WHERE p.website_id = $1 AND p.id <> $2 AND p.archived_at IS NULL
  )
  SELECT ${productJsonSelect('$1', 'candidate.id')} AS product_json
  FROM candidate
  WHERE candidate.shared_tags > 0 OR candidate.same_collection
  ORDER BY candidate.shared_tags DESC, candidate.same_collection DESC, candidate.display_index, candidate.id
  LIMIT ${CANDIDATES}`;

/**
 * Up to four products related to `product`: sharing a tag or its collection, those a shopper can buy
 * now first (the storefront's own sold-out rule), never the product itself.
 */
export async function listRelatedProducts(
  db: Db,
  website: Website,
  product: Pick<ProductRow, 'id' | 'collection_id' | 'tags'>,
): Promise<ProductItemJson[]> {
  const { rows } = await db.executeQuery<{ product_json: ProductJsonValue | null }>(
    CompiledQuery.raw(CANDIDATES_SQL, [website.id, product.id, JSON.stringify(product.tags ?? []), product.collection_id]),
  );
  const items = rows.flatMap((row) => (row.product_json ? [loadedProductOf(row.product_json, website).item] : []));
  // A stable sort: within the in-stock and the sold-out group, the SQL's order stays.
  const ranked = items
    .map((item, index) => ({ item, index, soldOut: isSoldOut(item) }))
    .sort((a, b) => Number(a.soldOut) - Number(b.soldOut) || a.index - b.index);
  return ranked.slice(0, RELATED_PRODUCTS_LIMIT).map(({ item }) => item);
}
