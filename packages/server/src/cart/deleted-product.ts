import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A product deleted for good (catalog/delete-product.ts, handed this by app.ts): carts' entries of it go. */
export async function removeCartEntriesOfProduct(trx: Transaction<Database>, websiteId: string, productId: string): Promise<void> {
  await trx.deleteFrom('cart_entries').where('website_id', '=', websiteId).where('product_id', '=', productId).execute();
}
