/**
 * The owner's view of site_pages and site_items rows: the JSON of the content API (contracts/owner-content.ts),
 * built by pure functions from the rows.
 */
import { readPageBody } from '@vitrine/blocks';
import type { Selectable } from 'kysely';
import type { ContentItemJson, ContentPageJson, ItemRecordType, ItemSummaryJson, PageSummaryJson } from '@vitrine/contracts';
import type { SiteItemsTable, SitePageKind, SitePagesTable } from '../db/schema';

export type SitePageRow = Selectable<SitePagesTable>;
export type SiteItemRow = Selectable<SiteItemsTable>;

/** The collection kinds and the record type of their items (platform §3): blog posts 1, events 12, gallery images 14, a course's lessons 62. */
export const RECORD_TYPE_OF_COLLECTION: Partial<Record<SitePageKind, ItemRecordType>> = { blog: 1, events: 12, gallery: 14, course: 62 };

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** What a summary needs of a page row: no bodies (the tree lists every page), only whether a draft is saved. */
export type PageSummaryRow = Pick<SitePageRow, 'id' | 'kind' | 'title' | 'navigation_title' | 'url_id' | 'status' | 'publish_at' | 'is_home' | 'updated_at'> & {
  has_draft: boolean;
};

export function pageSummaryOf(row: PageSummaryRow): PageSummaryJson {
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
    hasDraft: row.has_draft,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function contentPageOf(row: SitePageRow): ContentPageJson {
  return {
    ...pageSummaryOf({ ...row, has_draft: row.draft_body !== null }),
    description: row.description,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    folderBehaviour: row.folder_behaviour as 1 | 2 | 3,
    // A body stored before sections had columns reads as single-column sections (the editor edits today's shape).
    body: readPageBody(row.body),
    draftBody: row.draft_body === null ? null : readPageBody(row.draft_body),
    version: row.version,
    createdAt: row.created_at.toISOString(),
  };
}

/** The columns an item list reads (no bodies). */
export const ITEM_SUMMARY_COLUMNS = [
  'id', 'collection_id', 'record_type', 'title', 'url_id', 'status', 'publish_at', 'published_at', 'start_at', 'end_at', 'starred', 'position', 'updated_at',
] as const;
export type ItemSummaryRow = Pick<SiteItemRow, (typeof ITEM_SUMMARY_COLUMNS)[number]> & { has_draft: boolean };

export function itemSummaryOf(row: ItemSummaryRow, collectionUrlId: string): ItemSummaryJson {
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
    hasDraft: row.has_draft,
    starred: row.starred,
    position: row.position,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function contentItemOf(row: SiteItemRow, collectionUrlId: string): ContentItemJson {
  return {
    ...itemSummaryOf({ ...row, has_draft: row.draft_body !== null }, collectionUrlId),
    excerpt: row.excerpt,
    authorName: row.author_name,
    tags: row.tags,
    categories: row.categories,
    commentState: row.comment_state === 1 ? 1 : 0,
    location: row.location,
    image: row.image,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    // A body stored before sections had columns reads as single-column sections (the editor edits today's shape).
    body: readPageBody(row.body),
    draftBody: row.draft_body === null ? null : readPageBody(row.draft_body),
    version: row.version,
  };
}

/** Live to visitors: published, or scheduled with its time passed (no job flips it). */
export function isLive(row: { status: string; publish_at: Date | null }, now: Date = new Date()): boolean {
  return row.status === 'published' || (row.status === 'scheduled' && row.publish_at !== null && row.publish_at.getTime() <= now.getTime());
}
