import type { Kysely, Transaction } from 'kysely';
import type { Database, PostCommentStatus } from '../db/schema';
import { newId } from '../ids';
import { replyDepth } from './rules';

type Db = Kysely<Database> | Transaction<Database>;

/** A comment another platform's export brings (site-imports/), with its parent by the export's own ids. */
export interface ImportedComment {
  sourceId: string;
  parentSourceId: string | null;
  authorName: string;
  authorEmail: string;
  body: string;
  status: Extract<PostCommentStatus, 'approved' | 'pending' | 'spam'>;
  createdAt: Date | null;
}

/**
 * Writes a post's imported comments with their status as it was (approved shown, pending waiting in moderation,
 * spam kept as spam), their dates, and their threads: a reply under its parent, one deeper than our two levels
 * under its parent's parent, one whose parent is not in the file at the top.
 */
export async function insertImportedComments(trx: Db, websiteId: string, itemId: string, comments: readonly ImportedComment[]): Promise<number> {
  const written = new Map<string, { id: string; depth: number; parentId: string | null }>();
  // Parents before replies: the export lists them in id order, but a reply's parent may come later.
  const pending = [...comments];
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    for (let index = 0; index < pending.length; index++) {
      const comment = pending[index]!;
      const parent = comment.parentSourceId ? written.get(comment.parentSourceId) : undefined;
      if (comment.parentSourceId && !parent && pending.some((other) => other.sourceId === comment.parentSourceId)) continue;
      let parentId: string | null = null;
      let depth = 0;
      if (parent) {
        const next = replyDepth(parent.depth);
        parentId = next === null ? parent.parentId : parent.id;
        depth = next === null ? parent.depth : next;
      }
      const id = newId();
      const at = comment.createdAt ?? new Date();
      await trx
        .insertInto('post_comments')
        .values({
          id, website_id: websiteId, item_id: itemId, parent_id: parentId, depth, status: comment.status, site_user_id: null,
          author_name: comment.authorName, author_email: comment.authorEmail, body: comment.body, created_at: at, updated_at: at,
        })
        .execute();
      written.set(comment.sourceId, { id, depth, parentId });
      pending.splice(index, 1);
      index -= 1;
      progress = true;
    }
  }
  return written.size;
}
