import type { Kysely } from 'kysely';
import { OWNER_COMMENT_MESSAGES, type CommentSettingsBody, type CommentSettingsJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { updateWebsiteSettings } from '../websites';

/**
 * The website settings of platform §3 this domain reads: `commentsEnabled` (off unless the owner turns it on),
 * `simpleLikingEnabled` (the like button; off by default) and `disqusShortname` (stored; when set, posts show no
 * native thread or form, since the site's comments are Disqus's, and we load no third-party script).
 */
export function commentSettingsOf(website: Pick<Website, 'settings'>): CommentSettingsJson {
  const shortname = website.settings.disqusShortname;
  return {
    commentsEnabled: website.settings.commentsEnabled === true,
    simpleLikingEnabled: website.settings.simpleLikingEnabled === true,
    disqusShortname: typeof shortname === 'string' ? shortname : '',
  };
}

/** GET /api/owner/comments/settings. */
export async function getCommentSettings(_db: Kysely<Database>, website: Website, actor: Actor): Promise<CommentSettingsJson> {
  authorize(actor, 'comments:moderate');
  return commentSettingsOf(website);
}

/**
 * PUT /api/owner/comments/settings: the settings sent change, the others stay. Site settings, so `site:write`
 * (like the tracking switches); off is the default, so a switch turned off and an empty shortname are removed.
 */
export async function updateCommentSettings(db: Kysely<Database>, website: Website, actor: Actor, input: CommentSettingsBody): Promise<CommentSettingsJson> {
  authorize(actor, 'site:write');
  if (input.commentsEnabled === undefined && input.simpleLikingEnabled === undefined && input.disqusShortname === undefined) throw invalid(OWNER_COMMENT_MESSAGES.settingsEmpty);
  const changes: Record<string, true | string | null> = {};
  if (input.commentsEnabled !== undefined) changes.commentsEnabled = input.commentsEnabled ? true : null;
  if (input.simpleLikingEnabled !== undefined) changes.simpleLikingEnabled = input.simpleLikingEnabled ? true : null;
  if (input.disqusShortname !== undefined) changes.disqusShortname = input.disqusShortname === '' ? null : input.disqusShortname;
  return commentSettingsOf(await updateWebsiteSettings(db, website, actor, changes));
}
