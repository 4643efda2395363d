import { CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import { cartInstallmentOffer } from '@vitrine/commerce/installments';
import { featureFlagsOf } from '../experiments';
import { installmentContext } from '../websites';
import { CART_MESSAGES, isBelowMinimumSubtotal, minimumSubtotalMessage, type Order } from '@vitrine/commerce/cart';
import { ADDRESS_MESSAGES, COUPON_MESSAGES, type CheckoutTotals } from '@vitrine/commerce/checkout';
import { FIELD_MESSAGES, isValidEmail } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format';
import { siteUserOf, type Actor } from '../actor';
import {
  cartEntryJson, cartOwnerOf, countryName, postalAddressJson, checkoutLineOf, checkoutStateWith, writeCheckoutState, type CheckoutAnswers, checkoutTotalsOf, loadCheckoutSources, lockCartByToken, markCartPurchased,
  readVisitorCartLines, type CartWithLines,
} from '../cart';
import { claimCouponUse, type CheckoutRules, type CouponClaim } from '../checkout-settings';
import { liveAutomaticDiscounts } from '../discounts';
import { redeemGiftCards } from '../gift-cards';
import { moneyJson, takeStock } from '../catalog';
import type { CartCheckoutState, Database, OrderItemsTable, OrdersTable, ProductRow, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound, paymentDeclined } from '../failures';
import { newId } from '../ids';
import { MANUAL_PAYMENT_PROVIDER, TestModePaymentProvider, type PaymentProvider } from './payment-provider';
import type { MailSettings } from '../mail';
import { onOrderPaid } from './paid';
import { enqueueOrderConfirmation } from './confirmation-mail';
import { MANUAL_PAYMENT_MESSAGES, manualPaymentOf } from './manual-payment';
import { recordOrderWebhook } from './webhook-events';
import { allocateOrderNumber } from './order-number';

export const ORDER_MESSAGES = {
  alreadyPurchased: 'This cart has already been purchased.',
  cartTokenInvalid: 'That checkout link is no longer valid.',
  notEnoughStock: ADD_TO_CART_MESSAGES.notEnoughStock,
  empty: CART_MESSAGES.empty,
  shippingAddressMissing: 'Enter a shipping address.',
  totalChanged: 'Your order total has changed. Please review your order before paying.',
} as const;

/** POST /api/commerce/orders */
export interface PlaceOrderInput {
  email: string;
  /** The cart of a checkout link (express, subscription); the visitor's own cart when absent. */
  cartToken?: string | null;
  /** The grand total the shopper was shown; another total refuses the order (409). */
  expectedGrandTotalCents?: number;
  /** What the shopper was shown to pay after gift cards; another amount refuses the order (409). */
  expectedAmountDueCents?: number;
  /** Checkout's answers given with the order (API clients); otherwise those saved on the cart are used. */
  shippingAddress?: CheckoutAnswers['shippingAddress'];
  billingAddress?: CheckoutAnswers['billingAddress'];
  selectedShippingOptionId?: string | null;
  /** 'manual': the store's manual method (orders/manual-payment.ts); otherwise the payment provider. */
  paymentMethod?: 'provider' | 'manual';
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
      payment_status, payment_expires_at, payment_customer_reference, paid_at, order_number,
      discount_total_cents, gift_card_total_cents, shipping_address, billing_address, shipping_option, coupon_codes, site_user_id, automatic_discounts,
      payment_method_label, payment_instructions)
    SELECT o.id, o.website_id, o.purchased_cart_id, o.email, o.test_mode, o.currency, o.subtotal_cents,
      o.shipping_total_cents, o.tax_total_cents, o.grand_total_cents, o.payment_provider, o.payment_reference,
      o.payment_status, o.payment_expires_at, o.payment_customer_reference,
      CASE WHEN o.payment_status = 'paid' THEN now() END, o.order_number,
      o.discount_total_cents, o.gift_card_total_cents, o.shipping_address, o.billing_address, o.shipping_option, o.coupon_codes,
      o.site_user_id, COALESCE(o.automatic_discounts, '[]'::jsonb), o.payment_method_label, o.payment_instructions
    FROM jsonb_to_record($1::jsonb) AS o(id text, website_id text, purchased_cart_id text, email text, test_mode boolean,
      currency text, subtotal_cents bigint, shipping_total_cents bigint, tax_total_cents bigint, grand_total_cents bigint,
      payment_provider text, payment_reference text, payment_status text, payment_expires_at timestamptz,
      payment_customer_reference text, order_number integer, discount_total_cents bigint, gift_card_total_cents bigint,
      shipping_address jsonb, billing_address jsonb, shipping_option jsonb, coupon_codes jsonb, site_user_id text, automatic_discounts jsonb,
      payment_method_label text, payment_instructions text)
    RETURNING *
  ), new_items AS (
    INSERT INTO order_items (id, website_id, order_id, product_id, variant_id, sku, product_name, quantity,
      unit_price_cents, line_kind, subscription_plan, additional_fields, position, discount_cents, tax_cents, option_values)
    SELECT i.id, new_order.website_id, new_order.id, i.product_id, i.variant_id, i.sku, i.product_name, i.quantity,
      i.unit_price_cents, i.line_kind, i.subscription_plan, i.additional_fields, i.position, i.discount_cents, i.tax_cents,
      COALESCE(i.option_values, '[]'::jsonb)
    FROM new_order, jsonb_to_recordset($2::jsonb) AS i(id text, product_id text, variant_id text, sku text,
      product_name text, quantity integer, unit_price_cents bigint, line_kind text, subscription_plan jsonb,
      additional_fields text, position integer, discount_cents bigint, tax_cents bigint, option_values jsonb)
    RETURNING *
  )
  SELECT new_order.*, (SELECT json_agg(new_items ORDER BY new_items.position) FROM new_items) AS items_json FROM new_order`;

type OrderItemRow = Selectable<OrderItemsTable>;
type OrderValues = Omit<Selectable<OrdersTable>, 'created_at' | 'status' | 'fulfilled_at' | 'cancelled_at' | 'refunded_cents' | 'paid_at'>;

async function recordOrder(
  trx: Transaction<Database>,
  values: { order: OrderValues; items: Omit<OrderItemRow, 'website_id' | 'order_id'>[] },
): Promise<{ order: Selectable<OrdersTable>; items: OrderItemRow[] }> {
  const { rows } = await trx.executeQuery<Selectable<OrdersTable> & { items_json: OrderItemRow[] }>(
    CompiledQuery.raw(RECORD_ORDER, [JSON.stringify(values.order), JSON.stringify(values.items)]),
  );
  const { items_json: items, ...order } = rows[0];
  // json_agg hands bigint columns back as JSON numbers already; nothing to convert.
  return { order, items };
}

/** The order as the shopper's API answers it (storefront spec §3 Order, plus what checkout added). */
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
      optionValues: item.option_values,
    })),
    email: order.email,
    created: order.created_at.getTime(),
    subtotal: moneyJson(order.subtotal_cents, currency),
    discountTotal: moneyJson(order.discount_total_cents, currency),
    giftCardTotal: moneyJson(order.gift_card_total_cents, currency),
    shippingOptionName: order.shipping_option?.name ?? null,
    shippingAddress: order.shipping_address ? postalAddressJson(order.shipping_address) : null,
    billingAddress: order.billing_address ? postalAddressJson(order.billing_address) : null,
    couponCodes: order.coupon_codes,
    automaticDiscounts: order.automatic_discounts ?? [],
    paymentStatus: order.payment_status,
    manualPayment: order.payment_method_label !== null ? { label: order.payment_method_label, instructions: order.payment_instructions ?? '' } : null,
  };
}


const defaultPayments = new TestModePaymentProvider();

const CLAIM_REFUSALS: Record<Exclude<CouponClaim, 'claimed'>, string> = {
  'used-up': COUPON_MESSAGES.usedUp,
  'used-by-customer': COUPON_MESSAGES.alreadyUsed,
  'not-found': COUPON_MESSAGES.notFound,
};

/** The order a purchased cart already became, answered again to a retry by the same shopper (same email). */
async function earlierOrderOf(trx: Transaction<Database>, website: Website, cart: CartWithLines['cart'], email: string) {
  if (!cart.order_id) return undefined;
  const order = await trx.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', cart.order_id).executeTakeFirst();
  if (!order || order.email.toLowerCase() !== email.toLowerCase()) return undefined;
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  return { order: orderJson(order, items), purchasedCartToken: cart.token, pendingPayment: null };
}

/** What checkout requires of a cart that ships, given the store's zones: an address, and an option for it. */
function requireShippingChoices(totals: CheckoutTotals, state: CartCheckoutState, rules: CheckoutRules, website: Website): void {
  if (!totals.requiresShipping || rules.zones.length === 0) return;
  if (!state.shippingAddress) throw invalid(ORDER_MESSAGES.shippingAddressMissing, { shippingAddress: ORDER_MESSAGES.shippingAddressMissing });
  if (totals.shippingOptions.length === 0) {
    const message = ADDRESS_MESSAGES.noShipping(countryName(state.shippingAddress.country, website.locale));
    throw invalid(message, { 'shippingAddress.country': message });
  }
}


/**
 * Purchases a cart in one transaction. The cart row is locked (no double purchase; a retry by the same shopper is
 * answered the order it already made). The totals are computed again from the database with the shared checkout
 * engine — the browser's figures are never trusted; when the shopper was shown another total the order is refused
 * (409). Then: stock is taken (conditional, in variant order), each valid coupon's use is claimed (race-safe: of
 * shoppers racing for a coupon's last use one wins, the others get the reason), gift cards are redeemed (row
 * locks in id order), the provider is charged for the rest with the order id as idempotency key, the order and its
 * lines are written, the cart is marked purchased and — when paid on the spot — the paid-order steps run
 * (orders/paid.ts). Any failure rolls all of it back; contention runs it again from the start with the same order id.
 */
export async function placeOrder(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: PlaceOrderInput,
  options: OrderServiceOptions = {},
): Promise<{ order: Order; purchasedCartToken: string; pendingPayment: { clientSecret: string; expiresAt: Date } | null }> {
  if (!isValidEmail(input.email)) throw invalid(FIELD_MESSAGES.email, { email: FIELD_MESSAGES.email });
  const email = input.email.trim();
  const payments = options.payments ?? defaultPayments;
  const currency = website.currency;
  const orderId = newId();
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const installmentFlags = website.settings.afterPayAvailable === true ? await featureFlagsOf(db, website.id) : undefined;
  // The manual method only where the owner has it on (with its instructions): else the shopper chooses again.
  const manual = input.paymentMethod === 'manual' ? manualPaymentOf(website) : null;
  if (input.paymentMethod === 'manual' && !manual) throw invalid(MANUAL_PAYMENT_MESSAGES.notOffered, { paymentMethod: MANUAL_PAYMENT_MESSAGES.notOffered });

  return inTransaction(db, async (trx) => {
    const { cart, lines } = await lockCartToPurchase(trx, website, actor, input.cartToken);
    if (cart.is_purchased) {
      const earlier = await earlierOrderOf(trx, website, cart, email);
      if (earlier) return earlier;
      throw conflict(ORDER_MESSAGES.alreadyPurchased);
    }
    if (lines.length === 0) throw invalid(ORDER_MESSAGES.empty);
    // A product the owner archived after it was put in the cart is no longer sold.
    const archived = lines.find((line) => line.product.archived_at !== null);
    if (archived) throw conflict(archivedProductMessage(archived.product.title));
    const entries = lines.map((line) => cartEntryJson(line, website));
    // The minimum subtotal: the cart page shows it, and checkout enforces it (on the subtotal before discounts).
    const subtotalCents = entries.reduce((sum, entry) => sum + entry.subTotal, 0);
    const minimum = website.settings.minimumOrderSubtotalCents;
    if (typeof minimum === 'number' && isBelowMinimumSubtotal(subtotalCents, minimum)) {
      throw invalid(minimumSubtotalMessage(formatMoney(minimum, currency, { locale: website.locale })));
    }

    // Answers sent with the order itself are checked and saved as PUT …/checkout would (then rolled back with a refusal).
    const { shippingAddress, billingAddress, selectedShippingOptionId } = input;
    const answered = shippingAddress !== undefined || billingAddress !== undefined || selectedShippingOptionId !== undefined;
    const saved = answered ? await checkoutStateWith(trx, website, { cart, lines }, { shippingAddress, billingAddress, selectedShippingOptionId }) : cart.checkout;
    const state: CartCheckoutState = { ...saved, email };
    await writeCheckoutState(trx, cart.id, state);
    const sources = await loadCheckoutSources(trx, website, state);
    const checkoutLines = lines.map((line, index) => checkoutLineOf(line, entries[index].purchasePriceCents));
    // The store's automatic discounts, read again here: the order gets what the cart showed, re-checked.
    const automaticDiscounts = await liveAutomaticDiscounts(trx, website);
    const totals = checkoutTotalsOf(checkoutLines, website, state, sources, new Date(), automaticDiscounts);
    requireShippingChoices(totals, state, sources.rules, website);
    // A code the shopper entered that does not apply (any more: used up by someone else meanwhile) is never dropped
    // silently: the order is refused with its reason, and the cart shows it.
    const [notApplying] = totals.invalidCoupons;
    if (notApplying) throw conflict(`${notApplying.code}: ${notApplying.reason}`, { code: notApplying.reason });
    if (input.expectedGrandTotalCents !== undefined && input.expectedGrandTotalCents !== totals.grandTotalCents) {
      throw conflict(ORDER_MESSAGES.totalChanged);
    }

    await takeStock(
      trx,
      website.id,
      lines.map((line) => ({ variantId: line.variant.id, quantity: line.entry.quantity, unlimited: line.variant.unlimited, lineId: line.entry.id })),
    );
    for (const coupon of totals.validCoupons) {
      const claim = await claimCouponUse(trx, website, { couponId: coupon.id, orderId, customerEmail: email });
      if (claim !== 'claimed') throw conflict(`${coupon.code}: ${CLAIM_REFUSALS[claim]}`, { code: CLAIM_REFUSALS[claim] });
    }
    const giftCards = (state.giftCardCodes?.length ?? 0) > 0
      ? await redeemGiftCards(trx, website, { orderId, codes: state.giftCardCodes!, amountCents: totals.grandTotalCents })
      : { appliedCents: 0, redemptions: [], refused: [] };
    const amountDueCents = totals.grandTotalCents - giftCards.appliedCents;
    // A card another order emptied meanwhile pays less than the shopper was shown: refuse rather than charge more.
    const [emptied] = giftCards.refused;
    if (emptied) throw conflict(`${emptied.last4}: ${emptied.reason}`, { code: emptied.reason });
    if (input.expectedAmountDueCents !== undefined && input.expectedAmountDueCents !== amountDueCents) throw conflict(ORDER_MESSAGES.totalChanged);

    // Afterpay/Clearpay exactly where the installment pill promised it: the same rule, on the same subtotal.
    const offerInstallments = installmentFlags !== undefined && cartInstallmentOffer({
      entries,
      subtotalCents,
      context: installmentContext(website, installmentFlags),
    }) !== null;
    // A subscription renews off-session on the card its first payment saved: a manual method cannot start one.
    if (manual && lines.some((line) => line.product.is_subscribable)) {
      throw invalid(MANUAL_PAYMENT_MESSAGES.subscriptions, { paymentMethod: MANUAL_PAYMENT_MESSAGES.subscriptions });
    }
    // The manual method: pending like a card payment the shopper has not confirmed, for the owner's number of days.
    const manualDue = manual !== null && amountDueCents > 0 ? manual : null;
    const payment = manualDue
      ? ({ ok: true, status: 'pending', reference: `manual:${orderId}`, clientSecret: '', expiresAt: new Date(Date.now() + manualDue.expiryDays * 86_400_000) } as const)
      : amountDueCents > 0
      ? await payments.charge({
          orderId, amountCents: amountDueCents, currency, email, idempotencyKey: `order:${orderId}`,
          saveForRenewals: lines.some((line) => line.product.is_subscribable),
          ...(offerInstallments ? { offerInstallments, shipping: state.shippingAddress ?? null } : {}),
        })
      : ({ ok: true, status: 'paid', reference: `gift-card:${orderId}`, customerReference: null } as const);
    if (!payment.ok) throw paymentDeclined(payment.message);
    const paid = payment.status === 'paid';

    // The website's next number, taken last: its counter stays locked until this transaction ends.
    const orderNumber = await allocateOrderNumber(trx, website.id);
    const selected = totals.requiresShipping ? totals.selectedShippingOption : null;
    const { order, items } = await recordOrder(trx, {
      order: {
        // A manual order's money never passes through the provider: it is not a test-mode order.
        id: orderId, website_id: website.id, purchased_cart_id: cart.id, email, test_mode: manualDue ? false : payments.testMode, currency,
        subtotal_cents: totals.subtotalCents, shipping_total_cents: totals.shippingCostCents, tax_total_cents: totals.taxCents,
        grand_total_cents: totals.grandTotalCents, payment_provider: manualDue ? MANUAL_PAYMENT_PROVIDER : amountDueCents > 0 ? payments.name : 'gift-card',
        payment_reference: payment.reference, payment_status: paid ? 'paid' : 'pending',
        payment_expires_at: paid ? null : payment.expiresAt, payment_customer_reference: paid ? payment.customerReference ?? null : null,
        order_number: orderNumber, discount_total_cents: totals.discountCents, gift_card_total_cents: giftCards.appliedCents,
        shipping_address: totals.requiresShipping ? state.shippingAddress ?? null : null,
        billing_address: state.billingAddress ?? (totals.requiresShipping ? state.shippingAddress ?? null : null),
        shipping_option: selected ? { id: selected.id, name: selected.name, amountCents: totals.shippingCostCents } : null,
        coupon_codes: totals.validCoupons.map((coupon) => coupon.code),
        automatic_discounts: totals.automaticDiscounts,
        site_user_id: siteUserOf(actor)?.id ?? null,
        payment_method_label: manualDue?.label ?? null,
        payment_instructions: manualDue?.instructions ?? null,
      },
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
        discount_cents: totals.lineDiscounts[index] ?? 0,
        tax_cents: totals.lineTaxCents[index] ?? 0,
        option_values: line.variant.option_values,
      })),
    });
    await markCartPurchased(trx, cart.id, orderId);
    await recordOrderWebhook(trx, website, 'order.created', orderId);
    // A pending payment's steps wait for the provider's word (payment-lifecycle.ts); a paid one's run now.
    if (paid) await onOrderPaid(trx, website, order, items, { mail: options.mail });
    // A manual order is mailed now, with how to pay (nothing is delivered yet); "Mark as paid" mails it confirmed.
    if (manualDue && options.mail) await enqueueOrderConfirmation(trx, website, options.mail, order, items, []);
    const pendingPayment = payment.status === 'pending' && !manualDue ? { clientSecret: payment.clientSecret, expiresAt: payment.expiresAt } : null;
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
