import { sql, type Kysely } from 'kysely';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { notFound } from '../failures';
import { authorize } from '../authorize';
import { decodePageCursor, encodePageCursor } from '../page-cursor';
import { unsubscribeFromNewsletter } from '../newsletter';

/** The owner's view of the outbox: newest first, a page at a time. */
export const MAIL_PAGE_SIZE = 50;

export interface MailSummary {
  id: string;
  template: string;
  kind: 'transactional' | 'marketing';
  to: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'suppressed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const summaryOf = (row: {
  id: string; template: string; kind: 'transactional' | 'marketing'; to_address: string; subject: string;
  status: MailSummary['status']; attempts: number; last_error: string | null; created_at: Date; sent_at: Date | null;
}): MailSummary => ({
  id: row.id,
  template: row.template,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  createdAt: new Date(row.created_at).toISOString(),
  sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
});

/** Cursor: the last row's creation time and id (the list's order); one whose time does not read is the first page. */
function decodeCursor(cursor: string | undefined): string[] | undefined {
  const parts = decodePageCursor(cursor, 2);
  return parts && !Number.isNaN(Date.parse(parts[0]!)) ? parts : undefined;
}

export async function listMail(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { cursor?: string; status?: string },
): Promise<{ messages: MailSummary[]; hasNextPage: boolean; nextPageCursor: string | null }> {
  authorize(actor, 'mail:read');
  const after = decodeCursor(input.cursor);
  let query = db
    .selectFrom('mail_outbox')
    .select(['id', 'template', 'kind', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('website_id', '=', website.id);
  // The contract admits only the five states.
  if (input.status) query = query.where('status', '=', input.status as MailSummary['status']);
  if (after) {
    const [createdAt, id] = after as [string, string];
    query = query.where(sql<boolean>`(date_trunc('milliseconds', created_at), id) < (${new Date(createdAt)}, ${id})`);
  }
  // Ordered and compared at the cursor's precision (milliseconds, what a Date holds): PostgreSQL keeps
  // microseconds, and rows of the same millisecond would otherwise fall between two pages.
  const rows = await query.orderBy(sql`date_trunc('milliseconds', created_at)`, 'desc').orderBy('id', 'desc').limit(MAIL_PAGE_SIZE + 1).execute();
  const page = rows.slice(0, MAIL_PAGE_SIZE);
  const last = page.at(-1);
  const hasNextPage = rows.length > MAIL_PAGE_SIZE;
  return { messages: page.map(summaryOf), hasNextPage, nextPageCursor: hasNextPage && last ? encodePageCursor([new Date(last.created_at).toISOString(), last.id]) : null };
}

export async function getMail(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { mailId: string },
): Promise<MailSummary & { from: string; text: string; html: string }> {
  authorize(actor, 'mail:read');
  const row = await db.selectFrom('mail_outbox').selectAll().where('website_id', '=', website.id).where('id', '=', input.mailId).executeTakeFirst();
  if (!row) throw notFound('No such message.');
  return { ...summaryOf(row), from: row.from_address, text: row.text_body, html: row.html_body };
}

/** Adds the address to the website's suppression list as unsubscribed (a hard bounce stays a hard bounce). */
export async function unsubscribeAddress(db: Kysely<Database>, websiteId: string, email: string): Promise<void> {
  // One transaction: the address is suppressed and leaves the newsletter list (the newsletter domain's own call), or neither.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_suppressions')
      .values({ website_id: websiteId, email: email.toLowerCase(), reason: 'unsubscribed' })
      .onConflict((conflict) => conflict.columns(['website_id', 'email']).doNothing())
      .execute();
    await unsubscribeFromNewsletter(trx, websiteId, email);
  });
}
