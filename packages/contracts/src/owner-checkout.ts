import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';

/**
 * The owner's checkout settings (issue 17): shipping zones with their rates, tax rules and coupons. The shapes
 * are the checkout engine's (ShippingZone, ShippingRate, TaxRule, Coupon: @vitrine/commerce checkout/); money is
 * in minor units and rates in basis points (825 = 8.25 %). Top-level fields are checked here; what nests (a
 * zone's locations and rates, weight tiers, a coupon's scope) is checked by the server, whose errors are keyed
 * by path ('rates.1.weightTiers.0.upToGrams'). Whether prices include tax is the commerce preference
 * `pricesIncludeTax`.
 */

const tags = ['owner-checkout'];

/**
 * ISO 3166-1 alpha-2 codes (the 249 assigned ones) and XK (Kosovo, user-assigned but used by carriers and
 * payment providers). `Intl.DisplayNames` names them in the owner's language.
 */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

/** Platform spec §3: US territories count as the United States, with the territory as the region. */
export const US_TERRITORIES = ['PR', 'GU', 'VI', 'AS', 'MP', 'UM'] as const;

export const CHECKOUT_SETTINGS_LIMITS = {
  nameLength: 100,
  zones: 100,
  locationsPerZone: 300,
  regionsPerLocation: 100,
  ratesPerZone: 20,
  weightTiers: 50,
  /** 1,000 kg: a parcel heavier than any carrier takes. */
  maxGrams: 1_000_000,
  maxCents: 100_000_000_00,
  taxRules: 500,
  coupons: 1000,
  couponCodeLength: 50,
  scopeIds: 500,
  maxBasisPoints: 10_000,
  maxUses: 1_000_000_000,
} as const;

export const CHECKOUT_SETTINGS_MESSAGES = {
  zoneId: 'zoneId must be a shipping zone id.',
  ruleId: 'ruleId must be a tax rule id.',
  couponId: 'couponId must be a coupon id.',
  name: `Enter a name of 1 to ${CHECKOUT_SETTINGS_LIMITS.nameLength} characters.`,
  locations: `locations must be a list of 1 to ${CHECKOUT_SETTINGS_LIMITS.locationsPerZone} places: { country, regions }.`,
  rates: `rates must be a list of up to ${CHECKOUT_SETTINGS_LIMITS.ratesPerZone} rates: { name, kind, amountCents, … }.`,
  country: 'Enter a country as its two-letter ISO code in capitals, such as US or DE.',
  unknownCountry: 'This is not a country code we know (ISO 3166-1, such as US or DE).',
  region: 'Enter a region as its ISO 3166-2 code without the country, such as CA for California, or leave it empty.',
  unknownRegion: 'This is not a region of that country we know.',
  regions: `regions must be null (the whole country) or a list of 1 to ${CHECKOUT_SETTINGS_LIMITS.regionsPerLocation} region codes.`,
  duplicateLocation: 'This place is listed twice in the zone.',
  rateKind: "kind must be 'flat', 'weight' or 'free-over'.",
  cents: 'Enter an amount in minor units, 0 or more.',
  freeOverCents: 'Enter the subtotal, in minor units, from which shipping is free.',
  freeOverOnly: 'Only a free-over rate has a free-over threshold.',
  weightTiers: `Enter 1 to ${CHECKOUT_SETTINGS_LIMITS.weightTiers} weight tiers: { upToGrams, amountCents }.`,
  weightTiersOnly: 'Only a weight rate has weight tiers.',
  upToGrams: `Enter a weight in grams, from 1 to ${CHECKOUT_SETTINGS_LIMITS.maxGrams}.`,
  tiersAscending: 'Weight tiers must go up: each upToGrams more than the one before.',
  rateId: "This rate is not one of this zone's.",
  rateBasisPoints: 'Enter a rate from 0 to 10000 basis points (0 % to 100 %; 825 is 8.25 %).',
  shippingTaxable: 'shippingTaxable must be true or false.',
  code: `Enter a code of 1 to ${CHECKOUT_SETTINGS_LIMITS.couponCodeLength} letters, digits, - and _.`,
  codeTaken: 'A coupon with this code already exists.',
  couponKind: "kind must be 'percentage', 'fixed' or 'free-shipping'.",
  percentBasisPoints: 'Enter a percentage from 1 to 10000 basis points (0.01 % to 100 %; 1000 is 10 %).',
  percentageOnly: 'Only a percentage coupon has a percentage.',
  amountCents: 'Enter an amount in minor units, more than 0.',
  fixedOnly: 'Only a fixed-amount coupon has an amount.',
  minSubtotalCents: 'Enter a minimum subtotal in minor units, 0 or more, or leave it empty.',
  date: 'Enter a date and time in ISO 8601, such as 2026-12-01 or 2026-12-01T09:00:00Z, or leave it empty.',
  endsAfterStarts: 'The end must come after the start.',
  usageLimit: 'Enter how many times the coupon may be used in all, 1 or more, or leave it empty for no limit.',
  perCustomerLimit: 'Enter how many times one customer may use it, 1 or more, or leave it empty for no limit.',
  scope: "scope must be { kind: 'all' }, { kind: 'products', productIds } or { kind: 'collections', collectionIds }.",
  scopeIds: `List 1 to ${CHECKOUT_SETTINGS_LIMITS.scopeIds} ids.`,
  unknownProduct: 'This product does not exist in this store.',
  unknownCollection: 'This collection does not exist in this store.',
  active: 'active must be true or false.',
  combinesWithAutomaticDiscounts: 'combinesWithAutomaticDiscounts must be true or false.',
  tooManyZones: `A store has at most ${CHECKOUT_SETTINGS_LIMITS.zones} shipping zones.`,
  tooManyTaxRules: `A store has at most ${CHECKOUT_SETTINGS_LIMITS.taxRules} tax rules.`,
  tooManyCoupons: `A store has at most ${CHECKOUT_SETTINGS_LIMITS.coupons} coupons.`,
  zoneNotFound: 'Sorry, that shipping zone was not found.',
  ruleNotFound: 'Sorry, that tax rule was not found.',
  couponNotFound: 'Sorry, that coupon was not found.',
  invalid: 'Some fields are not valid.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalNullable = <T extends TSchema>(schema: T, message: string) => Type.Optional(Type.Union([schema, Type.Null()], withMessage(message)));
const Id = (message: string) => Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(message) });
const Name = () => Text({ minLength: 1, maxLength: CHECKOUT_SETTINGS_LIMITS.nameLength, pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$', ...withMessage(CHECKOUT_SETTINGS_MESSAGES.name) });
/** A JSON value whose inside the server checks (its errors keyed by path). */
const Checked = <T>(type: 'array' | 'object', message: string, maxItems?: number) =>
  Type.Unsafe<T>({ type, ...(maxItems === undefined ? {} : { maxItems }), ...withMessage(message) });

// ---------------------------------------------------------------------------------------------
// The shapes (the engine's)

export type CountryCode = (typeof COUNTRY_CODES)[number];
export type ShippingRateKind = 'flat' | 'weight' | 'free-over';
export type CouponKind = 'percentage' | 'fixed' | 'free-shipping';

export interface ShippingZoneLocation {
  country: string;
  /** null: the whole country. */
  regions: string[] | null;
}
export interface WeightTier {
  upToGrams: number;
  amountCents: number;
}
export type CouponScope = { kind: 'all' } | { kind: 'products'; productIds: string[] } | { kind: 'collections'; collectionIds: string[] };

/** A rate as sent: `id` keeps an existing rate of the zone (a cart's chosen option names it); without it, a new rate. */
export interface ShippingRateInput {
  id?: string;
  name: string;
  kind: ShippingRateKind;
  amountCents?: number;
  freeOverCents?: number | null;
  weightTiers?: WeightTier[] | null;
}

const ShippingRateSchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Unsafe<ShippingRateKind>({ type: 'string', enum: ['flat', 'weight', 'free-over'] }),
  amountCents: Type.Integer(),
  freeOverCents: Nullable(Type.Integer()),
  weightTiers: Nullable(Type.Array(ResponseObject({ upToGrams: Type.Integer(), amountCents: Type.Integer() }))),
});
export type ShippingRateJson = Static<typeof ShippingRateSchema>;

export const ShippingZoneSchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  locations: Type.Array(ResponseObject({ country: Type.String(), regions: Nullable(Type.Array(Type.String())) })),
  rates: Type.Array(ShippingRateSchema),
  position: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ShippingZoneJson = Static<typeof ShippingZoneSchema>;

export const TaxRuleSchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  country: Type.String(),
  region: Nullable(Type.String()),
  rateBasisPoints: Type.Integer(),
  shippingTaxable: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type TaxRuleJson = Static<typeof TaxRuleSchema>;

export const CouponSchema = ResponseObject({
  id: Type.String(),
  code: Type.String(),
  kind: Type.Unsafe<CouponKind>({ type: 'string', enum: ['percentage', 'fixed', 'free-shipping'] }),
  percentBasisPoints: Nullable(Type.Integer()),
  amountCents: Nullable(Type.Integer()),
  minSubtotalCents: Nullable(Type.Integer()),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  usageLimit: Nullable(Type.Integer()),
  perCustomerLimit: Nullable(Type.Integer()),
  scope: Type.Unsafe<CouponScope>(ResponseObject({ kind: Type.String() })),
  active: Type.Boolean(),
  /** Stacks on automatic discounts; otherwise the better of the two applies (issue 38). */
  combinesWithAutomaticDiscounts: Type.Boolean(),
  /** Uses claimed by orders so far. */
  timesUsed: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CouponJson = Static<typeof CouponSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

const ZoneParams = RequestParams({ zoneId: Id(CHECKOUT_SETTINGS_MESSAGES.zoneId) });
const RuleParams = RequestParams({ ruleId: Id(CHECKOUT_SETTINGS_MESSAGES.ruleId) });
const CouponParams = RequestParams({ couponId: Id(CHECKOUT_SETTINGS_MESSAGES.couponId) });

/** A zone, saved whole: its rates replace the ones it had (a rate sent with its id keeps it). */
export const ShippingZoneBodySchema = RequestBody({
  name: Name(),
  locations: Checked<ShippingZoneLocation[]>('array', CHECKOUT_SETTINGS_MESSAGES.locations, CHECKOUT_SETTINGS_LIMITS.locationsPerZone),
  rates: Checked<ShippingRateInput[]>('array', CHECKOUT_SETTINGS_MESSAGES.rates, CHECKOUT_SETTINGS_LIMITS.ratesPerZone),
});
export type ShippingZoneBody = Static<typeof ShippingZoneBodySchema>;

export const TaxRuleBodySchema = RequestBody({
  name: Name(),
  country: Text({ pattern: '^[A-Z]{2}$', ...withMessage(CHECKOUT_SETTINGS_MESSAGES.country) }),
  region: OptionalNullable(Text({ pattern: '^(?:[A-Z0-9]{1,3})?$' }), CHECKOUT_SETTINGS_MESSAGES.region),
  rateBasisPoints: Type.Integer({ minimum: 0, maximum: CHECKOUT_SETTINGS_LIMITS.maxBasisPoints, ...withMessage(CHECKOUT_SETTINGS_MESSAGES.rateBasisPoints) }),
  shippingTaxable: Type.Optional(Type.Boolean(withMessage(CHECKOUT_SETTINGS_MESSAGES.shippingTaxable))),
});
export type TaxRuleBody = Static<typeof TaxRuleBodySchema>;

const Cents = (minimum: number, message: string) =>
  OptionalNullable(Type.Integer({ minimum, maximum: CHECKOUT_SETTINGS_LIMITS.maxCents }), message);
const Uses = (message: string) => OptionalNullable(Type.Integer({ minimum: 1, maximum: CHECKOUT_SETTINGS_LIMITS.maxUses }), message);
const DateText = () =>
  OptionalNullable(
    Text({ pattern: '^(?:\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:\\d{2}))?)?$' }),
    CHECKOUT_SETTINGS_MESSAGES.date,
  );

/** A coupon, saved whole. Codes compare trimmed and case-insensitively, and are unique per store. */
export const CouponBodySchema = RequestBody({
  code: Text({ pattern: `^[A-Za-z0-9_-]{1,${CHECKOUT_SETTINGS_LIMITS.couponCodeLength}}$`, ...withMessage(CHECKOUT_SETTINGS_MESSAGES.code) }),
  kind: Type.Unsafe<CouponKind>(Text({ pattern: '^(?:percentage|fixed|free-shipping)$', ...withMessage(CHECKOUT_SETTINGS_MESSAGES.couponKind) })),
  percentBasisPoints: OptionalNullable(Type.Integer({ minimum: 1, maximum: CHECKOUT_SETTINGS_LIMITS.maxBasisPoints }), CHECKOUT_SETTINGS_MESSAGES.percentBasisPoints),
  amountCents: Cents(1, CHECKOUT_SETTINGS_MESSAGES.amountCents),
  minSubtotalCents: Cents(0, CHECKOUT_SETTINGS_MESSAGES.minSubtotalCents),
  startsAt: DateText(),
  endsAt: DateText(),
  usageLimit: Uses(CHECKOUT_SETTINGS_MESSAGES.usageLimit),
  perCustomerLimit: Uses(CHECKOUT_SETTINGS_MESSAGES.perCustomerLimit),
  scope: Type.Optional(Checked<CouponScope>('object', CHECKOUT_SETTINGS_MESSAGES.scope)),
  active: Type.Optional(Type.Boolean(withMessage(CHECKOUT_SETTINGS_MESSAGES.active))),
  combinesWithAutomaticDiscounts: Type.Optional(Type.Boolean(withMessage(CHECKOUT_SETTINGS_MESSAGES.combinesWithAutomaticDiscounts))),
});
export type CouponBody = Static<typeof CouponBodySchema>;

// ---------------------------------------------------------------------------------------------
// Calls

const ZoneReply = ResponseObject({ zone: ShippingZoneSchema });
const RuleReply = ResponseObject({ taxRule: TaxRuleSchema });
const CouponReply = ResponseObject({ coupon: CouponSchema });
const Deleted = ResponseObject({ deleted: Type.Literal(true), id: Type.String() });
export type ShippingZoneReply = Static<typeof ZoneReply>;
export type TaxRuleReply = Static<typeof RuleReply>;
export type CouponReplyJson = Static<typeof CouponReply>;

export const listShippingZonesContract = defineContract({
  operationId: 'listShippingZones',
  method: 'GET',
  url: '/api/owner/shipping-zones',
  summary: "The store's shipping zones, each with its rates, in their order.",
  tags,
  access: 'store-settings:read',
  schema: { response: { 200: ResponseObject({ zones: Type.Array(ShippingZoneSchema) }), ...ERROR_RESPONSES } },
});

export const createShippingZoneContract = defineContract({
  operationId: 'createShippingZone',
  method: 'POST',
  url: '/api/owner/shipping-zones',
  summary: 'Adds a shipping zone (its places and rates), last in the order.',
  tags,
  access: 'store-settings:write',
  schema: { body: ShippingZoneBodySchema, response: { 201: ZoneReply, ...ERROR_RESPONSES } },
});

export const getShippingZoneContract = defineContract({
  operationId: 'getShippingZone',
  method: 'GET',
  url: '/api/owner/shipping-zones/:zoneId',
  summary: 'One shipping zone with its rates.',
  tags,
  access: 'store-settings:read',
  schema: { params: ZoneParams, response: { 200: ZoneReply, ...ERROR_RESPONSES } },
});

export const replaceShippingZoneContract = defineContract({
  operationId: 'replaceShippingZone',
  method: 'PUT',
  url: '/api/owner/shipping-zones/:zoneId',
  summary: 'Saves a shipping zone whole: name, places and rates (a rate sent with its id keeps it; rates left out go).',
  tags,
  access: 'store-settings:write',
  schema: { params: ZoneParams, body: ShippingZoneBodySchema, response: { 200: ZoneReply, ...ERROR_RESPONSES } },
});

export const deleteShippingZoneContract = defineContract({
  operationId: 'deleteShippingZone',
  method: 'DELETE',
  url: '/api/owner/shipping-zones/:zoneId',
  summary: 'Deletes a shipping zone and its rates.',
  tags,
  access: 'store-settings:write',
  schema: { params: ZoneParams, response: { 200: Deleted, ...ERROR_RESPONSES } },
});

export const listTaxRulesContract = defineContract({
  operationId: 'listTaxRules',
  method: 'GET',
  url: '/api/owner/tax-rules',
  summary: "The store's tax rules, by country and region.",
  tags,
  access: 'store-settings:read',
  schema: { response: { 200: ResponseObject({ taxRules: Type.Array(TaxRuleSchema), pricesIncludeTax: Type.Boolean() }), ...ERROR_RESPONSES } },
});

export const createTaxRuleContract = defineContract({
  operationId: 'createTaxRule',
  method: 'POST',
  url: '/api/owner/tax-rules',
  summary: 'Adds a tax rule for a country or one of its regions (rules of one place add up).',
  tags,
  access: 'store-settings:write',
  schema: { body: TaxRuleBodySchema, response: { 201: RuleReply, ...ERROR_RESPONSES } },
});

export const replaceTaxRuleContract = defineContract({
  operationId: 'replaceTaxRule',
  method: 'PUT',
  url: '/api/owner/tax-rules/:ruleId',
  summary: 'Saves a tax rule whole.',
  tags,
  access: 'store-settings:write',
  schema: { params: RuleParams, body: TaxRuleBodySchema, response: { 200: RuleReply, ...ERROR_RESPONSES } },
});

export const deleteTaxRuleContract = defineContract({
  operationId: 'deleteTaxRule',
  method: 'DELETE',
  url: '/api/owner/tax-rules/:ruleId',
  summary: 'Deletes a tax rule.',
  tags,
  access: 'store-settings:write',
  schema: { params: RuleParams, response: { 200: Deleted, ...ERROR_RESPONSES } },
});

export const listCouponsContract = defineContract({
  operationId: 'listCoupons',
  method: 'GET',
  url: '/api/owner/coupons',
  summary: "The store's coupons, newest first, with the uses claimed so far.",
  tags,
  access: 'store-settings:read',
  schema: { response: { 200: ResponseObject({ coupons: Type.Array(CouponSchema) }), ...ERROR_RESPONSES } },
});

export const createCouponContract = defineContract({
  operationId: 'createCoupon',
  method: 'POST',
  url: '/api/owner/coupons',
  summary: 'Adds a coupon (its code unique in the store, compared case-insensitively).',
  tags,
  access: 'store-settings:write',
  schema: { body: CouponBodySchema, response: { 201: CouponReply, ...ERROR_RESPONSES } },
});

export const getCouponContract = defineContract({
  operationId: 'getCoupon',
  method: 'GET',
  url: '/api/owner/coupons/:couponId',
  summary: 'One coupon, with the uses claimed so far.',
  tags,
  access: 'store-settings:read',
  schema: { params: CouponParams, response: { 200: CouponReply, ...ERROR_RESPONSES } },
});

export const replaceCouponContract = defineContract({
  operationId: 'replaceCoupon',
  method: 'PUT',
  url: '/api/owner/coupons/:couponId',
  summary: 'Saves a coupon whole (its uses so far are kept).',
  tags,
  access: 'store-settings:write',
  schema: { params: CouponParams, body: CouponBodySchema, response: { 200: CouponReply, ...ERROR_RESPONSES } },
});

export const deleteCouponContract = defineContract({
  operationId: 'deleteCoupon',
  method: 'DELETE',
  url: '/api/owner/coupons/:couponId',
  summary: 'Deletes a coupon and its record of uses (orders keep the discount they got).',
  tags,
  access: 'store-settings:write',
  schema: { params: CouponParams, response: { 200: Deleted, ...ERROR_RESPONSES } },
});

export const OWNER_CHECKOUT_CONTRACTS = [
  listShippingZonesContract,
  createShippingZoneContract,
  getShippingZoneContract,
  replaceShippingZoneContract,
  deleteShippingZoneContract,
  listTaxRulesContract,
  createTaxRuleContract,
  replaceTaxRuleContract,
  deleteTaxRuleContract,
  listCouponsContract,
  createCouponContract,
  getCouponContract,
  replaceCouponContract,
  deleteCouponContract,
] as const;
