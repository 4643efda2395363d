import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { ExportOwnerOrdersQuery } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { minorUnitsToDecimalString } from '../catalog';
import type { Database, Website } from '../db/schema';
import { authorize } from '../authorize';
import { spreadsheetSafe } from '../spreadsheet-safe';
import { afterOrder, filteredOrders, readOrderFilters, selectOrderSummaries, type OrderFilters, type OrderSummaryRow } from './order-list';

/** Rows read per query while streaming: memory stays flat however many orders there are. */
export const CSV_BATCH_SIZE = 500;

/** The columns, with money headers naming the store currency ("Total (USD)"); amounts are decimals in it. */
export function orderCsvColumns(currency: string) {
  return [
    { key: 'number', header: 'Order number' },
    { key: 'id', header: 'Order' },
    { key: 'created', header: 'Created (UTC)' },
    { key: 'email', header: 'Email' },
    { key: 'status', header: 'Status' },
    { key: 'items', header: 'Items' },
    { key: 'subtotal', header: `Subtotal (${currency})` },
    { key: 'shipping', header: `Shipping (${currency})` },
    { key: 'tax', header: `Tax (${currency})` },
    { key: 'total', header: `Total (${currency})` },
    { key: 'refunded', header: `Refunded (${currency})` },
    { key: 'currency', header: 'Currency' },
    { key: 'testMode', header: 'Test mode' },
  ];
}

export function orderCsvRecord(row: OrderSummaryRow): Record<string, string> {
  const money = (cents: number) => minorUnitsToDecimalString(cents, row.currency);
  return {
    number: String(row.order_number),
    id: row.id,
    created: row.created_at.toISOString(),
    // An email may start with = + - @: spreadsheetSafe gives such a cell a leading apostrophe.
    email: spreadsheetSafe(row.email),
    status: row.status,
    items: String(row.item_count),
    subtotal: money(row.subtotal_cents),
    shipping: money(row.shipping_total_cents),
    tax: money(row.tax_total_cents),
    total: money(row.grand_total_cents),
    refunded: money(row.refunded_cents),
    currency: row.currency,
    testMode: row.test_mode ? 'yes' : 'no',
  };
}

async function* orderRecords(db: Kysely<Database>, website: Website, filters: OrderFilters): AsyncGenerator<Record<string, string>> {
  let after: string | undefined;
  for (;;) {
    const base = filteredOrders(db, website, filters);
    const rows = await selectOrderSummaries(after ? afterOrder(base, website, after) : base).limit(CSV_BATCH_SIZE).execute();
    for (const row of rows) yield orderCsvRecord(row);
    if (rows.length < CSV_BATCH_SIZE) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * GET /api/owner/orders/export.csv: the list's filters, every matching order newest first, streamed in
 * batches (keyset pages, like the list). Permission and filters are checked before the first byte, so a
 * refusal is still a JSON 4xx. Each order's amounts are in its own currency, which is the store currency
 * unless the store changed currency since; the Currency column says which.
 */
export function exportOrdersCsv(db: Kysely<Database>, website: Website, actor: Actor, query: ExportOwnerOrdersQuery): Readable {
  authorize(actor, 'orders:read');
  const filters = readOrderFilters(query);
  const csv = stringify({ header: true, columns: orderCsvColumns(website.currency) });
  // pipeline destroys the CSV stream if a read fails part-way: the download ends short, never looks whole.
  pipeline(Readable.from(orderRecords(db, website, filters)), csv, () => {});
  return csv;
}
