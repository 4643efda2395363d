import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import { CART_MESSAGES, computeCartTotals, type Order } from '@vitrine/commerce/cart';
import type { ServerContext } from '../context';
import type { Database, OrderItemsTable, OrdersTable, ProductRow } from '../db/schema';
import { cartEntryJson } from '../cart/cart-json';
import { INPUT_MESSAGES, isValidEmail } from '../cart/input';
import { CART_COOKIE, clearCartCookie, lockCartByToken, readVisitorCart, type CartWithLines } from '../cart/store';
import { moneyJson } from '../catalog/money';
import { HttpError, badRequest, conflict, requireObjectBody } from '../http/errors';
import { newId } from '../ids';
import type { Selectable } from 'kysely';

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

    const order = await trx
      .insertInto('orders')
      .values({
        id: orderId,
        website_id: context.website.id,
        purchased_cart_id: cart.id,
        email,
        test_mode: context.payments.testMode,
        currency,
        subtotal_cents: totals.subtotalCents,
        shipping_total_cents: totals.shippingCostCents,
        tax_total_cents: totals.taxCents,
        grand_total_cents: totals.grandTotalCents,
        payment_provider: context.payments.name,
        payment_reference: payment.reference,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const items = await trx
      .insertInto('order_items')
      .values(
        lines.map((line, index) => ({
          id: newId(),
          website_id: context.website.id,
          order_id: orderId,
          product_id: line.product.id,
          variant_id: line.variant.id,
          sku: line.variant.sku,
          product_name: line.product.title,
          quantity: line.entry.quantity,
          unit_price_cents: entries[index].purchasePriceCents,
          line_kind: lineKindOf(line.product),
          subscription_plan: line.product.is_subscribable && line.product.subscription_plan
            ? JSON.stringify(line.product.subscription_plan)
            : null,
          additional_fields: line.entry.additional_fields,
          position: index,
        })),
      )
      .returningAll()
      .execute();
    items.sort((a, b) => a.position - b.position);
    await trx
      .updateTable('carts')
      .set({ is_purchased: true, order_id: orderId, updated_at: new Date() })
      .where('id', '=', cart.id)
      .execute();
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
