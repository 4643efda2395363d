import type { Selectable, Transaction } from 'kysely';
import { recordOrderWebhook } from './webhook-events';
import { createCartWithEntry, markCartPurchased } from '../cart';
import { takeStock } from '../catalog';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { isFailure } from '../failures';
import { newId } from '../ids';
import { renewalIdempotencyKey, RenewalRefused, type RenewalOrderInput, type RenewalOrderRecorder } from '../subscriptions';
import { allocateOrderNumber } from './order-number';
import type { PaymentProvider } from './payment-provider';

export const renewalOutOfStockMessage = (productName: string) => `${productName} is out of stock, so this renewal was not charged.`;

type OrderRow = Selectable<OrdersTable>;
type OrderItemRow = Selectable<OrderItemsTable>;

/**
 * Buys a subscription's next cycle, inside the renewal's transaction (the subscription row already locked by the
 * caller), in placeOrder's order: stock first (physical products; catalog's takeStock), then the charge (off-session,
 * `payments.chargeRenewal`, keyed by subscription and cycle so a retried renewal is charged once), then the order
 * number (the last lock) and the order with its one 'subscription' line, paid. No stock, or a declined charge, throws
 * RenewalRefused. A renewal order has no shopper's cart, so it records one of its own, already purchased (orders
 * name the cart they bought). The paid-order steps (onOrderPaid) do not run: they would start another subscription.
 */
export async function recordRenewalOrder(
  trx: Transaction<Database>,
  website: Website,
  input: RenewalOrderInput,
  payments: PaymentProvider,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const product = await trx
    .selectFrom('products')
    .innerJoin('variants', 'variants.product_id', 'products.id')
    .select(['products.product_type', 'variants.unlimited'])
    .where('products.website_id', '=', website.id)
    .where('variants.id', '=', input.variantId)
    .executeTakeFirst();
  // Physical goods are taken from stock each cycle; a service is not (platform §5: only these two are subscribable).
  if (product && product.product_type === 1) {
    try {
      await takeStock(trx, website.id, [{ variantId: input.variantId, quantity: input.quantity, unlimited: product.unlimited, lineId: input.variantId }]);
    } catch (error) {
      if (isFailure(error) && error.kind === 'conflict') throw new RenewalRefused('out-of-stock', renewalOutOfStockMessage(input.productName));
      throw error;
    }
  }

  const amounts = await renewalAmounts(trx, website, input);
  const charge = await payments.chargeRenewal({
    subscriptionId: input.subscriptionId,
    cycle: input.cycle,
    amountCents: amounts.grandTotalCents,
    currency: input.currency,
    email: input.email,
    firstPaymentReference: input.firstPaymentReference,
    customerReference: input.customerReference,
    idempotencyKey: renewalIdempotencyKey(input.subscriptionId, input.cycle),
  });
  if (!charge.ok) throw new RenewalRefused('declined', charge.message);

  const orderId = newId();
  const { cart } = await createCartWithEntry(trx, website.id, 'subscription', undefined, {
    productId: input.productId,
    variantId: input.variantId,
    quantity: input.quantity,
    additionalFields: null,
  });
  await markCartPurchased(trx, cart.id, orderId);
  const orderNumber = await allocateOrderNumber(trx, website.id);
  const order = await trx
    .insertInto('orders')
    .values({
      id: orderId,
      website_id: website.id,
      purchased_cart_id: cart.id,
      email: input.email,
      test_mode: payments.testMode,
      currency: input.currency,
      subtotal_cents: amounts.subtotalCents,
      shipping_total_cents: amounts.shippingCents,
      tax_total_cents: amounts.taxCents,
      grand_total_cents: amounts.grandTotalCents,
      shipping_address: amounts.first?.shipping_address ? JSON.stringify(amounts.first.shipping_address) : null,
      billing_address: amounts.first?.billing_address ? JSON.stringify(amounts.first.billing_address) : null,
      shipping_option: amounts.first?.shipping_option ? JSON.stringify(amounts.first.shipping_option) : null,
      payment_provider: payments.name,
      payment_reference: charge.reference,
      payment_status: 'paid',
      paid_at: new Date(),
      payment_customer_reference: input.customerReference,
      order_number: orderNumber,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const item = await trx
    .insertInto('order_items')
    .values({
      id: newId(),
      website_id: website.id,
      order_id: orderId,
      product_id: input.productId,
      variant_id: input.variantId,
      sku: input.sku,
      product_name: input.productName,
      quantity: input.quantity,
      unit_price_cents: input.unitPriceCents,
      line_kind: 'subscription',
      subscription_plan: JSON.stringify(input.plan),
      additional_fields: null,
      position: 0,
      tax_cents: amounts.taxCents,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A renewal is an order like any other for the owner's systems: created and paid at once (webhooks/).
  await recordOrderWebhook(trx, website, 'order.created', orderId);
  await recordOrderWebhook(trx, website, 'order.paid', orderId);
  return { order, items: [item] };
}

/** The renewal job's way to buy a cycle (subscriptions' RenewalOrderRecorder), charging through `payments`. */
export const renewalOrderRecorder = (payments: PaymentProvider): RenewalOrderRecorder => (trx, website, input) => recordRenewalOrder(trx, website, input, payments);

/**
 * What a renewal costs: the line at its first price, with the first order's shipping and tax when that order held
 * this line alone (a subscription's cart does). The first order's coupon is not repeated (a first-order discount),
 * and tax is the first order's amount, not recomputed (rates changed since are not applied). Tax that was added to
 * the first order's prices (not included in them) is added again: grand = subtotal − discount + shipping + added tax.
 */
async function renewalAmounts(trx: Transaction<Database>, website: Website, input: RenewalOrderInput) {
  const subtotalCents = input.unitPriceCents * input.quantity;
  const first = await trx.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', input.firstOrderId).executeTakeFirst();
  const lines = first ? await trx.selectFrom('order_items').select('id').where('order_id', '=', first.id).execute() : [];
  if (!first || lines.length !== 1) return { first, subtotalCents, shippingCents: 0, taxCents: 0, grandTotalCents: subtotalCents };
  const shippingCents = Number(first.shipping_total_cents);
  const taxCents = Number(first.tax_total_cents);
  const addedTaxCents = Math.max(0, Number(first.grand_total_cents) - Number(first.subtotal_cents) + Number(first.discount_total_cents) - shippingCents);
  return { first, subtotalCents, shippingCents, taxCents, grandTotalCents: subtotalCents + shippingCents + addedTaxCents };
}
