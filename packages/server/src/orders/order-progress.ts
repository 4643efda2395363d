import type { Kysely, Selectable, Transaction } from 'kysely';
import { CARRIER_NAMES, type Carrier, type LineProgress } from '@vitrine/commerce';
import { RETURN_REASONS, type OrderFulfilmentJson, type OrderLineProgressJson, type OrderReturnJson, type ReturnReason } from '@vitrine/contracts';
import { moneyJson } from '../catalog';
import type { Database, OrderItemsTable } from '../db/schema';

/**
 * What of an order was shipped and asked back (issue 38 item 2): its fulfilments and returns read with their
 * lines, and each line's progress (ordered, fulfilled, returned), which the rules of commerce/fulfilment.ts judge.
 * A declined return gives its lines back: they may be asked for again.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderParts {
  fulfilments: OrderFulfilmentJson[];
  returns: OrderReturnJson[];
}

export async function readOrderParts(db: Db, websiteId: string, orderId: string, currency: string): Promise<OrderParts> {
  const [fulfilments, fulfilmentLines, returns, returnLines] = await Promise.all([
    db.selectFrom('order_fulfilments').selectAll().where('website_id', '=', websiteId).where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('order_fulfilment_lines')
      .innerJoin('order_fulfilments', 'order_fulfilments.id', 'order_fulfilment_lines.fulfilment_id')
      .select(['order_fulfilment_lines.fulfilment_id', 'order_fulfilment_lines.order_item_id', 'order_fulfilment_lines.quantity'])
      .where('order_fulfilments.website_id', '=', websiteId)
      .where('order_fulfilments.order_id', '=', orderId)
      .execute(),
    db.selectFrom('order_returns').selectAll().where('website_id', '=', websiteId).where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('order_return_lines')
      .innerJoin('order_returns', 'order_returns.id', 'order_return_lines.return_id')
      .select(['order_return_lines.return_id', 'order_return_lines.order_item_id', 'order_return_lines.quantity', 'order_return_lines.restock'])
      .where('order_returns.website_id', '=', websiteId)
      .where('order_returns.order_id', '=', orderId)
      .execute(),
  ]);
  return {
    fulfilments: fulfilments.map((row) => ({
      id: row.id,
      carrier: row.carrier,
      carrierName: CARRIER_NAMES[row.carrier as Carrier] ?? row.carrier,
      trackingNumber: row.tracking_number,
      trackingUrl: row.tracking_url,
      created: row.created_at.getTime(),
      by: row.actor_label,
      lines: fulfilmentLines.filter((line) => line.fulfilment_id === row.id).map((line) => ({ lineId: line.order_item_id, quantity: line.quantity })),
    })),
    returns: returns.map((row) => ({
      id: row.id,
      status: row.status,
      reason: row.reason,
      reasonLabel: RETURN_REASONS[row.reason as ReturnReason] ?? row.reason,
      note: row.note,
      declineMessage: row.decline_message,
      refunded: moneyJson(Number(row.refunded_cents), currency),
      created: row.created_at.getTime(),
      lines: returnLines
        .filter((line) => line.return_id === row.id)
        .map((line) => ({ lineId: line.order_item_id, quantity: line.quantity, restock: line.restock })),
    })),
  };
}

/** Each line's ordered, fulfilled and returned (asked back, not declined) quantities. */
export function lineProgressOf(items: readonly Selectable<OrderItemsTable>[], parts: OrderParts): Array<LineProgress & OrderLineProgressJson> {
  const sum = (pairs: ReadonlyArray<{ lineId: string; quantity: number }>, lineId: string) =>
    pairs.filter((pair) => pair.lineId === lineId).reduce((total, pair) => total + pair.quantity, 0);
  const shipped = parts.fulfilments.flatMap((fulfilment) => fulfilment.lines);
  const askedBack = parts.returns.filter((one) => one.status !== 'declined').flatMap((one) => one.lines);
  return items.map((item) => ({
    lineId: item.id,
    sku: item.sku,
    productName: item.product_name,
    quantity: item.quantity,
    ordered: item.quantity,
    fulfilled: sum(shipped, item.id),
    returned: sum(askedBack, item.id),
  }));
}

/** The JSON of a line's progress, without the rule-side duplicate `ordered`. */
export const lineProgressJson = (line: LineProgress & OrderLineProgressJson): OrderLineProgressJson => ({
  lineId: line.lineId,
  sku: line.sku,
  productName: line.productName,
  quantity: line.quantity,
  fulfilled: line.fulfilled,
  returned: line.returned,
});
