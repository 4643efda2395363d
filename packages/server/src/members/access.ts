import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { siteUserOf, type Actor } from '../actor';
import { UNLOCK_COOKIE, unlockCookieFor } from './unlock-cookie';

type Db = Kysely<Database> | Transaction<Database>;

/** Who is looking at a page: the signed-in site user (if any), whether they manage the site, the pages they unlocked. */
export interface Viewer {
  siteUserId: string | null;
  /** Contributors (owners, editors…) see every page, as the editor's preview does. */
  isContributor: boolean;
  /** Password pages this browser opened (the signed page-unlock cookie). */
  unlockedPageIds?: readonly string[];
  /** The lock version each unlocked page was opened at (a new password locks it again); absent = any version. */
  unlockedPageVersions?: Readonly<Record<string, number>>;
}

export type MemberAreaAccess = 'free' | 'paid';

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'members-only'; memberAreas: { id: string; name: string; access: MemberAreaAccess }[] }
  | { allowed: false; reason: 'password' };

/** Nobody signed in, nothing unlocked. */
export const ANONYMOUS_VIEWER: Viewer = { siteUserId: null, isContributor: false };

/** SQL: whether a membership row counts now (no job ends an expiry: the read compares the clock). */
export const liveMembership = sql<boolean>`memberships.status = 'active' AND (memberships.ends_at IS NULL OR memberships.ends_at > now())`;

/**
 * One check for a site page (a collection page gates its items: pass the collection's id for a post or lesson) —
 * used for the page, its `?format=json`, its frames, and its asset and video URLs. A page in member areas opens to
 * a live member of any of them; a password page opens to a browser that unlocked its current password. Both rules
 * apply when both are set. Contributors see everything. One statement.
 */
export async function canSee(db: Db, websiteId: string, viewer: Viewer, target: { pageId: string }): Promise<AccessDecision> {
  if (viewer.isContributor) return { allowed: true };
  const userId = viewer.siteUserId ?? '';
  const rows = await db
    .selectFrom('member_area_pages')
    .innerJoin('member_areas', 'member_areas.id', 'member_area_pages.member_area_id')
    .select(['member_areas.id as id', 'member_areas.name as name', 'member_areas.access as access', 'member_area_pages.position as position'])
    .select(sql<string>`'area'`.as('kind'))
    .select((eb) =>
      eb.exists(
        eb.selectFrom('memberships').select(sql`1`.as('one'))
          .whereRef('memberships.member_area_id', '=', 'member_areas.id')
          .where('memberships.site_user_id', '=', userId)
          .where(liveMembership),
      ).as('member'))
    .where('member_area_pages.page_id', '=', target.pageId)
    .where('member_area_pages.website_id', '=', websiteId)
    .unionAll(
      db.selectFrom('page_locks')
        .select(['page_locks.page_id as id', sql<string>`''`.as('name'), sql<MemberAreaAccess>`'free'`.as('access'), 'page_locks.version as position'])
        .select(sql<string>`'lock'`.as('kind'))
        .select(sql<boolean>`false`.as('member'))
        .where('page_locks.page_id', '=', target.pageId)
        .where('page_locks.website_id', '=', websiteId),
    )
    .execute();
  const areas = rows.filter((row) => row.kind === 'area');
  if (areas.length > 0 && !areas.some((area) => area.member)) {
    return {
      allowed: false,
      reason: 'members-only',
      memberAreas: areas.sort((a, b) => a.name.localeCompare(b.name)).map((area) => ({ id: area.id, name: area.name, access: area.access })),
    };
  }
  const lock = rows.find((row) => row.kind === 'lock');
  if (lock && !isUnlocked(viewer, target.pageId, lock.position)) return { allowed: false, reason: 'password' };
  return { allowed: true };
}

function isUnlocked(viewer: Viewer, pageId: string, version: number): boolean {
  if (!viewer.unlockedPageIds?.includes(pageId)) return false;
  const unlockedAt = viewer.unlockedPageVersions?.[pageId];
  return unlockedAt === undefined || unlockedAt === version;
}

/** What a route knows of the request: the actor (session already read by request-context) and the cookies. */
export interface ViewerRequest {
  actor: Actor;
  cookies: Readonly<Record<string, string | undefined>>;
}

/**
 * How routes build a Viewer: the site-user session (already on the actor, with the contributor role, read in one
 * statement by http/request-context.ts) and the signed page-unlock cookie. No database call for a visitor without
 * that cookie (the signing secret is read once per process).
 */
export async function viewerOf(db: Kysely<Database>, websiteId: string, request: ViewerRequest): Promise<Viewer> {
  const siteUser = siteUserOf(request.actor);
  const viewer: Viewer = { siteUserId: siteUser?.id ?? null, isContributor: siteUser?.role !== undefined || request.actor.kind === 'system' };
  const cookie = request.cookies[UNLOCK_COOKIE];
  if (!cookie) return viewer;
  const unlocked = (await unlockCookieFor(db)).read(websiteId, cookie);
  return {
    ...viewer,
    unlockedPageIds: unlocked.map((page) => page.pageId),
    unlockedPageVersions: Object.fromEntries(unlocked.map((page) => [page.pageId, page.version])),
  };
}

/** The ids of a website's pages gated by a member area: left out of the sitemap, feeds and search. */
export async function listMembersOnlyPageIds(db: Db, websiteId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('member_area_pages').select('page_id').distinct().where('website_id', '=', websiteId).execute();
  return new Set(rows.map((row) => row.page_id));
}

/**
 * The addresses the sitemap and feeds leave out: every page gated by a member area or a password (by url id), and
 * whether the home page is one. The sitemap is one public document, so gated pages are left out for everyone.
 */
export async function listGatedPageUrlIds(db: Db, websiteId: string): Promise<{ urlIds: Set<string>; home: boolean }> {
  const rows = await db.selectFrom('site_pages')
    .select(['url_id', 'is_home'])
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('member_area_pages').select(sql`1`.as('one')).whereRef('member_area_pages.page_id', '=', 'site_pages.id')),
      eb.exists(eb.selectFrom('page_locks').select(sql`1`.as('one')).whereRef('page_locks.page_id', '=', 'site_pages.id')),
    ]))
    .execute();
  return { urlIds: new Set(rows.map((row) => row.url_id)), home: rows.some((row) => row.is_home) };
}

/** Whether a sitemap or feed path belongs to a gated page: the page itself or one of its items. */
export function isGatedPath(path: string, gated: { urlIds: ReadonlySet<string>; home: boolean }): boolean {
  if (path === '/') return gated.home;
  const first = path.split('/')[1] ?? '';
  return gated.urlIds.has(first);
}

/** The frames route's check: a page's own block by the page, an item's by its collection. */
export async function canSeeFrame(db: Db, websiteId: string, viewer: Viewer, kind: 'page' | 'item', id: string): Promise<boolean> {
  const pageId = kind === 'page'
    ? id
    : (await db.selectFrom('site_items').select('collection_id').where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst())?.collection_id;
  if (!pageId) return true;
  return (await canSee(db, websiteId, viewer, { pageId })).allowed;
}
