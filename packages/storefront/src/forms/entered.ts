import type { EnteredForm, EnteredValue, FieldDefinition } from '@vitrine/forms';

/**
 * What the field components hold for one field: a string (single-line kinds, textarea, select, radio), the
 * part values in `FIELD_PARTS` order (multi-part kinds; a phone always keeps 4, its country code first), the
 * checked values (checkbox), or question → answer (likert). Hidden fields and sections hold nothing.
 */
export type EnteredFieldValue = string | string[] | Record<string, string>;
export type EnteredState = Record<string, EnteredFieldValue>;

/** A field's entry, own properties only (a field id such as '__proto__' must not read the prototype). */
export function enteredOf(state: EnteredState, id: string): EnteredFieldValue | undefined {
  return Object.prototype.hasOwnProperty.call(state, id) ? state[id] : undefined;
}

/**
 * The widget's state as `shapeFormValues` reads it: exactly what the inputs on the page hold. A phone shown
 * without its country-code input gives its 3 shown parts (shaping pads the leading '', storefront §3).
 */
export function enteredForm(fields: readonly FieldDefinition[], state: EnteredState): EnteredForm {
  const entries: [string, EnteredValue][] = [];
  for (const field of fields) {
    const value = enteredOf(state, field.id);
    if (value === undefined) continue;
    entries.push([field.id, field.type === 'phone' && !field.showCountryCode && Array.isArray(value) ? value.slice(1) : value]);
  }
  return Object.fromEntries(entries);
}

/** Submitted values (a cart entry's saved answers) back into the widget's state, for editing. */
export function enteredFromValues(fields: readonly FieldDefinition[], values: Readonly<Record<string, unknown>>): EnteredState {
  const entries: [string, EnteredFieldValue][] = [];
  for (const field of fields) {
    const value = Object.prototype.hasOwnProperty.call(values, field.id) ? values[field.id] : undefined;
    if (typeof value === 'string') entries.push([field.id, value]);
    else if (Array.isArray(value)) {
      const list = value.map((part: unknown) => (typeof part === 'string' ? part : ''));
      // A phone saved with 3 parts (no country code) takes its place after the empty country code.
      entries.push([field.id, field.type === 'phone' && list.length === 3 ? ['', ...list] : list]);
    } else if (value && typeof value === 'object') {
      entries.push([field.id, Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))]);
    }
  }
  return Object.fromEntries(entries);
}

/**
 * Where errors keyed by field id go (storefront §5, §8): on a field the visitor can see, or — for an id the form
 * shows nowhere (a hidden field, a field removed since the page was rendered) — as one general message.
 */
export function placeErrors(
  fields: readonly FieldDefinition[],
  errors: Readonly<Record<string, string>>,
  generalMessage: string,
): { onFields: Record<string, string>; general: string | null } {
  const shown = new Set(fields.filter((field) => field.type !== 'hidden' && field.type !== 'section').map((field) => field.id));
  const keys = Object.keys(errors);
  const onFields = Object.fromEntries(keys.filter((key) => shown.has(key)).map((key) => [key, errors[key]!]));
  return { onFields, general: keys.some((key) => !shown.has(key)) ? generalMessage : null };
}
