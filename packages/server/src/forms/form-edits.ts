/**
 * The owner's edits to a form definition, as pure functions: give fields without an id one, apply one field
 * change (add, replace, remove, reorder) or one builder section's change to a definition, keep a newsletter
 * form's one email field, and put @vitrine/forms' error paths where the request had them. Every result goes
 * through `validateFormDefinition` whole before it is stored (owner-service.ts).
 */
import { FIELD_KINDS, FORM_BUILDER_SECTIONS, FORM_LIMITS, type FieldDefinition, type FormBuilderSectionName, type FormDefinition } from '@vitrine/forms';
import type { FormKind } from '@vitrine/contracts';

export const FORM_EDIT_MESSAGES = {
  newsletterOneEmail: 'A newsletter form has exactly one email field.',
  newsletterKeepsEmail: 'A newsletter form keeps its email field.',
  otherSection: (section: string) => `This is not part of the ${section} section.`,
  fieldKeepsId: 'A field keeps its id.',
  fieldOrder: 'List every field id of the form once, in the new order.',
} as const;

export type EditErrors = Record<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A new field id: the kind and a random suffix ('email-3fa9c2'), unused in the form. `random` answers hex digits. */
export function newFieldId(kind: unknown, taken: ReadonlySet<string>, random: () => string): string {
  const prefix = typeof kind === 'string' && (FIELD_KINDS as readonly string[]).includes(kind) ? kind : 'field';
  for (;;) {
    const id = `${prefix}-${random().slice(0, 8)}`;
    if (!taken.has(id) && id.length <= FORM_LIMITS.fieldIdLength) return id;
  }
}

/**
 * Fields without an id (absent or null) get one; everything else is left for the validator to judge. A
 * field that is not an object stays as it is (the validator names it). `taken` are ids used elsewhere.
 */
export function withFieldIds(fields: unknown, random: () => string, taken: ReadonlySet<string> = new Set()): unknown {
  if (!Array.isArray(fields)) return fields;
  const used = new Set(taken);
  for (const field of fields) if (isRecord(field) && typeof field.id === 'string') used.add(field.id);
  return fields.map((field) => {
    if (!isRecord(field) || (field.id !== undefined && field.id !== null)) return field;
    const id = newFieldId(field.type, used, random);
    used.add(id);
    return { ...field, id };
  });
}

/** The newsletter rule: exactly one email field. Answers the message when broken. */
export function newsletterProblem(kind: FormKind, fields: readonly FieldDefinition[]): string | undefined {
  if (kind !== 'newsletter') return undefined;
  return fields.filter((field) => field.type === 'email').length === 1 ? undefined : FORM_EDIT_MESSAGES.newsletterOneEmail;
}

/** Errors keyed by a definition's paths ('name', 'fields.2.title') as the request holds them ('definition.name'). */
export function prefixErrors(errors: EditErrors, prefix: string): EditErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path === '' ? prefix : `${prefix}.${path}`, message]));
}

/**
 * Errors of a whole definition after one field changed, keyed as the field call's body has them: the
 * field's own errors under 'field' ('fields.3.title' → 'field.title'), the rest as they are.
 */
export function fieldErrorsOf(errors: EditErrors, index: number): EditErrors {
  const own = `fields.${index}`;
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path === own ? 'field' : path.startsWith(`${own}.`) ? `field.${path.slice(own.length + 1)}` : path, message]),
  );
}

/** The definition's properties a section edits. */
export function sectionProperties(section: FormBuilderSectionName): readonly string[] {
  return FORM_BUILDER_SECTIONS.find((candidate) => candidate.name === section)?.properties ?? [];
}

/** A section edit's properties that belong to another section: each one an error. */
export function propertiesOutsideSection(section: FormBuilderSectionName, body: Record<string, unknown>): EditErrors {
  const own = sectionProperties(section);
  return Object.fromEntries(Object.keys(body).filter((key) => !own.includes(key)).map((key) => [key, FORM_EDIT_MESSAGES.otherSection(section)]));
}

/** The definition with a field inserted at `position` (the end when absent or past it). */
export function withFieldAdded(definition: FormDefinition, field: unknown, position: number | undefined): { fields: unknown[]; index: number } {
  const fields: unknown[] = [...definition.fields];
  const index = position === undefined ? fields.length : Math.min(position, fields.length);
  fields.splice(index, 0, field);
  return { fields, index };
}

/** The fields in the order of `fieldIds`, which must name every field once; undefined when they do not. */
export function reorderedFields(fields: readonly FieldDefinition[], fieldIds: readonly string[]): FieldDefinition[] | undefined {
  if (fieldIds.length !== fields.length || new Set(fieldIds).size !== fieldIds.length) return undefined;
  const byId = new Map(fields.map((field) => [field.id, field]));
  const ordered = fieldIds.map((id) => byId.get(id));
  return ordered.every((field): field is FieldDefinition => field !== undefined) ? ordered : undefined;
}
