import Type, { type Static } from 'typebox';
import { AddressBodySchema } from './address';
import { CartReplySchema } from './cart';
import { defineContract } from './contract';
import { FIELD_MESSAGES } from './messages';
import { ERROR_RESPONSES } from './errors';
import { EmailSchema, MESSAGE_KEYWORD, OptionalCartTokenSchema, OptionalQueryTextSchema, RequestBody, RequestParams, RequestQuery, Text } from './fields';

/**
 * The checkout's calls on a cart (issue 17): what the shopper tells checkout (email, addresses, shipping option)
 * and the coupon and gift card codes they enter. Each answers the whole cart with its totals recomputed
 * (shipping options, tax rules, coupons, discount, grand total). The cart is the visitor's own, or the single-item
 * cart of `cartToken` (express checkout, subscriptions, gift cards).
 */

const tags = ['checkout'];



// ---------------------------------------------------------------------------------------------
// PUT /api/commerce/shopping-cart/checkout

export const UpdateCheckoutBodySchema = RequestBody({
  cartToken: OptionalCartTokenSchema,
  email: Type.Optional(Type.Union([EmailSchema, Type.Null()], { [MESSAGE_KEYWORD]: FIELD_MESSAGES.email })),
  shippingAddress: Type.Optional(Type.Union([AddressBodySchema, Type.Null()], { [MESSAGE_KEYWORD]: 'shippingAddress must be an address.' })),
  /** null: the same as the shipping address (the default). */
  billingAddress: Type.Optional(Type.Union([AddressBodySchema, Type.Null()], { [MESSAGE_KEYWORD]: 'billingAddress must be an address.' })),
  selectedShippingOptionId: Type.Optional(Type.Union([Text({ maxLength: 64 }), Type.Null()], { [MESSAGE_KEYWORD]: 'Choose a shipping option.' })),
});
export type UpdateCheckoutBody = Static<typeof UpdateCheckoutBodySchema>;

export const updateCheckoutContract = defineContract({
  operationId: 'updateCheckout',
  method: 'PUT',
  url: '/api/commerce/shopping-cart/checkout',
  summary: "Sets what the shopper told checkout (each field given replaces the cart's; null clears it) and answers the cart with its totals.",
  tags,
  schema: { body: UpdateCheckoutBodySchema, response: { 200: CartReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// POST/DELETE /api/commerce/shopping-cart/coupons

/** Coupon codes are at most 50 characters and gift card codes 19 (XXXX-XXXX-XXXX-XXXX); 64 leaves room for spaces. */
const CodeSchema = Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: 'Enter a code.' });
export const CartCodeBodySchema = RequestBody({ cartToken: OptionalCartTokenSchema, code: CodeSchema });
export type CartCodeBody = Static<typeof CartCodeBodySchema>;
const CartTokenQuerySchema = RequestQuery({ cartToken: OptionalQueryTextSchema });
export type CartTokenQuery = Static<typeof CartTokenQuerySchema>;

export const applyCouponContract = defineContract({
  operationId: 'applyCoupon',
  method: 'POST',
  url: '/api/commerce/shopping-cart/coupons',
  summary: "Adds a coupon code to the cart. A code with no coupon is refused; one that does not apply yet is kept and listed in invalidCoupons with the reason.",
  tags,
  schema: { body: CartCodeBodySchema, response: { 200: CartReplySchema, ...ERROR_RESPONSES } },
});

export const removeCouponContract = defineContract({
  operationId: 'removeCoupon',
  method: 'DELETE',
  url: '/api/commerce/shopping-cart/coupons/:code',
  summary: 'Takes a coupon code off the cart.',
  tags,
  schema: { params: RequestParams({ code: CodeSchema }), querystring: CartTokenQuerySchema, response: { 200: CartReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// POST/DELETE /api/commerce/shopping-cart/gift-cards

export const applyGiftCardContract = defineContract({
  operationId: 'applyGiftCard',
  method: 'POST',
  url: '/api/commerce/shopping-cart/gift-cards',
  summary: 'Adds a gift card to pay part or all of the order. Unknown, empty or disabled cards are refused with the reason.',
  tags,
  schema: { body: CartCodeBodySchema, response: { 200: CartReplySchema, ...ERROR_RESPONSES } },
});

export const removeGiftCardContract = defineContract({
  operationId: 'removeGiftCard',
  method: 'DELETE',
  url: '/api/commerce/shopping-cart/gift-cards/:last4',
  summary: 'Takes a gift card off the cart (named by its last four characters, as the cart shows it).',
  tags,
  schema: {
    params: RequestParams({ last4: Text({ minLength: 4, maxLength: 4, [MESSAGE_KEYWORD]: 'Name the gift card by its last four characters.' }) }),
    querystring: CartTokenQuerySchema,
    response: { 200: CartReplySchema, ...ERROR_RESPONSES },
  },
});

export const CHECKOUT_CONTRACTS = [updateCheckoutContract, applyCouponContract, removeCouponContract, applyGiftCardContract, removeGiftCardContract] as const;
