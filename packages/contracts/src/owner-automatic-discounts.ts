import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';
import { CHECKOUT_SETTINGS_LIMITS, type CouponScope } from './owner-checkout';

/**
 * The owner's automatic discounts (issue 38 item 5): discounts applied without a code. The shapes are the checkout
 * engine's (AutomaticDiscount: @vitrine/commerce checkout/automatic-discounts.ts, which writes down the stacking
 * rules); money in minor units, percentages in basis points (1000 = 10 %). Top-level fields are checked here;
 * which fields a kind needs, a scope's ids and the tiers are checked by the server, its errors keyed by path
 * ('tiers.1.minQuantity').
 */

const tags = ['owner-automatic-discounts'];

export type AutomaticDiscountKind = 'spend-over' | 'buy-x-get-y' | 'quantity-tiers' | 'free-shipping';
export const AUTOMATIC_DISCOUNT_KINDS: readonly AutomaticDiscountKind[] = ['spend-over', 'buy-x-get-y', 'quantity-tiers', 'free-shipping'];

export interface QuantityTierJson {
  minQuantity: number;
  percentBasisPoints: number;
}

export const AUTOMATIC_DISCOUNT_LIMITS = {
  discounts: 200,
  titleLength: 100,
  tiers: 10,
  maxQuantity: 10_000,
} as const;

export const AUTOMATIC_DISCOUNT_MESSAGES = {
  discountId: 'discountId must be an automatic discount id.',
  title: `Enter a title of 1 to ${AUTOMATIC_DISCOUNT_LIMITS.titleLength} characters.`,
  kind: "kind must be 'spend-over', 'buy-x-get-y', 'quantity-tiers' or 'free-shipping'.",
  minSubtotalCents: 'Enter the amount, in minor units, from which the discount applies (0 or more).',
  percentBasisPoints: 'Enter a percentage from 1 to 10000 basis points (0.01 % to 100 %; 1000 is 10 %).',
  amountCents: 'Enter an amount in minor units, more than 0.',
  percentOrAmount: 'Enter either a percentage or an amount off, not both.',
  notForKind: 'This kind of discount has no such field.',
  quantity: `Enter a quantity from 1 to ${AUTOMATIC_DISCOUNT_LIMITS.maxQuantity}.`,
  tiers: `Enter 1 to ${AUTOMATIC_DISCOUNT_LIMITS.tiers} tiers: { minQuantity, percentBasisPoints }.`,
  tiersAscending: 'Tiers must go up: each minQuantity more than the one before.',
  scope: "scope must be { kind: 'all' }, { kind: 'products', productIds } or { kind: 'collections', collectionIds }.",
  scopeIds: `List 1 to ${CHECKOUT_SETTINGS_LIMITS.scopeIds} ids.`,
  unknownProduct: 'This product does not exist in this store.',
  unknownCollection: 'This collection does not exist in this store.',
  date: 'Enter a date and time in ISO 8601, such as 2026-12-01 or 2026-12-01T09:00:00Z, or leave it empty.',
  endsAfterStarts: 'The end must come after the start.',
  active: 'active must be true or false.',
  tooMany: `A store has at most ${AUTOMATIC_DISCOUNT_LIMITS.discounts} automatic discounts.`,
  notFound: 'Sorry, that automatic discount was not found.',
  invalid: 'Some fields are not valid.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalNullable = <T extends TSchema>(schema: T, message: string) => Type.Optional(Type.Union([schema, Type.Null()], withMessage(message)));
const Checked = <T>(type: 'array' | 'object', message: string, maxItems?: number) =>
  Type.Unsafe<T>({ type, ...(maxItems === undefined ? {} : { maxItems }), ...withMessage(message) });
const DateText = () =>
  OptionalNullable(
    Text({ pattern: '^(?:\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:\\d{2}))?)?$' }),
    AUTOMATIC_DISCOUNT_MESSAGES.date,
  );
const Quantity = () =>
  OptionalNullable(Type.Integer({ minimum: 1, maximum: AUTOMATIC_DISCOUNT_LIMITS.maxQuantity }), AUTOMATIC_DISCOUNT_MESSAGES.quantity);

export const AutomaticDiscountSchema = ResponseObject({
  id: Type.String(),
  title: Type.String(),
  kind: Type.Unsafe<AutomaticDiscountKind>({ type: 'string', enum: [...AUTOMATIC_DISCOUNT_KINDS] }),
  active: Type.Boolean(),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  minSubtotalCents: Nullable(Type.Integer()),
  percentBasisPoints: Nullable(Type.Integer()),
  amountCents: Nullable(Type.Integer()),
  buyQuantity: Nullable(Type.Integer()),
  getQuantity: Nullable(Type.Integer()),
  scope: Type.Unsafe<CouponScope>(ResponseObject({ kind: Type.String() })),
  tiers: Nullable(Type.Array(ResponseObject({ minQuantity: Type.Integer(), percentBasisPoints: Type.Integer() }))),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AutomaticDiscountJson = Static<typeof AutomaticDiscountSchema>;

/** An automatic discount, saved whole. */
export const AutomaticDiscountBodySchema = RequestBody({
  title: Text({ minLength: 1, maxLength: AUTOMATIC_DISCOUNT_LIMITS.titleLength, pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$', ...withMessage(AUTOMATIC_DISCOUNT_MESSAGES.title) }),
  kind: Type.Unsafe<AutomaticDiscountKind>(Text({ pattern: '^(?:spend-over|buy-x-get-y|quantity-tiers|free-shipping)$', ...withMessage(AUTOMATIC_DISCOUNT_MESSAGES.kind) })),
  active: Type.Optional(Type.Boolean(withMessage(AUTOMATIC_DISCOUNT_MESSAGES.active))),
  startsAt: DateText(),
  endsAt: DateText(),
  minSubtotalCents: OptionalNullable(Type.Integer({ minimum: 0, maximum: CHECKOUT_SETTINGS_LIMITS.maxCents }), AUTOMATIC_DISCOUNT_MESSAGES.minSubtotalCents),
  percentBasisPoints: OptionalNullable(Type.Integer({ minimum: 1, maximum: CHECKOUT_SETTINGS_LIMITS.maxBasisPoints }), AUTOMATIC_DISCOUNT_MESSAGES.percentBasisPoints),
  amountCents: OptionalNullable(Type.Integer({ minimum: 1, maximum: CHECKOUT_SETTINGS_LIMITS.maxCents }), AUTOMATIC_DISCOUNT_MESSAGES.amountCents),
  buyQuantity: Quantity(),
  getQuantity: Quantity(),
  scope: Type.Optional(Checked<CouponScope>('object', AUTOMATIC_DISCOUNT_MESSAGES.scope)),
  tiers: OptionalNullable(Checked<QuantityTierJson[]>('array', AUTOMATIC_DISCOUNT_MESSAGES.tiers, AUTOMATIC_DISCOUNT_LIMITS.tiers), AUTOMATIC_DISCOUNT_MESSAGES.tiers),
});
export type AutomaticDiscountBody = Static<typeof AutomaticDiscountBodySchema>;

const Params = RequestParams({ discountId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(AUTOMATIC_DISCOUNT_MESSAGES.discountId) }) });
const Reply = ResponseObject({ automaticDiscount: AutomaticDiscountSchema });
const Deleted = ResponseObject({ deleted: Type.Literal(true), id: Type.String() });
export type AutomaticDiscountReply = Static<typeof Reply>;

export const listAutomaticDiscountsContract = defineContract({
  operationId: 'listAutomaticDiscounts',
  method: 'GET',
  url: '/api/owner/automatic-discounts',
  summary: "The store's automatic discounts, oldest first.",
  tags,
  access: 'store-settings:read',
  schema: { response: { 200: ResponseObject({ automaticDiscounts: Type.Array(AutomaticDiscountSchema) }), ...ERROR_RESPONSES } },
});

export const createAutomaticDiscountContract = defineContract({
  operationId: 'createAutomaticDiscount',
  method: 'POST',
  url: '/api/owner/automatic-discounts',
  summary: 'Adds an automatic discount (applied without a code while it is on and in its dates).',
  tags,
  access: 'store-settings:write',
  schema: { body: AutomaticDiscountBodySchema, response: { 201: Reply, ...ERROR_RESPONSES } },
});

export const getAutomaticDiscountContract = defineContract({
  operationId: 'getAutomaticDiscount',
  method: 'GET',
  url: '/api/owner/automatic-discounts/:discountId',
  summary: 'One automatic discount.',
  tags,
  access: 'store-settings:read',
  schema: { params: Params, response: { 200: Reply, ...ERROR_RESPONSES } },
});

export const replaceAutomaticDiscountContract = defineContract({
  operationId: 'replaceAutomaticDiscount',
  method: 'PUT',
  url: '/api/owner/automatic-discounts/:discountId',
  summary: 'Saves an automatic discount whole (turning it on or off among the rest).',
  tags,
  access: 'store-settings:write',
  schema: { params: Params, body: AutomaticDiscountBodySchema, response: { 200: Reply, ...ERROR_RESPONSES } },
});

export const deleteAutomaticDiscountContract = defineContract({
  operationId: 'deleteAutomaticDiscount',
  method: 'DELETE',
  url: '/api/owner/automatic-discounts/:discountId',
  summary: 'Deletes an automatic discount (orders keep what it took off).',
  tags,
  access: 'store-settings:write',
  schema: { params: Params, response: { 200: Deleted, ...ERROR_RESPONSES } },
});

export const OWNER_AUTOMATIC_DISCOUNT_CONTRACTS = [
  listAutomaticDiscountsContract,
  createAutomaticDiscountContract,
  getAutomaticDiscountContract,
  replaceAutomaticDiscountContract,
  deleteAutomaticDiscountContract,
] as const;
