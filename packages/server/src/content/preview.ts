/**
 * What the preview route (pages domain: /config/preview/pages/:pageId, …/items/:itemId) renders: the row with its
 * draft when there is one (the published body otherwise), for contributors who may read content.
 */
import type { Kysely } from 'kysely';
import type { PageBody } from '@vitrine/blocks';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import type { SiteItemRow, SitePageRow } from './owner-model';
import { loadOwnerItem, loadOwnerPage } from './owner-queries';

export interface PagePreview {
  page: SitePageRow;
  /** draft_body ?? body: what the editor is looking at. */
  body: PageBody;
}

export interface ItemPreview {
  item: SiteItemRow;
  /** The collection (blog, events, gallery) the item belongs to. */
  collection: SitePageRow;
  body: PageBody;
}

/** A page for the preview iframe; 404 'No such page.' when missing or deleted. */
export async function readPageForPreview(db: Kysely<Database>, website: Website, actor: Actor, pageId: string): Promise<PagePreview> {
  authorize(actor, 'content:read');
  const page = await loadOwnerPage(db, website.id, pageId);
  return { page, body: page.draft_body ?? page.body };
}

/** An item (post, event, gallery image) for the preview iframe, with its collection; 404 'No such item.' when missing or deleted. */
export async function readItemForPreview(db: Kysely<Database>, website: Website, actor: Actor, itemId: string): Promise<ItemPreview> {
  authorize(actor, 'content:read');
  const { item } = await loadOwnerItem(db, website.id, itemId);
  const collection = await loadOwnerPage(db, website.id, item.collection_id);
  return { item, collection, body: item.draft_body ?? item.body };
}
