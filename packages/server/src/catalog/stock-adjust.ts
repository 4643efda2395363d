import type { Kysely } from 'kysely';
import { CATALOG_LIMITS, type StockReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { conflict, notFound } from '../failures';
import { authorize } from '../authorize';
import { inTransaction } from '../db/transactions';
import { recordInventoryWebhook } from './webhook-events';

/**
 * The owner's stock changes. Each is one conditional UPDATE: the database applies concurrent
 * adjustments one after another on the row (none is lost, no read-modify-write in the server), and the
 * condition refuses one that would take the stock below 0 (the CHECK on variants is the last guard).
 */

export const STOCK_MESSAGES = {
  variantNotFound: 'No such variant.',
  belowZero: (inStock: number) => `Not enough stock: ${inStock} in stock, so this would take it below 0.`,
  aboveMax: `Stock cannot be more than ${CATALOG_LIMITS.maxStock}.`,
  unlimited: "This variant's stock is unlimited. Set a number first.",
} as const;

const STOCK_COLUMNS = ['id as variantId', 'product_id as productId', 'sku', 'qty_in_stock as qtyInStock', 'unlimited'] as const;

/** PUT /api/owner/variants/:variantId/stock */
export async function setStock(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { variantId: string; qtyInStock: number; unlimited?: boolean },
): Promise<StockReply> {
  authorize(actor, 'catalog:write');
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('variants')
      .set((eb) => ({ qty_in_stock: input.qtyInStock, unlimited: input.unlimited ?? eb.ref('unlimited') }))
      .where('website_id', '=', website.id)
      .where('id', '=', input.variantId)
      .where('archived_at', 'is', null)
      .returning(STOCK_COLUMNS)
      .executeTakeFirst();
    if (!row) throw notFound(STOCK_MESSAGES.variantNotFound);
    await recordInventoryWebhook(trx, website.id, row);
    return row;
  });
}

/** POST /api/owner/variants/:variantId/stock/adjustments */
export async function adjustStock(db: Kysely<Database>, website: Website, actor: Actor, input: { variantId: string; delta: number }): Promise<StockReply> {
  authorize(actor, 'catalog:write');
  const row = await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable('variants')
      .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', input.delta) }))
      .where('website_id', '=', website.id)
      .where('id', '=', input.variantId)
      .where('archived_at', 'is', null)
      .where('unlimited', '=', false)
      .where((eb) => eb.and([eb(eb('qty_in_stock', '+', input.delta), '>=', 0), eb(eb('qty_in_stock', '+', input.delta), '<=', CATALOG_LIMITS.maxStock)]))
      .returning(STOCK_COLUMNS)
      .executeTakeFirst();
    if (changed) await recordInventoryWebhook(trx, website.id, changed);
    return changed;
  });
  if (row) return row;
  // Refused: say why, from the row as it is now.
  const current = await db.selectFrom('variants').select(['qty_in_stock', 'unlimited']).where('website_id', '=', website.id).where('id', '=', input.variantId).where('archived_at', 'is', null).executeTakeFirst();
  if (!current) throw notFound(STOCK_MESSAGES.variantNotFound);
  if (current.unlimited) throw conflict(STOCK_MESSAGES.unlimited, { delta: STOCK_MESSAGES.unlimited });
  const message = input.delta < 0 ? STOCK_MESSAGES.belowZero(current.qty_in_stock) : STOCK_MESSAGES.aboveMax;
  throw conflict(message, { delta: message });
}
