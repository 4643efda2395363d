/**
 * Optimistic concurrency for pages and items: a change names the version it was made on and lands only while
 * that is still the row's version (`UPDATE … WHERE id = $1 AND version = $2`), bumping it. Of two racing
 * changes on one version exactly one updates a row; the other finds none and answers 409.
 */
import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import { OWNER_CONTENT_MESSAGES } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { conflict, notFound } from '../failures';
import type { SiteItemRow, SitePageRow } from './owner-model';
import { CONTENT_NOT_FOUND } from './owner-queries';

type Db = Kysely<Database> | Transaction<Database>;

export async function updatePageAtVersion(db: Db, websiteId: string, pageId: string, version: number, changes: UpdateObject<Database, 'site_pages'>): Promise<SitePageRow> {
  const row = await db
    .updateTable('site_pages')
    .set({ ...changes, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', pageId)
    .where('deleted_at', 'is', null)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const exists = await db.selectFrom('site_pages').select('id').where('website_id', '=', websiteId).where('id', '=', pageId).where('deleted_at', 'is', null).executeTakeFirst();
  throw exists ? conflict(OWNER_CONTENT_MESSAGES.pageChanged) : notFound(CONTENT_NOT_FOUND.page);
}

export async function updateItemAtVersion(db: Db, websiteId: string, itemId: string, version: number, changes: UpdateObject<Database, 'site_items'>): Promise<SiteItemRow> {
  const row = await db
    .updateTable('site_items')
    .set({ ...changes, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .where('deleted_at', 'is', null)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const exists = await db.selectFrom('site_items').select('id').where('website_id', '=', websiteId).where('id', '=', itemId).where('deleted_at', 'is', null).executeTakeFirst();
  throw exists ? conflict(OWNER_CONTENT_MESSAGES.itemChanged) : notFound(CONTENT_NOT_FOUND.item);
}

/** Where a publish leaves a page or item: live now, or scheduled until `publishAt` when that is still to come. */
export function publicationOf(publishAt: string | undefined, now: Date): { status: 'published' | 'scheduled'; publish_at: Date | null; liveFrom: Date } {
  if (publishAt === undefined) return { status: 'published', publish_at: null, liveFrom: now };
  const time = new Date(publishAt);
  if (time.getTime() > now.getTime()) return { status: 'scheduled', publish_at: time, liveFrom: time };
  return { status: 'published', publish_at: null, liveFrom: now };
}

/** A date and time the contract's pattern let through but that names no real instant (2026-02-31T…): undefined. */
export function parsedInstant(value: string): Date | undefined {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}
