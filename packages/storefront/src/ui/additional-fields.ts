import type { AdditionalFieldsForm, FormField } from '../types';

/** The async form widget's message for an empty required field (storefront spec §5). */
export const REQUIRED_FIELD_MESSAGE = 'Required';

export type FieldValue = string | string[];
export type FieldValues = Record<string, FieldValue>;

/** Fields that never carry a value of their own. */
function isValueless(field: FormField): boolean {
  return field.type === 'section';
}

/** The form's fields as the widget shows them; unknown shapes are dropped so a bad form cannot break the page. */
export function readAdditionalFieldsForm(raw: unknown): AdditionalFieldsForm | null {
  if (!raw || typeof raw !== 'object') return null;
  const fields = (raw as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return null;
  const valid = fields.filter(
    (field): field is FormField =>
      !!field && typeof field === 'object' && typeof field.id === 'string' && typeof field.type === 'string',
  );
  const { id, name } = raw as { id?: unknown; name?: unknown };
  return {
    id: typeof id === 'string' ? id : undefined,
    name: typeof name === 'string' ? name : undefined,
    fields: valid,
  };
}

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.every((part) => part.trim() === '');
  return value.trim() === '';
}

/**
 * 'Required' for every required field left empty: checkbox lists, radios,
 * selects and multi-part fields included; sections and likert fields skipped.
 */
export function requiredFieldErrors(form: AdditionalFieldsForm, values: FieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (isValueless(field) || field.type === 'likert' || !field.required) continue;
    if (isEmpty(values[field.id])) errors[field.id] = REQUIRED_FIELD_MESSAGE;
  }
  return errors;
}

/** The JSON string sent as `additionalFields`: values keyed by field id, sections skipped. */
export function serializeAdditionalFields(form: AdditionalFieldsForm, values: FieldValues): string {
  const out: FieldValues = {};
  for (const field of form.fields) {
    if (isValueless(field)) continue;
    out[field.id] = values[field.id] ?? (field.type === 'checkbox' ? [] : '');
  }
  return JSON.stringify(out);
}

/** Values stored on a cart entry, read back for editing. */
export function parseAdditionalFields(json: string | null | undefined): FieldValues {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: FieldValues = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value === 'string') out[key] = value;
      else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string');
    }
    return out;
  } catch {
    return {};
  }
}
