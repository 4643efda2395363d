import type { Kysely } from 'kysely';
import { COMMENT_MESSAGES, type LikeReply } from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import { findLivePostById } from '../content';
import type { Database, Website } from '../db/schema';
import { forbidden, invalid, notFound } from '../failures';
import { canSee, type Viewer } from '../members';
import { likeCountOf } from './queries';
import { commentSettingsOf } from './settings';

/** The analytics id's shape (the tracking client's SS_ANALYTICS_ID, or the server's): anything else is not a visitor. */
const VISITOR_ID = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * Who likes: a signed-in site user by account (one like whatever browser), otherwise the visitor's analytics id
 * (SS_ANALYTICS_ID). Without either there is no one to count once, so liking is refused.
 */
export function likerOf(actor: Actor, analyticsId: string | undefined): string | undefined {
  const siteUser = siteUserOf(actor);
  if (siteUser) return `user:${siteUser.id}`;
  return analyticsId && VISITOR_ID.test(analyticsId) ? `visitor:${analyticsId}` : undefined;
}

/** A live post the viewer may see (a post behind a member area they are not in is not found). */
async function likeablePost(db: Kysely<Database>, website: Website, itemId: string, viewer: Viewer) {
  if (!commentSettingsOf(website).simpleLikingEnabled) throw forbidden(COMMENT_MESSAGES.likesOff);
  const found = await findLivePostById(db, website.id, itemId);
  if (!found || !(await canSee(db, website.id, viewer, { pageId: found.collection.id })).allowed) throw notFound(COMMENT_MESSAGES.postNotFound);
  return found.item;
}

/**
 * PUT /api/comments/posts/:itemId/like: one row per post and liker, its primary key deciding racing likes (ON
 * CONFLICT DO NOTHING: of any number at once, one row). Liking again answers the same.
 */
export async function likePost(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string; analyticsId: string | undefined; viewer: Viewer }): Promise<LikeReply> {
  const item = await likeablePost(db, website, input.itemId, input.viewer);
  const liker = likerOf(actor, input.analyticsId);
  if (!liker) throw invalid(COMMENT_MESSAGES.noVisitorId);
  await db.insertInto('post_likes').values({ website_id: website.id, item_id: item.id, liker }).onConflict((conflict) => conflict.columns(['item_id', 'liker']).doNothing()).execute();
  return { liked: true, likeCount: await likeCountOf(db, website.id, item.id) };
}

/** DELETE /api/comments/posts/:itemId/like: the liker's row goes; none to remove is the same answer. */
export async function unlikePost(db: Kysely<Database>, website: Website, actor: Actor, input: { itemId: string; analyticsId: string | undefined; viewer: Viewer }): Promise<LikeReply> {
  const item = await likeablePost(db, website, input.itemId, input.viewer);
  const liker = likerOf(actor, input.analyticsId);
  if (!liker) throw invalid(COMMENT_MESSAGES.noVisitorId);
  await db.deleteFrom('post_likes').where('item_id', '=', item.id).where('liker', '=', liker).execute();
  return { liked: false, likeCount: await likeCountOf(db, website.id, item.id) };
}
