import Type, { type TProperties, type TSchema, type TStringOptions } from 'typebox';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN, isValidEmail } from '@vitrine/forms/email';
import { FIELD_MESSAGES } from './messages';

/**
 * The request fields every call shares, each a JSON Schema carrying its own message. The rules are
 * the ones the server applied by hand before (server/src/cart/input.ts, site-users/routes.ts); rules
 * that need the database or a JSON parse (does the product exist, does additionalFields parse to an
 * object) stay in the server's code.
 */

/**
 * The annotation keyword a field's message travels in. `x-` is OpenAPI's prefix for extensions, so
 * the generated document keeps it; Ajv learns it as an annotation (`ajvOptions.keywords`), so it
 * validates nothing.
 */
export const MESSAGE_KEYWORD = 'x-message';

/**
 * A field's message: one text for every failure, or one per failing JSON Schema keyword
 * (`minLength`, `maxLength`, `type`, `required`, …) with `default` for the others.
 */
export type FieldMessage = string | { readonly default: string; readonly [keyword: string]: string };

/**
 * No request string may hold U+0000: PostgreSQL's text type cannot store it, so a NUL that got
 * through would end in a 500 instead of a 400. A string with a pattern of its own must exclude NUL
 * in that pattern (the contracts' tests check every request string).
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** A request string: NUL-free unless `options.pattern` says otherwise (and then it must refuse NUL too). */
export function Text(options: TStringOptions = {}) {
  return Type.String({ pattern: NO_NUL_PATTERN, ...options });
}

/** Field limits, as today's server enforces them. */
export const LIMITS = {
  /** Product, variant and cart entry ids (24 hex digits today; 64 leaves room). */
  idLength: 64,
  skuLength: 100,
  /** The additional-fields form answers are short; 16 KB is far more than any form needs. */
  additionalFieldsLength: 16_384,
  /** Storefront spec §5 and §9: an email is 3–256 characters. */
  emailMinLength: EMAIL_MIN_LENGTH,
  emailMaxLength: EMAIL_MAX_LENGTH,
  passwordMinLength: 8,
  passwordMaxLength: 200,
  cartTokenLength: 100,
} as const;

/**
 * The email rule of storefront spec §5 lives in `@vitrine/forms` (site forms check addresses with it too);
 * re-exported here for request schemas and the server. `EmailSchema` below uses the pattern's source.
 */
export { EMAIL_PATTERN, isValidEmail };

/**
 * A quantity may come as a string (what the input holds). The schema only bounds it; reading it is the
 * shared rule's job (`parseQuantity` in `@vitrine/commerce`: plain decimal digits, so '0x10' and '1e3'
 * are refused), because the spec orders the checks: a product with a form reports missing stock before
 * a bad quantity, and '2.5' is 'Quantity must be a whole number', not 'a number'.
 */
export const QUANTITY_STRING_MAX_LENGTH = 32;

const nullable = <T extends TSchema>(schema: T, message: FieldMessage) => Type.Union([schema, Type.Null()], { [MESSAGE_KEYWORD]: message });

export const ItemIdSchema = Text({ minLength: 1, maxLength: LIMITS.idLength, [MESSAGE_KEYWORD]: FIELD_MESSAGES.itemId });

export const EntryIdSchema = Text({ minLength: 1, maxLength: LIMITS.idLength, [MESSAGE_KEYWORD]: FIELD_MESSAGES.entryId });

/** The sku may be left out (a single-variant product) or null; when given it names the variant. */
export const OptionalSkuSchema = Type.Optional(nullable(Text({ maxLength: LIMITS.skuLength }), FIELD_MESSAGES.sku));

/** A JSON number, or a short string that the shared rule reads (older clients send what the input holds). */
export const QuantitySchema = Type.Union([Type.Number(), Text({ maxLength: QUANTITY_STRING_MAX_LENGTH })], {
  [MESSAGE_KEYWORD]: FIELD_MESSAGES.quantity,
});

/** The additional-fields form answers as a JSON string (spec §7); that it parses is checked in code. */
export const AdditionalFieldsSchema = Text({ maxLength: LIMITS.additionalFieldsLength, [MESSAGE_KEYWORD]: FIELD_MESSAGES.additionalFields });

/** Optional when adding: absent, null and '' all mean "no answers". */
export const OptionalAdditionalFieldsSchema = Type.Optional(
  nullable(Text({ maxLength: LIMITS.additionalFieldsLength }), FIELD_MESSAGES.additionalFields),
);

export const EmailSchema = Type.String({
  minLength: LIMITS.emailMinLength,
  maxLength: LIMITS.emailMaxLength,
  pattern: EMAIL_PATTERN.source,
  [MESSAGE_KEYWORD]: FIELD_MESSAGES.email,
});

export const PasswordSchema = Text({
  minLength: LIMITS.passwordMinLength,
  maxLength: LIMITS.passwordMaxLength,
  [MESSAGE_KEYWORD]: { default: FIELD_MESSAGES.passwordTooShort, maxLength: FIELD_MESSAGES.passwordTooLong },
});

export const OptionalRememberMeSchema = Type.Optional(Type.Boolean({ [MESSAGE_KEYWORD]: FIELD_MESSAGES.rememberMe }));

/** Absent or null: the visitor's own cart is purchased. */
export const OptionalCartTokenSchema = Type.Optional(nullable(Text({ maxLength: LIMITS.cartTokenLength }), FIELD_MESSAGES.cartToken));

/** A query parameter: a string (a repeated key arrives as an array and is refused). */
export const OptionalQueryTextSchema = Type.Optional(Text());

/** Request bodies name every field they accept; anything else is refused ('Unknown field.'). */
export function RequestBody<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}

/** Query strings keep extra keys (cache busters such as `timecode` or `_`). */
export function RequestQuery<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: true });
}

/** Path parameters (Fastify passes only the route's own, so other keys never arrive). */
export function RequestParams<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: true });
}

/**
 * Response objects keep properties the schema does not list: Fastify's serializer drops unlisted
 * properties unless `additionalProperties` is true, and a schema lagging behind the code must never
 * silently drop a field.
 */
export function ResponseObject<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: true });
}
