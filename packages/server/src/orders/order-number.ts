import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The first number of a website's orders. */
export const FIRST_ORDER_NUMBER = 1001;

/**
 * The website's next order number (1001, 1002, …), taken in the order's own transaction (migration 020). The
 * counter row stays locked until that transaction ends: racing orders of one website wait here and never share a
 * number, and an order that rolls back gives its number back, so the numbers have no gaps. Call it as the last
 * lock of the order's transaction (after the cart, stock and coupons), so orders queue here only briefly. A
 * website without a counter row yet (created after the migration) gets one, starting at 1001.
 */
export async function allocateOrderNumber(trx: Transaction<Database>, websiteId: string): Promise<number> {
  const { rows } = await sql<{ order_number: number }>`
    INSERT INTO website_order_counters (website_id, next_number) VALUES (${websiteId}, ${FIRST_ORDER_NUMBER + 1})
    ON CONFLICT (website_id) DO UPDATE SET next_number = website_order_counters.next_number + 1
    RETURNING next_number - 1 AS order_number`.execute(trx);
  return Number(rows[0].order_number);
}

/** How an order number is shown to people: '#1001'. */
export const orderNumberLabel = (orderNumber: number): string => `#${orderNumber}`;
