import type { Kysely, Transaction } from 'kysely';
import type { ContentBlock, Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface ContentPageRow {
  id: string;
  urlId: string;
  title: string;
  description: string;
  blocks: ContentBlock[];
}

/** The content page at /{urlId}, or undefined. */
export async function findContentPage(db: Db, websiteId: string, urlId: string): Promise<ContentPageRow | undefined> {
  const row = await db
    .selectFrom('content_pages')
    .select(['id', 'url_id', 'title', 'description', 'blocks'])
    .where('website_id', '=', websiteId)
    .where('url_id', '=', urlId)
    .executeTakeFirst();
  return row ? { id: row.id, urlId: row.url_id, title: row.title, description: row.description, blocks: row.blocks } : undefined;
}

/** Pages with a block showing this form (a form or newsletter block): what deleting it would leave empty. */
export async function findPagesUsingForm(db: Db, websiteId: string, formId: string): Promise<Array<{ id: string; title: string; path: string }>> {
  const rows = await db.selectFrom('content_pages').select(['id', 'url_id', 'title', 'blocks']).where('website_id', '=', websiteId).orderBy('url_id').execute();
  return rows
    .filter((row) => row.blocks.some((block) => (block.type === 'form' || block.type === 'newsletter') && block.formId === formId))
    .map((row) => ({ id: row.id, title: row.title, path: `/${row.url_id}` }));
}
