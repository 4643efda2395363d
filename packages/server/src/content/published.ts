import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageBody } from '@vitrine/blocks';
import type { ContentImageRef, ContentStatus, Database, EventLocation, SitePageKind } from '../db/schema';

/**
 * What visitors may see of the content: live pages and items, listings with their filters and pages, the
 * sitemap's entries. Live means published, or scheduled with its time passed (no job flips a scheduled row);
 * drafts, pages needing review and private pages are never read here. Every read names the website.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Record types of items (platform §3): a post 1, an event 12, a gallery image 14. */
export const RECORD_TYPES = { post: 1, event: 12, galleryImage: 14, lesson: 62 } as const;

/** The record type of a collection page's items. */
export const RECORD_TYPE_OF_KIND: Partial<Record<SitePageKind, number>> = { blog: RECORD_TYPES.post, events: RECORD_TYPES.event, gallery: RECORD_TYPES.galleryImage, course: RECORD_TYPES.lesson };

/** Posts per page of a blog (`?page=N`). */
export const BLOG_PAGE_SIZE = 10;

export interface LivePage {
  id: string;
  kind: SitePageKind;
  urlId: string;
  title: string;
  navigationTitle: string;
  description: string;
  folderBehaviour: number;
  seoTitle: string;
  seoDescription: string;
  body: PageBody;
  isHome: boolean;
  updatedAt: Date;
}

export interface LiveItem {
  id: string;
  collectionId: string;
  recordType: number;
  urlId: string;
  title: string;
  excerpt: string;
  authorName: string;
  tags: string[];
  categories: string[];
  publishedAt: Date | null;
  startAt: Date | null;
  endAt: Date | null;
  location: EventLocation | null;
  image: ContentImageRef | null;
  seoTitle: string;
  seoDescription: string;
  body: PageBody;
  position: number;
  updatedAt: Date;
  /** 0 off, 1 on (storefront §4; the comments domain applies the rule). */
  commentState: number;
}

/** A row is live: published, or scheduled with its time come. */
function isLive(status: ContentStatus, publishAt: Date | string | null, now: Date): boolean {
  return status === 'published' || (status === 'scheduled' && publishAt !== null && new Date(publishAt).getTime() <= now.getTime());
}

const PAGE_COLUMNS = ['id', 'kind', 'url_id', 'title', 'navigation_title', 'description', 'folder_behaviour', 'seo_title', 'seo_description', 'body', 'is_home', 'updated_at', 'status', 'publish_at'] as const;

type PageRow = { id: string; kind: SitePageKind; url_id: string; title: string; navigation_title: string; description: string; folder_behaviour: number; seo_title: string; seo_description: string; body: PageBody; is_home: boolean; updated_at: Date | string };

export function livePageOf(row: PageRow, body: PageBody = row.body): LivePage {
  return {
    id: row.id, kind: row.kind, urlId: row.url_id, title: row.title, navigationTitle: row.navigation_title, description: row.description,
    folderBehaviour: row.folder_behaviour, seoTitle: row.seo_title, seoDescription: row.seo_description, body, isHome: row.is_home, updatedAt: new Date(row.updated_at),
  };
}

function livePages(db: Db, websiteId: string, now: Date) {
  return db
    .selectFrom('site_pages')
    .select([...PAGE_COLUMNS])
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'published'), eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', now)])]));
}

/** The live page (of any kind) at /{urlId}, or undefined. */
export async function findLivePage(db: Db, websiteId: string, urlId: string, now = new Date()): Promise<LivePage | undefined> {
  const row = await livePages(db, websiteId, now).where('url_id', '=', urlId).executeTakeFirst();
  return row ? livePageOf(row) : undefined;
}

/** The live page the owner made the home page, or undefined (the store's home then shows at /). */
export async function findLiveHomePage(db: Db, websiteId: string, now = new Date()): Promise<LivePage | undefined> {
  const row = await livePages(db, websiteId, now).where('is_home', '=', true).executeTakeFirst();
  return row ? livePageOf(row) : undefined;
}

/** Live pages by id, in the order asked (a folder's children). */
export async function findLivePagesByIds(db: Db, websiteId: string, ids: readonly string[], now = new Date()): Promise<LivePage[]> {
  if (ids.length === 0) return [];
  const rows = await livePages(db, websiteId, now).where('id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((row) => [row.id, livePageOf(row)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Live collection pages (blog, events, gallery) by id: the summaries' sources. */
export async function findLiveCollections(db: Db, websiteId: string, ids: readonly string[], now = new Date()): Promise<LivePage[]> {
  return (await findLivePagesByIds(db, websiteId, ids, now)).filter((page) => RECORD_TYPE_OF_KIND[page.kind] !== undefined);
}

/**
 * The pages a folder holds: the main navigation's entry for the folder (site settings, which link pages by
 * id in `collectionId`) names its children in order. Read only: the navigation is the site settings' table.
 */
export async function listFolderChildIds(db: Db, websiteId: string, folderId: string): Promise<string[]> {
  const row = await db.selectFrom('site_navigations').select('items').where('website_id', '=', websiteId).where('field_name', '=', 'mainNav').executeTakeFirst();
  const items = Array.isArray(row?.items) ? (row.items as Array<{ collectionId?: unknown; items?: unknown }>) : [];
  const folder = items.find((item) => item?.collectionId === folderId);
  const children = Array.isArray(folder?.items) ? (folder.items as Array<{ collectionId?: unknown }>) : [];
  return children.flatMap((child) => (typeof child?.collectionId === 'string' ? [child.collectionId] : []));
}

type ItemRow = {
  id: string; collection_id: string; record_type: number; url_id: string; title: string; excerpt: string; author_name: string; tags: string[]; categories: string[];
  published_at: Date | string | null; start_at: Date | string | null; end_at: Date | string | null; location: EventLocation | null; image: ContentImageRef | null;
  seo_title: string; seo_description: string; body: PageBody; position: number; updated_at: Date | string;
  comment_state?: number;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

export function liveItemOf(row: ItemRow, body: PageBody = row.body): LiveItem {
  return {
    id: row.id, collectionId: row.collection_id, recordType: row.record_type, urlId: row.url_id, title: row.title, excerpt: row.excerpt, authorName: row.author_name,
    tags: row.tags ?? [], categories: row.categories ?? [], publishedAt: date(row.published_at), startAt: date(row.start_at), endAt: date(row.end_at),
    location: row.location, image: row.image, seoTitle: row.seo_title, seoDescription: row.seo_description, body, position: row.position, updatedAt: new Date(row.updated_at),
    commentState: row.comment_state ?? 0,
  };
}

const ITEM_COLUMNS = ['id', 'collection_id', 'record_type', 'url_id', 'title', 'excerpt', 'author_name', 'tags', 'categories', 'published_at', 'start_at', 'end_at', 'location', 'image', 'seo_title', 'seo_description', 'body', 'position', 'updated_at', 'comment_state'] as const;

function liveItems(db: Db, websiteId: string, collectionId: string, now: Date) {
  return db
    .selectFrom('site_items')
    .select([...ITEM_COLUMNS])
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'published'), eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', now)])]));
}

/**
 * The published body of a live page or of a live item of a live collection, by id: what the frames route
 * (owner code and embeds on the public site) reads its block from. Never a draft.
 */
export async function findLiveBody(db: Db, websiteId: string, kind: 'page' | 'item', id: string, now = new Date()): Promise<PageBody | undefined> {
  if (kind === 'page') return (await livePages(db, websiteId, now).where('id', '=', id).executeTakeFirst())?.body;
  const item = await db.selectFrom('site_items').select(['collection_id']).where('id', '=', id).where('website_id', '=', websiteId).executeTakeFirst();
  if (!item || !(await livePages(db, websiteId, now).where('id', '=', item.collection_id).executeTakeFirst())) return undefined;
  return (await liveItems(db, websiteId, item.collection_id, now).where('id', '=', id).executeTakeFirst())?.body;
}

/** The live item at /{collection}/{urlId}. */
export async function findLiveItem(db: Db, websiteId: string, collectionId: string, urlId: string, now = new Date()): Promise<LiveItem | undefined> {
  const row = await liveItems(db, websiteId, collectionId, now).where('url_id', '=', urlId).executeTakeFirst();
  return row ? liveItemOf(row) : undefined;
}

export interface ItemFilter {
  tag?: string;
  category?: string;
}

/** When a post counts as posted: when it first went live, or (scheduled, never flipped) its publish time. */
const postedAt = sql<Date>`coalesce(published_at, publish_at, created_at)`;

/** A blog's posts, newest first, `pageSize` from `offset`, filtered by one tag or category; with the total. */
export async function listLivePosts(db: Db, websiteId: string, collectionId: string, filter: ItemFilter, page: { offset: number; limit: number }, now = new Date()): Promise<{ items: LiveItem[]; total: number }> {
  let query = liveItems(db, websiteId, collectionId, now);
  if (filter.tag) query = query.where(sql<boolean>`${filter.tag} = any(tags)`);
  if (filter.category) query = query.where(sql<boolean>`${filter.category} = any(categories)`);
  const [rows, count] = await Promise.all([
    query.orderBy(postedAt, 'desc').orderBy('id').offset(page.offset).limit(page.limit).execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => liveItemOf(row)), total: Number(count.total) };
}

/** An events page's events: those not yet over soonest first, then past ones latest first. */
export async function listLiveEvents(db: Db, websiteId: string, collectionId: string, filter: ItemFilter, now = new Date()): Promise<{ upcoming: LiveItem[]; past: LiveItem[] }> {
  let query = liveItems(db, websiteId, collectionId, now);
  if (filter.tag) query = query.where(sql<boolean>`${filter.tag} = any(tags)`);
  if (filter.category) query = query.where(sql<boolean>`${filter.category} = any(categories)`);
  const rows = (await query.orderBy('start_at').orderBy('id').limit(500).execute()).map((row) => liveItemOf(row));
  const endOf = (item: LiveItem) => (item.endAt ?? item.startAt ?? item.updatedAt).getTime();
  return { upcoming: rows.filter((item) => endOf(item) >= now.getTime()), past: rows.filter((item) => endOf(item) < now.getTime()).reverse() };
}

/** A gallery page's images in the owner's order. */
export async function listLiveGalleryItems(db: Db, websiteId: string, collectionId: string, now = new Date()): Promise<LiveItem[]> {
  const rows = await liveItems(db, websiteId, collectionId, now).orderBy('position').orderBy('id').limit(250).execute();
  return rows.map((row) => liveItemOf(row));
}

/** The latest items of a collection for a summary: posts newest first, events upcoming first, gallery by position. */
export async function listSummaryItems(db: Db, websiteId: string, collection: Pick<LivePage, 'id' | 'kind'>, filter: ItemFilter, limit: number, now = new Date()): Promise<LiveItem[]> {
  if (collection.kind === 'blog') return (await listLivePosts(db, websiteId, collection.id, filter, { offset: 0, limit }, now)).items;
  if (collection.kind === 'events') {
    const { upcoming, past } = await listLiveEvents(db, websiteId, collection.id, filter, now);
    return [...upcoming, ...past].slice(0, limit);
  }
  return (await listLiveGalleryItems(db, websiteId, collection.id, now)).slice(0, limit);
}

export interface SitemapEntry {
  path: string;
  lastModified: Date;
}

/** Every live page (folders with no page of their own left out) and every live post and event, for /sitemap.xml. */
export async function listSitemapContent(db: Db, websiteId: string, now = new Date()): Promise<SitemapEntry[]> {
  const pages = await livePages(db, websiteId, now).where('kind', '!=', 'folder').orderBy('url_id').execute();
  const pageEntries = pages.map((page) => ({ path: page.is_home ? '/' : `/${page.url_id}`, lastModified: new Date(page.updated_at) }));
  const collections = new Map(pages.filter((page) => page.kind === 'blog' || page.kind === 'events').map((page) => [page.id, page.url_id]));
  if (collections.size === 0) return pageEntries;
  const items = await db
    .selectFrom('site_items')
    .select(['collection_id', 'url_id', 'updated_at', 'status', 'publish_at'])
    .where('website_id', '=', websiteId)
    .where('collection_id', 'in', [...collections.keys()])
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['published', 'scheduled'])
    .orderBy('collection_id')
    .orderBy('url_id')
    .execute();
  const itemEntries = items
    .filter((item) => isLive(item.status, item.publish_at, now))
    .map((item) => ({ path: `/${collections.get(item.collection_id)}/${item.url_id}`, lastModified: new Date(item.updated_at) }));
  return [...pageEntries, ...itemEntries];
}

/** A live blog post of a live blog, by id, with its blog: what comments and likes are written against. */
export async function findLivePostById(db: Db, websiteId: string, itemId: string, now = new Date()): Promise<{ item: LiveItem; collection: LivePage } | undefined> {
  const row = await db.selectFrom('site_items').select(['collection_id']).where('id', '=', itemId).where('website_id', '=', websiteId).where('record_type', '=', RECORD_TYPES.post).executeTakeFirst();
  if (!row) return undefined;
  const page = await livePages(db, websiteId, now).where('id', '=', row.collection_id).where('kind', '=', 'blog').executeTakeFirst();
  const item = page ? await liveItems(db, websiteId, row.collection_id, now).where('id', '=', itemId).executeTakeFirst() : undefined;
  return page && item ? { item: liveItemOf(item), collection: livePageOf(page) } : undefined;
}

/**
 * When the website's live content next changes with no one saving (issue 35: the page cache ends its pages then): a
 * scheduled page's or item's publish time, or an event's start or end (upcoming and past lists move). Null: never.
 */
export async function nextScheduledContentChange(db: Db, websiteId: string, now = new Date()): Promise<Date | null> {
  const { rows } = await sql<{ next: Date | string | null }>`
    SELECT least(
      (SELECT min(publish_at) FROM site_pages WHERE website_id = ${websiteId} AND deleted_at IS NULL AND status = 'scheduled' AND publish_at > ${now}),
      (SELECT min(publish_at) FROM site_items WHERE website_id = ${websiteId} AND deleted_at IS NULL AND status = 'scheduled' AND publish_at > ${now}),
      (SELECT min(start_at) FROM site_items WHERE website_id = ${websiteId} AND deleted_at IS NULL AND start_at > ${now}),
      (SELECT min(end_at) FROM site_items WHERE website_id = ${websiteId} AND deleted_at IS NULL AND end_at > ${now})
    ) AS next`.execute(db);
  const next = rows[0]?.next;
  return next ? new Date(next) : null;
}
