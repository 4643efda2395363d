/**
 * GET /api/owner/forms/:formId/submissions/export.csv: a form's submissions as CSV, one column per field.
 * Columns: 'Submitted (UTC)', then the form's value-carrying fields in its order (titled by their titles), then
 * fields that older submissions answered and the form has since lost, then 'Page', 'Spam', 'Submission ID'.
 * Each answer is the form summary's one-line text (@vitrine/forms' summaryAnswer: a name 'Ada Lovelace', an
 * address's lines joined by '; ', checkboxes 'a, b', a likert 'Question: Agree; …'), read with the fields the
 * submission was sent with; no answer is an empty cell. Every cell, headers too, goes through spreadsheetSafe:
 * text a spreadsheet would run as a formula gets a leading apostrophe. Streamed in keyset batches, newest first.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { isBlank } from '@vitrine/format';
import { carriesValue, readFieldDefinitions, summarizeField, summaryAnswer, summaryFieldsOf, type FieldDefinition, type FormValues } from '@vitrine/forms';
import type { ExportFormSubmissionsQuery } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { spreadsheetSafe } from '../spreadsheet-safe';
import { definitionOf, requireForm } from './owner-service';
import { newestFirstAfter, submissionsOf, type SpamFilter, type SubmissionRow } from './submissions';

/** Rows read per query while streaming: memory stays flat however many submissions there are. */
export const SUBMISSION_CSV_BATCH_SIZE = 500;

export const SUBMISSION_CSV_HEADERS = { submitted: 'Submitted (UTC)', page: 'Page', spam: 'Spam', id: 'Submission ID' } as const;

export interface SubmissionCsvColumn {
  key: string;
  header: string;
}

/** A field's column title: its title, a hidden field's key when untitled, else its id. */
function titleOf(field: FieldDefinition): string {
  if (!isBlank(field.title)) return field.title;
  if (field.type === 'hidden' && !isBlank(field.key)) return field.key;
  return field.id;
}

/**
 * The columns: the form's fields now, then fields only older submissions carry (by id, first seen first).
 * Headers are made unique ('Name', 'Name (2)') so a spreadsheet can tell two fields of one title apart.
 */
export function submissionCsvColumns(currentFields: readonly FieldDefinition[], olderFieldLists: readonly (readonly FieldDefinition[])[]): SubmissionCsvColumn[] {
  const fields: FieldDefinition[] = [];
  const seen = new Set<string>();
  for (const list of [currentFields, ...olderFieldLists]) {
    for (const field of list) {
      if (!carriesValue(field.type) || seen.has(field.id)) continue;
      seen.add(field.id);
      fields.push(field);
    }
  }
  const columns = [
    { key: 'submitted', header: SUBMISSION_CSV_HEADERS.submitted },
    ...fields.map((field) => ({ key: `field:${field.id}`, header: titleOf(field) })),
    { key: 'page', header: SUBMISSION_CSV_HEADERS.page },
    { key: 'spam', header: SUBMISSION_CSV_HEADERS.spam },
    { key: 'id', header: SUBMISSION_CSV_HEADERS.id },
  ];
  const used = new Map<string, number>();
  return columns.map(({ key, header }) => {
    const count = (used.get(header) ?? 0) + 1;
    used.set(header, count);
    return { key, header: spreadsheetSafe(count === 1 ? header : `${header} (${count})`) };
  });
}

/** One submission as a CSV record keyed by column key. */
export function submissionCsvRecord(row: Pick<SubmissionRow, 'id' | 'fields' | 'answers' | 'page' | 'is_spam' | 'created_at'>, locale: string): Record<string, string> {
  const record: Record<string, string> = {
    submitted: new Date(row.created_at).toISOString(),
    page: spreadsheetSafe(typeof row.page?.pagePath === 'string' ? row.page.pagePath : ''),
    spam: row.is_spam ? 'yes' : 'no',
    id: row.id,
  };
  for (const field of readFieldDefinitions(row.fields)) {
    if (!carriesValue(field.type)) continue;
    const [summary] = summaryFieldsOf([field], (row.answers ?? {}) as FormValues);
    record[`field:${field.id}`] = summarizeField(summary!, { locale }).answered ? spreadsheetSafe(summaryAnswer(summary!, { locale })) : '';
  }
  return record;
}

async function* submissionRecords(db: Kysely<Database>, website: Website, formId: string, spam: SpamFilter): AsyncGenerator<Record<string, string>> {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await newestFirstAfter(submissionsOf(db, website.id, formId, spam), after).limit(SUBMISSION_CSV_BATCH_SIZE).execute();
    for (const row of rows) yield submissionCsvRecord(row, website.locale);
    if (rows.length < SUBMISSION_CSV_BATCH_SIZE) return;
    const last = rows.at(-1)!;
    after = { createdAt: new Date(last.created_at), id: last.id };
  }
}

/**
 * The export's stream, with its file name. Permission and the form are checked before the first byte (a
 * refusal is still a JSON 4xx); the columns come from the form and the distinct field lists its submissions
 * were sent with (few: one per version of the form).
 */
export async function exportFormSubmissionsCsv(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { formId: string } & ExportFormSubmissionsQuery,
): Promise<{ csv: Readable; filename: string }> {
  authorize(actor, 'forms:read');
  const form = await requireForm(db, website.id, input.formId);
  const spam = input.spam as SpamFilter;
  let versions = db.selectFrom('form_submissions').select('fields').distinct().where('website_id', '=', website.id).where('form_id', '=', form.id);
  if (spam !== undefined) versions = versions.where('is_spam', '=', spam === 'true');
  const older = (await versions.execute()).map((row) => readFieldDefinitions(row.fields));
  const columns = submissionCsvColumns(definitionOf(form).fields, older);
  const csv = stringify({ header: true, columns });
  // pipeline destroys the CSV stream if a read fails part-way: the download ends short, never looks whole.
  pipeline(Readable.from(submissionRecords(db, website, form.id, spam)), csv, () => {});
  return { csv, filename: `form-${form.id.replace(/[^A-Za-z0-9_-]/g, '-')}-submissions.csv` };
}
