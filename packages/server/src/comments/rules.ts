import { COMMENT_MAX_DEPTH } from '@vitrine/blocks/comments';
import { COMMENT_LIMITS, COMMENT_MESSAGES, isValidEmail, type PostCommentBody } from '@vitrine/contracts';
import type { PostCommentStatus } from '../db/schema';

/** What a comment is written as once its input is read: who wrote it and what. */
export interface CommentAuthorship {
  authorName: string;
  authorEmail: string;
  body: string;
}

/**
 * Reads a comment's input: the body (trimmed, required), and for a visitor who is not signed in a name and an email
 * (required; the email is never shown). A signed-in site user writes as their account's address, and under the name
 * they give or, without one, the part of the address before '@'. Errors are keyed by field, all of them at once.
 */
export function readCommentInput(input: Pick<PostCommentBody, 'body' | 'authorName' | 'authorEmail'>, signedIn: { email: string } | undefined): { ok: true; value: CommentAuthorship } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const body = input.body.trim();
  if (body === '') errors.body = COMMENT_MESSAGES.bodyRequired;
  else if (body.length > COMMENT_LIMITS.bodyMaxLength) errors.body = COMMENT_MESSAGES.bodyTooLong;
  const name = (input.authorName ?? '').trim().replace(/\s+/g, ' ');
  const email = (input.authorEmail ?? '').trim();
  if (name.length > COMMENT_LIMITS.nameMaxLength) errors.authorName = COMMENT_MESSAGES.nameTooLong;
  if (!signedIn) {
    if (name === '') errors.authorName = COMMENT_MESSAGES.nameRequired;
    if (!isValidEmail(email)) errors.authorEmail = COMMENT_MESSAGES.emailInvalid;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: signedIn
      ? { authorName: name || signedIn.email.split('@')[0]!.slice(0, COMMENT_LIMITS.nameMaxLength), authorEmail: signedIn.email, body }
      : { authorName: name, authorEmail: email, body },
  };
}

/**
 * Where a new comment starts (the moderation rule): spam (a filled honeypot or a bot) is kept apart and never shown;
 * a signed-in site user who already has an approved comment on this website is trusted and shows at once; everyone
 * else waits for the owner. An address typed into the form proves nothing, so only accounts earn trust.
 */
export function initialCommentStatus(input: { spamReason: string | null; trustedSiteUser: boolean }): PostCommentStatus {
  if (input.spamReason) return 'spam';
  return input.trustedSiteUser ? 'approved' : 'pending';
}

/** The depth of a reply to a comment at `parentDepth`, or null when it would nest past the limit. */
export function replyDepth(parentDepth: number): number | null {
  return parentDepth + 1 > COMMENT_MAX_DEPTH ? null : parentDepth + 1;
}
