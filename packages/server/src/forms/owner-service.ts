/**
 * The owner's form definitions (issue 14, item 9): list, create, read, replace, one builder section at a time,
 * field by field, and soft deletion that refuses to empty a page silently. Every write checks the whole
 * resulting definition with @vitrine/forms' validateFormDefinition (and the newsletter form's one email
 * field) inside a transaction holding the form's row, so two edits at once never lose one another.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import {
  validateFieldDefinition,
  validateFormDefinition,
  validateFormDefinitionUpdate,
  type FieldDefinition,
  type FormBuilderSectionName,
  type FormDefinition,
} from '@vitrine/forms';
import type {
  AddFormFieldBody,
  CreateFormBody,
  FormKind,
  ListOwnerFormsQuery,
  OwnerFormJson,
  OwnerFormSummaryJson,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { findPagesUsingForm } from '../content';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { storedFormOf } from './definitions';
import {
  FORM_EDIT_MESSAGES,
  fieldErrorsOf,
  newsletterProblem,
  prefixErrors,
  propertiesOutsideSection,
  reorderedFields,
  withFieldAdded,
  withFieldIds,
  type EditErrors,
} from './form-edits';

type Db = Kysely<Database> | Transaction<Database>;

export const OWNER_FORM_SERVICE_MESSAGES = {
  formNotFound: 'No such form.',
  fieldNotFound: 'No such field in this form.',
  inUse: (pages: readonly { title: string; path: string }[]) =>
    `This form is shown on ${pages.length === 1 ? 'a page' : `${pages.length} pages`}: ${pages.map((page) => `${page.title} (${page.path})`).join(', ')}. ` +
    'Remove it from there first, or delete it anyway with force=true (the blocks will show nothing).',
} as const;

const randomHex = () => randomBytes(4).toString('hex');

interface FormRow {
  id: string;
  kind: FormKind;
  definition: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const FORM_COLUMNS = ['id', 'kind', 'definition', 'created_at', 'updated_at', 'deleted_at'] as const;

/** The stored definition as the builder shows it (read leniently: old data cannot break the owner's view). */
export function definitionOf(row: Pick<FormRow, 'id' | 'kind' | 'definition'>): FormDefinition {
  const stored = storedFormOf(row);
  return {
    name: stored.name,
    fields: stored.fields,
    submissionMessage: stored.submissionMessage,
    submissionHTML: stored.submissionHTML,
    successRedirect: stored.successRedirect,
    disclaimerMessage: stored.disclaimerMessage,
    captcha: { enabled: stored.captchaEnabled },
    storage: stored.storage,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

interface Counts {
  submissionCount: number;
  spamCount: number;
}

async function countsOf(db: Db, websiteId: string, formIds: readonly string[]): Promise<Map<string, Counts>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('form_submissions')
    .select((eb) => ['form_id', eb.fn.countAll<string>().as('total'), sql<string>`count(*) filter (where is_spam)`.as('spam')])
    .where('website_id', '=', websiteId)
    .where('form_id', 'in', formIds)
    .groupBy('form_id')
    .execute();
  return new Map(rows.map((row) => [row.form_id, { submissionCount: Number(row.total), spamCount: Number(row.spam) }]));
}

function summaryJson(row: FormRow, counts: Counts | undefined): OwnerFormSummaryJson {
  const definition = definitionOf(row);
  return {
    id: row.id,
    kind: row.kind,
    name: definition.name,
    fieldCount: definition.fields.length,
    submissionCount: counts?.submissionCount ?? 0,
    spamCount: counts?.spamCount ?? 0,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
  };
}

async function formJson(db: Db, website: Website, row: FormRow): Promise<OwnerFormJson> {
  const counts = await countsOf(db, website.id, [row.id]);
  const pages = await findPagesUsingForm(db, website.id, row.id);
  return { ...summaryJson(row, counts.get(row.id)), definition: definitionOf(row), pages };
}

/** The website's form, deleted or not; 404 when unknown here. */
export async function requireForm(db: Db, websiteId: string, formId: string): Promise<FormRow> {
  const row = await db.selectFrom('forms').select(FORM_COLUMNS).where('website_id', '=', websiteId).where('id', '=', formId).executeTakeFirst();
  if (!row) throw notFound(OWNER_FORM_SERVICE_MESSAGES.formNotFound);
  return row;
}

/**
 * A whole definition checked: @vitrine/forms' rules, then the newsletter form's one email field. Errors are
 * keyed by `keyed` (where the request holds the definition); the newsletter rule's under `newsletterKey`.
 */
function checkedDefinition(kind: FormKind, candidate: unknown, keyed: (errors: EditErrors) => EditErrors, newsletterKey: string): FormDefinition {
  const result = validateFormDefinition(candidate);
  if (!result.valid) throw invalid(result.message, keyed(result.errors));
  const problem = newsletterProblem(kind, result.definition.fields);
  if (problem) throw invalid(problem, { [newsletterKey]: problem });
  return result.definition;
}

/**
 * One edit of a live form: its row locked, `change` working out the new definition from the current one (or
 * throwing a refusal), the result stored. Answers the form as the owner sees it after the change.
 */
async function editForm(
  db: Kysely<Database>,
  website: Website,
  formId: string,
  change: (form: { kind: FormKind; definition: FormDefinition }) => FormDefinition,
): Promise<OwnerFormJson> {
  const row = await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('forms')
      .select(FORM_COLUMNS)
      .where('website_id', '=', website.id)
      .where('id', '=', formId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(OWNER_FORM_SERVICE_MESSAGES.formNotFound);
    const definition = change({ kind: current.kind, definition: definitionOf(current) });
    return trx
      .updateTable('forms')
      .set({ definition: JSON.stringify(definition), updated_at: new Date() })
      .where('id', '=', current.id)
      .returning(FORM_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return formJson(db, website, row);
}

// ---------------------------------------------------------------------------------------------
// Forms

/** GET /api/owner/forms: oldest first; deleted forms only with includeDeleted=true. */
export async function listOwnerForms(db: Kysely<Database>, website: Website, actor: Actor, query: ListOwnerFormsQuery = {}) {
  authorize(actor, 'forms:read');
  let select = db.selectFrom('forms').select(FORM_COLUMNS).where('website_id', '=', website.id);
  if (query.includeDeleted !== 'true') select = select.where('deleted_at', 'is', null);
  const rows = await select.orderBy('created_at').orderBy('id').execute();
  const counts = await countsOf(db, website.id, rows.map((row) => row.id));
  return { forms: rows.map((row) => summaryJson(row, counts.get(row.id))) };
}

/** POST /api/owner/forms */
export async function createOwnerForm(db: Kysely<Database>, website: Website, actor: Actor, body: CreateFormBody) {
  authorize(actor, 'forms:write');
  const kind: FormKind = body.kind ?? 'form';
  const candidate = { ...body.definition, fields: withFieldIds((body.definition as { fields?: unknown }).fields, randomHex) };
  const definition = checkedDefinition(kind, candidate, (errors) => prefixErrors(errors, 'definition'), 'definition.fields');
  const row = await db
    .insertInto('forms')
    .values({ id: newId(), website_id: website.id, kind, definition: JSON.stringify(definition) })
    .returning(FORM_COLUMNS)
    .executeTakeFirstOrThrow();
  return { form: await formJson(db, website, row) };
}

/** GET /api/owner/forms/:formId (a deleted form too: its submissions are still the owner's). */
export async function getOwnerForm(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string }) {
  authorize(actor, 'forms:read');
  return { form: await formJson(db, website, await requireForm(db, website.id, input.formId)) };
}

/** PUT /api/owner/forms/:formId: a whole new definition (the kind stays). */
export async function replaceOwnerForm(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; definition: Record<string, unknown> }) {
  authorize(actor, 'forms:write');
  const form = await editForm(db, website, input.formId, ({ kind }) => {
    const candidate = { ...input.definition, fields: withFieldIds(input.definition.fields, randomHex) };
    return checkedDefinition(kind, candidate, (errors) => prefixErrors(errors, 'definition'), 'definition.fields');
  });
  return { form };
}

/** PUT /api/owner/forms/:formId/sections/:section: only that section's properties, only those given. */
export async function updateOwnerFormSection(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { formId: string; section: FormBuilderSectionName; changes: Record<string, unknown> },
) {
  authorize(actor, 'forms:write');
  const outside = propertiesOutsideSection(input.section, input.changes);
  const [firstOutside] = Object.values(outside);
  if (firstOutside) throw invalid(firstOutside, outside);
  const form = await editForm(db, website, input.formId, ({ kind, definition }) => {
    const taken = new Set(definition.fields.map((field) => field.id));
    const changes = 'fields' in input.changes ? { ...input.changes, fields: withFieldIds(input.changes.fields, randomHex, taken) } : input.changes;
    const update = validateFormDefinitionUpdate(changes);
    if (!update.valid) throw invalid(update.message, update.errors);
    return checkedDefinition(kind, { ...definition, ...update.definition }, (errors) => errors, 'fields');
  });
  return { form };
}

/** DELETE /api/owner/forms/:formId: kept for its submissions (deleted_at); 409 naming the pages that show it unless forced. */
export async function deleteOwnerForm(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; force?: boolean }) {
  authorize(actor, 'forms:write');
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('forms')
      .select('id')
      .where('website_id', '=', website.id)
      .where('id', '=', input.formId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(OWNER_FORM_SERVICE_MESSAGES.formNotFound);
    const pages = await findPagesUsingForm(trx, website.id, row.id);
    if (pages.length > 0 && !input.force) {
      throw conflict(OWNER_FORM_SERVICE_MESSAGES.inUse(pages), Object.fromEntries(pages.map((page) => [page.path, page.title])));
    }
    await trx.updateTable('forms').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', row.id).execute();
    return { deleted: true as const, id: row.id, pages };
  });
}

// ---------------------------------------------------------------------------------------------
// Fields

function fieldIndexOf(definition: FormDefinition, fieldId: string): number {
  const index = definition.fields.findIndex((field) => field.id === fieldId);
  if (index === -1) throw notFound(OWNER_FORM_SERVICE_MESSAGES.fieldNotFound);
  return index;
}

/** One field checked alone first (its errors under 'field.'), then the whole definition it lands in. */
function checkedField(raw: unknown): FieldDefinition {
  const result = validateFieldDefinition(raw);
  if (!result.valid) throw invalid(result.message, prefixErrors(result.errors, 'field'));
  return result.field;
}

const fieldAnswer = (form: OwnerFormJson, fieldId: string) => ({ form, field: form.definition.fields.find((field) => (field as { id?: unknown }).id === fieldId)! });

/** POST /api/owner/forms/:formId/fields */
export async function addOwnerFormField(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string } & AddFormFieldBody) {
  authorize(actor, 'forms:write');
  let fieldId = '';
  const form = await editForm(db, website, input.formId, ({ kind, definition }) => {
    const [withId] = withFieldIds([input.field], randomHex, new Set(definition.fields.map((field) => field.id))) as unknown[];
    const field = checkedField(withId);
    fieldId = field.id;
    const { fields, index } = withFieldAdded(definition, field, input.position);
    return checkedDefinition(kind, { ...definition, fields }, (errors) => fieldErrorsOf(errors, index), 'field.type');
  });
  return fieldAnswer(form, fieldId);
}

/** PUT /api/owner/forms/:formId/fields/:fieldId: the whole field; its id and place stay. */
export async function replaceOwnerFormField(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; fieldId: string; field: Record<string, unknown> }) {
  authorize(actor, 'forms:write');
  if (input.field.id !== undefined && input.field.id !== input.fieldId) throw invalid(FORM_EDIT_MESSAGES.fieldKeepsId, { 'field.id': FORM_EDIT_MESSAGES.fieldKeepsId });
  const form = await editForm(db, website, input.formId, ({ kind, definition }) => {
    const index = fieldIndexOf(definition, input.fieldId);
    const field = checkedField({ ...input.field, id: input.fieldId });
    const fields = definition.fields.map((existing, at) => (at === index ? field : existing));
    return checkedDefinition(kind, { ...definition, fields }, (errors) => fieldErrorsOf(errors, index), 'field.type');
  });
  return fieldAnswer(form, input.fieldId);
}

/** DELETE /api/owner/forms/:formId/fields/:fieldId */
export async function deleteOwnerFormField(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; fieldId: string }) {
  authorize(actor, 'forms:write');
  const form = await editForm(db, website, input.formId, ({ kind, definition }) => {
    const index = fieldIndexOf(definition, input.fieldId);
    const fields = definition.fields.filter((_, at) => at !== index);
    if (newsletterProblem(kind, fields) && !newsletterProblem(kind, definition.fields)) throw conflict(FORM_EDIT_MESSAGES.newsletterKeepsEmail);
    return checkedDefinition(kind, { ...definition, fields }, (errors) => errors, 'fields');
  });
  return { form };
}

/** PUT /api/owner/forms/:formId/field-order */
export async function reorderOwnerFormFields(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; fieldIds: string[] }) {
  authorize(actor, 'forms:write');
  const form = await editForm(db, website, input.formId, ({ kind, definition }) => {
    const fields = reorderedFields(definition.fields, input.fieldIds);
    if (!fields) throw invalid(FORM_EDIT_MESSAGES.fieldOrder, { fieldIds: FORM_EDIT_MESSAGES.fieldOrder });
    return checkedDefinition(kind, { ...definition, fields }, (errors) => errors, 'fields');
  });
  return { form };
}
