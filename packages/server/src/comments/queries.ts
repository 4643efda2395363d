import { sql, type Kysely, type Transaction } from 'kysely';
import type { PublicCommentJson } from '@vitrine/contracts';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The counts a post carries for templates (platform §3): approved comments, and likes. */
export interface EngagementCounts {
  publicCommentCount: number;
  likeCount: number;
}

export const NO_ENGAGEMENT: EngagementCounts = { publicCommentCount: 0, likeCount: 0 };

/**
 * The counts of many posts in one statement (a blog page's ten, or one post): two indexed counts per id, so a page
 * costs one round trip whatever it lists, and no stored counter can drift from the rows.
 */
export async function engagementCounts(db: Db, websiteId: string, itemIds: readonly string[]): Promise<Map<string, EngagementCounts>> {
  const counts = new Map<string, EngagementCounts>();
  if (itemIds.length === 0) return counts;
  const { rows } = await sql<{ item_id: string; comments: string | number; likes: string | number }>`
    SELECT ids.item_id,
      (SELECT count(*) FROM post_comments c WHERE c.item_id = ids.item_id AND c.website_id = ${websiteId} AND c.status = 'approved') AS comments,
      (SELECT count(*) FROM post_likes l WHERE l.item_id = ids.item_id AND l.website_id = ${websiteId}) AS likes
    FROM unnest(${sql.val([...new Set(itemIds)])}::text[]) AS ids(item_id)`.execute(db);
  for (const row of rows) counts.set(row.item_id, { publicCommentCount: Number(row.comments), likeCount: Number(row.likes) });
  return counts;
}

export async function likeCountOf(db: Db, websiteId: string, itemId: string): Promise<number> {
  const row = await db.selectFrom('post_likes').select((eb) => eb.fn.countAll<string | number>().as('count')).where('website_id', '=', websiteId).where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A public comment with its public replies, oldest first at each level. */
export interface CommentThreadEntry extends PublicCommentJson {
  replies: CommentThreadEntry[];
}

/**
 * A post's approved comments as a tree. A reply whose parent is not public (hidden, pending, spam) is not shown
 * either: it answers something visitors cannot read.
 */
export async function approvedThread(db: Db, websiteId: string, itemId: string): Promise<CommentThreadEntry[]> {
  const rows = await db
    .selectFrom('post_comments')
    .select(['id', 'parent_id', 'depth', 'author_name', 'by_owner', 'body', 'created_at'])
    .where('website_id', '=', websiteId)
    .where('item_id', '=', itemId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
  const entries = new Map<string, CommentThreadEntry>();
  for (const row of rows) {
    entries.set(row.id, {
      id: row.id, parentId: row.parent_id, depth: row.depth, authorName: row.author_name, byOwner: row.by_owner, body: row.body,
      createdAt: new Date(row.created_at).toISOString(), replies: [],
    });
  }
  const roots: CommentThreadEntry[] = [];
  for (const entry of entries.values()) {
    if (entry.parentId === null) roots.push(entry);
    else entries.get(entry.parentId)?.replies.push(entry);
  }
  return roots;
}

/** Whether the site user already has an approved comment on this website (the trust rule of rules.ts). */
export async function hasApprovedComment(db: Db, websiteId: string, siteUserId: string): Promise<boolean> {
  const row = await db.selectFrom('post_comments').select('id').where('website_id', '=', websiteId).where('site_user_id', '=', siteUserId).where('status', '=', 'approved').limit(1).executeTakeFirst();
  return row !== undefined;
}
