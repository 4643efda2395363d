import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import {
  CART_MESSAGES, computeCartTotals, isBelowMinimumSubtotal, minimumSubtotalMessage, type Order,
} from '@vitrine/commerce/cart';
import { formatMoney } from '@vitrine/format';
import type { ServerContext } from '../context';
import type { Database, OrderItemsTable, OrdersTable, ProductRow } from '../db/schema';
import { cartEntryJson } from '../cart/cart-json';
import { INPUT_MESSAGES, isValidEmail } from '../cart/input';
import { CART_COOKIE, clearCartCookie, lockCartByToken, readVisitorCart, type CartWithLines } from '../cart/store';
import { moneyJson } from '../catalog/money';
import { HttpError, badRequest, conflict, requireObjectBody } from '../http/errors';
import { newId } from '../ids';
import { CompiledQuery, type Selectable } from 'kysely';

export const ORDER_MESSAGES = {
  alreadyPurchased: 'This cart has already been purchased.',
  cartTokenInvalid: 'That checkout link is no longer valid.',
  notEnoughStock: ADD_TO_CART_MESSAGES.notEnoughStock,
  empty: CART_MESSAGES.empty,
} as const;

/** How each line is fulfilled: subscriptions and gift cards are lines of their own kind. */
export function lineKindOf(product: Pick<ProductRow, 'product_type' | 'is_subscribable'>): string {
  if (product.is_subscribable) return 'subscription';
  switch (product.product_type) {
    case 2:
      return 'digital';
    case 3:
      return 'service';
    case 4:
      return 'gift-card';
    default:
      return 'physical';
  }
}

/** Whose cart is purchased, with its lines: the cart of the token when given, else the visitor's own. Locked for the transaction. */
async function lockCartToPurchase(
  trx: Transaction<Database>,
  context: ServerContext,
  request: FastifyRequest,
  cartToken: unknown,
): Promise<CartWithLines> {
  if (cartToken !== undefined && cartToken !== null) {
    if (typeof cartToken !== 'string') throw badRequest(ORDER_MESSAGES.cartTokenInvalid, { cartToken: ORDER_MESSAGES.cartTokenInvalid });
    const found = await lockCartByToken(trx, context.website.id, cartToken);
    if (!found) throw new HttpError(404, ORDER_MESSAGES.cartTokenInvalid);
    return found;
  }
  const { found } = await readVisitorCart(trx, context.website.id, request, trx);
  if (!found) throw badRequest(ORDER_MESSAGES.empty);
  return found;
}

/**
 * The order, its lines and the purchased mark on the cart, in one statement: the lines travel as one
 * JSON parameter and come back as one JSON column, in position order.
 */
const RECORD_ORDER = `WITH new_order AS (
    INSERT INTO orders (id, website_id, purchased_cart_id, email, test_mode, currency, subtotal_cents,
      shipping_total_cents, tax_total_cents, grand_total_cents, payment_provider, payment_reference)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *
  ), new_items AS (
    INSERT INTO order_items (id, website_id, order_id, product_id, variant_id, sku, product_name, quantity,
      unit_price_cents, line_kind, subscription_plan, additional_fields, position)
    SELECT i.id, new_order.website_id, new_order.id, i.product_id, i.variant_id, i.sku, i.product_name, i.quantity,
      i.unit_price_cents, i.line_kind, i.subscription_plan, i.additional_fields, i.position
    FROM new_order, jsonb_to_recordset($13::jsonb) AS i(id text, product_id text, variant_id text, sku text,
      product_name text, quantity integer, unit_price_cents bigint, line_kind text, subscription_plan jsonb,
      additional_fields text, position integer)
    RETURNING *
  ), purchased AS (
    UPDATE carts SET is_purchased = true, order_id = $1, updated_at = now() WHERE id = $3
  )
  SELECT new_order.*, (SELECT json_agg(new_items ORDER BY new_items.position) FROM new_items) AS items_json FROM new_order`;

type OrderItemRow = Selectable<OrderItemsTable>;

async function recordOrder(
  trx: Transaction<Database>,
  values: { order: unknown[]; items: Omit<OrderItemRow, 'website_id' | 'order_id'>[] },
): Promise<{ order: Selectable<OrdersTable>; items: OrderItemRow[] }> {
  const { rows } = await trx.executeQuery<Selectable<OrdersTable> & { items_json: OrderItemRow[] }>(
    CompiledQuery.raw(RECORD_ORDER, [...values.order, JSON.stringify(values.items)]),
  );
  const { items_json: items, ...order } = rows[0];
  return { order, items };
}

export function orderJson(order: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[]): Order {
  const currency = order.currency;
  return {
    id: order.id,
    purchasedCartId: order.purchased_cart_id,
    testMode: order.test_mode,
    websiteId: order.website_id,
    grandTotal: moneyJson(order.grand_total_cents, currency),
    shippingTotal: moneyJson(order.shipping_total_cents, currency),
    taxTotal: moneyJson(order.tax_total_cents, currency),
    items: items.map((item) => ({
      sku: item.sku,
      productName: item.product_name,
      quantity: item.quantity,
      unitPrice: moneyJson(item.unit_price_cents, currency),
      kind: item.line_kind,
    })),
    email: order.email,
    created: order.created_at.getTime(),
  };
}

/**
 * POST /api/commerce/orders: purchases a cart in one transaction. The cart row is locked (no double
 * purchase), each stocked line is decremented with a conditional update (`qty >= n`, so concurrent
 * checkouts for the last unit cannot both win and stock never goes below zero), the payment is taken,
 * the order and its lines are written and the cart is marked purchased. Any failure rolls all of it back.
 */
export async function placeOrder(context: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<{ order: Order }> {
  const body = requireObjectBody(request.body);
  if (!isValidEmail(body.email)) throw badRequest(INPUT_MESSAGES.email, { email: INPUT_MESSAGES.email });
  const email = body.email;
  const currency = context.website.currency;

  const { order, cart } = await context.db.transaction().execute(async (trx) => {
    const { cart, lines } = await lockCartToPurchase(trx, context, request, body.cartToken);
    if (cart.is_purchased) throw conflict(ORDER_MESSAGES.alreadyPurchased);
    if (lines.length === 0) throw badRequest(ORDER_MESSAGES.empty);
    // The store's minimum subtotal: the cart page shows it, and checkout enforces it.
    const minimum = context.website.settings.minimumOrderSubtotalCents;
    const subtotal = computeCartTotals(lines.map((line) => cartEntryJson(line, context.website))).subtotalCents;
    if (typeof minimum === 'number' && isBelowMinimumSubtotal(subtotal, minimum)) {
      throw badRequest(minimumSubtotalMessage(formatMoney(minimum, currency, { locale: context.website.locale })));
    }

    for (const line of lines) {
      if (line.variant.unlimited) continue;
      const updated = await trx
        .updateTable('variants')
        .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', line.entry.quantity) }))
        .where('id', '=', line.variant.id)
        .where('unlimited', '=', false)
        .where('qty_in_stock', '>=', line.entry.quantity)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw conflict(ORDER_MESSAGES.notEnoughStock, { [line.entry.id]: ORDER_MESSAGES.notEnoughStock });
      }
    }

    const entries = lines.map((line) => cartEntryJson(line, context.website));
    const totals = computeCartTotals(entries);
    const orderId = newId();
    const payment = await context.payments.charge({ orderId, amountCents: totals.grandTotalCents, currency, email });
    if (!payment.ok) throw new HttpError(402, payment.message);

    const { order, items } = await recordOrder(trx, {
      order: [
        orderId, context.website.id, cart.id, email, context.payments.testMode, currency, totals.subtotalCents,
        totals.shippingCostCents, totals.taxCents, totals.grandTotalCents, context.payments.name, payment.reference,
      ],
      items: lines.map((line, index) => ({
        id: newId(),
        product_id: line.product.id,
        variant_id: line.variant.id,
        sku: line.variant.sku,
        product_name: line.product.title,
        quantity: line.entry.quantity,
        unit_price_cents: entries[index].purchasePriceCents,
        line_kind: lineKindOf(line.product),
        subscription_plan: line.product.is_subscribable && line.product.subscription_plan ? line.product.subscription_plan : null,
        additional_fields: line.entry.additional_fields,
        position: index,
      })),
    });
    return { order: orderJson(order, items), cart };
  });
  // The purchased cart is no longer the visitor's: drop the cookie that pointed at it.
  if (request.cookies[CART_COOKIE] === cart.token) clearCartCookie(reply);
  reply.status(201);
  return { order };
}

export async function findOrder(context: ServerContext, orderId: string): Promise<Order | undefined> {
  if (orderId.length > 64) return undefined;
  const order = await context.db
    .selectFrom('orders')
    .selectAll()
    .where('website_id', '=', context.website.id)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await context.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  return orderJson(order, items);
}
