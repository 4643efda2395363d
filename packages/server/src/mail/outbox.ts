import type { Kysely, Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { newId } from '../ids';

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
}

/** The sender of a website's mail: MAIL_FROM's address, named after the site. */
export function fromAddressOf(website: Website, mailFrom: string): string {
  const name = website.site_title.replace(/["\\\r\n]/g, '').trim() || 'Vitrine';
  return `"${name}" <${mailFrom}>`;
}

/**
 * Writes a message to the outbox, inside the caller's transaction: it exists exactly when what caused it
 * was committed (a rolled-back order sends nothing). A worker delivers it (mail/worker.ts).
 */
export async function enqueueMail(db: Db, website: Website, mailFrom: string, message: MailMessage): Promise<string> {
  const id = newId();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
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
    })
    .execute();
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
