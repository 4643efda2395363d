/**
 * Whether a post takes and shows comments (storefront §4): "Comments are enabled when commentState equals 1 or
 * the public comment count is above 0, unless site settings turn comments off." One pure rule for the server
 * (pages, the posting call) and the browser (the owner app's screens).
 *
 * `siteCommentsEnabled` is the website setting `commentsEnabled` as pages carry it (`websiteSettings.commentsEnabled`,
 * true only when the owner turned it on): a site starts with comments off, so no post collects comments before its
 * owner has chosen to moderate them.
 */
export interface CommentRuleInput {
  commentState: number;
  publicCommentCount: number;
  siteCommentsEnabled: boolean;
}

export function areCommentsEnabled(input: CommentRuleInput): boolean {
  if (!input.siteCommentsEnabled) return false;
  return input.commentState === 1 || input.publicCommentCount > 0;
}

/** commentState values (platform §3): 0 off, 1 on. */
export const COMMENT_STATE = { off: 0, on: 1 } as const;

/** How deep replies nest: a comment (depth 0), a reply (1), a reply to a reply (2). */
export const COMMENT_MAX_DEPTH = 2;
