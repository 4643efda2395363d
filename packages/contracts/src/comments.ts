import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';

/**
 * Comments and likes on blog posts (issue 20 item 4; storefront §4): a visitor comments on a post (signed in as a
 * site user, or with a name and an email that is never shown), replies to a comment, and likes a post once.
 */

const tags = ['comments'];

export const COMMENT_LIMITS = {
  bodyMaxLength: 4000,
  nameMaxLength: 80,
  /** Comments per visitor (client address) and website in a window; and per post, whoever sends them. */
  perVisitor: 5,
  perPost: 60,
  windowMs: 10 * 60_000,
} as const;

export const COMMENT_MESSAGES = {
  bodyRequired: 'Write a comment before posting.',
  bodyTooLong: `A comment is at most ${COMMENT_LIMITS.bodyMaxLength} characters.`,
  nameRequired: 'Enter your name.',
  nameTooLong: `A name is at most ${COMMENT_LIMITS.nameMaxLength} characters.`,
  emailInvalid: 'Enter a valid email address.',
  postNotFound: 'This post does not exist.',
  commentsOff: 'Comments are closed on this post.',
  parentNotFound: 'The comment you are replying to does not exist.',
  tooDeep: 'Replies go at most three levels deep. Reply to the comment above instead.',
  rateLimited: 'You are commenting too quickly. Please try again later.',
  likesOff: 'Likes are turned off on this site.',
  noVisitorId: 'Liking needs cookies. Please enable cookies and reload the page.',
  commentNotFound: 'This comment does not exist.',
  pending: 'Thanks! Your comment will appear once it is approved.',
  posted: 'Your comment is posted.',
} as const;

const ItemParamsSchema = RequestParams({ itemId: Text({ minLength: 1, maxLength: LIMITS.idLength, [MESSAGE_KEYWORD]: COMMENT_MESSAGES.postNotFound }) });

export const PostCommentBodySchema = RequestBody({
  body: Text({ maxLength: COMMENT_LIMITS.bodyMaxLength, [MESSAGE_KEYWORD]: COMMENT_MESSAGES.bodyTooLong }),
  /** The comment answered (a reply); absent or null for a top-level comment. */
  parentId: Type.Optional(Type.Union([Text({ minLength: 1, maxLength: LIMITS.idLength }), Type.Null()], { [MESSAGE_KEYWORD]: COMMENT_MESSAGES.parentNotFound })),
  /** Required when not signed in; a signed-in site user's own name when given. */
  authorName: Type.Optional(Text({ maxLength: COMMENT_LIMITS.nameMaxLength, [MESSAGE_KEYWORD]: COMMENT_MESSAGES.nameTooLong })),
  /** Required when not signed in (the account's address is used when signed in); never shown publicly. */
  authorEmail: Type.Optional(Text({ maxLength: LIMITS.emailMaxLength, [MESSAGE_KEYWORD]: COMMENT_MESSAGES.emailInvalid })),
  /** The ALTCHA solution, when the website has a captcha (forms' captcha/). */
  captchaKey: Type.Optional(Type.Union([Text({ maxLength: 4096 }), Type.Null()], { [MESSAGE_KEYWORD]: 'Complete CAPTCHA before submitting.' })),
  /** The hidden field people leave empty (forms' honeypot). */
  honeypot: Type.Optional(Text({ maxLength: 500, [MESSAGE_KEYWORD]: 'honeypot must be text.' })),
});
export type PostCommentBody = Static<typeof PostCommentBodySchema>;

/** A comment as the public sees it: no email, no visitor details. */
export const PublicCommentSchema = ResponseObject({
  id: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  depth: Type.Integer(),
  authorName: Type.String(),
  byOwner: Type.Boolean(),
  body: Type.String(),
  createdAt: Type.String(),
});
export type PublicCommentJson = Static<typeof PublicCommentSchema>;

export const PostCommentReplySchema = ResponseObject({
  /** 'pending' waits for the owner; 'approved' is public at once. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved')]),
  message: Type.String(),
  comment: PublicCommentSchema,
});
export type PostCommentReply = Static<typeof PostCommentReplySchema>;

export const LikeReplySchema = ResponseObject({ liked: Type.Boolean(), likeCount: Type.Integer() });
export type LikeReply = Static<typeof LikeReplySchema>;

export const postCommentContract = defineContract({
  operationId: 'postComment',
  method: 'POST',
  url: '/api/comments/posts/:itemId/comments',
  summary: 'A visitor comments on a post or replies to a comment (captcha, honeypot, rate limit); pending until approved unless the author is trusted.',
  tags,
  schema: { params: ItemParamsSchema, body: PostCommentBodySchema, response: { 201: PostCommentReplySchema, ...ERROR_RESPONSES } },
});

export const likePostContract = defineContract({
  operationId: 'likePost',
  method: 'PUT',
  url: '/api/comments/posts/:itemId/like',
  summary: 'The visitor (SS_ANALYTICS_ID) or signed-in site user likes a post; once each, a repeat changes nothing.',
  tags,
  schema: { params: ItemParamsSchema, response: { 200: LikeReplySchema, ...ERROR_RESPONSES } },
});

export const unlikePostContract = defineContract({
  operationId: 'unlikePost',
  method: 'DELETE',
  url: '/api/comments/posts/:itemId/like',
  summary: "Takes back the visitor's like of a post (nothing to take back is not an error).",
  tags,
  schema: { params: ItemParamsSchema, response: { 200: LikeReplySchema, ...ERROR_RESPONSES } },
});

export const COMMENT_CONTRACTS = [postCommentContract, likePostContract, unlikePostContract] as const;
