import { invalid } from '../failures';

export const ADDITIONAL_FIELDS_MESSAGE = 'additionalFields must be a JSON string.';

/** The additional-fields form answers are short; 16 KB is far more than any form needs. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 16_384;

/**
 * additionalFields travels as a JSON string (storefront spec §7). No value, '' and the JSON text
 * 'null' (what a client sends for a product without a form) all mean "no fields"; anything else must
 * be the JSON text of an object or an array. Answers the text to store, or null.
 */
export function readAdditionalFields(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '' || value.trim() === 'null') return null;
  const fail = () => invalid(ADDITIONAL_FIELDS_MESSAGE, { additionalFields: ADDITIONAL_FIELDS_MESSAGE });
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
