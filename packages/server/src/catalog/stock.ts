import type { Kysely, Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { conflict, notFound } from '../failures';

export interface StockRecord {
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

/** GET …/inventory/stock/?itemId= : one record per variant (spec §7). */
export async function listStock(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: { itemId: string },
): Promise<{ results: StockRecord[] }> {
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'sku', 'unlimited', 'qty_in_stock'])
    .where('website_id', '=', website.id)
    .where('product_id', '=', input.itemId)
    .where('archived_at', 'is', null)
    .orderBy('display_index')
    .execute();
  if (rows.length === 0) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
  return { results: rows.map((row) => ({ variantId: row.id, sku: row.sku, unlimited: row.unlimited, qtyInStock: row.qty_in_stock })) };
}

export interface StockTake {
  variantId: string;
  quantity: number;
  /** Unlimited variants are not counted down. */
  unlimited: boolean;
  /** Which cart line asked, for the error map. */
  lineId: string;
}

/**
 * Takes stock for a purchase, inside the caller's transaction. Each stocked variant is decremented with
 * a conditional update (`qty >= n`), so racing purchases of the last unit cannot both win and stock never
 * goes below zero. Variants are locked in one global order (by id), whatever order the cart's lines are
 * in: two carts holding the same variants in opposite orders then queue instead of deadlocking.
 * Lines of the same variant are taken together.
 */
export async function takeStock(trx: Transaction<Database>, websiteId: string, takes: readonly StockTake[]): Promise<void> {
  const byVariant = new Map<string, StockTake>();
  for (const take of takes) {
    if (take.unlimited) continue;
    const seen = byVariant.get(take.variantId);
    byVariant.set(take.variantId, seen ? { ...seen, quantity: seen.quantity + take.quantity } : take);
  }
  const ordered = [...byVariant.values()].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  for (const take of ordered) {
    const updated = await trx
      .updateTable('variants')
      .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', take.quantity) }))
      .where('website_id', '=', websiteId)
      .where('id', '=', take.variantId)
      .where('unlimited', '=', false)
      .where('qty_in_stock', '>=', take.quantity)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw conflict(ADD_TO_CART_MESSAGES.notEnoughStock, { [take.lineId]: ADD_TO_CART_MESSAGES.notEnoughStock });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Returning stock (orders: a cancelled order's lines go back on the shelf; added for issue 12 item 4).

export interface StockReturn {
  variantId: string;
  quantity: number;
}

/**
 * Puts stock back inside the caller's transaction (a cancelled order). Variants are updated in the same
 * global order as takeStock (by id), so a cancel and a checkout on the same variants queue rather than
 * deadlock. Variants that are unlimited now are left alone: there is nothing to count back.
 */
export async function returnStock(trx: Transaction<Database>, websiteId: string, returns: readonly StockReturn[]): Promise<void> {
  const byVariant = new Map<string, number>();
  for (const { variantId, quantity } of returns) byVariant.set(variantId, (byVariant.get(variantId) ?? 0) + quantity);
  const ordered = [...byVariant.keys()].sort();
  for (const variantId of ordered) {
    await trx
      .updateTable('variants')
      .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', byVariant.get(variantId)!) }))
      .where('website_id', '=', websiteId)
      .where('id', '=', variantId)
      .where('unlimited', '=', false)
      .execute();
  }
}
