/**
 * Provider feedback (issue 38: "bounce and complaint suppression"). A hard bounce the SMTP server refuses at once is
 * suppressed by the worker (worker.ts); what arrives later — a recipient pressing "report spam" (a complaint), a
 * bounce the provider learnt after accepting the message — comes back through the provider's webhook, which the
 * operator points at POST /api/mail/feedback with one shared secret (MAIL_FEEDBACK_SECRET): one webhook per
 * provider account, however many websites send through it. Each report names the Message-ID Vitrine gave the
 * message (`<outbox id@domain>`, transport.ts), which says which website sent it: the suppression is that
 * website's, never another's, and a report naming no message of ours changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { unsubscribeFromNewsletter } from '../newsletter';

export interface FeedbackReport {
  type: 'complaint' | 'bounce';
  email: string;
  /** The Message-ID as sent, with or without its angle brackets. */
  messageId: string;
}

export const MAIL_FEEDBACK_MESSAGES = {
  notConfigured: 'Mail feedback is not configured: set MAIL_FEEDBACK_SECRET.',
  badSignature: 'The signature is missing or does not match: sign the body with MAIL_FEEDBACK_SECRET (X-Vitrine-Signature: sha256=<hex>).',
  notAReport: 'The body is no feedback report Vitrine reads (its own shape, Amazon SES or SendGrid events).',
} as const;

/** The body's HMAC-SHA256 with the secret, as the header carries it. */
export const feedbackSignatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** True when the header is the body's signature with the secret (compared in constant time). */
export function isFeedbackSignatureValid(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(feedbackSignatureOf(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Amazon SES: a Complaint, or a Permanent Bounce (a transient one is retried by SES, not ours to suppress). */
function sesReports(event: Json): FeedbackReport[] {
  const mail = isObject(event.mail) ? event.mail : {};
  const headers = isObject(mail.commonHeaders) ? mail.commonHeaders : {};
  const messageId = text(headers.messageId)
    ?? (Array.isArray(mail.headers) ? text((mail.headers as Json[]).find((header) => isObject(header) && text(header.name)?.toLowerCase() === 'message-id')?.value) : undefined);
  if (!messageId) return [];
  const recipients = (list: unknown) => (Array.isArray(list) ? list.map((each) => (isObject(each) ? text(each.emailAddress) : undefined)).filter((each): each is string => Boolean(each)) : []);
  if (event.notificationType === 'Complaint' && isObject(event.complaint)) {
    return recipients(event.complaint.complainedRecipients).map((email) => ({ type: 'complaint', email, messageId }));
  }
  if (event.notificationType === 'Bounce' && isObject(event.bounce) && event.bounce.bounceType === 'Permanent') {
    return recipients(event.bounce.bouncedRecipients).map((email) => ({ type: 'bounce', email, messageId }));
  }
  return [];
}

/** SendGrid's event webhook: an array of events; spamreport and bounce count, with the smtp-id we sent. */
function sendGridReports(events: unknown[]): FeedbackReport[] {
  return events.flatMap((event): FeedbackReport[] => {
    if (!isObject(event)) return [];
    const email = text(event.email);
    const messageId = text(event['smtp-id']);
    if (!email || !messageId) return [];
    if (event.event === 'spamreport') return [{ type: 'complaint', email, messageId }];
    if (event.event === 'bounce' && event.type !== 'blocked') return [{ type: 'bounce', email, messageId }];
    return [];
  });
}

/**
 * The reports a body carries, or undefined when it is none of the shapes read: Vitrine's own
 * (`{type, email, messageId}` or `{reports: [...]}`), Amazon SES (bare or in an SNS Notification envelope),
 * SendGrid's event array. Events of other kinds (deliveries, opens) give an empty list, acknowledged.
 */
export function parseFeedback(body: string): FeedbackReport[] | undefined {
  let parsed: unknown;
  try { parsed = JSON.parse(body); } catch { return undefined; }
  if (Array.isArray(parsed)) return sendGridReports(parsed);
  if (!isObject(parsed)) return undefined;
  if (parsed.Type === 'Notification' && typeof parsed.Message === 'string') {
    try { parsed = JSON.parse(parsed.Message); } catch { return undefined; }
    if (!isObject(parsed)) return undefined;
  }
  if (typeof parsed.notificationType === 'string') return sesReports(parsed);
  const own = Array.isArray(parsed.reports) ? parsed.reports : [parsed];
  const reports: FeedbackReport[] = [];
  for (const each of own) {
    if (!isObject(each) || (each.type !== 'complaint' && each.type !== 'bounce') || !text(each.email) || !text(each.messageId)) return undefined;
    reports.push({ type: each.type, email: each.email as string, messageId: each.messageId as string });
  }
  return reports;
}

/** `<id@domain>` → id (the outbox row's id, transport.ts). */
const outboxIdOf = (messageId: string) => /^<?([^@<>\s]+)@[^<>\s]+>?$/.exec(messageId.trim())?.[1];

/**
 * Suppresses each report's address for the website whose outbox sent that message to that address: a complaint as
 * 'complaint' (no more marketing mail; the address leaves the newsletter list too, as an unsubscribe does), a
 * bounce as 'hard-bounce' (no mail at all). A hard bounce is never weakened to a complaint. Reports naming a
 * message we did not send to that address are counted as unmatched and change nothing.
 */
export async function applyFeedback(db: Kysely<Database>, reports: readonly FeedbackReport[]): Promise<{ suppressed: number; unmatched: number }> {
  let suppressed = 0;
  let unmatched = 0;
  for (const report of reports) {
    const id = outboxIdOf(report.messageId);
    const email = report.email.trim().toLowerCase();
    const sent = id
      ? await db.selectFrom('mail_outbox').select('website_id').where('id', '=', id).where('to_address', '=', email).executeTakeFirst()
      : undefined;
    const websiteId = sent?.website_id;
    if (!websiteId) { unmatched += 1; continue; }
    await db.transaction().execute(async (trx) => {
      const reason = report.type === 'bounce' ? 'hard-bounce' : 'complaint';
      await trx.insertInto('mail_suppressions').values({ website_id: websiteId, email, reason })
        .onConflict((conflict) => conflict.columns(['website_id', 'email']).doUpdateSet({ reason }).where('mail_suppressions.reason', '!=', 'hard-bounce'))
        .execute();
      if (report.type === 'complaint') await unsubscribeFromNewsletter(trx, websiteId, email);
    });
    suppressed += 1;
  }
  return { suppressed, unmatched };
}
