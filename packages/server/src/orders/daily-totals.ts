import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Orders placed in a period and what they brought in, for reports (analytics' daily rollups read it; read only).
 * Cancelled orders are left out; refunds are taken off (grand total less refunded). Test-mode orders count like
 * others (a store in test mode sees its own trials). Only orders in `currency` are summed.
 */
export async function orderTotalsBetween(
  db: Kysely<Database>,
  websiteId: string,
  period: { from: Date; until: Date; currency: string },
): Promise<{ orders: number; revenueCents: number }> {
  const row = await db
    .selectFrom('orders')
    .select([sql<number>`count(*)::int`.as('orders'), sql<number>`coalesce(sum(grand_total_cents - refunded_cents), 0)::bigint`.as('revenue')])
    .where('website_id', '=', websiteId)
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.until)
    .where('status', '!=', 'cancelled')
    .where('currency', '=', period.currency)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), revenueCents: Number(row.revenue) };
}
