import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Units sold of each product of a website (read only), for the shop's "Best selling" sort (issue 38 item 1): the
 * order lines of paid orders still standing (placed or fulfilled; cancelled and refunded orders do not count), summed
 * by product. The orders domain owns those tables: the catalog's facet query takes this answer as a parameter
 * (pages/ joins the two), so no other domain reads order lines. Products never sold are absent (0).
 * Migration 050's index (order_items by website and product, with the quantity) serves the sum.
 */
export async function unitsSoldByProduct(db: Kysely<Database>, websiteId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ product_id: string; units: string | number }>`
    SELECT i.product_id, sum(i.quantity) AS units
    FROM order_items i JOIN orders o ON o.id = i.order_id AND o.website_id = ${websiteId}
    WHERE i.website_id = ${websiteId} AND o.status IN ('placed', 'fulfilled') AND o.payment_status = 'paid'
    GROUP BY i.product_id`.execute(db);
  const units: Record<string, number> = {};
  for (const row of rows) units[row.product_id] = Number(row.units);
  return units;
}
