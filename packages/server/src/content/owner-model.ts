/**
 * The owner's view of site_pages and site_items rows: the JSON of the content API (contracts/owner-content.ts),
 * built by pure functions from the rows.
 */
import type { Selectable } from 'kysely';
import type { ContentItemJson, ContentPageJson, ItemRecordType, ItemSummaryJson, PageSummaryJson } from '@vitrine/contracts';
import type { SiteItemsTable, SitePageKind, SitePagesTable } from '../db/schema';

export type SitePageRow = Selectable<SitePagesTable>;
export type SiteItemRow = Selectable<SiteItemsTable>;

/** The collection kinds and the record type of their items (platform §3): blog posts 1, events 12, gallery images 14. */
export const RECORD_TYPE_OF_COLLECTION: Partial<Record<SitePageKind, ItemRecordType>> = { blog: 1, events: 12, gallery: 14 };

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function pageSummaryOf(row: SitePageRow): PageSummaryJson {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    navigationTitle: row.navigation_title,
    urlId: row.url_id,
    fullUrl: `/${row.url_id}`,
    status: row.status,
    publishAt: iso(row.publish_at),
    isHome: row.is_home,
    hasDraft: row.draft_body !== null,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function contentPageOf(row: SitePageRow): ContentPageJson {
  return {
    ...pageSummaryOf(row),
    description: row.description,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    folderBehaviour: row.folder_behaviour as 1 | 2 | 3,
    body: row.body,
    draftBody: row.draft_body,
    version: row.version,
    createdAt: row.created_at.toISOString(),
  };
}

export function itemSummaryOf(row: SiteItemRow, collectionUrlId: string): ItemSummaryJson {
  return {
    id: row.id,
    collectionId: row.collection_id,
    recordType: row.record_type as ItemRecordType,
    title: row.title,
    urlId: row.url_id,
    fullUrl: `/${collectionUrlId}/${row.url_id}`,
    status: row.status,
    publishAt: iso(row.publish_at),
    publishedAt: iso(row.published_at),
    startAt: iso(row.start_at),
    endAt: iso(row.end_at),
    hasDraft: row.draft_body !== null,
    starred: row.starred,
    position: row.position,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function contentItemOf(row: SiteItemRow, collectionUrlId: string): ContentItemJson {
  return {
    ...itemSummaryOf(row, collectionUrlId),
    excerpt: row.excerpt,
    authorName: row.author_name,
    tags: row.tags,
    categories: row.categories,
    commentState: row.comment_state === 1 ? 1 : 0,
    location: row.location,
    image: row.image,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    body: row.body,
    draftBody: row.draft_body,
    version: row.version,
  };
}

/** Live to visitors: published, or scheduled with its time passed (no job flips it). */
export function isLive(row: { status: string; publish_at: Date | null }, now: Date = new Date()): boolean {
  return row.status === 'published' || (row.status === 'scheduled' && row.publish_at !== null && row.publish_at.getTime() <= now.getTime());
}
