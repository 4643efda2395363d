import { readFieldDefinitions, type FieldDefinition } from '@vitrine/forms/fields';

/**
 * A product's additional-fields form (storefront §3 Form, `additionalFieldsForm`): a form of the same model as
 * site forms, answered in a modal before adding and edited from the cart page. Its answers are shaped and
 * checked by @vitrine/forms exactly as a site form's, in the async widget's mode (an empty required field is
 * 'Required', storefront §5); the server checks them again with the same module. This module is what every
 * product and cart page needs (reading the form); answering it (`forms/additional-answers.ts`) comes with the
 * form's own chunk.
 */
export interface AdditionalFieldsDefinition {
  id?: string;
  name?: string;
  fields: FieldDefinition[];
}

/** The form's fields as the widget shows them, read leniently (what cannot be used is dropped, so a bad form cannot break the page). */
export function readAdditionalFieldsForm(raw: unknown): AdditionalFieldsDefinition | null {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { fields?: unknown }).fields)) return null;
  const { id, name, fields } = raw as { id?: unknown; name?: unknown; fields: unknown[] };
  return {
    ...(typeof id === 'string' ? { id } : {}),
    ...(typeof name === 'string' && name.trim() !== '' ? { name } : {}),
    fields: readFieldDefinitions(fields),
  };
}
