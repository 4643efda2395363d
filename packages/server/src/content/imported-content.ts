import type { Kysely, Transaction } from 'kysely';
import { urlIdFrom, type PageBody } from '@vitrine/blocks';
import type { Database } from '../db/schema';
import { newId } from '../ids';
import { checkedBody, checkedLabels } from './body-rules';
import { notifyContentChanged } from './content-changes';
import { RECORD_TYPE_OF_COLLECTION } from './owner-model';
import { urlIdProblem } from './owner-pages';

/**
 * Pages and posts another platform's export brings (site-imports/: WordPress and Squarespace): the content domain
 * writes its own tables, the import says what to write. Bodies and labels pass the owner's own checks; an address
 * already used here is not overwritten — the caller reports it as skipped.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface ImportedPage {
  urlId: string;
  title: string;
  body: PageBody;
  status: 'published' | 'draft';
}

export interface ImportedPost extends ImportedPage {
  excerpt: string;
  authorName: string;
  tags: string[];
  categories: string[];
  publishedAt: Date | null;
  commentsOpen: boolean;
  /** The post's main image (a picture of the media library), or null. */
  imageId: string | null;
}

/** Why the page cannot have this url id here (taken, reserved), or undefined. */
export const importedPageUrlIdProblem = (db: Db, websiteId: string, urlId: string) => urlIdProblem(db, websiteId, urlId);

/** A url id for a page with no slug of its own, from its title, past those taken. */
export async function freePageUrlId(db: Db, websiteId: string, title: string): Promise<string> {
  const taken = new Set<string>();
  for (;;) {
    const candidate = urlIdFrom(title, taken);
    if (!(await urlIdProblem(db, websiteId, candidate))) return candidate;
    taken.add(candidate);
  }
}

/** Writes a page (not in the navigation: the owner places it). */
export async function insertImportedPage(trx: Db, websiteId: string, page: ImportedPage): Promise<string> {
  const id = newId();
  await trx
    .insertInto('site_pages')
    .values({ id, website_id: websiteId, kind: 'page', url_id: page.urlId, title: page.title, status: page.status, body: JSON.stringify(checkedBody(page.body)) })
    .execute();
  notifyContentChanged(websiteId);
  return id;
}

/** The website's first blog, or a new published one at /blog (/blog-2… when taken) titled `title`. */
export async function importBlogOf(trx: Db, websiteId: string, title: string): Promise<{ id: string; urlId: string }> {
  const blog = await trx
    .selectFrom('site_pages')
    .select(['id', 'url_id'])
    .where('website_id', '=', websiteId)
    .where('kind', '=', 'blog')
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (blog) return { id: blog.id, urlId: blog.url_id };
  const urlId = (await urlIdProblem(trx, websiteId, 'blog')) ? await freePageUrlId(trx, websiteId, 'blog') : 'blog';
  const id = newId();
  await trx
    .insertInto('site_pages')
    .values({ id, website_id: websiteId, kind: 'blog', url_id: urlId, title, status: 'published', body: JSON.stringify(checkedBody({ schemaVersion: 1, sections: [{ id: 'section-1', blocks: [] }] })) })
    .execute();
  notifyContentChanged(websiteId);
  return { id, urlId };
}

/** Whether a post of the blog already has this url id. */
export async function postUrlIdTaken(db: Db, blogId: string, urlId: string): Promise<boolean> {
  return (await db.selectFrom('site_items').select('id').where('collection_id', '=', blogId).where('url_id', '=', urlId).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined;
}

/** A url id for a post with no slug of its own, from its title, past the blog's. */
export async function freePostUrlId(db: Db, blogId: string, title: string): Promise<string> {
  const rows = await db.selectFrom('site_items').select('url_id').where('collection_id', '=', blogId).where('deleted_at', 'is', null).execute();
  return urlIdFrom(title, new Set(rows.map((row) => row.url_id)));
}

export async function insertImportedPost(trx: Db, websiteId: string, blogId: string, post: ImportedPost): Promise<string> {
  const labels = checkedLabels({ tags: post.tags, categories: post.categories });
  const id = newId();
  const position = await trx.selectFrom('site_items').select((eb) => eb.fn.max('position').as('last')).where('collection_id', '=', blogId).executeTakeFirst();
  await trx
    .insertInto('site_items')
    .values({
      id, website_id: websiteId, collection_id: blogId, record_type: RECORD_TYPE_OF_COLLECTION.blog!, url_id: post.urlId, title: post.title, excerpt: post.excerpt,
      status: post.status, published_at: post.status === 'published' ? (post.publishedAt ?? new Date()) : null, body: JSON.stringify(checkedBody(post.body)),
      author_name: post.authorName, tags: labels.tags ?? [], categories: labels.categories ?? [], comment_state: post.commentsOpen ? 1 : 0,
      image: post.imageId ? JSON.stringify({ imageId: post.imageId, altText: '', focalPoint: { x: 0.5, y: 0.5 } }) : null,
      position: Number(position?.last ?? -1) + 1,
    })
    .execute();
  notifyContentChanged(websiteId);
  return id;
}
