/**
 * The owner's pages (site_pages): create, read, edit, autosave the draft, publish or schedule, unpublish, statuses,
 * the home page, delete, revisions. Every change names the version it was made on (versioned-update.ts). Where a
 * page sits in the navigation is the page tree's (page-tree/), which calls createContentPage and deleteContentPage.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { pageLayoutBody, urlIdFrom } from '@vitrine/blocks';
import {
  OWNER_CONTENT_MESSAGES,
  type ContentPageJson,
  type CreateContentPageBody,
  type DraftSavedJson,
  type PublishContentBody,
  type RevisionJson,
  type SaveContentDraftBody,
  type SetContentStatusBody,
  type UpdateContentPageBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { findCollectionByUrlId } from '../catalog';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { conflict, Failure, invalid, isFailure } from '../failures';
import { newId } from '../ids';
import { checkedBody } from './body-rules';
import { notifyContentChanged } from './content-changes';
import { contentPageOf, isLive, type SitePageRow } from './owner-model';
import { recordPageAddressMove } from './address-moves';
import { loadOwnerPage } from './owner-queries';
import { actingSiteUserId, keepOriginalPageRevision, keepRevision, listRevisions, loadRevisionSnapshot, pageSnapshotOf } from './revisions';
import { parsedInstant, publicationOf, updatePageAtVersion } from './versioned-update';

type Db = Kysely<Database> | Transaction<Database>;

export const OWNER_PAGE_MESSAGES = {
  urlIdTaken: 'Another page or a store already uses this URL.',
  urlIdReserved: 'The site uses this URL itself (cart, checkout, search…). Choose another.',
  folderHome: 'A folder cannot be the home page.',
  deleteHome: 'This is the home page. Make another page the home page before deleting it.',
  homeChanged: 'Another page was made the home page at the same time. Reload and try again.',
  revisionBody: 'This revision cannot be restored: its body is no longer valid.',
} as const;

/** First path segments the site's own routes answer (pages/routes.ts and the HTTP edge): a page there would never show. */
export const RESERVED_URL_IDS: ReadonlySet<string> = new Set([
  'api', 'assets', 'account', 'cart', 'checkout', 'config', 'downloads', 'images', 'search', 'subscriptions', 'reviews', 'ip', 'sitemap', 'robots',
]);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A url id another page (not `exceptPageId`) or a store uses, or the site reserves: its message, or undefined when free. */
export async function urlIdProblem(db: Db, websiteId: string, urlId: string, exceptPageId?: string): Promise<string | undefined> {
  if (RESERVED_URL_IDS.has(urlId)) return OWNER_PAGE_MESSAGES.urlIdReserved;
  let pages = db.selectFrom('site_pages').select('id').where('website_id', '=', websiteId).where('url_id', '=', urlId).where('deleted_at', 'is', null);
  if (exceptPageId) pages = pages.where('id', '<>', exceptPageId);
  if (await pages.executeTakeFirst()) return OWNER_PAGE_MESSAGES.urlIdTaken;
  if (await findCollectionByUrlId(db, websiteId, urlId)) return OWNER_PAGE_MESSAGES.urlIdTaken;
  return undefined;
}

/** A url id for a new page from its title: -2, -3… past those pages, stores and the site's own routes use. */
async function derivedUrlId(db: Db, websiteId: string, title: string): Promise<string> {
  const pages = await db.selectFrom('site_pages').select('url_id').where('website_id', '=', websiteId).where('deleted_at', 'is', null).execute();
  const taken = new Set([...RESERVED_URL_IDS, ...pages.map((page) => page.url_id)]);
  for (;;) {
    const candidate = urlIdFrom(title, taken);
    if (!(await findCollectionByUrlId(db, websiteId, candidate))) return candidate;
    taken.add(candidate);
  }
}

/**
 * A new draft page, its body from the page layout asked for (blank by default), in the caller's transaction (the page tree adds it to the navigation in
 * the same one). Two pages made at once from one url id: the second meets the unique index, a 409.
 */
export async function createContentPage(trx: Transaction<Database>, website: Website, actor: Actor, input: CreateContentPageBody): Promise<SitePageRow> {
  authorize(actor, 'content:write');
  if (input.urlId !== undefined) {
    const problem = await urlIdProblem(trx, website.id, input.urlId);
    if (problem) throw invalid(problem, { urlId: problem });
  }
  const urlId = input.urlId ?? (await derivedUrlId(trx, website.id, input.title));
  try {
    return await trx
      .insertInto('site_pages')
      .values({ id: newId(), website_id: website.id, kind: input.kind, url_id: urlId, title: input.title.trim(), status: 'draft', body: JSON.stringify(pageLayoutBody(input.layout ?? 'blank')) })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Another page took the url id meanwhile: the caller's transaction is over; page-tree tries once more.
    if (isUniqueViolation(error)) throw conflict(OWNER_PAGE_MESSAGES.urlIdTaken, { urlId: OWNER_PAGE_MESSAGES.urlIdTaken });
    throw error;
  }
}

/**
 * Deletes a page (soft: deleted_at) with a collection's items, in the caller's transaction (the page tree takes it
 * out of the navigation in the same one). The home page cannot go: 409.
 */
export async function deleteContentPage(trx: Transaction<Database>, website: Website, actor: Actor, pageId: string): Promise<SitePageRow> {
  authorize(actor, 'content:write');
  const page = await trx
    .selectFrom('site_pages')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('id', '=', pageId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!page) await loadOwnerPage(trx, website.id, pageId);
  if (page!.is_home) throw conflict(OWNER_PAGE_MESSAGES.deleteHome);
  const now = new Date();
  await trx.updateTable('site_items').set({ deleted_at: now, updated_at: now }).where('collection_id', '=', pageId).where('deleted_at', 'is', null).execute();
  await trx.updateTable('site_pages').set({ deleted_at: now, updated_at: now, version: sql<number>`version + 1` }).where('id', '=', pageId).execute();
  return page!;
}

export async function getOwnerContentPage(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<ContentPageJson> {
  authorize(actor, 'content:read');
  return contentPageOf(await loadOwnerPage(db, website.id, input.pageId));
}

/** Title, navigation title, url id, description, SEO fields, folder behaviour: only those given. */
export async function updateOwnerContentPage(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: UpdateContentPageBody & { pageId: string },
): Promise<ContentPageJson> {
  authorize(actor, 'content:write');
  if (input.urlId !== undefined) {
    const problem = await urlIdProblem(db, website.id, input.urlId, input.pageId);
    if (problem) throw invalid(problem, { urlId: problem });
  }
  try {
    const row = await inTransaction(db, async (trx) => {
      const before = input.urlId !== undefined
        ? await trx.selectFrom('site_pages').select(['url_id', 'kind', 'status', 'publish_at']).where('website_id', '=', website.id).where('id', '=', input.pageId).where('deleted_at', 'is', null).executeTakeFirst()
        : undefined;
      const updated = await updatePageAtVersion(trx, website.id, input.pageId, input.version, {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      ...(input.navigationTitle !== undefined ? { navigation_title: input.navigationTitle.trim() } : {}),
      ...(input.urlId !== undefined ? { url_id: input.urlId } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.seoTitle !== undefined ? { seo_title: input.seoTitle } : {}),
      ...(input.seoDescription !== undefined ? { seo_description: input.seoDescription } : {}),
      ...(input.folderBehaviour !== undefined ? { folder_behaviour: input.folderBehaviour } : {}),
      });
      // A live page's old address keeps working: a 301 to the new one (and its posts', events' or pictures' under it).
      if (before && before.url_id !== updated.url_id && isLive(before)) await recordPageAddressMove(trx, website.id, before, updated.url_id);
      return updated;
    });
    notifyContentChanged(website.id);
    return contentPageOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(OWNER_PAGE_MESSAGES.urlIdTaken, { urlId: OWNER_PAGE_MESSAGES.urlIdTaken });
    throw error;
  }
}

/**
 * A draft saved on a version someone else has moved on (another tab, another person): a 409 that carries the page
 * as it is now (their draft and version), so the editor can offer "Reload theirs" or "Keep mine" and overwrite
 * nothing by itself.
 */
export class StaleDraftFailure extends Failure {
  constructor(readonly current: ContentPageJson) {
    super('conflict', OWNER_CONTENT_MESSAGES.pageChanged);
  }
}

/** The autosave: the checked body becomes the draft; answers the new version. A stale version: StaleDraftFailure. */
export async function saveOwnerPageDraft(db: Kysely<Database>, website: Website, actor: Actor, input: SaveContentDraftBody & { pageId: string }): Promise<DraftSavedJson> {
  authorize(actor, 'content:write');
  const body = checkedBody(input.body);
  try {
    const row = await updatePageAtVersion(db, website.id, input.pageId, input.version, { draft_body: JSON.stringify(body) });
    return { version: row.version, savedAt: row.updated_at.toISOString() };
  } catch (error) {
    if (isFailure(error) && error.kind === 'conflict') throw new StaleDraftFailure(contentPageOf(await loadOwnerPage(db, website.id, input.pageId)));
    throw error;
  }
}

/** Forgets the unpublished changes (any version: discarding is what the owner asked, whatever was saved since). */
export async function discardOwnerPageDraft(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<ContentPageJson> {
  authorize(actor, 'content:write');
  const page = await loadOwnerPage(db, website.id, input.pageId);
  if (page.draft_body === null) return contentPageOf(page);
  const row = await db
    .updateTable('site_pages')
    .set({ draft_body: null, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('id', '=', page.id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return contentPageOf(row ?? (await loadOwnerPage(db, website.id, input.pageId)));
}

/** The draft (if any) becomes the body; live now, or scheduled; a revision is kept in the same transaction. */
export async function publishOwnerPage(db: Kysely<Database>, website: Website, actor: Actor, input: PublishContentBody & { pageId: string }): Promise<ContentPageJson> {
  const principal = authorize(actor, 'content:write');
  if (input.publishAt !== undefined && !parsedInstant(input.publishAt)) throw invalid(OWNER_CONTENT_MESSAGES.publishAt, { publishAt: OWNER_CONTENT_MESSAGES.publishAt });
  const publication = publicationOf(input.publishAt, new Date());
  const row = await inTransaction(db, async (trx) => {
    await keepOriginalPageRevision(trx, website.id, input.pageId);
    const published = await updatePageAtVersion(trx, website.id, input.pageId, input.version, {
      body: sql<string>`coalesce(draft_body, body)`,
      draft_body: null,
      status: publication.status,
      publish_at: publication.publish_at,
    });
    await keepRevision(trx, {
      websiteId: website.id,
      target: 'page',
      targetId: published.id,
      version: published.version,
      reason: publication.status,
      snapshot: pageSnapshotOf(published),
      createdBy: actingSiteUserId(principal),
    });
    return published;
  });
  notifyContentChanged(website.id);
  return contentPageOf(row);
}

/** Off the site (status draft); the body stays, and a revision marks the moment. */
export async function unpublishOwnerPage(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string; version: number }): Promise<ContentPageJson> {
  const principal = authorize(actor, 'content:write');
  const row = await inTransaction(db, async (trx) => {
    const page = await updatePageAtVersion(trx, website.id, input.pageId, input.version, { status: 'draft', publish_at: null });
    await keepRevision(trx, {
      websiteId: website.id,
      target: 'page',
      targetId: page.id,
      version: page.version,
      reason: 'unpublished',
      snapshot: pageSnapshotOf(page),
      createdBy: actingSiteUserId(principal),
    });
    return page;
  });
  notifyContentChanged(website.id);
  return contentPageOf(row);
}

/** Draft, needs review or private: none of them is live. */
export async function setOwnerPageStatus(db: Kysely<Database>, website: Website, actor: Actor, input: SetContentStatusBody & { pageId: string }): Promise<ContentPageJson> {
  authorize(actor, 'content:write');
  const row = await updatePageAtVersion(db, website.id, input.pageId, input.version, { status: input.status, publish_at: null });
  notifyContentChanged(website.id);
  return contentPageOf(row);
}

/** This page is shown at `/` from now on (one home page per website: the partial unique index site_pages_home). */
export async function setOwnerHomePage(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<ContentPageJson> {
  authorize(actor, 'content:write');
  const page = await loadOwnerPage(db, website.id, input.pageId);
  if (page.kind === 'folder') throw invalid(OWNER_PAGE_MESSAGES.folderHome);
  if (page.is_home) return contentPageOf(page);
  try {
    const row = await inTransaction(db, async (trx) => {
      await trx
        .updateTable('site_pages')
        .set({ is_home: false, version: sql<number>`version + 1`, updated_at: new Date() })
        .where('website_id', '=', website.id)
        .where('is_home', '=', true)
        .execute();
      const home = await trx
        .updateTable('site_pages')
        .set({ is_home: true, version: sql<number>`version + 1`, updated_at: new Date() })
        .where('website_id', '=', website.id)
        .where('id', '=', page.id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return home ?? (await loadOwnerPage(trx, website.id, page.id));
    });
    notifyContentChanged(website.id);
    return contentPageOf(row);
  } catch (error) {
    // Two pages made home at once: the second meets the first's row in the unique index.
    if (isUniqueViolation(error)) throw conflict(OWNER_PAGE_MESSAGES.homeChanged);
    throw error;
  }
}

export async function listOwnerPageRevisions(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<{ revisions: RevisionJson[] }> {
  authorize(actor, 'content:read');
  await loadOwnerPage(db, website.id, input.pageId);
  return { revisions: await listRevisions(db, website.id, 'page', input.pageId) };
}

/** The revision's title and body become the page's title and draft (publish makes them live); a revision marks it. */
export async function restoreOwnerPageRevision(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { pageId: string; revisionId: string; version: number },
): Promise<ContentPageJson> {
  const principal = authorize(actor, 'content:write');
  await loadOwnerPage(db, website.id, input.pageId);
  const snapshot = await loadRevisionSnapshot(db, website.id, 'page', input.pageId, input.revisionId);
  const body = restorableBody(snapshot.body);
  const title = typeof snapshot.title === 'string' && snapshot.title.trim() !== '' ? snapshot.title : undefined;
  const row = await inTransaction(db, async (trx) => {
    const page = await updatePageAtVersion(trx, website.id, input.pageId, input.version, { draft_body: JSON.stringify(body), ...(title ? { title } : {}) });
    await keepRevision(trx, {
      websiteId: website.id,
      target: 'page',
      targetId: page.id,
      version: page.version,
      reason: 'restored',
      snapshot: { ...pageSnapshotOf(page), body },
      createdBy: actingSiteUserId(principal),
    });
    return page;
  });
  notifyContentChanged(website.id);
  return contentPageOf(row);
}

/** A kept body, checked again by today's rules (a block type's settings may have changed since). */
export function restorableBody(value: unknown) {
  try {
    return checkedBody(value);
  } catch {
    throw invalid(OWNER_PAGE_MESSAGES.revisionBody);
  }
}
