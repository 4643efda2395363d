/**
 * Revisions (content_revisions): a snapshot of everything the editor edits, kept at every publish, schedule,
 * unpublish and restore, in the transaction of that change. Restoring makes a snapshot's title and body the draft.
 */
import type { Kysely, Transaction } from 'kysely';
import type { RevisionJson, RevisionReason } from '@vitrine/contracts';
import type { Owner, ApiKeyPrincipal } from '../authorize';
import type { Database } from '../db/schema';
import { notFound } from '../failures';
import { newId } from '../ids';
import type { SiteItemRow, SitePageRow } from './owner-model';
import { CONTENT_NOT_FOUND } from './owner-queries';

type Db = Kysely<Database> | Transaction<Database>;
export type RevisionTarget = 'page' | 'item';

/** What authorize() answered: the site user who acts, when a person does. */
export function actingSiteUserId(principal: Owner | ApiKeyPrincipal | 'system'): string | null {
  return principal !== 'system' && 'siteUser' in principal ? principal.siteUser.id : null;
}

export function pageSnapshotOf(row: SitePageRow): Record<string, unknown> {
  return {
    title: row.title,
    navigationTitle: row.navigation_title,
    description: row.description,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    status: row.status,
    publishAt: row.publish_at?.toISOString() ?? null,
    body: row.body,
  };
}

export function itemSnapshotOf(row: SiteItemRow): Record<string, unknown> {
  return {
    title: row.title,
    excerpt: row.excerpt,
    authorName: row.author_name,
    tags: row.tags,
    categories: row.categories,
    commentState: row.comment_state,
    startAt: row.start_at?.toISOString() ?? null,
    endAt: row.end_at?.toISOString() ?? null,
    location: row.location,
    image: row.image,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    status: row.status,
    publishAt: row.publish_at?.toISOString() ?? null,
    body: row.body,
  };
}

export async function keepRevision(
  trx: Db,
  revision: { websiteId: string; target: RevisionTarget; targetId: string; version: number; reason: RevisionReason; snapshot: Record<string, unknown>; createdBy: string | null },
): Promise<void> {
  await trx
    .insertInto('content_revisions')
    .values({
      id: newId(),
      website_id: revision.websiteId,
      target_kind: revision.target,
      target_id: revision.targetId,
      version: revision.version,
      reason: revision.reason,
      snapshot: JSON.stringify(revision.snapshot),
      created_by: revision.createdBy,
    })
    .execute();
}

/** Whether a page or item has any revision yet: only one without may be given its 'original'. */
async function hasRevision(trx: Db, websiteId: string, target: RevisionTarget, targetId: string): Promise<boolean> {
  const kept = await trx
    .selectFrom('content_revisions')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('target_kind', '=', target)
    .where('target_id', '=', targetId)
    .limit(1)
    .executeTakeFirst();
  return kept !== undefined;
}

/** Keeps `row` as its 'original' revision (no publish time, no author), dated at its creation: the oldest revision. */
async function keepOriginal(trx: Db, websiteId: string, target: RevisionTarget, row: { id: string; version: number; created_at: Date }, snapshot: Record<string, unknown>): Promise<void> {
  await trx
    .insertInto('content_revisions')
    .values({
      id: newId(),
      website_id: websiteId,
      target_kind: target,
      target_id: row.id,
      version: row.version,
      reason: 'original',
      snapshot: JSON.stringify({ ...snapshot, publishAt: null }),
      created_by: null,
      created_at: row.created_at,
    })
    .execute();
}

/**
 * The page as the template or the seed made it, kept as an 'original' revision before the first change that
 * replaces its body (the owner's first publish), when it is live and has no revision yet: "Restore the original"
 * then works for every page, whoever wrote it (the starter, a template, the demo). In the caller's transaction,
 * so a publish that loses its race (409) keeps nothing.
 */
export async function keepOriginalPageRevision(trx: Db, websiteId: string, pageId: string): Promise<void> {
  const page = await trx
    .selectFrom('site_pages')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', pageId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (page && !(await hasRevision(trx, websiteId, 'page', pageId))) await keepOriginal(trx, websiteId, 'page', page, pageSnapshotOf(page));
}

/**
 * A post's (event's, picture's) counterpart of keepOriginalPageRevision: kept before its first change (publish or
 * update) when it is live and has no revision yet — so "Restore the original" works for posts too.
 */
export async function keepOriginalItemRevision(trx: Db, websiteId: string, itemId: string): Promise<void> {
  const item = await trx
    .selectFrom('site_items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (item && !(await hasRevision(trx, websiteId, 'item', itemId))) await keepOriginal(trx, websiteId, 'item', item, itemSnapshotOf(item));
}

/** A target's revisions, newest first, with the email of who made each (null for the system). */
export async function listRevisions(db: Db, websiteId: string, target: RevisionTarget, targetId: string): Promise<RevisionJson[]> {
  const rows = await db
    .selectFrom('content_revisions as revision')
    .leftJoin('site_users as author', 'author.id', 'revision.created_by')
    .select(['revision.id', 'revision.version', 'revision.reason', 'revision.created_at', 'revision.snapshot', 'author.email'])
    .where('revision.website_id', '=', websiteId)
    .where('revision.target_kind', '=', target)
    .where('revision.target_id', '=', targetId)
    .orderBy('revision.created_at', 'desc')
    .orderBy('revision.version', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    reason: row.reason as RevisionReason,
    createdAt: row.created_at.toISOString(),
    createdBy: row.email ? { email: row.email } : null,
    title: typeof row.snapshot.title === 'string' ? row.snapshot.title : '',
  }));
}

/** A revision's snapshot; 404 'No such revision.' when it is not this target's. */
export async function loadRevisionSnapshot(db: Db, websiteId: string, target: RevisionTarget, targetId: string, revisionId: string): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('content_revisions')
    .select('snapshot')
    .where('website_id', '=', websiteId)
    .where('target_kind', '=', target)
    .where('target_id', '=', targetId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!row) throw notFound(CONTENT_NOT_FOUND.revision);
  return row.snapshot;
}
