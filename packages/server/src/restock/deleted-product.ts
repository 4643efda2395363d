import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A product deleted for good (catalog/delete-product.ts, handed this by app.ts): its back-in-stock sign-ups go. */
export async function removeRestockSignUpsOfProduct(trx: Transaction<Database>, websiteId: string, productId: string): Promise<void> {
  await trx.deleteFrom('restock_signups').where('website_id', '=', websiteId).where('product_id', '=', productId).execute();
}
