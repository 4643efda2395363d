import type { Kysely, Transaction } from 'kysely';
import type { PageBody } from '@vitrine/blocks';
import type { Database, SitePageKind } from '../db/schema';

/**
 * Published pages and items for other domains' demo seeds (the courses domain's course and lessons): the content
 * domain writes its own tables, the seed says what to write. Bodies must already pass checkPageBody.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface SeedPage {
  id: string;
  kind: SitePageKind;
  urlId: string;
  title: string;
  description: string;
  body: PageBody;
}

export interface SeedItem {
  id: string;
  collectionId: string;
  recordType: number;
  urlId: string;
  title: string;
  excerpt: string;
  body: PageBody;
  position: number;
  publishedAt: Date;
}

export async function seedPublishedPage(trx: Db, websiteId: string, page: SeedPage): Promise<void> {
  await trx
    .insertInto('site_pages')
    .values({ id: page.id, website_id: websiteId, kind: page.kind, url_id: page.urlId, title: page.title, description: page.description, status: 'published', body: JSON.stringify(page.body) })
    .execute();
}

export async function seedPublishedItem(trx: Db, websiteId: string, item: SeedItem): Promise<void> {
  await trx
    .insertInto('site_items')
    .values({
      id: item.id, website_id: websiteId, collection_id: item.collectionId, record_type: item.recordType, url_id: item.urlId, title: item.title,
      excerpt: item.excerpt, status: 'published', published_at: item.publishedAt, body: JSON.stringify(item.body), position: item.position,
    })
    .execute();
}
