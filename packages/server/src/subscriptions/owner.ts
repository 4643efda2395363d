import type { Kysely } from 'kysely';
import { OWNER_SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PAGE_SIZE, type ListOwnerSubscriptionsQuery, type OwnerSubscriptionJson, type SubscriptionStatusName } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid } from '../failures';
import { cancelSubscriptionRow, mailContextOf, type SubscriptionServiceOptions } from './cancel';
import { keysetBefore, keysetPage, microsecondKey, readTimeIdCursor } from '../page-cursor';
import { subscriptionView, type SubscriptionRow } from './subscription-json';

export function ownerSubscriptionJson(row: SubscriptionRow, website: Website): OwnerSubscriptionJson {
  const { terms: _terms, nextRenewalLabel: _label, ...view } = subscriptionView(row, website);
  return { ...view, firstOrderId: row.first_order_id };
}

/**
 * GET /api/owner/subscriptions: newest first (the id breaking ties), optionally of one status, in keyset pages; the
 * cursor names the last row of the page before (its creation time to the microsecond, and its id).
 */
export async function listOwnerSubscriptions(
  db: Kysely<Database>, website: Website, actor: Actor, query: ListOwnerSubscriptionsQuery,
): Promise<{ subscriptions: OwnerSubscriptionJson[]; nextCursor: string | null }> {
  authorize(actor, 'orders:read');
  const limit = query.limit === undefined ? SUBSCRIPTION_PAGE_SIZE.default : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > SUBSCRIPTION_PAGE_SIZE.max) throw invalid(OWNER_SUBSCRIPTION_MESSAGES.limit, { limit: OWNER_SUBSCRIPTION_MESSAGES.limit });
  const after = readTimeIdCursor(query.cursor, OWNER_SUBSCRIPTION_MESSAGES.cursor);
  let select = db.selectFrom('subscriptions').selectAll().select(microsecondKey('created_at').as('created_key')).where('website_id', '=', website.id);
  if (query.status) select = select.where('status', '=', query.status as SubscriptionStatusName);
  if (after) select = select.where(keysetBefore('created_at', 'id', after));
  const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  const { page, nextCursor } = keysetPage(rows, limit, (row) => [row.created_key, row.id]);
  return { subscriptions: page.map(({ created_key: _key, ...row }) => ownerSubscriptionJson(row, website)), nextCursor };
}

/** POST /api/owner/subscriptions/:subscriptionId/cancel: no renewal is charged after it; idempotent. */
export async function cancelOwnerSubscription(
  db: Kysely<Database>, website: Website, actor: Actor, input: { subscriptionId: string }, options: SubscriptionServiceOptions = {},
): Promise<{ subscription: OwnerSubscriptionJson; changed: boolean }> {
  authorize(actor, 'orders:write');
  const mail = await mailContextOf(db, options);
  const { row, changed } = await inTransaction(db, (trx) => cancelSubscriptionRow(trx, website, input.subscriptionId, 'owner', mail));
  return { subscription: ownerSubscriptionJson(row, website), changed };
}
