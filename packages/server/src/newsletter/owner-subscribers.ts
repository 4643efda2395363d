/**
 * The owner's view of the newsletter list (issue 16): cursor pages newest first, filtered by status, and the
 * list as CSV streamed in keyset batches. Reads only: addresses join through the newsletter block (double
 * opt-in) or the restock box's opt-in (subscribers.ts), and leave through the mails' unsubscribe links.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type Kysely } from 'kysely';
import {
  NEWSLETTER_SUBSCRIBER_PAGE_SIZE,
  OWNER_NEWSLETTER_MESSAGES,
  type ExportNewsletterSubscribersQuery,
  type ListNewsletterSubscribersQuery,
  type ListNewsletterSubscribersReply,
  type NewsletterSubscriberJson,
  type NewsletterSubscriberStatus,
  subscriberTagErrors,
  SUBSCRIBER_TAG_LIMITS,
  type TagNewsletterSubscribersBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { decodePageCursor, encodePageCursor } from '../page-cursor';
import { spreadsheetSafe } from '../spreadsheet-safe';

/** Rows read per query while streaming the CSV: memory stays flat however long the list is. */
export const SUBSCRIBER_CSV_BATCH_SIZE = 500;

export const SUBSCRIBER_CSV_COLUMNS = [
  { key: 'email', header: 'Email' },
  { key: 'status', header: 'Status' },
  { key: 'source', header: 'Source' },
  { key: 'createdAt', header: 'Joined (UTC)' },
  { key: 'confirmedAt', header: 'Confirmed (UTC)' },
  { key: 'unsubscribedAt', header: 'Unsubscribed (UTC)' },
  { key: 'tags', header: 'Tags' },
  { key: 'language', header: 'Language' },
] as const;

interface SubscriberRow {
  email: string;
  status: NewsletterSubscriberStatus;
  source: string;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  tags: string[];
  language: string | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function subscriberJson(row: SubscriberRow): NewsletterSubscriberJson {
  return {
    email: row.email,
    status: row.status,
    source: row.source,
    createdAt: new Date(row.created_at).toISOString(),
    confirmedAt: iso(row.confirmed_at),
    unsubscribedAt: iso(row.unsubscribed_at),
    tags: [...(row.tags ?? [])].sort(),
    language: row.language ?? null,
  };
}

/** The list's and the export's query: one website's subscribers, of one status or all, before order and limits. */
export function subscribersOf(db: Kysely<Database>, websiteId: string, status: NewsletterSubscriberStatus | undefined) {
  let query = db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'status', 'source', 'created_at', 'confirmed_at', 'unsubscribed_at', 'tags', 'language'])
    .where('website_id', '=', websiteId);
  if (status) query = query.where('status', '=', status);
  return query;
}

/**
 * Newest first at the cursor's precision (milliseconds: PostgreSQL keeps microseconds, and addresses of one
 * millisecond would otherwise fall between two pages), the address breaking ties; `after` is the last row seen.
 */
export function newestFirstAfter(query: ReturnType<typeof subscribersOf>, after: { createdAt: Date; email: string } | undefined) {
  const ordered = after ? query.where(sql<boolean>`(date_trunc('milliseconds', created_at), email) < (${after.createdAt}, ${after.email})`) : query;
  return ordered.orderBy(sql`date_trunc('milliseconds', created_at)`, 'desc').orderBy('email', 'desc');
}

function readCursor(cursor: string | undefined): { createdAt: Date; email: string } | undefined {
  if (cursor === undefined) return undefined;
  const parts = decodePageCursor(cursor, 2);
  const createdAt = parts ? new Date(parts[0]!) : undefined;
  if (!parts || !createdAt || Number.isNaN(createdAt.getTime())) throw invalid(OWNER_NEWSLETTER_MESSAGES.cursor, { cursor: OWNER_NEWSLETTER_MESSAGES.cursor });
  return { createdAt, email: parts[1]! };
}

function readLimit(limit: string | undefined): number {
  if (limit === undefined) return NEWSLETTER_SUBSCRIBER_PAGE_SIZE.default;
  const value = Number(limit);
  if (!Number.isInteger(value) || value < 1 || value > NEWSLETTER_SUBSCRIBER_PAGE_SIZE.max) throw invalid(OWNER_NEWSLETTER_MESSAGES.limit, { limit: OWNER_NEWSLETTER_MESSAGES.limit });
  return value;
}

/** GET /api/owner/newsletter/subscribers */
export async function listNewsletterSubscribers(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: ListNewsletterSubscribersQuery,
): Promise<ListNewsletterSubscribersReply> {
  authorize(actor, 'forms:read');
  const after = readCursor(input.cursor);
  const limit = readLimit(input.limit);
  const rows = await newestFirstAfter(subscribersOf(db, website.id, input.status as NewsletterSubscriberStatus | undefined), after).limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const hasNextPage = rows.length > limit;
  const last = page.at(-1);
  return {
    subscribers: page.map(subscriberJson),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodePageCursor([new Date(last.created_at).toISOString(), last.email]) : null,
  };
}

/** One subscriber as a CSV record: the address and its source are typed by people, so they go through spreadsheetSafe. */
export function subscriberCsvRecord(row: SubscriberRow): Record<string, string> {
  const json = subscriberJson(row);
  return {
    email: spreadsheetSafe(json.email),
    status: json.status,
    source: spreadsheetSafe(json.source),
    createdAt: json.createdAt,
    confirmedAt: json.confirmedAt ?? '',
    unsubscribedAt: json.unsubscribedAt ?? '',
    // Tags are the owner's (a pattern of letters, digits and dashes: nothing a spreadsheet reads as a formula).
    tags: json.tags.join(' '),
    language: json.language ?? '',
  };
}

async function* subscriberRecords(db: Kysely<Database>, websiteId: string, status: NewsletterSubscriberStatus | undefined): AsyncGenerator<Record<string, string>> {
  let after: { createdAt: Date; email: string } | undefined;
  for (;;) {
    const rows = await newestFirstAfter(subscribersOf(db, websiteId, status), after).limit(SUBSCRIBER_CSV_BATCH_SIZE).execute();
    for (const row of rows) yield subscriberCsvRecord(row);
    if (rows.length < SUBSCRIBER_CSV_BATCH_SIZE) return;
    const last = rows.at(-1)!;
    after = { createdAt: new Date(last.created_at), email: last.email };
  }
}

/**
 * GET /api/owner/newsletter/subscribers/export.csv: the stream and its file name. The permission is checked
 * before the first byte (a refusal is still a JSON 4xx).
 */
export function exportNewsletterSubscribersCsv(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: ExportNewsletterSubscribersQuery,
): { csv: Readable; filename: string } {
  authorize(actor, 'forms:read');
  const status = input.status as NewsletterSubscriberStatus | undefined;
  const csv = stringify({ header: true, columns: SUBSCRIBER_CSV_COLUMNS.map((column) => ({ ...column })) });
  // pipeline destroys the CSV stream if a read fails part-way: the download ends short, never looks whole.
  pipeline(Readable.from(subscriberRecords(db, website.id, status)), csv, () => {});
  return { csv, filename: status ? `newsletter-subscribers-${status}.csv` : 'newsletter-subscribers.csv' };
}

/**
 * POST /api/owner/newsletter/subscribers/tags: adds and removes tags on the named subscribers of this website (an
 * address not on its list is left out, never created), in one statement per change so a subscriber's tags are
 * never half-written. Tags are kept lower-case and once each; past 20 on one subscriber the whole change is
 * refused (400, `add`), nothing written.
 */
export async function tagNewsletterSubscribers(db: Kysely<Database>, website: Website, actor: Actor, input: TagNewsletterSubscribersBody) {
  authorize(actor, 'campaigns:manage');
  const errors = subscriberTagErrors(input);
  if (Object.keys(errors).length > 0) throw invalid(OWNER_NEWSLETTER_MESSAGES.tagsInvalid, errors);
  const clean = (list: readonly string[] | undefined) => [...new Set((list ?? []).map((tag) => tag.trim().toLowerCase()))];
  const add = clean(input.add);
  const remove = clean(input.remove).filter((tag) => !add.includes(tag));
  const emails = [...new Set(input.emails.map((email) => email.trim().toLowerCase()))];
  return db.transaction().execute(async (trx) => {
    const rows = await trx.updateTable('newsletter_subscribers')
      .set({
        tags: sql<string[]>`ARRAY(SELECT DISTINCT t FROM unnest(array_cat(tags, ${sql.val(add)}::text[])) AS t WHERE t <> ALL (${sql.val(remove)}::text[]) ORDER BY t)`,
      })
      .where('website_id', '=', website.id)
      .where('email', 'in', emails)
      .returning(['email', 'status', 'source', 'created_at', 'confirmed_at', 'unsubscribed_at', 'tags', 'language'])
      .execute();
    if (rows.some((row) => (row.tags ?? []).length > SUBSCRIBER_TAG_LIMITS.perSubscriber)) {
      // The transaction rolls back: no subscriber's tags changed.
      throw invalid(OWNER_NEWSLETTER_MESSAGES.tagsInvalid, { add: OWNER_NEWSLETTER_MESSAGES.tooManyTags });
    }
    return { updated: rows.length, subscribers: rows.map(subscriberJson) };
  });
}
