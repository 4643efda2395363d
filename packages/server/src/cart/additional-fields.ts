import { readFieldDefinitions, validateFormSubmission } from '@vitrine/forms';
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

/**
 * A product's additional-fields form is a form of the site-form model (@vitrine/forms): the answers are checked
 * with the same module the modal checks them with, in the async widget's mode (an empty required field is
 * 'Required', storefront §5). `form` is the product's `additional_fields_form` (null: no form, any answers are
 * kept as before); `additionalFields` what readAdditionalFields kept (null: no answers, so required fields
 * fail). A refusal is a 400 with the errors keyed by field id (the modal shows each on its field), or, when the
 * answers are not an object of values, under `additionalFields`. What is stored stays the text as sent.
 */
export function checkAdditionalFieldsAnswers(form: unknown, additionalFields: string | null): void {
  if (form === null || form === undefined) return;
  const result = validateFormSubmission(readFieldDefinitions(form), additionalFields ?? '{}', { mode: 'async' });
  if (result.valid) return;
  throw invalid(result.message, Object.keys(result.errors).length > 0 ? result.errors : { additionalFields: result.message });
}
