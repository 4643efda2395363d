import { sql, type Kysely, type Transaction } from 'kysely';
import { recordSubscriptionWebhook } from './webhook-events';
import { siteUserOf, type Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { notFound, unauthenticated } from '../failures';
import type { MailSettings } from '../mail';
import { endMembershipsOfSubscription } from '../members';
import { enqueueCancelledMail, type SubscriptionMailContext } from './mail';
import { manageLinksFor } from './manage-links';
import { isCancellable, subscriptionView, type SubscriptionRow, type SubscriptionView } from './subscription-json';

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found.',
  signIn: 'Sign in to see your subscriptions.',
} as const;

export type CancelledBy = 'shopper' | 'owner' | 'payment';

export interface SubscriptionServiceOptions {
  /** When given, the cancellation is mailed to the shopper (written to the outbox with it). */
  mail?: MailSettings;
}

/**
 * Cancels under the row's lock: renewals stop at once. The renewal job charges only while holding the same lock
 * and after reading the status under it, so a renewal in flight either finished before this (and was charged
 * rightly) or sees 'cancelled' and charges nothing. Cancelling a cancelled or completed subscription changes
 * nothing and answers it as it is (idempotent).
 */
export async function cancelSubscriptionRow(
  trx: Transaction<Database>,
  website: Website,
  subscriptionId: string,
  by: CancelledBy,
  mail: SubscriptionMailContext | undefined,
): Promise<{ row: SubscriptionRow; changed: boolean }> {
  const row = await trx.selectFrom('subscriptions').selectAll().where('website_id', '=', website.id).where('id', '=', subscriptionId).forUpdate().executeTakeFirst();
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  if (!isCancellable(row.status)) return { row, changed: false };
  const cancelled = await trx
    .updateTable('subscriptions')
    .set({ status: 'cancelled', cancelled_at: sql<Date>`now()`, cancelled_by: by, next_renewal_at: null, locked_until: null, claim_token: null })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A membership bought by this subscription (members/) ends with it.
  await endMembershipsOfSubscription(trx, website.id, cancelled.id);
  if (mail) await enqueueCancelledMail(trx, website, mail, cancelled, by);
  await recordSubscriptionWebhook(trx, website.id, 'subscription.cancelled', cancelled);
  return { row: cancelled, changed: true };
}

/** The mail context of a service call: none when the caller gave no mail settings (tests that do not mail). */
export async function mailContextOf(db: Kysely<Database>, options: SubscriptionServiceOptions): Promise<SubscriptionMailContext | undefined> {
  return options.mail ? { mail: options.mail, links: await manageLinksFor(db) } : undefined;
}

/** The subscription a manage link names on this website, or undefined (a tampered or foreign link). */
export async function subscriptionOfLink(db: Kysely<Database>, website: Website, token: string): Promise<SubscriptionRow | undefined> {
  const subscriptionId = (await manageLinksFor(db)).read(website.id, token);
  if (!subscriptionId) return undefined;
  return db.selectFrom('subscriptions').selectAll().where('website_id', '=', website.id).where('id', '=', subscriptionId).executeTakeFirst();
}

/** POST /subscriptions/manage/cancel: the holder of the signed link cancels that subscription. 404 for a bad link. */
export async function cancelSubscriptionByLink(
  db: Kysely<Database>, website: Website, _actor: Actor, input: { token: string }, options: SubscriptionServiceOptions = {},
): Promise<{ subscription: SubscriptionView; changed: boolean }> {
  const subscriptionId = (await manageLinksFor(db)).read(website.id, input.token);
  if (!subscriptionId) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  const mail = await mailContextOf(db, options);
  const { row, changed } = await inTransaction(db, (trx) => cancelSubscriptionRow(trx, website, subscriptionId, 'shopper', mail));
  return { subscription: subscriptionView(row, website), changed };
}

/**
 * A signed-in site user's subscriptions: those bought while signed in to this account. Never by email: an
 * account's email is not proven (anyone may sign up with another's address); the manage link in the mail serves
 * subscriptions bought signed out. Newest first.
 */
export async function listAccountSubscriptions(db: Kysely<Database>, website: Website, actor: Actor): Promise<SubscriptionRow[]> {
  const user = siteUserOf(actor);
  if (!user) throw unauthenticated(SUBSCRIPTION_MESSAGES.signIn);
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('site_user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** The account page's cancel: only a subscription of the signed-in user (else 404, as if it did not exist). */
export async function cancelAccountSubscription(
  db: Kysely<Database>, website: Website, actor: Actor, input: { subscriptionId: string }, options: SubscriptionServiceOptions = {},
): Promise<{ subscription: SubscriptionView; changed: boolean }> {
  const mine = await listAccountSubscriptions(db, website, actor);
  if (!mine.some((row) => row.id === input.subscriptionId)) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  const mail = await mailContextOf(db, options);
  const { row, changed } = await inTransaction(db, (trx) => cancelSubscriptionRow(trx, website, input.subscriptionId, 'shopper', mail));
  return { subscription: subscriptionView(row, website), changed };
}
