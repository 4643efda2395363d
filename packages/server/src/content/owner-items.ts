/**
 * The items of a collection page (site_items): a blog's posts (record type 1), an events page's events (12), a
 * gallery's images (14). Drafts, publish / schedule, statuses and revisions work as for pages; a post keeps the
 * time it first went live (published_at), a gallery keeps the owner's order (position) and 250 images at most.
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import { CONTENT_LIMITS, emptyPageBody, urlIdFrom } from '@vitrine/blocks';
import {
  OWNER_CONTENT_LIMITS,
  OWNER_CONTENT_MESSAGES,
  type ContentItemJson,
  type CreateContentItemBody,
  type DraftSavedJson,
  type ItemListJson,
  type ItemSummaryJson,
  type ListContentItemsQuery,
  type PublishContentBody,
  type RevisionJson,
  type SaveContentDraftBody,
  type SetContentStatusBody,
  type UpdateContentItemBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { inTransaction } from '../db/transactions';
import type { Database, SiteItemsTable, Website } from '../db/schema';
import { conflict, invalid } from '../failures';
import { newId } from '../ids';
import { checkedBody, checkedLabels } from './body-rules';
import { notifyContentChanged } from './content-changes';
import { contentItemOf, isLive, ITEM_SUMMARY_COLUMNS, itemSummaryOf, RECORD_TYPE_OF_COLLECTION, type SiteItemRow } from './owner-model';
import { recordAddressMove } from '../redirects';
import { loadOwnerItem, loadOwnerPage } from './owner-queries';
import { restorableBody } from './owner-pages';
import { actingSiteUserId, itemSnapshotOf, keepOriginalItemRevision, keepRevision, listRevisions, loadRevisionSnapshot } from './revisions';
import { parsedInstant, publicationOf, updateItemAtVersion } from './versioned-update';

export const OWNER_ITEM_MESSAGES = {
  notACollection: 'This page holds no items: only a blog, an events page, a gallery or a course does.',
  galleryFull: `A gallery holds at most ${CONTENT_LIMITS.itemsPerOrderableCollection} images.`,
  urlIdTaken: 'Another item of this collection already uses this URL.',
  endBeforeStart: 'The end must not be before the start.',
  notAGallery: 'Only a gallery or a course keeps its own order.',
  reorderIds: OWNER_CONTENT_MESSAGES.itemIds,
} as const;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

type ItemFields = Omit<UpdateContentItemBody, 'version' | 'title' | 'urlId'>;

/** The columns an item's editable fields set (only those given), with the times read and the labels checked. */
function itemColumnsOf(input: ItemFields & { title?: string }): Updateable<SiteItemsTable> {
  const labels = checkedLabels(input);
  const time = (value: string | null | undefined, field: 'startAt' | 'endAt') => {
    if (value === undefined || value === null) return value;
    const instant = parsedInstant(value);
    if (!instant) throw invalid(OWNER_CONTENT_MESSAGES[field], { [field]: OWNER_CONTENT_MESSAGES[field] });
    return instant;
  };
  const startAt = time(input.startAt, 'startAt');
  const endAt = time(input.endAt, 'endAt');
  if (startAt && endAt && endAt < startAt) throw invalid(OWNER_ITEM_MESSAGES.endBeforeStart, { endAt: OWNER_ITEM_MESSAGES.endBeforeStart });
  return {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
    ...(input.authorName !== undefined ? { author_name: input.authorName.trim() } : {}),
    ...(labels.tags ? { tags: labels.tags } : {}),
    ...(labels.categories ? { categories: labels.categories } : {}),
    ...(input.commentState !== undefined ? { comment_state: input.commentState } : {}),
    ...(input.starred !== undefined ? { starred: input.starred } : {}),
    ...(startAt !== undefined ? { start_at: startAt } : {}),
    ...(endAt !== undefined ? { end_at: endAt } : {}),
    ...(input.location !== undefined ? { location: input.location === null ? null : JSON.stringify(input.location) } : {}),
    ...(input.image !== undefined ? { image: input.image === null ? null : JSON.stringify(input.image) } : {}),
    ...(input.seoTitle !== undefined ? { seo_title: input.seoTitle } : {}),
    ...(input.seoDescription !== undefined ? { seo_description: input.seoDescription } : {}),
  };
}

/** The collection, locked for the item count and url ids of a create or reorder. */
async function lockCollection(trx: Kysely<Database>, websiteId: string, pageId: string) {
  const page = await trx
    .selectFrom('site_pages')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', pageId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!page) await loadOwnerPage(trx, websiteId, pageId);
  const recordType = RECORD_TYPE_OF_COLLECTION[page!.kind];
  if (recordType === undefined) throw invalid(OWNER_ITEM_MESSAGES.notACollection);
  return { page: page!, recordType };
}

/** A new draft item; its url id from the title (-2, -3… within the collection) unless given. */
export async function createOwnerItem(db: Kysely<Database>, website: Website, actor: Actor, input: CreateContentItemBody & { pageId: string }): Promise<ContentItemJson> {
  authorize(actor, 'content:write');
  const columns = itemColumnsOf(input);
  try {
    const { row, collectionUrlId } = await inTransaction(db, async (trx) => {
      const { page, recordType } = await lockCollection(trx, website.id, input.pageId);
      const siblings = await trx.selectFrom('site_items').select(['url_id', 'position']).where('collection_id', '=', page.id).where('deleted_at', 'is', null).execute();
      if (page.kind === 'gallery' && siblings.length >= CONTENT_LIMITS.itemsPerOrderableCollection) throw invalid(OWNER_ITEM_MESSAGES.galleryFull);
      const taken = new Set(siblings.map((sibling) => sibling.url_id));
      if (input.urlId !== undefined && taken.has(input.urlId)) throw invalid(OWNER_ITEM_MESSAGES.urlIdTaken, { urlId: OWNER_ITEM_MESSAGES.urlIdTaken });
      const inserted = await trx
        .insertInto('site_items')
        .values({
          id: newId(),
          website_id: website.id,
          collection_id: page.id,
          record_type: recordType,
          url_id: input.urlId ?? urlIdFrom(input.title, taken),
          title: input.title.trim(),
          status: 'draft',
          body: JSON.stringify(emptyPageBody()),
          position: siblings.reduce((last, sibling) => Math.max(last, sibling.position + 1), 0),
          ...(columns as object),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: inserted, collectionUrlId: page.url_id };
    });
    return contentItemOf(row, collectionUrlId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(OWNER_ITEM_MESSAGES.urlIdTaken, { urlId: OWNER_ITEM_MESSAGES.urlIdTaken });
    throw error;
  }
}

interface ListCursor {
  offset: number;
}

const encodeCursor = (cursor: ListCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string | undefined): ListCursor {
  if (text === undefined) return { offset: 0 };
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { offset?: unknown };
    if (typeof value.offset === 'number' && Number.isInteger(value.offset) && value.offset >= 0 && value.offset <= 1_000_000) return { offset: value.offset };
  } catch {
    // falls through to the refusal
  }
  throw invalid(OWNER_CONTENT_MESSAGES.cursor, { cursor: OWNER_CONTENT_MESSAGES.cursor });
}

/** A collection's items: a blog newest first (by first publication, drafts by creation), events by start, a gallery by position. */
export async function listOwnerItems(db: Kysely<Database>, website: Website, actor: Actor, input: ListContentItemsQuery & { pageId: string }): Promise<ItemListJson> {
  authorize(actor, 'content:read');
  const page = await loadOwnerPage(db, website.id, input.pageId);
  if (RECORD_TYPE_OF_COLLECTION[page.kind] === undefined) throw invalid(OWNER_ITEM_MESSAGES.notACollection);
  const limit = input.limit === undefined ? OWNER_CONTENT_LIMITS.itemPage.default : Number(input.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > OWNER_CONTENT_LIMITS.itemPage.max) throw invalid(OWNER_CONTENT_MESSAGES.limit, { limit: OWNER_CONTENT_MESSAGES.limit });
  const { offset } = decodeCursor(input.cursor);
  let query = db
    .selectFrom('site_items')
    .select(ITEM_SUMMARY_COLUMNS)
    .select(sql<boolean>`draft_body is not null`.as('has_draft'))
    .where('collection_id', '=', page.id)
    .where('deleted_at', 'is', null);
  if (input.status !== undefined) query = query.where('status', '=', input.status as SiteItemRow['status']);
  if (page.kind === 'events') query = query.orderBy(sql`start_at asc nulls last`).orderBy('id');
  else if (page.kind === 'gallery' || page.kind === 'course') query = query.orderBy('position').orderBy('id');
  else query = query.orderBy(sql`coalesce(published_at, created_at) desc`).orderBy('id', 'desc');
  const rows = await query.limit(limit + 1).offset(offset).execute();
  return {
    items: rows.slice(0, limit).map((row) => itemSummaryOf(row, page.url_id)),
    nextCursor: rows.length > limit ? encodeCursor({ offset: offset + limit }) : null,
  };
}

export async function getOwnerItem(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string }): Promise<ContentItemJson> {
  authorize(actor, 'content:read');
  const { item, collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  return contentItemOf(item, collectionUrlId);
}

export async function updateOwnerItem(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateContentItemBody & { itemId: string }): Promise<ContentItemJson> {
  authorize(actor, 'content:write');
  const columns = itemColumnsOf(input);
  const { item, collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  if (input.urlId !== undefined && input.urlId !== item.url_id) {
    const other = await db
      .selectFrom('site_items')
      .select('id')
      .where('collection_id', '=', item.collection_id)
      .where('url_id', '=', input.urlId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (other) throw invalid(OWNER_ITEM_MESSAGES.urlIdTaken, { urlId: OWNER_ITEM_MESSAGES.urlIdTaken });
  }
  const start = columns.start_at !== undefined ? columns.start_at : item.start_at;
  const end = columns.end_at !== undefined ? columns.end_at : item.end_at;
  if (start && end && new Date(end as Date) < new Date(start as Date)) throw invalid(OWNER_ITEM_MESSAGES.endBeforeStart, { endAt: OWNER_ITEM_MESSAGES.endBeforeStart });
  try {
    const row = await inTransaction(db, async (trx) => {
      await keepOriginalItemRevision(trx, website.id, input.itemId);
      const updated = await updateItemAtVersion(trx, website.id, input.itemId, input.version, { ...columns, ...(input.urlId !== undefined ? { url_id: input.urlId } : {}) });
      // A live post's (event's, picture's) old address keeps working: a 301 to the new one.
      if (updated.url_id !== item.url_id && isLive(item)) await recordAddressMove(trx, website.id, `/${collectionUrlId}/${item.url_id}`, `/${collectionUrlId}/${updated.url_id}`);
      return updated;
    });
    notifyContentChanged(website.id);
    return contentItemOf(row, collectionUrlId);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(OWNER_ITEM_MESSAGES.urlIdTaken, { urlId: OWNER_ITEM_MESSAGES.urlIdTaken });
    throw error;
  }
}

export async function deleteOwnerItem(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string }): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'content:write');
  const { item } = await loadOwnerItem(db, website.id, input.itemId);
  const now = new Date();
  await db.updateTable('site_items').set({ deleted_at: now, updated_at: now, version: sql<number>`version + 1` }).where('id', '=', item.id).execute();
  notifyContentChanged(website.id);
  return { deleted: true, id: item.id };
}

export async function saveOwnerItemDraft(db: Kysely<Database>, website: Website, actor: Actor, input: SaveContentDraftBody & { itemId: string }): Promise<DraftSavedJson> {
  authorize(actor, 'content:write');
  const body = checkedBody(input.body);
  const row = await updateItemAtVersion(db, website.id, input.itemId, input.version, { draft_body: JSON.stringify(body) });
  return { version: row.version, savedAt: row.updated_at.toISOString() };
}

export async function discardOwnerItemDraft(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string }): Promise<ContentItemJson> {
  authorize(actor, 'content:write');
  const { item, collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  if (item.draft_body === null) return contentItemOf(item, collectionUrlId);
  const row = await db
    .updateTable('site_items')
    .set({ draft_body: null, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('id', '=', item.id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return contentItemOf(row ?? item, collectionUrlId);
}

/** The draft becomes the body; live now or scheduled; published_at is set the first time (the post's date). */
export async function publishOwnerItem(db: Kysely<Database>, website: Website, actor: Actor, input: PublishContentBody & { itemId: string }): Promise<ContentItemJson> {
  const principal = authorize(actor, 'content:write');
  if (input.publishAt !== undefined && !parsedInstant(input.publishAt)) throw invalid(OWNER_CONTENT_MESSAGES.publishAt, { publishAt: OWNER_CONTENT_MESSAGES.publishAt });
  const { collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  const publication = publicationOf(input.publishAt, new Date());
  const row = await inTransaction(db, async (trx) => {
    await keepOriginalItemRevision(trx, website.id, input.itemId);
    const published = await updateItemAtVersion(trx, website.id, input.itemId, input.version, {
      body: sql<string>`coalesce(draft_body, body)`,
      draft_body: null,
      status: publication.status,
      publish_at: publication.publish_at,
      published_at: sql<Date>`coalesce(published_at, ${publication.liveFrom})`,
    });
    await keepRevision(trx, {
      websiteId: website.id,
      target: 'item',
      targetId: published.id,
      version: published.version,
      reason: publication.status,
      snapshot: itemSnapshotOf(published),
      createdBy: actingSiteUserId(principal),
    });
    return published;
  });
  notifyContentChanged(website.id);
  return contentItemOf(row, collectionUrlId);
}

export async function unpublishOwnerItem(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string; version: number }): Promise<ContentItemJson> {
  const principal = authorize(actor, 'content:write');
  const { collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  const row = await inTransaction(db, async (trx) => {
    const item = await updateItemAtVersion(trx, website.id, input.itemId, input.version, { status: 'draft', publish_at: null });
    await keepRevision(trx, {
      websiteId: website.id,
      target: 'item',
      targetId: item.id,
      version: item.version,
      reason: 'unpublished',
      snapshot: itemSnapshotOf(item),
      createdBy: actingSiteUserId(principal),
    });
    return item;
  });
  notifyContentChanged(website.id);
  return contentItemOf(row, collectionUrlId);
}

export async function setOwnerItemStatus(db: Kysely<Database>, website: Website, actor: Actor, input: SetContentStatusBody & { itemId: string }): Promise<ContentItemJson> {
  authorize(actor, 'content:write');
  const { collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  const row = await updateItemAtVersion(db, website.id, input.itemId, input.version, { status: input.status, publish_at: null });
  notifyContentChanged(website.id);
  return contentItemOf(row, collectionUrlId);
}

export async function listOwnerItemRevisions(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string }): Promise<{ revisions: RevisionJson[] }> {
  authorize(actor, 'content:read');
  await loadOwnerItem(db, website.id, input.itemId);
  return { revisions: await listRevisions(db, website.id, 'item', input.itemId) };
}

export async function restoreOwnerItemRevision(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { itemId: string; revisionId: string; version: number },
): Promise<ContentItemJson> {
  const principal = authorize(actor, 'content:write');
  const { collectionUrlId } = await loadOwnerItem(db, website.id, input.itemId);
  const snapshot = await loadRevisionSnapshot(db, website.id, 'item', input.itemId, input.revisionId);
  const body = restorableBody(snapshot.body);
  const title = typeof snapshot.title === 'string' && snapshot.title.trim() !== '' ? snapshot.title : undefined;
  const row = await inTransaction(db, async (trx) => {
    const item = await updateItemAtVersion(trx, website.id, input.itemId, input.version, { draft_body: JSON.stringify(body), ...(title ? { title } : {}) });
    await keepRevision(trx, {
      websiteId: website.id,
      target: 'item',
      targetId: item.id,
      version: item.version,
      reason: 'restored',
      snapshot: { ...itemSnapshotOf(item), body },
      createdBy: actingSiteUserId(principal),
    });
    return item;
  });
  notifyContentChanged(website.id);
  return contentItemOf(row, collectionUrlId);
}

/** A gallery's new order: every item id once; positions 0, 1, 2… in that order. */
export async function reorderOwnerItems(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string; itemIds: string[] }): Promise<{ items: ItemSummaryJson[] }> {
  authorize(actor, 'content:write');
  const rows = await inTransaction(db, async (trx) => {
    const { page } = await lockCollection(trx, website.id, input.pageId);
    if (page.kind !== 'gallery' && page.kind !== 'course') throw invalid(OWNER_ITEM_MESSAGES.notAGallery);
    const current = await trx.selectFrom('site_items').select('id').where('collection_id', '=', page.id).where('deleted_at', 'is', null).execute();
    const known = new Set(current.map((row) => row.id));
    const given = new Set(input.itemIds);
    if (given.size !== input.itemIds.length || given.size !== known.size || input.itemIds.some((id) => !known.has(id))) {
      throw invalid(OWNER_ITEM_MESSAGES.reorderIds, { itemIds: OWNER_ITEM_MESSAGES.reorderIds });
    }
    for (const [position, id] of input.itemIds.entries()) {
      await trx.updateTable('site_items').set({ position, version: sql<number>`version + 1`, updated_at: new Date() }).where('id', '=', id).execute();
    }
    const ordered = await trx
      .selectFrom('site_items')
      .select(ITEM_SUMMARY_COLUMNS)
      .select(sql<boolean>`draft_body is not null`.as('has_draft'))
      .where('collection_id', '=', page.id)
      .where('deleted_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return { ordered, collectionUrlId: page.url_id };
  });
  notifyContentChanged(website.id);
  return { items: rows.ordered.map((row) => itemSummaryOf(row, rows.collectionUrlId)) };
}
