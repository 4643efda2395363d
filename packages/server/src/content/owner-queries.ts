/** The owner side's reads of site_pages and site_items (the content domain's own tables). */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../failures';
import type { PageSummaryRow, SiteItemRow, SitePageRow } from './owner-model';

type Db = Kysely<Database> | Transaction<Database>;

export const CONTENT_NOT_FOUND = {
  page: 'No such page.',
  item: 'No such item.',
  revision: 'No such revision.',
} as const;

/** A page of this website that is not deleted, or undefined. */
export async function findOwnerPage(db: Db, websiteId: string, pageId: string): Promise<SitePageRow | undefined> {
  return db.selectFrom('site_pages').selectAll().where('website_id', '=', websiteId).where('id', '=', pageId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function loadOwnerPage(db: Db, websiteId: string, pageId: string): Promise<SitePageRow> {
  const row = await findOwnerPage(db, websiteId, pageId);
  if (!row) throw notFound(CONTENT_NOT_FOUND.page);
  return row;
}

/** An item of this website that is not deleted, with its collection's url id (for its fullUrl). */
export async function loadOwnerItem(db: Db, websiteId: string, itemId: string): Promise<{ item: SiteItemRow; collectionUrlId: string }> {
  const item = await db.selectFrom('site_items').selectAll().where('website_id', '=', websiteId).where('id', '=', itemId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!item) throw notFound(CONTENT_NOT_FOUND.item);
  const collection = await db.selectFrom('site_pages').select('url_id').where('id', '=', item.collection_id).executeTakeFirstOrThrow();
  return { item, collectionUrlId: collection.url_id };
}

/** Every page of the website that is not deleted, in url order, without their bodies. */
export async function listPageSummaryRows(db: Db, websiteId: string): Promise<PageSummaryRow[]> {
  return db
    .selectFrom('site_pages')
    .select(['id', 'kind', 'title', 'navigation_title', 'url_id', 'status', 'publish_at', 'is_home', 'updated_at'])
    .select(sql<boolean>`draft_body is not null`.as('has_draft'))
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .orderBy('url_id')
    .execute();
}
