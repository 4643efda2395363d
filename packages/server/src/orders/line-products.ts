import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OrderLineProduct {
  sku: string;
  /** null once the product was deleted for good (catalog/delete-product.ts): the line keeps its own snapshot. */
  productId: string | null;
  variantId: string | null;
}

/**
 * Which catalog product and variant each line of an order was bought as, in the order's line order (read only).
 * The order's own JSON names a line by its sku; the storefront's purchase event (pages/tracking-context.ts) also
 * needs the product's id to describe it. An order of another website, or none, has no lines.
 */
export async function orderLineProducts(db: Kysely<Database>, websiteId: string, orderId: string): Promise<OrderLineProduct[]> {
  const lines = await db
    .selectFrom('order_items')
    .select(['sku', 'product_id', 'variant_id'])
    .where('website_id', '=', websiteId)
    .where('order_id', '=', orderId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return lines.map((line) => ({ sku: line.sku, productId: line.product_id, variantId: line.variant_id }));
}
