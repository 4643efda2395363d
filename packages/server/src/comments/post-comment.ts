import type { Kysely } from 'kysely';
import { areCommentsEnabled } from '@vitrine/blocks/comments';
import { COMMENT_LIMITS, COMMENT_MESSAGES, type PostCommentBody, type PostCommentReply } from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import { isCaptchaEnabled, requireCaptchaSolution, type CaptchaSettings } from '../captcha';
import { findLivePostById } from '../content';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { forbidden, invalid, notFound, tooMany } from '../failures';
import { spamReasonOf } from '../forms';
import { hitSlidingWindow, type RateLimitStore } from '../http/rate-limit';
import { newId } from '../ids';
import { canSee, type Viewer } from '../members';
import { engagementCounts, hasApprovedComment } from './queries';
import { initialCommentStatus, readCommentInput, replyDepth } from './rules';
import { commentSettingsOf } from './settings';

/** What posting needs beyond the database: the captcha's secrets and the shared rate-limit store. */
export interface CommentServices {
  captcha: CaptchaSettings;
  rateLimits: RateLimitStore;
}

export interface PostCommentInput extends PostCommentBody {
  itemId: string;
  /** Who is posting, for the rate limit: the client address key (an IPv6 client's /64). */
  visitor: string;
  /** Who is reading, for a post behind a member area (members' canSee): one they cannot see is not found. */
  viewer: Viewer;
  userAgent: string;
}

/** Whether the post takes comments now: the site's switches, the post's own, and its public count (storefront §4). */
export async function postTakesComments(db: Kysely<Database>, website: Website, item: { id: string; commentState: number }): Promise<boolean> {
  const settings = commentSettingsOf(website);
  if (settings.disqusShortname !== '') return false;
  const counts = (await engagementCounts(db, website.id, [item.id])).get(item.id);
  return areCommentsEnabled({ commentState: item.commentState, publicCommentCount: counts?.publicCommentCount ?? 0, siteCommentsEnabled: settings.commentsEnabled });
}

async function checkCommentRate(rateLimits: RateLimitStore, website: Website, itemId: string, visitor: string, nowMs: number): Promise<void> {
  const { perVisitor, perPost, windowMs } = COMMENT_LIMITS;
  const [byVisitor, byPost] = await Promise.all([
    hitSlidingWindow(rateLimits, `comment:${website.id}:${visitor}`, windowMs, nowMs),
    hitSlidingWindow(rateLimits, `comment:${website.id}:post:${itemId}`, windowMs, nowMs),
  ]);
  if (byVisitor.hits > perVisitor || byPost.hits > perPost) throw tooMany(COMMENT_MESSAGES.rateLimited, byVisitor.retryAfterSeconds);
}

/**
 * POST /api/comments/posts/:itemId/comments. In order: the post is live and the viewer may see it (404), it takes comments (403), the visitor
 * is within budget (429), the input reads (400, every field's error), the captcha when the site has one (400), the
 * parent is a public comment of this post and the reply not too deep (400); then one insert. A honeypot or a bot's
 * user agent (forms' spamReasonOf) is kept as spam and answered like a pending comment, so bots learn nothing.
 */
export async function postComment(db: Kysely<Database>, website: Website, actor: Actor, input: PostCommentInput, services: CommentServices): Promise<PostCommentReply> {
  const found = await findLivePostById(db, website.id, input.itemId);
  if (!found || !(await canSee(db, website.id, input.viewer, { pageId: found.collection.id })).allowed) throw notFound(COMMENT_MESSAGES.postNotFound);
  if (!(await postTakesComments(db, website, found.item))) throw forbidden(COMMENT_MESSAGES.commentsOff);
  await checkCommentRate(services.rateLimits, website, found.item.id, input.visitor, Date.now());
  const siteUser = siteUserOf(actor);
  const read = readCommentInput(input, siteUser);
  if (!read.ok) throw invalid(Object.values(read.errors)[0]!, read.errors);
  if (isCaptchaEnabled(website)) await requireCaptchaSolution(db, website, services.captcha, input.captchaKey, 'captchaKey');
  const spamReason = spamReasonOf({ honeypot: input.honeypot, userAgent: input.userAgent });
  return inTransaction(db, async (trx) => {
    let parentId: string | null = null;
    let depth = 0;
    if (input.parentId) {
      const parent = await trx.selectFrom('post_comments').select(['id', 'depth']).where('id', '=', input.parentId).where('item_id', '=', found.item.id).where('status', '=', 'approved').executeTakeFirst();
      if (!parent) throw invalid(COMMENT_MESSAGES.parentNotFound, { parentId: COMMENT_MESSAGES.parentNotFound });
      const next = replyDepth(parent.depth);
      if (next === null) throw invalid(COMMENT_MESSAGES.tooDeep, { parentId: COMMENT_MESSAGES.tooDeep });
      parentId = parent.id;
      depth = next;
    }
    const trusted = siteUser !== undefined && spamReason === null && (await hasApprovedComment(trx, website.id, siteUser.id));
    const status = initialCommentStatus({ spamReason, trustedSiteUser: trusted });
    const row = await trx
      .insertInto('post_comments')
      .values({
        id: newId(), website_id: website.id, item_id: found.item.id, parent_id: parentId, depth, status,
        site_user_id: siteUser?.id ?? null, author_name: read.value.authorName, author_email: read.value.authorEmail, body: read.value.body,
        user_agent: input.userAgent.slice(0, 500),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const shown = status === 'approved' ? 'approved' : 'pending';
    return {
      status: shown,
      message: shown === 'approved' ? COMMENT_MESSAGES.posted : COMMENT_MESSAGES.pending,
      comment: { id: row.id, parentId, depth, authorName: read.value.authorName, byOwner: false, body: read.value.body, createdAt: new Date(row.created_at).toISOString() },
    };
  });
}
