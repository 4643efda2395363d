import type { Kysely } from 'kysely';
import { areCommentsEnabled } from '@vitrine/blocks/comments';
import type { Database, Website } from '../db/schema';
import { approvedThread, engagementCounts, NO_ENGAGEMENT, type CommentThreadEntry, type EngagementCounts } from './queries';
import { commentSettingsOf } from './settings';

/** A comment as the post page prints it: its time as words in the site's zone, its replies likewise. */
export interface CommentView extends Omit<CommentThreadEntry, 'replies'> {
  dateLabel: string;
  replies: CommentView[];
  /** Replies may go under it (it is not at the deepest level). */
  canReply: boolean;
}

/** What a post page carries under `item.comments` (and `?format=json`): the thread, the counts and the switches. */
export interface PostCommentsView extends EngagementCounts {
  itemId: string;
  /** The rule of storefront §4 with the site's switches: the thread and the form show. */
  enabled: boolean;
  /** The site's simple liking is on: the like button shows. */
  likingEnabled: boolean;
  /** Set when the site's comments are Disqus's: no native thread or form is shown. */
  disqusShortname: string;
  thread: CommentView[];
  /** "1 comment", "3 comments": the thread's heading. */
  heading: string;
}

function label(at: string, website: Website): string {
  try {
    return new Intl.DateTimeFormat(website.locale, { dateStyle: 'medium', timeZone: website.time_zone }).format(new Date(at));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(at));
  }
}

function viewOf(entry: CommentThreadEntry, website: Website): CommentView {
  return { ...entry, dateLabel: label(entry.createdAt, website), canReply: entry.depth < 2, replies: entry.replies.map((reply) => viewOf(reply, website)) };
}

/** The counts of the posts a page lists (a blog page): one statement. */
export async function postEngagementCounts(db: Kysely<Database>, website: Website, itemIds: readonly string[]): Promise<Map<string, EngagementCounts>> {
  return engagementCounts(db, website.id, itemIds);
}

/** A post page's comments: counts, the rule's answer, and the approved thread when it shows. */
export async function postCommentsView(db: Kysely<Database>, website: Website, item: { id: string; commentState: number }): Promise<PostCommentsView> {
  const settings = commentSettingsOf(website);
  const counts = (await engagementCounts(db, website.id, [item.id])).get(item.id) ?? NO_ENGAGEMENT;
  const enabled = settings.disqusShortname === '' && areCommentsEnabled({ commentState: item.commentState, publicCommentCount: counts.publicCommentCount, siteCommentsEnabled: settings.commentsEnabled });
  const thread = enabled ? (await approvedThread(db, website.id, item.id)).map((entry) => viewOf(entry, website)) : [];
  return {
    itemId: item.id,
    ...counts,
    enabled,
    likingEnabled: settings.simpleLikingEnabled,
    disqusShortname: settings.disqusShortname,
    thread,
    heading: counts.publicCommentCount === 1 ? '1 comment' : `${counts.publicCommentCount} comments`,
  };
}
