import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { OWNER_MEMBER_LIMITS, OWNER_MEMBER_MESSAGES, type GrantMembershipBody, type ListMembersQuery, type MembershipJson, type MembershipStatusName } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, MembershipsTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { keysetBefore, keysetPage, microsecondKey, readTimeIdCursor } from '../page-cursor';
import { MEMBER_AREA_MESSAGES } from './areas';
import { findAreaRow } from './queries';

type Db = Kysely<Database> | Transaction<Database>;
export type MembershipRow = Selectable<MembershipsTable>;
export type MembershipSource = MembershipsTable['source'];

export const MEMBERSHIP_MESSAGES = {
  notFound: 'Membership not found.',
  noSuchSiteUser: 'No site user of this website has this email. They sign up first.',
  endsAtPast: 'endsAt must be a date and time in the future (ISO 8601), or null.',
} as const;

export interface GrantInput {
  websiteId: string;
  memberAreaId: string;
  siteUserId: string;
  source: MembershipSource;
  orderId?: string | null;
  subscriptionId?: string | null;
  /** null: for good (or, for a subscription, while it lasts). */
  endsAt: Date | null;
}

/**
 * Grants a membership: one active row per member and area (a unique index), so racing joins, a join racing a
 * purchase, or an order paid twice make one row. An active row that has expired is started afresh; a live one keeps
 * how it was granted and is extended (no end wins; else the later end) — except that a subscription takes over a
 * live grant that had an end, so the subscription's ending ends it. Answers the row and whether anything changed.
 */
export async function grantMembership(db: Db, input: GrantInput): Promise<{ row: MembershipRow; changed: boolean }> {
  const endsAt = input.endsAt ? input.endsAt.toISOString() : null;
  const granted = await sql<MembershipRow & { inserted: boolean }>`
    INSERT INTO memberships AS m (id, website_id, member_area_id, site_user_id, source, order_id, subscription_id, ends_at)
    VALUES (${newId()}, ${input.websiteId}, ${input.memberAreaId}, ${input.siteUserId}, ${input.source}, ${input.orderId ?? null}, ${input.subscriptionId ?? null}, ${endsAt}::timestamptz)
    ON CONFLICT (member_area_id, site_user_id) WHERE status = 'active' DO UPDATE SET
      source = CASE WHEN m.ends_at <= now() OR (m.ends_at IS NOT NULL AND excluded.subscription_id IS NOT NULL) THEN excluded.source ELSE m.source END,
      order_id = CASE WHEN m.ends_at <= now() OR (m.ends_at IS NOT NULL AND excluded.subscription_id IS NOT NULL) THEN excluded.order_id ELSE m.order_id END,
      subscription_id = CASE WHEN m.ends_at <= now() OR (m.ends_at IS NOT NULL AND excluded.subscription_id IS NOT NULL) THEN excluded.subscription_id ELSE m.subscription_id END,
      started_at = CASE WHEN m.ends_at <= now() THEN now() ELSE m.started_at END,
      ends_at = CASE
        WHEN m.ends_at <= now() THEN excluded.ends_at
        WHEN m.ends_at IS NULL OR excluded.ends_at IS NULL THEN NULL
        ELSE greatest(m.ends_at, excluded.ends_at) END,
      updated_at = now()
    WHERE m.ends_at IS NOT NULL AND (m.ends_at <= now() OR excluded.ends_at IS NULL OR excluded.ends_at > m.ends_at)
    RETURNING m.*, (xmax = 0) AS inserted`.execute(db);
  const row = granted.rows[0];
  if (row) {
    const { inserted: _inserted, ...membership } = row;
    return { row: membership, changed: true };
  }
  // The live row already covers this grant: nothing changed.
  const existing = await db.selectFrom('memberships').selectAll()
    .where('member_area_id', '=', input.memberAreaId).where('site_user_id', '=', input.siteUserId).where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { row: existing, changed: false };
}

/** Ends the active memberships a subscription granted (it was cancelled, or its last renewal failed). */
export async function endMembershipsOfSubscription(trx: Db, websiteId: string, subscriptionId: string): Promise<number> {
  const ended = await trx.updateTable('memberships')
    .set({ status: 'ended', ended_at: sql`now()`, ended_by: 'subscription', updated_at: sql`now()` })
    .where('website_id', '=', websiteId)
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  return ended.length;
}

/**
 * A subscription that has billed its last cycle: the memberships it bought last to the end of the period that cycle
 * paid for (`endsAt`), then expire by themselves (an active row whose ends_at has passed grants nothing).
 */
export async function endMembershipsOfSubscriptionAt(trx: Db, websiteId: string, subscriptionId: string, endsAt: Date): Promise<number> {
  const changed = await trx.updateTable('memberships')
    .set({ ends_at: endsAt, updated_at: sql`now()` })
    .where('website_id', '=', websiteId)
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  return changed.length;
}

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatusName, string> = { active: 'Active', expired: 'Expired', ended: 'Ended' };

export function membershipStatusOf(row: Pick<MembershipRow, 'status' | 'ends_at'>, now = new Date()): MembershipStatusName {
  if (row.status === 'ended') return 'ended';
  return row.ends_at !== null && row.ends_at <= now ? 'expired' : 'active';
}

export function membershipJson(row: MembershipRow, email: string): MembershipJson {
  const status = membershipStatusOf(row);
  return {
    id: row.id,
    memberAreaId: row.member_area_id,
    siteUserId: row.site_user_id,
    email,
    source: row.source,
    status,
    statusLabel: MEMBERSHIP_STATUS_LABELS[status],
    orderId: row.order_id,
    subscriptionId: row.subscription_id,
    startedAt: row.started_at.getTime(),
    endsAt: row.ends_at?.getTime() ?? null,
    endedAt: row.ended_at?.getTime() ?? null,
    endedBy: row.ended_by,
  };
}

async function requireArea(db: Db, websiteId: string, memberAreaId: string) {
  const area = await findAreaRow(db, websiteId, memberAreaId);
  if (!area) throw notFound(MEMBER_AREA_MESSAGES.notFound);
  return area;
}

async function emailOf(db: Db, siteUserId: string): Promise<string> {
  const user = await db.selectFrom('site_users').select('email').where('id', '=', siteUserId).executeTakeFirst();
  return user?.email ?? '';
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally (ESCAPE '\'). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * An area's memberships, newest first (the id breaking ties), optionally of one status and whose email holds `q` in
 * any case, in keyset pages of OWNER_MEMBER_LIMITS.membersPage: the cursor names the last row of the page before.
 */
export async function listMembers(
  db: Kysely<Database>, website: Website, actor: Actor, input: ListMembersQuery & { memberAreaId: string },
): Promise<{ members: MembershipJson[]; nextCursor: string | null }> {
  authorize(actor, 'members:read');
  const after = readTimeIdCursor(input.cursor, OWNER_MEMBER_MESSAGES.cursor);
  await requireArea(db, website.id, input.memberAreaId);
  let query = db.selectFrom('memberships')
    .innerJoin('site_users', 'site_users.id', 'memberships.site_user_id')
    .selectAll('memberships')
    .select(['site_users.email as email', microsecondKey('memberships.started_at').as('started_key')])
    .where('memberships.website_id', '=', website.id)
    .where('memberships.member_area_id', '=', input.memberAreaId);
  if (input.status === 'ended') query = query.where('memberships.status', '=', 'ended');
  if (input.status === 'active') query = query.where('memberships.status', '=', 'active').where((eb) => eb.or([eb('memberships.ends_at', 'is', null), eb('memberships.ends_at', '>', sql<Date>`now()`)]));
  if (input.status === 'expired') query = query.where('memberships.status', '=', 'active').where('memberships.ends_at', '<=', sql<Date>`now()`);
  if (input.q !== undefined) query = query.where(sql<boolean>`lower(site_users.email) LIKE ${containing(input.q.toLowerCase())} ESCAPE '\\'`);
  if (after) query = query.where(keysetBefore('memberships.started_at', 'memberships.id', after));
  const limit = OWNER_MEMBER_LIMITS.membersPage;
  const rows = await query.orderBy('memberships.started_at', 'desc').orderBy('memberships.id', 'desc').limit(limit + 1).execute();
  const { page, nextCursor } = keysetPage(rows, limit, (row) => [row.started_key, row.id]);
  return { members: page.map(({ email, started_key: _key, ...row }) => membershipJson(row, email)), nextCursor };
}

/** The owner grants a membership to a site user by email (an active one is extended). */
export async function grantMembershipByOwner(db: Kysely<Database>, website: Website, actor: Actor, input: GrantMembershipBody & { memberAreaId: string }): Promise<{ membership: MembershipJson; changed: boolean }> {
  authorize(actor, 'members:write');
  let endsAt: Date | null = null;
  if (input.endsAt) {
    endsAt = new Date(input.endsAt);
    if (Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= Date.now()) throw invalid(MEMBERSHIP_MESSAGES.endsAtPast, { endsAt: MEMBERSHIP_MESSAGES.endsAtPast });
  }
  await requireArea(db, website.id, input.memberAreaId);
  const user = await db.selectFrom('site_users').select(['id', 'email']).where('website_id', '=', website.id).where(sql`lower(email)`, '=', input.email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw invalid(MEMBERSHIP_MESSAGES.noSuchSiteUser, { email: MEMBERSHIP_MESSAGES.noSuchSiteUser });
  const { row, changed } = await inTransaction(db, (trx) => grantMembership(trx, { websiteId: website.id, memberAreaId: input.memberAreaId, siteUserId: user.id, source: 'owner', endsAt }));
  return { membership: membershipJson(row, user.email), changed };
}

/** The owner ends a membership now (idempotent). */
export async function revokeMembership(db: Kysely<Database>, website: Website, actor: Actor, input: { memberAreaId: string; membershipId: string }): Promise<{ membership: MembershipJson; changed: boolean }> {
  authorize(actor, 'members:write');
  const ended = await db.updateTable('memberships')
    .set({ status: 'ended', ended_at: sql`now()`, ended_by: 'owner', updated_at: sql`now()` })
    .where('website_id', '=', website.id)
    .where('member_area_id', '=', input.memberAreaId)
    .where('id', '=', input.membershipId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  const row = ended ?? await db.selectFrom('memberships').selectAll().where('website_id', '=', website.id).where('member_area_id', '=', input.memberAreaId).where('id', '=', input.membershipId).executeTakeFirst();
  if (!row) throw notFound(MEMBERSHIP_MESSAGES.notFound);
  return { membership: membershipJson(row, await emailOf(db, row.site_user_id)), changed: ended !== undefined };
}

/** A site user's memberships with their areas (the account page): live ones first. */
export async function listSiteUserMemberships(db: Db, websiteId: string, siteUserId: string) {
  return db.selectFrom('memberships')
    .innerJoin('member_areas', 'member_areas.id', 'memberships.member_area_id')
    .selectAll('memberships')
    .select(['member_areas.name as areaName'])
    .where('memberships.website_id', '=', websiteId)
    .where('memberships.site_user_id', '=', siteUserId)
    .orderBy('memberships.status')
    .orderBy('memberships.started_at', 'desc')
    .limit(100)
    .execute();
}
