import type { OwnerFormJson } from '@vitrine/contracts';
import { FORM_BUILDER_SECTIONS, validateFormDefinitionUpdate, type FormBuilderSectionName, type FormDefinition } from '@vitrine/forms/definition';
import { CHOICE_KINDS, SINGLE_LINE_KINDS, canBeRequired, readFieldDefinitions, type FieldDefinition, type FieldKind } from '@vitrine/forms/fields';

/**
 * The form builder's state, pure: the owner's drafts of the five sections (platform §3: build, storage,
 * advanced, captcha, disclaimer) beside the form as saved, the field moves (drag, Move up / Move down), and
 * what each section's Save sends. The rules are @vitrine/forms' (validateFormDefinitionUpdate): nothing here
 * re-states them.
 */

export type BuilderDraft = FormDefinition;

/** The saved form's definition, read leniently (old data cannot break the builder). */
export function draftOf(form: OwnerFormJson): BuilderDraft {
  const definition = form.definition;
  return {
    name: definition.name,
    fields: readFieldDefinitions(definition.fields),
    submissionMessage: definition.submissionMessage,
    submissionHTML: definition.submissionHTML,
    successRedirect: definition.successRedirect,
    disclaimerMessage: definition.disclaimerMessage,
    captcha: { enabled: definition.captcha.enabled === true },
    storage: definition.storage === 'keep-and-email' ? 'keep-and-email' : 'keep',
  };
}

export const SECTION_NAMES: readonly FormBuilderSectionName[] = FORM_BUILDER_SECTIONS.map((section) => section.name);

export function propertiesOf(section: FormBuilderSectionName): readonly (keyof FormDefinition)[] {
  return FORM_BUILDER_SECTIONS.find((each) => each.name === section)?.properties ?? [];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The section's properties that differ from the saved form: the body of `PUT …/sections/:section` (empty: nothing to save). */
export function sectionBody(section: FormBuilderSectionName, saved: BuilderDraft, draft: BuilderDraft): Partial<FormDefinition> {
  const body: Partial<FormDefinition> = {};
  for (const property of propertiesOf(section)) {
    if (!same(saved[property], draft[property])) (body as Record<string, unknown>)[property] = draft[property];
  }
  return body;
}

export function isDirty(section: FormBuilderSectionName, saved: BuilderDraft, draft: BuilderDraft): boolean {
  return Object.keys(sectionBody(section, saved, draft)).length > 0;
}

/**
 * What the Build section's Save sends. When only the order of the same fields changed, `PUT …/field-order`
 * with every id; otherwise `PUT …/sections/build` with the name and/or the whole field list.
 */
export type BuildSave =
  | { kind: 'none' }
  | { kind: 'order'; body: { fieldIds: string[] } }
  | { kind: 'section'; body: Partial<FormDefinition> };

export function buildSave(saved: BuilderDraft, draft: BuilderDraft): BuildSave {
  const body = sectionBody('build', saved, draft);
  if (Object.keys(body).length === 0) return { kind: 'none' };
  if (!('name' in body) && body.fields && sameFieldsReordered(saved.fields, draft.fields)) {
    return { kind: 'order', body: { fieldIds: draft.fields.map((field) => field.id) } };
  }
  return { kind: 'section', body };
}

function sameFieldsReordered(before: readonly FieldDefinition[], after: readonly FieldDefinition[]): boolean {
  if (before.length !== after.length) return false;
  const byId = new Map(before.map((field) => [field.id, field]));
  return after.every((field) => byId.has(field.id) && same(byId.get(field.id), field));
}

/** The errors @vitrine/forms finds in a section's change, keyed by path ('fields.2.title', 'successRedirect'); {} when it passes. */
export function sectionErrors(section: FormBuilderSectionName, saved: BuilderDraft, draft: BuilderDraft): Record<string, string> {
  const body = sectionBody(section, saved, draft);
  const result = validateFormDefinitionUpdate(body);
  return result.valid ? {} : result.errors;
}

// ---------------------------------------------------------------------------------------------
// Fields

/** The editor's words for each kind (ours: the spec names the kinds, not their labels). */
export const KIND_LABELS: Record<FieldKind, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  currency: 'Currency',
  number: 'Number',
  website: 'Website',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  section: 'Section',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Dropdown',
  likert: 'Likert scale',
  hidden: 'Hidden',
};

export const hasPlaceholder = (kind: FieldKind) => kind === 'textarea' || (SINGLE_LINE_KINDS as readonly string[]).includes(kind);
export const hasOptions = (kind: FieldKind) => kind === 'likert' || (CHOICE_KINDS as readonly string[]).includes(kind);
export { canBeRequired };

/** A fresh id for a new field: its kind and 8 hex digits, unused in the form (the server's own pattern). */
export function newFieldId(kind: FieldKind, taken: readonly string[], random: () => number = Math.random): string {
  for (;;) {
    const hex = Array.from({ length: 8 }, () => Math.floor(random() * 16).toString(16)).join('');
    const id = `${kind}-${hex}`;
    if (!taken.includes(id)) return id;
  }
}

/** A new field of a kind with what it needs to be valid at once (a title, two options, a key). */
export function newField(kind: FieldKind, taken: readonly string[], random?: () => number): FieldDefinition {
  const id = newFieldId(kind, taken, random);
  const title = KIND_LABELS[kind];
  switch (kind) {
    case 'radio':
    case 'checkbox':
    case 'select':
      return { id, type: kind, title, options: ['Option 1', 'Option 2'] };
    case 'likert':
      return { id, type: kind, title, options: ['Statement 1'] };
    case 'hidden':
      return { id, type: kind, title: '', key: id.replace(/^hidden-/, 'source-'), value: '' };
    default:
      return { id, type: kind, title } as FieldDefinition;
  }
}

export function addField(fields: readonly FieldDefinition[], field: FieldDefinition): FieldDefinition[] {
  return [...fields, field];
}

export function replaceField(fields: readonly FieldDefinition[], field: FieldDefinition): FieldDefinition[] {
  return fields.map((each) => (each.id === field.id ? field : each));
}

export function removeField(fields: readonly FieldDefinition[], fieldId: string): FieldDefinition[] {
  return fields.filter((each) => each.id !== fieldId);
}

/** Moves the field at `from` to `to` (both clamped): a drop, or Move up / Move down. */
export function moveField(fields: readonly FieldDefinition[], from: number, to: number): FieldDefinition[] {
  if (from < 0 || from >= fields.length) return [...fields];
  const target = Math.max(0, Math.min(fields.length - 1, to));
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

export function moveFieldBy(fields: readonly FieldDefinition[], fieldId: string, by: -1 | 1): FieldDefinition[] {
  const from = fields.findIndex((each) => each.id === fieldId);
  return from < 0 ? [...fields] : moveField(fields, from, from + by);
}

/** The field's title as lists show it: a hidden field's key when untitled. */
export function fieldName(field: FieldDefinition): string {
  if (field.title.trim()) return field.title.trim();
  return field.type === 'hidden' ? field.key : KIND_LABELS[field.type];
}

/** An options list typed one a line: the non-blank lines, trimmed. */
export function optionsFromText(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

/** Errors of the build section (paths 'fields.N.prop') regrouped by field id, with 'options.3' read as the options list. */
export function fieldErrorsById(fields: readonly FieldDefinition[], errors: Record<string, string>): Record<string, Record<string, string>> {
  const byId: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^fields\.(\d+)(?:\.([A-Za-z]+))?/.exec(path);
    if (!match) continue;
    const field = fields[Number(match[1])];
    if (!field) continue;
    const property = match[2] ?? 'field';
    const entry = (byId[field.id] ??= {});
    if (!(property in entry)) entry[property] = message;
  }
  return byId;
}
