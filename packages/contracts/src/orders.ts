import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { AddressSchema, AutomaticDiscountLineSchema } from './cart';
import { AddressBodySchema } from './address';
import { EmailSchema, MESSAGE_KEYWORD, OptionalCartTokenSchema, RequestBody, ResponseObject, Text } from './fields';

/** Checkout (ours): POST /api/commerce/orders purchases a cart and answers the Order of storefront spec §3. */

/** A money value as the Order carries it: a decimal string in major units ("12.50") and its currency. */
export const MoneySchema = ResponseObject({ value: Type.String(), currency: Type.String() });

export const OrderItemSchema = ResponseObject({
  sku: Type.String(),
  productName: Type.String(),
  quantity: Type.Integer(),
  unitPrice: MoneySchema,
  /** How the line is fulfilled: physical, digital, service, gift-card or subscription. */
  kind: Type.Optional(Type.String()),
  /** The option values chosen (Size: M), kept with the line. */
  optionValues: Type.Optional(Type.Array(ResponseObject({ optionName: Type.String(), value: Type.String() }))),
});

/** The Order of storefront spec §3, plus its human number, the shopper's email and when it was placed (ms since the epoch). */
export const OrderSchema = ResponseObject({
  id: Type.String(),
  /** The human number, per website: 1001, 1002, … (shown as '#1001'); the id stays the key. */
  orderNumber: Type.Integer(),
  purchasedCartId: Type.String(),
  testMode: Type.Boolean(),
  websiteId: Type.String(),
  grandTotal: MoneySchema,
  shippingTotal: MoneySchema,
  taxTotal: MoneySchema,
  items: Type.Array(OrderItemSchema),
  email: Type.Optional(Type.String()),
  created: Type.Optional(Type.Integer()),
  // Ours (issue 17):
  subtotal: Type.Optional(MoneySchema),
  discountTotal: Type.Optional(MoneySchema),
  /** What gift cards paid of the grand total. */
  giftCardTotal: Type.Optional(MoneySchema),
  shippingOptionName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  shippingAddress: Type.Optional(Type.Union([AddressSchema, Type.Null()])),
  billingAddress: Type.Optional(Type.Union([AddressSchema, Type.Null()])),
  couponCodes: Type.Optional(Type.Array(Type.String())),
  /** The automatic discounts the order got and what each took off (issue 38). */
  automaticDiscounts: Type.Optional(Type.Array(AutomaticDiscountLineSchema)),
  /** 'pending' while the provider still confirms the payment; 'failed' or 'expired' when the order was let go. */
  paymentStatus: Type.Optional(Type.String()),
  /** Placed with the store's manual method (bank transfer, cash on delivery): its label and the owner's instructions. */
  manualPayment: Type.Optional(Type.Union([ResponseObject({ label: Type.String(), instructions: Type.String() }), Type.Null()])),
});

export type MoneyJson = Static<typeof MoneySchema>;
export type OrderJson = Static<typeof OrderSchema>;

export const PlaceOrderBodySchema = RequestBody({
  email: EmailSchema,
  /** The single-item cart of express checkout or a subscription; without it the visitor's own cart. */
  cartToken: OptionalCartTokenSchema,
  /**
   * The grand total the shopper was shown. When the cart's total has changed since (a price, a coupon running out),
   * the order is refused with 409 and the cart is shown again, instead of charging a sum nobody saw.
   */
  /** Checkout's answers given with the order itself (API clients): saved on the cart as PUT …/checkout would. */
  shippingAddress: Type.Optional(Type.Union([AddressBodySchema, Type.Null()], { [MESSAGE_KEYWORD]: 'shippingAddress must be an address.' })),
  billingAddress: Type.Optional(Type.Union([AddressBodySchema, Type.Null()], { [MESSAGE_KEYWORD]: 'billingAddress must be an address.' })),
  selectedShippingOptionId: Type.Optional(Type.Union([Text({ maxLength: 64 }), Type.Null()], { [MESSAGE_KEYWORD]: 'Choose a shipping option.' })),
  /** What the shopper was shown to pay after gift cards; a card drained meanwhile refuses the order (409). */
  expectedAmountDueCents: Type.Optional(Type.Integer({ minimum: 0, [MESSAGE_KEYWORD]: 'expectedAmountDueCents must be a whole number of minor units.' })),
  expectedGrandTotalCents: Type.Optional(Type.Integer({ minimum: 0, [MESSAGE_KEYWORD]: 'expectedGrandTotalCents must be a whole number of minor units.' })),
  /**
   * 'manual': the store's manual method (bank transfer, cash on delivery), when the owner has it on; the order waits
   * for the owner's "Mark as paid". Absent or 'provider': the payment provider (Stripe, or test mode).
   */
  paymentMethod: Type.Optional(
    Type.Unsafe<'provider' | 'manual'>(Text({ pattern: '^(?:provider|manual)$', [MESSAGE_KEYWORD]: "paymentMethod must be 'provider' or 'manual'." })),
  ),
});
/**
 * A payment the shopper still confirms in the browser (Stripe): what Stripe.js needs to confirm it, and when the
 * order is let go (its stock returned) if nobody does (ms since the epoch).
 */
export const PendingPaymentSchema = ResponseObject({
  provider: Type.String(),
  publishableKey: Type.String(),
  clientSecret: Type.String(),
  expiresAt: Type.Integer(),
});
export type PendingPaymentJson = Static<typeof PendingPaymentSchema>;
export const PlaceOrderReplySchema = ResponseObject({ order: OrderSchema, payment: Type.Optional(PendingPaymentSchema) });
export type PlaceOrderBody = Static<typeof PlaceOrderBodySchema>;
export type PlaceOrderReply = Static<typeof PlaceOrderReplySchema>;

export const placeOrderContract = defineContract({
  operationId: 'placeOrder',
  method: 'POST',
  url: '/api/commerce/orders',
  summary: 'Purchases a cart in one transaction: stock, payment, order; go on to /checkout/order-confirmed?orderId=….',
  tags: ['orders'],
  schema: { body: PlaceOrderBodySchema, response: { 201: PlaceOrderReplySchema, ...ERROR_RESPONSES } },
});

export const ORDER_CONTRACTS = [placeOrderContract] as const;
