import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import type { ServerContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { INPUT_MESSAGES } from './input';

export interface StockRecord {
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

/** GET …/inventory/stock/?itemId= : one record per variant (spec §7). */
export async function listStock(context: ServerContext, itemId: unknown): Promise<{ results: StockRecord[] }> {
  if (typeof itemId !== 'string' || itemId.length === 0 || itemId.length > 64) {
    throw badRequest(INPUT_MESSAGES.itemId, { itemId: INPUT_MESSAGES.itemId });
  }
  const rows = await context.db
    .selectFrom('variants')
    .select(['id', 'sku', 'unlimited', 'qty_in_stock'])
    .where('website_id', '=', context.website.id)
    .where('product_id', '=', itemId)
    .orderBy('display_index')
    .execute();
  if (rows.length === 0) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
  return { results: rows.map((row) => ({ variantId: row.id, sku: row.sku, unlimited: row.unlimited, qtyInStock: row.qty_in_stock })) };
}
