import type { Kysely, Transaction } from 'kysely';
import { BLOCK_TYPES, blocksOf, type PageBody } from '@vitrine/blocks';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

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
