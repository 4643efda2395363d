/**
 * The owner's stored submissions (issue 14, item 10): cursor pages newest first, filtered by the spam flag, one
 * submission, marking spam or not, deleting. A submission keeps the form's fields as they were when it was
 * sent, so its answers read with their own titles however the form changed since; a deleted form's
 * submissions stay the owner's to read, export and delete.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { carriesValue, readFieldDefinitions, summarizeField, summaryAnswer, summaryFieldsOf, type FieldDefinition, type FormValues } from '@vitrine/forms';
import {
  FORM_SUBMISSION_PAGE_SIZE,
  OWNER_FORM_MESSAGES,
  type FormSubmissionJson,
  type FormSubmissionSummaryJson,
  type ListFormSubmissionsQuery,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid, notFound } from '../failures';
import { decodePageCursor, encodePageCursor } from '../page-cursor';
import { requireForm } from './owner-service';

export const SUBMISSION_MESSAGES = {
  submissionNotFound: 'No such submission.',
} as const;

export interface SubmissionRow {
  id: string;
  form_id: string;
  form_name: string;
  fields: unknown[];
  answers: Record<string, unknown>;
  page: Record<string, unknown>;
  user_agent: string;
  is_spam: boolean;
  spam_reason: string | null;
  created_at: Date;
}

export const SUBMISSION_COLUMNS = ['id', 'form_id', 'form_name', 'fields', 'answers', 'page', 'user_agent', 'is_spam', 'spam_reason', 'created_at'] as const;

/** 'true' → spam only, 'false' → not spam only, absent → both. */
export type SpamFilter = 'true' | 'false' | undefined;

const pageText = (page: Record<string, unknown>, key: string) => (typeof page[key] === 'string' ? (page[key] as string) : '');

/** The answer of each value-carrying field, in the form's order, as the form summary reads it (platform §3). */
export function submissionAnswers(fields: readonly FieldDefinition[], answers: Readonly<Record<string, unknown>>, locale: string) {
  return fields.filter((field) => carriesValue(field.type)).map((field) => {
    const [summary] = summaryFieldsOf([field], answers as FormValues);
    const options = { locale };
    return { fieldId: field.id, type: field.type, title: summary!.rawTitle, text: summaryAnswer(summary!, options), answered: summarizeField(summary!, options).answered };
  });
}

export function submissionSummaryJson(row: SubmissionRow, locale: string): FormSubmissionSummaryJson {
  const page = row.page ?? {};
  return {
    id: row.id,
    formId: row.form_id,
    createdAt: new Date(row.created_at).toISOString(),
    isSpam: row.is_spam,
    spamReason: row.spam_reason,
    pagePath: pageText(page, 'pagePath'),
    pageTitle: pageText(page, 'pageTitle'),
    summary: submissionAnswers(readFieldDefinitions(row.fields), row.answers ?? {}, locale),
  };
}

export function submissionJson(row: SubmissionRow, locale: string): FormSubmissionJson {
  return {
    ...submissionSummaryJson(row, locale),
    formName: row.form_name,
    answers: row.answers,
    fields: row.fields as Record<string, unknown>[],
    page: row.page,
    userAgent: row.user_agent,
  };
}

/** A form's submissions, filtered by the spam flag: the list's and the export's query, before order and limits. */
export function submissionsOf(db: Kysely<Database>, websiteId: string, formId: string, spam: SpamFilter) {
  let query = db.selectFrom('form_submissions').select(SUBMISSION_COLUMNS).where('website_id', '=', websiteId).where('form_id', '=', formId);
  if (spam !== undefined) query = query.where('is_spam', '=', spam === 'true');
  return query;
}

/**
 * Newest first at the cursor's precision (milliseconds: PostgreSQL keeps microseconds, and submissions of one
 * millisecond would otherwise fall between two pages), the id breaking ties; `after` is the last row seen.
 */
export function newestFirstAfter(query: ReturnType<typeof submissionsOf>, after: { createdAt: Date; id: string } | undefined) {
  const ordered = after ? query.where(sql<boolean>`(date_trunc('milliseconds', created_at), id) < (${after.createdAt}, ${after.id})`) : query;
  return ordered.orderBy(sql`date_trunc('milliseconds', created_at)`, 'desc').orderBy('id', 'desc');
}

function readCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const parts = decodePageCursor(cursor, 2);
  const createdAt = parts ? new Date(parts[0]!) : undefined;
  if (!parts || !createdAt || Number.isNaN(createdAt.getTime())) throw invalid(OWNER_FORM_MESSAGES.cursor, { cursor: OWNER_FORM_MESSAGES.cursor });
  return { createdAt, id: parts[1]! };
}

function readLimit(limit: string | undefined): number {
  if (limit === undefined) return FORM_SUBMISSION_PAGE_SIZE.default;
  const value = Number(limit);
  if (!Number.isInteger(value) || value < 1 || value > FORM_SUBMISSION_PAGE_SIZE.max) throw invalid(OWNER_FORM_MESSAGES.limit, { limit: OWNER_FORM_MESSAGES.limit });
  return value;
}

/** GET /api/owner/forms/:formId/submissions */
export async function listFormSubmissions(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string } & ListFormSubmissionsQuery) {
  authorize(actor, 'forms:read');
  const after = readCursor(input.cursor);
  const limit = readLimit(input.limit);
  const form = await requireForm(db, website.id, input.formId);
  const rows = await newestFirstAfter(submissionsOf(db, website.id, form.id, input.spam as SpamFilter), after).limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const hasNextPage = rows.length > limit;
  const last = page.at(-1);
  return {
    submissions: page.map((row) => submissionSummaryJson(row, website.locale)),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodePageCursor([new Date(last.created_at).toISOString(), last.id]) : null,
  };
}

async function requireSubmission(db: Kysely<Database>, website: Website, formId: string, submissionId: string): Promise<SubmissionRow> {
  const form = await requireForm(db, website.id, formId);
  const row = await submissionsOf(db, website.id, form.id, undefined).where('id', '=', submissionId).executeTakeFirst();
  if (!row) throw notFound(SUBMISSION_MESSAGES.submissionNotFound);
  return row;
}

/** GET /api/owner/forms/:formId/submissions/:submissionId */
export async function getFormSubmission(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; submissionId: string }) {
  authorize(actor, 'forms:read');
  return { submission: submissionJson(await requireSubmission(db, website, input.formId, input.submissionId), website.locale) };
}

/**
 * PUT /api/owner/forms/:formId/submissions/:submissionId/spam. Marking spam keeps the reason the server found
 * ('bot', 'honeypot') or records 'owner'; marking not spam clears it.
 */
export async function markFormSubmissionSpam(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { formId: string; submissionId: string; isSpam: boolean },
) {
  authorize(actor, 'forms:write');
  const existing = await requireSubmission(db, website, input.formId, input.submissionId);
  const row = await db
    .updateTable('form_submissions')
    .set({
      is_spam: input.isSpam,
      spam_reason: input.isSpam ? sql<string>`coalesce(spam_reason, 'owner')` : null,
    })
    .where('website_id', '=', website.id)
    .where('id', '=', existing.id)
    .returning(SUBMISSION_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound(SUBMISSION_MESSAGES.submissionNotFound);
  return { submission: submissionJson(row, website.locale) };
}

/** DELETE /api/owner/forms/:formId/submissions/:submissionId: gone for good. */
export async function deleteFormSubmission(db: Kysely<Database>, website: Website, actor: Actor, input: { formId: string; submissionId: string }) {
  authorize(actor, 'forms:write');
  const existing = await requireSubmission(db, website, input.formId, input.submissionId);
  const deleted = await db.deleteFrom('form_submissions').where('website_id', '=', website.id).where('id', '=', existing.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(SUBMISSION_MESSAGES.submissionNotFound);
  return { deleted: true as const, id: existing.id };
}
