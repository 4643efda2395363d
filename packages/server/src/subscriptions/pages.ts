import type { Kysely } from 'kysely';
import { siteUserOf, type Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { listAccountSubscriptions, subscriptionOfLink } from './cancel';
import { manageLinksFor } from './manage-links';
import { subscriptionView, type SubscriptionView } from './subscription-json';

/** A form the page posts or gets, as hidden fields: templates only repeat them. */
export interface PageForm {
  action: string;
  fields: { name: string; value: string }[];
  /** The confirm step's way back ("Keep subscription"). */
  keepUrl?: string;
}

/**
 * One subscription on the shopper's pages. Without the email: the manage link can leak (history, a forwarded mail),
 * and like the order confirmed page the page shows the purchase, never the shopper's address.
 */
export interface SubscriptionCard extends Omit<SubscriptionView, 'email'> {
  /** The confirm step is open for this subscription (`?confirm=…`). */
  confirming: boolean;
  /** "Cancel subscription": a GET to the same page that opens the confirm step (nothing changes on a GET). */
  confirmForm: PageForm;
  /** "Yes, cancel subscription": the POST with the crumb. */
  cancelForm: PageForm;
}

/** What the `subscriptions` theme template shows, beside the page's base context. */
export interface SubscriptionsPageParts {
  title: string;
  mode: 'manage' | 'account';
  subscriptions: SubscriptionCard[];
  /** After a cancel (the POST redirects here with `?cancelled=1`). */
  notice: string;
  /** The account page asked while signed out. */
  signedOut: boolean;
}

export const SUBSCRIPTION_PAGE_TEXT = {
  manageTitle: 'Manage subscription',
  accountTitle: 'Your subscriptions',
  cancelled: 'Your subscription is cancelled. You will not be charged again.',
} as const;

function card(view: SubscriptionView, page: { path: string; keep: Record<string, string>; crumb: string; confirmId: string | undefined; cancelAction: string; cancelFields: Record<string, string> }): SubscriptionCard {
  const fields = (values: Record<string, string>) => Object.entries(values).map(([name, value]) => ({ name, value }));
  const keepQuery = new URLSearchParams(page.keep).toString();
  const keepUrl = keepQuery ? `${page.path}?${keepQuery}` : page.path;
  const { email: _email, ...shown } = view;
  return {
    ...shown,
    confirming: page.confirmId === view.id && view.cancellable,
    confirmForm: { action: page.path, fields: fields({ ...page.keep, confirm: view.id }) },
    cancelForm: { action: page.cancelAction, fields: fields({ ...page.cancelFields, crumb: page.crumb }), keepUrl },
  };
}

/** `/subscriptions/manage?token=…`: the one subscription the signed link names; undefined (404) for any other token. */
export async function buildManagePageParts(
  db: Kysely<Database>, website: Website, query: { token?: string; confirm?: string; cancelled?: string }, crumb: string,
): Promise<SubscriptionsPageParts | undefined> {
  if (!query.token) return undefined;
  const row = await subscriptionOfLink(db, website, query.token);
  if (!row) return undefined;
  const path = '/subscriptions/manage';
  return {
    title: SUBSCRIPTION_PAGE_TEXT.manageTitle,
    mode: 'manage',
    subscriptions: [
      card(subscriptionView(row, website), {
        path, keep: { token: query.token }, crumb, confirmId: query.confirm, cancelAction: `${path}/cancel`, cancelFields: { token: query.token },
      }),
    ],
    notice: query.cancelled === '1' && row.status === 'cancelled' ? SUBSCRIPTION_PAGE_TEXT.cancelled : '',
    signedOut: false,
  };
}

/** `/account/subscriptions`: the signed-in site user's subscriptions (by account or by email). */
export async function buildAccountPageParts(
  db: Kysely<Database>, website: Website, actor: Actor, query: { confirm?: string; cancelled?: string }, crumb: string,
): Promise<SubscriptionsPageParts> {
  const base = { title: SUBSCRIPTION_PAGE_TEXT.accountTitle, mode: 'account' as const };
  if (!siteUserOf(actor)) return { ...base, subscriptions: [], notice: '', signedOut: true };
  const rows = await listAccountSubscriptions(db, website, actor);
  const path = '/account/subscriptions';
  return {
    ...base,
    subscriptions: rows.map((row) =>
      card(subscriptionView(row, website), { path, keep: {}, crumb, confirmId: query.confirm, cancelAction: `${path}/cancel`, cancelFields: { subscriptionId: row.id } }),
    ),
    notice: query.cancelled === '1' ? SUBSCRIPTION_PAGE_TEXT.cancelled : '',
    signedOut: false,
  };
}

/**
 * The manage page of each subscription an order started or renewed (the subscription confirmed page links to it; a
 * renewal mail's order link opens that page too).
 */
export async function manageLinksForOrder(db: Kysely<Database>, website: Website, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('website_id', '=', website.id)
    .where((eb) => eb.or([
      eb('first_order_id', '=', orderId),
      eb('id', 'in', eb.selectFrom('subscription_renewals').select('subscription_id').where('order_id', '=', orderId)),
    ]))
    .orderBy('created_at')
    .execute();
  if (rows.length === 0) return [];
  const links = await manageLinksFor(db);
  return rows.map((row) => links.path(website.id, row.id));
}
