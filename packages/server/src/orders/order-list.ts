import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  ORDER_PAGE_SIZE, OWNER_ORDER_MESSAGES, type ExportOwnerOrdersQuery, type ListOwnerOrdersQuery, type ListOwnerOrdersReply, type OwnerOrderSummaryJson,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { moneyJson } from '../catalog';
import type { Database, OrderStatus, Website } from '../db/schema';
import { invalid } from '../failures';
import { authorize } from '../authorize';

/** What the owner's list and the CSV export filter by, read and checked. */
export interface OrderFilters {
  createdFrom?: Date;
  createdBefore?: Date;
  status?: OrderStatus;
  email?: string;
  emailPrefix?: string;
  /** The human number (1001). */
  orderNumber?: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A date (UTC day) or an ISO date-time with its zone. `endOfDay` makes a bare date mean the start of the
 * next day, so `to=2026-11-23` includes all of the 23rd. Impossible dates (2026-02-31) are refused.
 */
export function parseFilterTime(value: string, endOfDay: boolean): Date | undefined {
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [year, month, date] = day.slice(1).map(Number);
    const start = new Date(Date.UTC(year, month - 1, date));
    if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date) return undefined;
    return endOfDay ? new Date(start.getTime() + DAY_MS) : start;
  }
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : undefined;
}

export function readOrderFilters(query: ExportOwnerOrdersQuery): OrderFilters {
  const filters: OrderFilters = {};
  if (query.from !== undefined) {
    filters.createdFrom = parseFilterTime(query.from, false);
    if (!filters.createdFrom) throw invalid(OWNER_ORDER_MESSAGES.from, { from: OWNER_ORDER_MESSAGES.from });
  }
  if (query.to !== undefined) {
    filters.createdBefore = parseFilterTime(query.to, true);
    if (!filters.createdBefore) throw invalid(OWNER_ORDER_MESSAGES.to, { to: OWNER_ORDER_MESSAGES.to });
  }
  if (query.status) filters.status = query.status as OrderStatus;
  if (query.email) filters.email = query.email;
  if (query.emailPrefix) filters.emailPrefix = query.emailPrefix;
  // The schema's pattern admits '1001' and '#1001', at most 9 digits: always a safe integer.
  if (query.number) filters.orderNumber = Number(query.number.replace(/^#/, ''));
  return filters;
}

/** The page size asked for: 1–100, 25 when not given. */
export function readPageSize(limit: string | undefined): number {
  if (limit === undefined) return ORDER_PAGE_SIZE.default;
  const size = Number(limit);
  if (!Number.isInteger(size) || size < 1 || size > ORDER_PAGE_SIZE.max) throw invalid(OWNER_ORDER_MESSAGES.limit, { limit: OWNER_ORDER_MESSAGES.limit });
  return size;
}

/** The cursor is opaque to clients: base64url JSON naming the last order of the page before. */
export function encodeOrderCursor(orderId: string): string {
  return Buffer.from(JSON.stringify({ after: orderId })).toString('base64url');
}

export function decodeOrderCursor(cursor: string): string {
  try {
    const after = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof after === 'string' && after.length > 0 && after.length <= 64) return after;
  } catch {
    // falls through to the refusal
  }
  throw invalid(OWNER_ORDER_MESSAGES.cursor, { cursor: OWNER_ORDER_MESSAGES.cursor });
}

/** LIKE's wildcards and our escape character, escaped, so a prefix matches only itself. */
const escapeLike = (text: string) => text.replace(/[!%_]/g, (character) => `!${character}`);

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

/** The website's orders that pass the filters (newest first is the caller's order by). */
export function filteredOrders(db: Kysely<Database>, website: Website, filters: OrderFilters): OrdersQuery {
  let query: OrdersQuery = db.selectFrom('orders').where('orders.website_id', '=', website.id);
  if (filters.createdFrom) query = query.where('orders.created_at', '>=', filters.createdFrom);
  if (filters.createdBefore) query = query.where('orders.created_at', '<', filters.createdBefore);
  if (filters.status) query = query.where('orders.status', '=', filters.status);
  if (filters.orderNumber !== undefined) query = query.where('orders.order_number', '=', filters.orderNumber);
  if (filters.email !== undefined) query = query.where(sql<boolean>`lower(orders.email) = lower(${filters.email})`);
  if (filters.emailPrefix !== undefined) {
    query = query.where(sql<boolean>`lower(orders.email) LIKE (lower(${escapeLike(filters.emailPrefix)}) || '%') ESCAPE '!'`);
  }
  return query;
}

/** Orders strictly older than `orderId` in the list's order (created_at, then id, both descending). */
export function afterOrder(query: OrdersQuery, website: Website, orderId: string): OrdersQuery {
  return query.where(
    sql<boolean>`(orders.created_at, orders.id) < (SELECT c.created_at, c.id FROM orders c WHERE c.website_id = ${website.id} AND c.id = ${orderId})`,
  );
}

/** The columns a list row and a CSV row need, with the line count. */
export function selectOrderSummaries(query: OrdersQuery) {
  return query
    .select([
      'orders.id', 'orders.order_number', 'orders.created_at', 'orders.email', 'orders.status', 'orders.test_mode', 'orders.currency', 'orders.subtotal_cents',
      'orders.shipping_total_cents', 'orders.tax_total_cents', 'orders.grand_total_cents', 'orders.refunded_cents',
    ])
    .select(sql<number>`(SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = orders.id)`.as('item_count'))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc');
}

export type OrderSummaryRow = Awaited<ReturnType<ReturnType<typeof selectOrderSummaries>['execute']>>[number];

export function orderSummaryJson(row: OrderSummaryRow): OwnerOrderSummaryJson {
  return {
    id: row.id,
    orderNumber: row.order_number,
    created: row.created_at.getTime(),
    email: row.email,
    status: row.status,
    testMode: row.test_mode,
    grandTotal: moneyJson(row.grand_total_cents, row.currency),
    refundedTotal: moneyJson(row.refunded_cents, row.currency),
    itemCount: Number(row.item_count),
  };
}

/** GET /api/owner/orders: one page, newest first (ties broken by id), and the cursor of the next. */
export async function listOwnerOrders(db: Kysely<Database>, website: Website, actor: Actor, input: ListOwnerOrdersQuery): Promise<ListOwnerOrdersReply> {
  authorize(actor, 'orders:read');
  const filters = readOrderFilters(input);
  const pageSize = readPageSize(input.limit);
  let query = filteredOrders(db, website, filters);
  if (input.cursor !== undefined) {
    const after = decodeOrderCursor(input.cursor);
    const known = await db.selectFrom('orders').select('id').where('website_id', '=', website.id).where('id', '=', after).executeTakeFirst();
    if (!known) throw invalid(OWNER_ORDER_MESSAGES.cursor, { cursor: OWNER_ORDER_MESSAGES.cursor });
    query = afterOrder(query, website, after);
  }
  // One more than the page: whether there is a next page, without a count.
  const rows = await selectOrderSummaries(query).limit(pageSize + 1).execute();
  const page = rows.slice(0, pageSize);
  return { orders: page.map(orderSummaryJson), nextCursor: rows.length > pageSize ? encodeOrderCursor(page[page.length - 1].id) : null };
}
