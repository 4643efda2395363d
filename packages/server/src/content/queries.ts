import type { Kysely, Transaction } from 'kysely';
import { BLOCK_TYPES, blocksOf, type PageBody } from '@vitrine/blocks';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface ContentPageRow {
  id: string;
  urlId: string;
  title: string;
  description: string;
  body: PageBody;
}

/**
 * A live page at /{urlId}, or undefined: published, or scheduled with its time passed (a scheduled page
 * goes live by the clock, with no job to flip it).
 */
export async function findContentPage(db: Db, websiteId: string, urlId: string): Promise<ContentPageRow | undefined> {
  const row = await db
    .selectFrom('site_pages')
    .select(['id', 'url_id', 'title', 'description', 'body'])
    .where('website_id', '=', websiteId)
    .where('url_id', '=', urlId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'published'), eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', new Date())])]))
    .executeTakeFirst();
  return row ? { id: row.id, urlId: row.url_id, title: row.title, description: row.description, body: row.body } : undefined;
}

const FORM_BLOCK_TYPES = new Set<number>([BLOCK_TYPES.form, BLOCK_TYPES.newsletter]);

/** Whether a body shows this form (a form or newsletter block), published or in its draft. */
function showsForm(body: PageBody | null, formId: string): boolean {
  return body !== null && blocksOf(body).some((block) => FORM_BLOCK_TYPES.has(block.type) && block.settings.formId === formId);
}

/** Pages with a block showing this form (a form or newsletter block): what deleting it would leave empty. */
export async function findPagesUsingForm(db: Db, websiteId: string, formId: string): Promise<Array<{ id: string; title: string; path: string }>> {
  const rows = await db
    .selectFrom('site_pages')
    .select(['id', 'url_id', 'title', 'body', 'draft_body'])
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .orderBy('url_id')
    .execute();
  return rows
    .filter((row) => showsForm(row.body, formId) || showsForm(row.draft_body, formId))
    .map((row) => ({ id: row.id, title: row.title, path: `/${row.url_id}` }));
}
