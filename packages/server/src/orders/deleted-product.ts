import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A product deleted for good (catalog/delete-product.ts, handed this by app.ts): its order lines let go of it and of
 * its variants. A line keeps its own snapshot (product_name, sku, unit_price_cents, line_kind, option_values), so
 * orders read, total and export as before; only the link to the catalog goes.
 */
export async function releaseOrderLinesOfProduct(trx: Transaction<Database>, websiteId: string, productId: string): Promise<void> {
  await trx.updateTable('order_items').set({ product_id: null, variant_id: null }).where('website_id', '=', websiteId).where('product_id', '=', productId).execute();
}
