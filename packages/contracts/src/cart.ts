import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import {
  AdditionalFieldsSchema,
  EntryIdSchema,
  ItemIdSchema,
  OptionalAdditionalFieldsSchema,
  OptionalQueryTextSchema,
  OptionalSkuSchema,
  QuantitySchema,
  RequestBody,
  RequestParams,
  RequestQuery,
  ResponseObject,
} from './fields';

/** The cart calls of storefront spec §7, plus update-quantity, remove-entry and express checkout (ours). */

const tags = ['cart'];

// ---------------------------------------------------------------------------------------------
// Answers

/** A cart line (storefront spec §3 Cart entry), with what the cart page needs to show it. */
export const CartEntrySchema = ResponseObject({
  id: Type.String(),
  itemId: Type.String(),
  chosenVariant: ResponseObject({
    id: Type.Optional(Type.String()),
    sku: Type.String(),
    attributes: Type.Record(Type.String(), Type.String()),
  }),
  quantity: Type.Integer(),
  title: Type.String(),
  /** Minor units: purchasePriceCents × quantity. */
  subTotal: Type.Integer(),
  purchasePriceCents: Type.Integer(),
  /** The additional-fields form answers as a JSON string, or null. */
  additionalFields: Type.Union([Type.String(), Type.Null()]),
  /** Storefront spec §3: physical 1, digital 2, service 3, gift card 4. */
  productType: Type.Integer(),
  isSubscription: Type.Optional(Type.Boolean()),
  url: Type.Optional(Type.String()),
  imageUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const ShippingOptionSchema = ResponseObject({ id: Type.String(), name: Type.String(), amountCents: Type.Integer() });
export const ShippingLocationSchema = ResponseObject({
  country: Type.String(),
  region: Type.Union([Type.String(), Type.Null()]),
  postalCode: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export const AppliedTaxRuleSchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  country: Type.String(),
  region: Type.Union([Type.String(), Type.Null()]),
  /** 825 = 8.25 %. */
  rateBasisPoints: Type.Integer(),
  shippingTaxable: Type.Boolean(),
  taxCents: Type.Integer(),
});
export const ValidCouponSchema = ResponseObject({
  id: Type.String(),
  code: Type.String(),
  kind: Type.Union([Type.Literal('percentage'), Type.Literal('fixed'), Type.Literal('free-shipping')]),
  discountCents: Type.Integer(),
});
export const InvalidCouponSchema = ResponseObject({ code: Type.String(), reason: Type.String() });
/** An automatic discount applied to a cart or an order (issue 38 item 5). */
export const AutomaticDiscountLineSchema = ResponseObject({
  id: Type.String(),
  title: Type.String(),
  kind: Type.Union([Type.Literal('spend-over'), Type.Literal('buy-x-get-y'), Type.Literal('quantity-tiers'), Type.Literal('free-shipping')]),
  discountCents: Type.Integer(),
});
/** A checked address, as carts and orders answer it. */
export const AddressSchema = ResponseObject({
  name: Type.String(),
  line1: Type.String(),
  line2: Type.Union([Type.String(), Type.Null()]),
  city: Type.String(),
  region: Type.Union([Type.String(), Type.Null()]),
  postalCode: Type.Union([Type.String(), Type.Null()]),
  country: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
});
export const CartCheckoutSchema = ResponseObject({
  email: Type.Union([Type.String(), Type.Null()]),
  shippingAddress: Type.Union([AddressSchema, Type.Null()]),
  /** null: the same as the shipping address. */
  billingAddress: Type.Union([AddressSchema, Type.Null()]),
});
export const CartGiftCardSchema = ResponseObject({ last4: Type.String(), balanceCents: Type.Integer(), appliedCents: Type.Integer() });

/** The shopping cart of storefront spec §3; every cents field is in `currency`, totals computed by the server. */
export const ShoppingCartSchema = ResponseObject({
  /** '' for a visitor without a cart. */
  id: Type.String(),
  websiteId: Type.String(),
  orderId: Type.Union([Type.String(), Type.Null()]),
  /** Milliseconds since the epoch; 0 for a visitor without a cart. */
  created: Type.Integer(),
  isPurchased: Type.Boolean(),
  entries: Type.Array(CartEntrySchema),
  /** The store's options for the cart's shipping location, priced ([] until the location is known or nothing ships). */
  shippingOptions: Type.Array(ShippingOptionSchema),
  selectedShippingOption: Type.Union([ShippingOptionSchema, Type.Null()]),
  /** Where the goods go (country ISO alpha-2, region without the country prefix); a US territory is the US with it as region. */
  shippingLocation: Type.Union([ShippingLocationSchema, Type.Null()]),
  /** The tax rules that match the location, each with what it adds up to on this cart. */
  applicableTaxRules: Type.Array(AppliedTaxRuleSchema),
  /** The codes entered, as typed. */
  coupons: Type.Array(Type.String()),
  validCoupons: Type.Array(ValidCouponSchema),
  /** Codes that do not apply, each with the reason to show. */
  invalidCoupons: Type.Array(InvalidCouponSchema),
  subtotalCents: Type.Integer(),
  taxCents: Type.Integer(),
  shippingCostCents: Type.Integer(),
  discountCents: Type.Integer(),
  grandTotalCents: Type.Integer(),
  totalQuantity: Type.Integer(),
  hasDigital: Type.Boolean(),
  purelyDigital: Type.Boolean(),
  requiresShipping: Type.Boolean(),
  currency: Type.Optional(Type.String()),
  /** What the shopper has told checkout (ours; absent on carts nobody has checked out with). */
  checkout: Type.Optional(CartCheckoutSchema),
  /** Gift cards paying part of the order (ours): by their last four characters, never the whole code. */
  giftCards: Type.Optional(Type.Array(CartGiftCardSchema)),
  /** What the provider is asked for: grandTotalCents less the gift cards. */
  amountDueCents: Type.Optional(Type.Integer()),
  /** The automatic discounts that apply (ours, issue 38): each with what it takes off (0 for free shipping). */
  automaticDiscounts: Type.Optional(Type.Array(AutomaticDiscountLineSchema)),
  /** What the cart lacks for automatic free shipping, and the nudge to show ("Add $12.00 for free shipping"). */
  freeShippingShortfallCents: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  freeShippingNudge: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export type CartEntryJson = Static<typeof CartEntrySchema>;
export type AddressJson = Static<typeof AddressSchema>;
export type ShoppingCartJson = Static<typeof ShoppingCartSchema>;

/** A single-item cart handed back for a checkout page (`/checkout?cartToken=…`). */
export const CartTokenReplySchema = ResponseObject({ cartToken: Type.String() });
export type CartTokenReply = Static<typeof CartTokenReplySchema>;

const EntryParamsSchema = RequestParams({ entryId: EntryIdSchema });
export type CartEntryParams = Static<typeof EntryParamsSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/commerce/shopping-cart/entries

export const AddCartEntryBodySchema = RequestBody({
  itemId: ItemIdSchema,
  sku: OptionalSkuSchema,
  quantity: QuantitySchema,
  additionalFields: OptionalAdditionalFieldsSchema,
});
export const AddCartEntryReplySchema = ResponseObject({ shoppingCart: ShoppingCartSchema, newlyAdded: CartEntrySchema });
export type AddCartEntryBody = Static<typeof AddCartEntryBodySchema>;
export type AddCartEntryReply = Static<typeof AddCartEntryReplySchema>;

export const addCartEntryContract = defineContract({
  operationId: 'addCartEntry',
  method: 'POST',
  url: '/api/commerce/shopping-cart/entries',
  summary: "Adds an item to the visitor's cart (creating the cart and its cookie when there is none).",
  tags,
  schema: { body: AddCartEntryBodySchema, response: { 200: AddCartEntryReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// PUT /api/commerce/shopping-cart/entries/:entryId/quantity

export const UpdateCartEntryQuantityBodySchema = RequestBody({ quantity: QuantitySchema });
export const CartReplySchema = ResponseObject({ shoppingCart: ShoppingCartSchema });
export type UpdateCartEntryQuantityBody = Static<typeof UpdateCartEntryQuantityBodySchema>;
export type CartReply = Static<typeof CartReplySchema>;

export const updateCartEntryQuantityContract = defineContract({
  operationId: 'updateCartEntryQuantity',
  method: 'PUT',
  url: '/api/commerce/shopping-cart/entries/:entryId/quantity',
  summary: "Sets a cart line's quantity (1–9999; removing a line is DELETE).",
  tags,
  schema: {
    params: EntryParamsSchema,
    body: UpdateCartEntryQuantityBodySchema,
    response: { 200: CartReplySchema, ...ERROR_RESPONSES },
  },
});

// ---------------------------------------------------------------------------------------------
// PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields

export const UpdateCartEntryAdditionalFieldsBodySchema = RequestBody({
  itemId: ItemIdSchema,
  sku: OptionalSkuSchema,
  additionalFields: AdditionalFieldsSchema,
});
export const UpdateCartEntryAdditionalFieldsReplySchema = ResponseObject({
  shoppingCart: ShoppingCartSchema,
  updatedEntry: CartEntrySchema,
});
export type UpdateCartEntryAdditionalFieldsBody = Static<typeof UpdateCartEntryAdditionalFieldsBodySchema>;
export type UpdateCartEntryAdditionalFieldsReply = Static<typeof UpdateCartEntryAdditionalFieldsReplySchema>;

export const updateCartEntryAdditionalFieldsContract = defineContract({
  operationId: 'updateCartEntryAdditionalFields',
  method: 'PUT',
  url: '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
  summary: "Replaces a cart line's additional-fields form answers.",
  tags,
  schema: {
    params: EntryParamsSchema,
    body: UpdateCartEntryAdditionalFieldsBodySchema,
    response: { 200: UpdateCartEntryAdditionalFieldsReplySchema, ...ERROR_RESPONSES },
  },
});

// ---------------------------------------------------------------------------------------------
// DELETE /api/commerce/shopping-cart/entries/:entryId

export const removeCartEntryContract = defineContract({
  operationId: 'removeCartEntry',
  method: 'DELETE',
  url: '/api/commerce/shopping-cart/entries/:entryId',
  summary: 'Removes a line from the cart.',
  tags,
  schema: { params: EntryParamsSchema, response: { 200: CartReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// GET /api/commerce/shopping-cart

export const GetShoppingCartQuerySchema = RequestQuery({
  /** 'true' answers an empty cart without a lookup. */
  mock: OptionalQueryTextSchema,
  /** A cache buster; ignored. */
  timecode: OptionalQueryTextSchema,
  /** Ignored: totals are always computed. */
  calculateSubtotal: OptionalQueryTextSchema,
  /** The single-item cart of a checkout link (express, subscription, gift card) instead of the visitor's own. */
  cartToken: OptionalQueryTextSchema,
});
export type GetShoppingCartQuery = Static<typeof GetShoppingCartQuerySchema>;

export const getShoppingCartContract = defineContract({
  operationId: 'getShoppingCart',
  method: 'GET',
  url: '/api/commerce/shopping-cart',
  summary: "The visitor's cart; an empty cart (id '') when there is none. Never writes.",
  tags,
  schema: { querystring: GetShoppingCartQuerySchema, response: { 200: ShoppingCartSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// POST /api/3/commerce/cart/subscription

export const StartSubscriptionBodySchema = RequestBody({
  itemId: ItemIdSchema,
  sku: OptionalSkuSchema,
  qty: QuantitySchema,
  additionalFields: OptionalAdditionalFieldsSchema,
});
export type StartSubscriptionBody = Static<typeof StartSubscriptionBodySchema>;

export const startSubscriptionContract = defineContract({
  operationId: 'startSubscription',
  method: 'POST',
  url: '/api/3/commerce/cart/subscription',
  summary: 'A cart of its own holding one subscription product; go on to /checkout/subscription?cartToken=….',
  tags,
  schema: { body: StartSubscriptionBodySchema, response: { 200: CartTokenReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// POST /api/commerce/express-checkout

export const StartExpressCheckoutBodySchema = AddCartEntryBodySchema;
export type StartExpressCheckoutBody = Static<typeof StartExpressCheckoutBodySchema>;

export const startExpressCheckoutContract = defineContract({
  operationId: 'startExpressCheckout',
  method: 'POST',
  url: '/api/commerce/express-checkout',
  summary: "A cart of its own holding one item, the visitor's cart untouched; go on to /checkout?cartToken=….",
  tags,
  schema: { body: StartExpressCheckoutBodySchema, response: { 200: CartTokenReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// GET /api/commerce/inventory/stock/

export const GetStockQuerySchema = RequestQuery({ itemId: ItemIdSchema });
export const StockRecordSchema = ResponseObject({
  variantId: Type.String(),
  sku: Type.String(),
  unlimited: Type.Boolean(),
  qtyInStock: Type.Integer(),
});
export const GetStockReplySchema = ResponseObject({ results: Type.Array(StockRecordSchema) });
export type GetStockQuery = Static<typeof GetStockQuerySchema>;
export type StockRecord = Static<typeof StockRecordSchema>;
export type GetStockReply = Static<typeof GetStockReplySchema>;

export const getStockContract = defineContract({
  operationId: 'getStock',
  method: 'GET',
  url: '/api/commerce/inventory/stock/',
  summary: "A product's stock, one record per variant in display order.",
  tags,
  schema: { querystring: GetStockQuerySchema, response: { 200: GetStockReplySchema, ...ERROR_RESPONSES } },
});

export const CART_CONTRACTS = [
  addCartEntryContract,
  updateCartEntryQuantityContract,
  updateCartEntryAdditionalFieldsContract,
  removeCartEntryContract,
  getShoppingCartContract,
  startSubscriptionContract,
  startExpressCheckoutContract,
  getStockContract,
] as const;
