import type { Kysely, Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { newId } from '../ids';
import { hasQuotaRoom, quotaRoom, takeQuota } from '../quotas';

type Db = Kysely<Database> | Transaction<Database>;

/** A rendered message, ready to be written to the outbox. */
export interface MailMessage {
  kind: 'transactional' | 'marketing';
  /** What the message is: 'password-reset', 'order-confirmation', … */
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Not to be sent before this time (a gift card mailed on its chosen date); now when absent. */
  notBefore?: Date;
  /**
   * 'exempt': mail a purchase or an account needs (an order's confirmation, a gift card, a subscription's notices, a
   * review request after an order, a password reset) is counted in the website's mails-a-day quota but never refused
   * by it: a shopper who paid, or who is locked out, gets it whatever else the website sent that day. Anything else
   * (marketing, invitations, newsletter confirmations) is refused past the quota (429, QuotaReached).
   */
  dailyQuota?: 'exempt';
}

/** The sender of a website's mail: MAIL_FROM's address, named after the site. */
export function fromAddressOf(website: Website, mailFrom: string): string {
  const name = website.site_title.replace(/["\\\r\n]/g, '').trim() || 'Vitrine';
  return `"${name}" <${mailFrom}>`;
}

/**
 * Writes a message to the outbox, inside the caller's transaction: it exists exactly when what caused it
 * was committed (a rolled-back order sends nothing). A worker delivers it (mail/worker.ts). Unless the message is
 * exempt, it takes one of the website's mails-a-day quota first and is refused past it (QuotaReached, 429): the
 * caller's transaction then rolls back with everything it wrote.
 */
export async function enqueueMail(db: Db, website: Website, mailFrom: string, message: MailMessage): Promise<string> {
  if (message.dailyQuota === 'exempt') return insertMail(db, website, mailFrom, message);
  return inOneTransaction(db, async (trx) => {
    await takeQuota(trx, website.id, 'mailsPerDay', 1);
    return insertMail(trx, website, mailFrom, message);
  });
}

/**
 * enqueueMail for a message that may be left out when the website's mails-a-day quota is reached (an owner's
 * notification of a form submission: the submission is kept, its mail is not sent). Answers the id, or undefined
 * when the quota left no room.
 */
export async function enqueueMailIfQuotaAllows(db: Db, website: Website, mailFrom: string, message: MailMessage): Promise<string | undefined> {
  return inOneTransaction(db, async (trx) => ((await hasQuotaRoom(trx, website.id, 'mailsPerDay', 1)) ? insertMail(trx, website, mailFrom, message) : undefined));
}

/**
 * Many messages at once, inside the caller's transaction (a campaign's round): the website's mails-a-day quota is
 * asked once, under its lock, and as many messages as it admits are written, in order, in one statement. Answers
 * their ids: fewer than the messages when the quota is full (the caller keeps the rest for later).
 */
export async function enqueueMailsWithinQuota(trx: Transaction<Database>, website: Website, mailFrom: string, messages: readonly MailMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const room = await quotaRoom(trx, website.id, 'mailsPerDay');
  const admitted = room === null ? messages : messages.slice(0, room);
  if (admitted.length === 0) return [];
  const rows = admitted.map((message) => ({ id: newId(), ...outboxValues(website, mailFrom, message) }));
  await trx.insertInto('mail_outbox').values(rows).execute();
  return rows.map((row) => row.id);
}

/** The caller's transaction, or one of its own around the quota's lock and the insert (a call outside one). */
const inOneTransaction = <T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);

const outboxValues = (website: Website, mailFrom: string, message: MailMessage) => ({
  website_id: website.id,
  kind: message.kind,
  template: message.template,
  from_address: fromAddressOf(website, mailFrom),
  to_address: message.to.trim().toLowerCase(),
  subject: message.subject,
  text_body: message.text,
  html_body: message.html,
  headers: JSON.stringify(message.headers ?? {}),
  ...(message.notBefore ? { next_attempt_at: message.notBefore } : {}),
});

async function insertMail(db: Db, website: Website, mailFrom: string, message: MailMessage): Promise<string> {
  const id = newId();
  await db.insertInto('mail_outbox').values({ id, ...outboxValues(website, mailFrom, message) }).execute();
  return id;
}

/** The platform's own name: the sender's name and the header of its mail (an account's confirmation, its password reset). */
export const PLATFORM_NAME = 'Vitrine';

/**
 * Writes a message of the platform itself (no website's: an account's address confirmation, its password reset) to the
 * outbox, inside the caller's transaction, from MAIL_FROM named after the platform. It has no website, so no owner's
 * outbox view lists it; the worker delivers it like any other.
 */
export async function enqueuePlatformMail(db: Db, mailFrom: string, message: MailMessage): Promise<string> {
  const id = newId();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      website_id: null,
      kind: message.kind,
      template: message.template,
      from_address: `"${PLATFORM_NAME}" <${mailFrom}>`,
      to_address: message.to.trim().toLowerCase(),
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      headers: JSON.stringify(message.headers ?? {}),
    })
    .execute();
  return id;
}
