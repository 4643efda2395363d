import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { StyleValues } from '@vitrine/design';

type Db = Kysely<Database> | Transaction<Database>;

export interface StyleVersionRow {
  id: string;
  values: StyleValues;
  stylesheet: string;
  hash: string;
  createdAt: Date;
  createdBy: string | null;
  publishedAt: Date | null;
  /** The starter template the values were made from (migration 046), null when none was recorded. */
  templateId: string | null;
}

const COLUMNS = ['id', 'style_values', 'stylesheet', 'stylesheet_hash', 'created_at', 'created_by', 'published_at', 'template_id'] as const;

function rowOf(row: { id: string; style_values: StyleValues; stylesheet: string; stylesheet_hash: string; created_at: Date; created_by: string | null; published_at: Date | null; template_id: string | null }): StyleVersionRow {
  return {
    id: row.id, values: row.style_values, stylesheet: row.stylesheet, hash: row.stylesheet_hash, createdAt: new Date(row.created_at), createdBy: row.created_by,
    publishedAt: row.published_at ? new Date(row.published_at) : null, templateId: row.template_id,
  };
}

export async function findDraft(db: Db, websiteId: string): Promise<StyleVersionRow | undefined> {
  const row = await db.selectFrom('site_style_versions').select(COLUMNS).where('website_id', '=', websiteId).where('published_at', 'is', null).executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

export async function findPublishedVersion(db: Db, websiteId: string, versionId: string): Promise<StyleVersionRow | undefined> {
  const row = await db.selectFrom('site_style_versions').select(COLUMNS)
    .where('website_id', '=', websiteId).where('id', '=', versionId).where('published_at', 'is not', null).executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

/** Any of the website's rows (its draft or a published version) whose stylesheet has that hash. */
export async function findStylesheetByHash(db: Db, websiteId: string, hash: string): Promise<string | undefined> {
  const row = await db.selectFrom('site_style_versions').select('stylesheet').where('website_id', '=', websiteId).where('stylesheet_hash', '=', hash).limit(1).executeTakeFirst();
  return row?.stylesheet;
}

export interface NewStyleRow {
  id: string;
  websiteId: string;
  values: StyleValues;
  stylesheet: string;
  hash: string;
  createdBy: string | null;
  templateId: string | null;
  /** Millisecond precision (a JavaScript Date), so a page's keyset cursor names it exactly. */
  publishedAt?: Date;
}

/** The draft, written in place (one per website: the partial unique index of migration 043). */
export async function writeDraft(db: Db, row: NewStyleRow): Promise<void> {
  await db.insertInto('site_style_versions')
    .values({ id: row.id, website_id: row.websiteId, style_values: JSON.stringify(row.values), stylesheet: row.stylesheet, stylesheet_hash: row.hash, created_by: row.createdBy, template_id: row.templateId })
    .onConflict((conflict) => conflict.column('website_id').where('published_at', 'is', null).doUpdateSet({
      style_values: JSON.stringify(row.values), stylesheet: row.stylesheet, stylesheet_hash: row.hash, created_by: row.createdBy, created_at: sql`now()`, template_id: row.templateId,
    }))
    .execute();
}

export async function insertPublishedVersion(db: Db, row: NewStyleRow): Promise<StyleVersionRow> {
  const inserted = await db.insertInto('site_style_versions')
    .values({
      id: row.id, website_id: row.websiteId, style_values: JSON.stringify(row.values), stylesheet: row.stylesheet, stylesheet_hash: row.hash,
      created_by: row.createdBy, published_at: row.publishedAt ?? new Date(), template_id: row.templateId,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return rowOf(inserted);
}

/** Published versions, newest first, after the keyset (publishedAt, id) of the previous page's last one. */
export async function listPublishedVersions(db: Db, websiteId: string, limit: number, after?: { publishedAt: Date; id: string }): Promise<StyleVersionRow[]> {
  let query = db.selectFrom('site_style_versions').select(COLUMNS).where('website_id', '=', websiteId).where('published_at', 'is not', null);
  if (after) query = query.where(sql<boolean>`(published_at, id) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})`);
  const rows = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(rowOf);
}
