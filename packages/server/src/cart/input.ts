import { badRequest } from '../http/errors';

/** Our wording for malformed calls (the spec leaves server messages unworded). */
export const INPUT_MESSAGES = {
  itemId: 'itemId must be a product id.',
  sku: 'sku must be a string.',
  additionalFields: 'additionalFields must be a JSON string.',
  email: 'Email is not valid.',
} as const;

const MAX_ID_LENGTH = 64;
const MAX_SKU_LENGTH = 100;
/** The additional-fields form answers are short; 16 KB is far more than any form needs. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 16_384;

export function readItemId(body: Record<string, unknown>): string {
  const value = body.itemId;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw badRequest(INPUT_MESSAGES.itemId, { itemId: INPUT_MESSAGES.itemId });
  }
  return value;
}

/** The sku is optional when adding (single-variant products); when present it must be a string. */
export function readOptionalSku(body: Record<string, unknown>): string | undefined {
  const value = body.sku;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > MAX_SKU_LENGTH) throw badRequest(INPUT_MESSAGES.sku, { sku: INPUT_MESSAGES.sku });
  return value;
}

/** additionalFields travels as a JSON string (spec §7); it must parse to an object or an array. */
export function readAdditionalFields(body: Record<string, unknown>, required = false): string | null {
  const value = body.additionalFields;
  if (!required && (value === undefined || value === null || value === '')) return null;
  const fail = () => badRequest(INPUT_MESSAGES.additionalFields, { additionalFields: INPUT_MESSAGES.additionalFields });
  if (typeof value !== 'string' || value.length > MAX_ADDITIONAL_FIELDS_LENGTH) throw fail();
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw fail();
  }
  if (typeof parsed !== 'object' || parsed === null) throw fail();
  return value;
}

/**
 * Email pattern of storefront spec §5: local part of letters, digits and _ . ! # $ % & ' * + - / = ? ^ ` { | } ~,
 * then @, then dotted domain labels ending in 2-4 letters or digits; 3-256 characters.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9_.!#$%&'*+\-/=?^`{|}~]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,4}$/;

export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 3 && value.length <= 256 && EMAIL_PATTERN.test(value);
}
