import { FORM_MESSAGES, shapeFormValues, validateFormValues } from '@vitrine/forms';
import type { AdditionalFieldsDefinition } from '../ui/additional-fields';
import { enteredForm, enteredFromValues, type EnteredState } from './entered';

// Answering a product's additional-fields form: shaping and checking what was entered, and reading saved answers
// back for editing. Part of the form's own chunk (see lazy.tsx).

export type PreparedAdditionalFields =
  | { ok: true; /** The `additionalFields` JSON string the cart calls carry: values keyed by field id (storefront §3). */ additionalFields: string }
  | { ok: false; message: string; errors: Record<string, string> };

/**
 * What the inputs hold, shaped (storefront §3: multi-part lists, phone padded to 4, checked values, first
 * checked radio, answered likert questions, hidden fields from the page's query, no sections) and checked.
 */
export function prepareAdditionalFields(form: AdditionalFieldsDefinition, state: EnteredState, query: string = globalThis.location?.search ?? ''): PreparedAdditionalFields {
  const values = shapeFormValues(form.fields, enteredForm(form.fields, state), { query });
  const checked = validateFormValues(form.fields, values, { mode: 'async' });
  if (!checked.valid) return { ok: false, message: checked.message, errors: checked.errors };
  return { ok: true, additionalFields: JSON.stringify(values) };
}

/** A cart entry's saved answers (its `additionalFields` JSON) as the widget's state, for editing; nothing from malformed text. */
export function savedAnswers(form: AdditionalFieldsDefinition, json: string | null | undefined): EnteredState {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? enteredFromValues(form.fields, parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The general line of the form when some errors name no field it shows. */
export const ADDITIONAL_FIELDS_INVALID = FORM_MESSAGES.invalidForm;
