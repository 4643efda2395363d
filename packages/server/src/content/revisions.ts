/**
 * Revisions (content_revisions): a snapshot of everything the editor edits, kept at every publish, schedule,
 * unpublish and restore, in the transaction of that change. Restoring makes a snapshot's title and body the draft.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
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

/**
 * The page as the template or the seed made it, kept as an 'original' revision before the first change that
 * replaces its body (the owner's first publish), when it is live and has no revision yet: "Restore the original"
 * then works for every page, whoever wrote it (the starter, a template, the demo). In the caller's transaction,
 * so a publish that loses its race (409) keeps nothing. Dated at the page's creation: the oldest revision.
 */
export async function keepOriginalPageRevision(trx: Db, websiteId: string, pageId: string): Promise<void> {
  await trx
    .insertInto('content_revisions')
    .columns(['id', 'website_id', 'target_kind', 'target_id', 'version', 'reason', 'snapshot', 'created_by', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('site_pages as page')
        .select([
          sql<string>`${newId()}::text`.as('id'),
          'page.website_id',
          sql.lit('page').as('target_kind'),
          'page.id as target_id',
          'page.version',
          sql.lit('original').as('reason'),
          sql<string>`jsonb_build_object('title', page.title, 'navigationTitle', page.navigation_title, 'description', page.description, 'seoTitle', page.seo_title, 'seoDescription', page.seo_description, 'status', page.status, 'publishAt', null, 'body', page.body)`.as('snapshot'),
          sql.lit(null).as('created_by'),
          'page.created_at',
        ])
        .where('page.website_id', '=', websiteId)
        .where('page.id', '=', pageId)
        .where('page.deleted_at', 'is', null)
        .where('page.status', '=', 'published')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner.selectFrom('content_revisions as kept').select('kept.id').where('kept.website_id', '=', websiteId).where('kept.target_kind', '=', 'page').where('kept.target_id', '=', pageId),
            ),
          ),
        ),
    )
    .execute();
}

/**
 * A post's (event's, picture's) counterpart of keepOriginalPageRevision: the item as the template or the seed made
 * it, kept as an 'original' revision before its first change (publish or update) when it is live and has no revision
 * yet — so "Restore the original" works for posts too. In the caller's transaction; dated at the item's creation.
 */
export async function keepOriginalItemRevision(trx: Db, websiteId: string, itemId: string): Promise<void> {
  const item = await trx
    .selectFrom('site_items as item')
    .selectAll('item')
    .where('item.website_id', '=', websiteId)
    .where('item.id', '=', itemId)
    .where('item.deleted_at', 'is', null)
    .where('item.status', '=', 'published')
    .where((inner) =>
      inner.not(
        inner.exists(
          inner.selectFrom('content_revisions as kept').select('kept.id').where('kept.website_id', '=', websiteId).where('kept.target_kind', '=', 'item').where('kept.target_id', '=', itemId),
        ),
      ),
    )
    .executeTakeFirst();
  if (!item) return;
  await trx
    .insertInto('content_revisions')
    .values({
      id: newId(),
      website_id: websiteId,
      target_kind: 'item',
      target_id: item.id,
      version: item.version,
      reason: 'original',
      snapshot: JSON.stringify({ ...itemSnapshotOf(item), publishAt: null }),
      created_by: null,
      created_at: item.created_at,
    })
    .execute();
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
