import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { recordWebhookEvent } from '../webhooks';

type Db = Kysely<Database> | Transaction<Database>;

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Adds an address to the store's newsletter list, confirmed (an address already on it stays as it was):
 * the restock box's opt-in, where the shopper typed the address and ticked the box themselves.
 */
export async function subscribeToNewsletter(db: Db, websiteId: string, email: string, source: string, language: string | null = null): Promise<void> {
  await inOneTransaction(db, async (trx) => {
    const at = new Date();
    const inserted = await trx
      .insertInto('newsletter_subscribers')
      .values({ website_id: websiteId, email: normalise(email), source, confirmed_at: at, language })
      .onConflict((conflict) => conflict.columns(['website_id', 'email']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) await recordSubscribed(trx, websiteId, normalise(email), null, at);
  });
}

/** The caller's transaction, or one of its own: the subscriber's row and its webhook event are written together. */
const inOneTransaction = <T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);

/** The newsletter.subscribed webhook event (webhooks/): an address joined the list, confirmed. */
const recordSubscribed = (trx: Transaction<Database>, websiteId: string, email: string, formId: string | null, at: Date) =>
  recordWebhookEvent(trx, { id: websiteId }, 'newsletter.subscribed', { email, formId, subscribedAt: at.toISOString() });

/**
 * What a newsletter block's sign-up did (double opt-in): 'confirm' — the address waits for its confirmation
 * (new, still waiting, or once unsubscribed and asking again), so a confirmation mail goes out; 'subscribed' —
 * it is already confirmed, nothing to send. Either way the visitor sees the same answer.
 */
export type NewsletterRequestOutcome = 'confirm' | 'subscribed';

/**
 * `language`: the language of the page the form was on (visitorLanguageFor's locale), a campaign segment; an
 * address asking again after unsubscribing takes the new page's language.
 */
export async function requestNewsletterSubscription(db: Db, websiteId: string, email: string, formId: string, language: string | null = null): Promise<NewsletterRequestOutcome> {
  const address = normalise(email);
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values({ website_id: websiteId, email: address, source: 'newsletter', status: 'pending', form_id: formId, language })
    .onConflict((conflict) => conflict.columns(['website_id', 'email']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 'confirm';
  const existing = await db
    .selectFrom('newsletter_subscribers')
    .select('status')
    .where('website_id', '=', websiteId)
    .where('email', '=', address)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (existing.status === 'confirmed') return 'subscribed';
  if (existing.status === 'unsubscribed') {
    await db.updateTable('newsletter_subscribers').set({ status: 'pending', unsubscribed_at: null, form_id: formId, ...(language ? { language } : {}) })
      .where('website_id', '=', websiteId).where('email', '=', address).execute();
  }
  return 'confirm';
}

/** The confirmation link was followed: a waiting address is confirmed (a confirmed one stays so). False when unknown. */
export async function confirmNewsletterSubscription(db: Db, websiteId: string, email: string): Promise<boolean> {
  const address = normalise(email);
  const confirmed = await inOneTransaction(db, async (trx) => {
    const at = new Date();
    const updated = await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'confirmed', confirmed_at: at })
      .where('website_id', '=', websiteId)
      .where('email', '=', address)
      .where('status', '=', 'pending')
      .returning('form_id')
      .executeTakeFirst();
    if (updated) await recordSubscribed(trx, websiteId, address, updated.form_id ?? null, at);
    return updated !== undefined;
  });
  if (confirmed) return true;
  const row = await db.selectFrom('newsletter_subscribers').select('status').where('website_id', '=', websiteId).where('email', '=', address).executeTakeFirst();
  return row?.status === 'confirmed';
}

/**
 * The address followed an unsubscribe link (mail/): it leaves the newsletter list, kept as 'unsubscribed' so
 * the owner sees it went and a later sign-up asks for confirmation again. Unknown addresses change nothing.
 */
export async function unsubscribeFromNewsletter(db: Db, websiteId: string, email: string): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('email', '=', normalise(email))
    .where('status', '!=', 'unsubscribed')
    .execute();
}
