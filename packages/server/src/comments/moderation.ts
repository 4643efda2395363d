import { sql, type Kysely } from 'kysely';
import {
  COMMENT_MESSAGES, COMMENT_PAGE_SIZE, OWNER_COMMENT_MESSAGES, type CommentStatus, type ListCommentsQuery, type ListCommentsReply, type OwnerCommentJson,
} from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import { authorize } from '../authorize';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { keysetBefore, keysetPage, microsecondKey, readTimeIdCursor } from '../page-cursor';
import { replyDepth } from './rules';

type Db = Kysely<Database>;

/** The columns a moderated comment is shown with, its post's title and address joined in. */
function commentsWithPosts(db: Db, websiteId: string) {
  return db
    .selectFrom('post_comments as c')
    .innerJoin('site_items as i', 'i.id', 'c.item_id')
    .innerJoin('site_pages as p', 'p.id', 'i.collection_id')
    .select([
      'c.id', 'c.item_id', 'c.parent_id', 'c.depth', 'c.status', 'c.author_name', 'c.author_email', 'c.site_user_id', 'c.by_owner', 'c.body', 'c.created_at',
      'i.title as post_title', 'i.url_id as post_url_id', 'p.url_id as blog_url_id',
    ])
    .where('c.website_id', '=', websiteId);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithPosts>['executeTakeFirstOrThrow']>>;

function ownerCommentOf(row: CommentRow): OwnerCommentJson {
  return {
    id: row.id, itemId: row.item_id, postTitle: row.post_title, postUrl: `/${row.blog_url_id}/${row.post_url_id}`, parentId: row.parent_id, depth: row.depth,
    status: row.status, authorName: row.author_name, authorEmail: row.author_email, signedIn: row.site_user_id !== null, byOwner: row.by_owner, body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

async function findOwnerComment(db: Db, websiteId: string, commentId: string): Promise<OwnerCommentJson> {
  const row = await commentsWithPosts(db, websiteId).where('c.id', '=', commentId).executeTakeFirst();
  if (!row) throw notFound(COMMENT_MESSAGES.commentNotFound);
  return ownerCommentOf(row);
}

/**
 * GET /api/owner/comments: newest first at microsecond precision, a cursor naming the last (time, id) shown so pages
 * neither repeat nor skip while comments arrive; with the count of each status for the screen's tabs.
 */
export async function listComments(db: Db, website: Website, actor: Actor, input: ListCommentsQuery): Promise<ListCommentsReply> {
  authorize(actor, 'comments:moderate');
  const limit = input.limit === undefined ? COMMENT_PAGE_SIZE.default : Number(input.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > COMMENT_PAGE_SIZE.max) throw invalid(OWNER_COMMENT_MESSAGES.limit, { limit: OWNER_COMMENT_MESSAGES.limit });
  const after = readTimeIdCursor(input.cursor, OWNER_COMMENT_MESSAGES.cursor);
  let query = commentsWithPosts(db, website.id).select(microsecondKey('c.created_at').as('created_key'));
  if (input.status) query = query.where('c.status', '=', input.status as CommentStatus);
  if (after) query = query.where(keysetBefore('c.created_at', 'c.id', after));
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit + 1).execute();
  const { page, nextCursor } = keysetPage(rows, limit, (row) => [row.created_key, row.id]);
  const countRows = await db.selectFrom('post_comments').select(['status', (eb) => eb.fn.countAll<string | number>().as('count')]).where('website_id', '=', website.id).groupBy('status').execute();
  const counts = { pending: 0, approved: 0, hidden: 0, spam: 0 };
  for (const row of countRows) counts[row.status] = Number(row.count);
  return { comments: page.map(({ created_key: _key, ...row }) => ownerCommentOf(row)), counts, hasNextPage: nextCursor !== null, nextPageCursor: nextCursor };
}

/** PUT /api/owner/comments/:commentId/status: approve, hide, mark spam, or back to pending. */
export async function setCommentStatus(db: Db, website: Website, actor: Actor, input: { commentId: string; status: CommentStatus }): Promise<{ comment: OwnerCommentJson }> {
  authorize(actor, 'comments:moderate');
  const updated = await db.updateTable('post_comments').set({ status: input.status, updated_at: sql`now()` }).where('id', '=', input.commentId).where('website_id', '=', website.id).returning('id').executeTakeFirst();
  if (!updated) throw notFound(COMMENT_MESSAGES.commentNotFound);
  return { comment: await findOwnerComment(db, website.id, input.commentId) };
}

/** DELETE /api/owner/comments/:commentId: the comment and, by the foreign key's cascade, every reply under it. */
export async function deleteComment(db: Db, website: Website, actor: Actor, input: { commentId: string }): Promise<{ deleted: true; id: string; count: number }> {
  authorize(actor, 'comments:moderate');
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ count: string | number }>`
      WITH RECURSIVE tree AS (
        SELECT id FROM post_comments WHERE id = ${input.commentId} AND website_id = ${website.id}
        UNION ALL SELECT c.id FROM post_comments c JOIN tree ON c.parent_id = tree.id
      ) SELECT count(*) AS count FROM tree`.execute(trx);
    const count = Number(rows[0]?.count ?? 0);
    if (count === 0) throw notFound(COMMENT_MESSAGES.commentNotFound);
    await trx.deleteFrom('post_comments').where('id', '=', input.commentId).where('website_id', '=', website.id).execute();
    return { deleted: true as const, id: input.commentId, count };
  });
}

/**
 * POST /api/owner/comments/:commentId/replies: the owner answers in the site's name (its title), public at once. The
 * comment answered must be public (a reply under a hidden comment would never show); answering a comment already at
 * the deepest level puts the reply beside it, under the same parent, so the owner can always answer.
 */
export async function replyToComment(db: Db, website: Website, actor: Actor, input: { commentId: string; body: string }): Promise<{ comment: OwnerCommentJson }> {
  authorize(actor, 'comments:moderate');
  const body = input.body.trim();
  if (body === '') throw invalid(COMMENT_MESSAGES.bodyRequired, { body: COMMENT_MESSAGES.bodyRequired });
  const parent = await db.selectFrom('post_comments').select(['id', 'item_id', 'parent_id', 'depth', 'status']).where('id', '=', input.commentId).where('website_id', '=', website.id).executeTakeFirst();
  if (!parent) throw notFound(COMMENT_MESSAGES.commentNotFound);
  if (parent.status !== 'approved') throw invalid(OWNER_COMMENT_MESSAGES.replyToOwnPost);
  const depth = replyDepth(parent.depth);
  const owner = siteUserOf(actor);
  const id = newId();
  await db
    .insertInto('post_comments')
    .values({
      id, website_id: website.id, item_id: parent.item_id, parent_id: depth === null ? parent.parent_id : parent.id, depth: depth ?? parent.depth, status: 'approved',
      site_user_id: owner?.id ?? null, author_name: website.site_title, author_email: owner?.email ?? '', body, by_owner: true,
    })
    .execute();
  return { comment: await findOwnerComment(db, website.id, id) };
}
