import { CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import {
  CART_MESSAGES, computeCartTotals, isBelowMinimumSubtotal, minimumSubtotalMessage, type Order,
} from '@vitrine/commerce/cart';
import { FIELD_MESSAGES, isValidEmail } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format';
import type { Actor } from '../actor';
import { cartEntryJson, cartOwnerOf, lockCartByToken, markCartPurchased, readVisitorCartLines, type CartWithLines } from '../cart';
import { moneyJson, takeStock } from '../catalog';
import type { Database, OrderItemsTable, OrdersTable, ProductRow, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound, paymentDeclined } from '../failures';
import { newId } from '../ids';
import { TestModePaymentProvider, type PaymentProvider } from './payment-provider';
import type { MailSettings } from '../mail';
import { onOrderPaid } from './paid';
import { allocateOrderNumber } from './order-number';

export const ORDER_MESSAGES = {
  alreadyPurchased: 'This cart has already been purchased.',
  cartTokenInvalid: 'That checkout link is no longer valid.',
  notEnoughStock: ADD_TO_CART_MESSAGES.notEnoughStock,
  empty: CART_MESSAGES.empty,
} as const;

/** POST /api/commerce/orders */
export interface PlaceOrderInput {
  email: string;
  /** The cart of a checkout link (express, subscription); the visitor's own cart when absent. */
  cartToken?: string | null;
}

export interface OrderServiceOptions {
  payments?: PaymentProvider;
  /** When given, the order confirmation is mailed (written to the outbox with the order). */
  mail?: MailSettings;
}

/** How each line is fulfilled: subscriptions and gift cards are lines of their own kind. */
/** Checkout refuses a cart holding a product the owner has archived since. */
export const archivedProductMessage = (title: string) => `${title} is no longer available. Remove it from your cart to check out.`;

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
async function lockCartToPurchase(trx: Transaction<Database>, website: Website, actor: Actor, cartToken: string | null | undefined): Promise<CartWithLines> {
  if (cartToken !== undefined && cartToken !== null) {
    const found = await lockCartByToken(trx, website.id, cartToken);
    if (!found) throw notFound(ORDER_MESSAGES.cartTokenInvalid);
    return found;
  }
  const found = await readVisitorCartLines(trx, website.id, cartOwnerOf(actor), trx);
  if (!found) throw invalid(ORDER_MESSAGES.empty);
  return found;
}

/** The order and its lines in one statement: the lines travel as one JSON parameter and come back as one JSON column. */
const RECORD_ORDER = `WITH new_order AS (
    INSERT INTO orders (id, website_id, purchased_cart_id, email, test_mode, currency, subtotal_cents,
      shipping_total_cents, tax_total_cents, grand_total_cents, payment_provider, payment_reference,
      payment_status, payment_expires_at, payment_customer_reference, paid_at, order_number)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
      CASE WHEN $13 = 'paid' THEN now() END, $17) RETURNING *
  ), new_items AS (
    INSERT INTO order_items (id, website_id, order_id, product_id, variant_id, sku, product_name, quantity,
      unit_price_cents, line_kind, subscription_plan, additional_fields, position, discount_cents, tax_cents)
    SELECT i.id, new_order.website_id, new_order.id, i.product_id, i.variant_id, i.sku, i.product_name, i.quantity,
      i.unit_price_cents, i.line_kind, i.subscription_plan, i.additional_fields, i.position, i.discount_cents, i.tax_cents
    FROM new_order, jsonb_to_recordset($16::jsonb) AS i(id text, product_id text, variant_id text, sku text,
      product_name text, quantity integer, unit_price_cents bigint, line_kind text, subscription_plan jsonb,
      additional_fields text, position integer, discount_cents bigint, tax_cents bigint)
    RETURNING *
  )
  SELECT new_order.*, (SELECT json_agg(new_items ORDER BY new_items.position) FROM new_items) AS items_json FROM new_order`;

type OrderItemRow = Selectable<OrderItemsTable>;

async function recordOrder(
  trx: Transaction<Database>,
  values: { order: unknown[]; items: Omit<OrderItemRow, 'website_id' | 'order_id'>[]; orderNumber: number },
): Promise<{ order: Selectable<OrdersTable>; items: OrderItemRow[] }> {
  const { rows } = await trx.executeQuery<Selectable<OrdersTable> & { items_json: OrderItemRow[] }>(
    CompiledQuery.raw(RECORD_ORDER, [...values.order, JSON.stringify(values.items), values.orderNumber]),
  );
  const { items_json: items, ...order } = rows[0];
  return { order, items };
}

export function orderJson(order: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[]): Order {
  const currency = order.currency;
  return {
    id: order.id,
    orderNumber: order.order_number,
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

const defaultPayments = new TestModePaymentProvider();

/**
 * Purchases a cart in one transaction: the cart row is locked (no double purchase), stock is taken
 * (catalog's takeStock: conditional, in variant order), the payment is taken, the order and its lines
 * are written and the cart is marked purchased. Any failure rolls all of it back; contention
 * (a deadlock, a serialization failure) runs it again from the start, with the same order id, which is
 * the payment's idempotency key.
 */
export async function placeOrder(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: PlaceOrderInput,
  options: OrderServiceOptions = {},
): Promise<{ order: Order; purchasedCartToken: string; pendingPayment: { clientSecret: string; expiresAt: Date } | null }> {
  if (!isValidEmail(input.email)) throw invalid(FIELD_MESSAGES.email, { email: FIELD_MESSAGES.email });
  const { email } = input;
  const payments = options.payments ?? defaultPayments;
  const currency = website.currency;
  const orderId = newId();

  return inTransaction(db, async (trx) => {
    const { cart, lines } = await lockCartToPurchase(trx, website, actor, input.cartToken);
    if (cart.is_purchased) throw conflict(ORDER_MESSAGES.alreadyPurchased);
    if (lines.length === 0) throw invalid(ORDER_MESSAGES.empty);
    // A product the owner archived after it was put in the cart is no longer sold.
    const archived = lines.find((line) => line.product.archived_at !== null);
    if (archived) throw conflict(archivedProductMessage(archived.product.title));
    const entries = lines.map((line) => cartEntryJson(line, website));
    const totals = computeCartTotals(entries);
    // The store's minimum subtotal: the cart page shows it, and checkout enforces it.
    const minimum = website.settings.minimumOrderSubtotalCents;
    if (typeof minimum === 'number' && isBelowMinimumSubtotal(totals.subtotalCents, minimum)) {
      throw invalid(minimumSubtotalMessage(formatMoney(minimum, currency, { locale: website.locale })));
    }

    await takeStock(
      trx,
      website.id,
      lines.map((line) => ({ variantId: line.variant.id, quantity: line.entry.quantity, unlimited: line.variant.unlimited, lineId: line.entry.id })),
    );

    const payment = await payments.charge({ orderId, amountCents: totals.grandTotalCents, currency, email, idempotencyKey: `order:${orderId}` });
    if (!payment.ok) throw paymentDeclined(payment.message);
    const paid = payment.status === 'paid';

    // The website's next number, taken last: its counter stays locked until this transaction ends.
    const orderNumber = await allocateOrderNumber(trx, website.id);
    const { order, items } = await recordOrder(trx, {
      orderNumber,
      order: [
        orderId, website.id, cart.id, email, payments.testMode, currency, totals.subtotalCents,
        totals.shippingCostCents, totals.taxCents, totals.grandTotalCents, payments.name, payment.reference,
        paid ? 'paid' : 'pending', paid ? null : payment.expiresAt, paid ? payment.customerReference ?? null : null,
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
        discount_cents: 0,
        tax_cents: 0,
      })),
    });
    await markCartPurchased(trx, cart.id, orderId);
    // A pending payment's steps wait for the provider's word (payment-lifecycle.ts); a paid one's run now.
    if (paid) await onOrderPaid(trx, website, order, items, { mail: options.mail });
    const pendingPayment = payment.status === 'pending' ? { clientSecret: payment.clientSecret, expiresAt: payment.expiresAt } : null;
    return { order: orderJson(order, items), purchasedCartToken: cart.token, pendingPayment };
  });
}

export async function findOrder(db: Kysely<Database>, website: Website, orderId: string): Promise<Order | undefined> {
  if (orderId.length > 64) return undefined;
  const order = await db.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  return orderJson(order, items);
}
