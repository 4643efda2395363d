import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { MEMBER_MESSAGES, type JoinMemberAreaReply } from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import { createSingleItemCart } from '../cart';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { FEATURE_FLAG_MESSAGES, requireFeature } from '../experiments';
import { inTransaction } from '../db/transactions';
import { invalid, notFound, unauthenticated } from '../failures';
import { grantMembership } from './memberships';
import { findAreaRow, findPaywallProducts, PAYWALL_PRODUCT_TYPE } from './queries';

/** Where a member lands after joining: the membership confirmed page (208) of the area. */
export const confirmedPath = (memberAreaId: string) => `/members/confirmed?area=${encodeURIComponent(memberAreaId)}`;

/**
 * A signed-in site user joins an area: a free area's membership at once (racing joins make one row), a paid area's
 * checkout — a cart of its own holding the PAYWALL product (a subscription cart for a subscribed product); the
 * order's payment grants the membership (grantMembershipsForPaidOrder). Site-user accounts (flag 29) must be on.
 */
export async function joinMemberArea(db: Kysely<Database>, website: Website, actor: Actor, input: { memberAreaId: string }): Promise<JoinMemberAreaReply> {
  await requireFeature(db, website.id, 'siteUserAccounts', FEATURE_FLAG_MESSAGES.siteUserAccountsOff);
  const area = await findAreaRow(db, website.id, input.memberAreaId);
  if (!area) throw notFound(MEMBER_MESSAGES.notFound);
  const siteUser = siteUserOf(actor);
  if (!siteUser) throw unauthenticated(MEMBER_MESSAGES.signIn);
  if (area.access === 'free') {
    await inTransaction(db, (trx) => grantMembership(trx, { websiteId: website.id, memberAreaId: area.id, siteUserId: siteUser.id, source: 'sign-up', endsAt: null }));
    return { status: 'joined', redirectUrl: confirmedPath(area.id) };
  }
  const product = area.paywall_product_id ? (await findPaywallProducts(db, website.id, website.currency, [area.paywall_product_id])).get(area.paywall_product_id) : undefined;
  if (!product || product.archived || !product.sku) throw invalid(MEMBER_MESSAGES.unavailable);
  const kind = product.isSubscribable ? 'subscription' : 'express';
  const { cartToken } = await createSingleItemCart(db, website, actor, { itemId: product.id, sku: product.sku, quantity: 1, kind });
  const checkout = kind === 'subscription' ? '/checkout/subscription' : '/checkout';
  return { status: 'checkout', redirectUrl: `${checkout}?cartToken=${encodeURIComponent(cartToken)}` };
}

type OrderRow = Selectable<OrdersTable>;
type OrderItemRow = Selectable<OrderItemsTable>;

/**
 * onOrderPaid's step (orders/paid.ts), in the transaction that records the payment: each PAYWALL line grants the
 * order's site user (the signed-in buyer; else the site user with the order's email) a membership of every area
 * sold by that product — for a subscription line while the subscription lasts (ended by its cancel or last failed
 * renewal), for a one-off line for the area's duration (or for good). Safe to run again: one active row per member.
 */
export async function grantMembershipsForPaidOrder(trx: Transaction<Database>, website: Website, order: OrderRow, items: readonly OrderItemRow[]): Promise<number> {
  const productIds = [...new Set(items.map((item) => item.product_id))];
  if (productIds.length === 0) return 0;
  const paywall = await trx.selectFrom('products').select('id').where('website_id', '=', website.id).where('id', 'in', productIds).where('product_type', '=', PAYWALL_PRODUCT_TYPE).execute();
  if (paywall.length === 0) return 0;
  const areas = await trx.selectFrom('member_areas').selectAll().where('website_id', '=', website.id).where('access', '=', 'paid').where('paywall_product_id', 'in', paywall.map((row) => row.id)).execute();
  if (areas.length === 0) return 0;
  const siteUserId = order.site_user_id ?? (await trx.selectFrom('site_users').select('id').where('website_id', '=', website.id).where(sql`lower(email)`, '=', order.email.toLowerCase()).executeTakeFirst())?.id;
  if (!siteUserId) return 0;
  let granted = 0;
  for (const item of items) {
    const subscriptionId = item.line_kind === 'subscription'
      ? (await trx.selectFrom('subscriptions').select('id').where('order_item_id', '=', item.id).executeTakeFirst())?.id ?? null
      : null;
    for (const area of areas.filter((candidate) => candidate.paywall_product_id === item.product_id)) {
      const endsAt = subscriptionId === null && area.duration_days !== null ? new Date(Date.now() + area.duration_days * 86_400_000) : null;
      await grantMembership(trx, {
        websiteId: website.id, memberAreaId: area.id, siteUserId, source: subscriptionId ? 'subscription' : 'order', orderId: order.id, subscriptionId, endsAt,
      });
      granted += 1;
    }
  }
  return granted;
}
