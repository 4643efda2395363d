import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';
import { COMMENT_LIMITS } from './comments';

/** The owner's comment moderation (issue 20 items 4 and 5): the list by status, approve, hide, delete, reply; the site's comment settings. */

const tags = ['owner-comments'];

export const COMMENT_STATUSES = ['pending', 'approved', 'hidden', 'spam'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_PAGE_SIZE = { default: 50, max: 100 } as const;

export const OWNER_COMMENT_MESSAGES = {
  status: `status must be one of ${COMMENT_STATUSES.join(', ')}.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${COMMENT_PAGE_SIZE.max}.`,
  settingsEmpty: 'Send commentsEnabled, simpleLikingEnabled or disqusShortname.',
  flag: 'This must be true or false.',
  disqus: 'A Disqus shortname is letters, digits and hyphens (at most 64), or empty.',
  replyToOwnPost: 'Approve the comment before replying to it.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const statusLiterals = () => [Type.Literal('pending'), Type.Literal('approved'), Type.Literal('hidden'), Type.Literal('spam')] as const;
const StatusSchema = Type.Union([...statusLiterals()]);

export const OwnerCommentSchema = ResponseObject({
  id: Type.String(),
  itemId: Type.String(),
  postTitle: Type.String(),
  postUrl: Type.String(),
  parentId: Nullable(Type.String()),
  depth: Type.Integer(),
  status: StatusSchema,
  authorName: Type.String(),
  authorEmail: Type.String(),
  /** The commenter was signed in as a site user. */
  signedIn: Type.Boolean(),
  byOwner: Type.Boolean(),
  body: Type.String(),
  createdAt: Type.String(),
});
export type OwnerCommentJson = Static<typeof OwnerCommentSchema>;

export const ListCommentsQuerySchema = RequestQuery({
  status: Type.Optional(Text({ pattern: `^(${COMMENT_STATUSES.join('|')})$`, ...withMessage(OWNER_COMMENT_MESSAGES.status) })),
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,600}$', ...withMessage(OWNER_COMMENT_MESSAGES.cursor) })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', ...withMessage(OWNER_COMMENT_MESSAGES.limit) })),
});
export type ListCommentsQuery = Static<typeof ListCommentsQuerySchema>;

export const ListCommentsReplySchema = ResponseObject({
  comments: Type.Array(OwnerCommentSchema),
  /** How many comments each status holds (the screen's tabs). */
  counts: ResponseObject({ pending: Type.Integer(), approved: Type.Integer(), hidden: Type.Integer(), spam: Type.Integer() }),
  hasNextPage: Type.Boolean(),
  nextPageCursor: Nullable(Type.String()),
});
export type ListCommentsReply = Static<typeof ListCommentsReplySchema>;

const CommentParamsSchema = RequestParams({ commentId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage('This comment does not exist.') }) });

export const SetCommentStatusBodySchema = RequestBody({ status: Text({ pattern: `^(${COMMENT_STATUSES.join('|')})$`, ...withMessage(OWNER_COMMENT_MESSAGES.status) }) });
export type SetCommentStatusBody = Static<typeof SetCommentStatusBodySchema>;

export const ReplyToCommentBodySchema = RequestBody({ body: Text({ maxLength: COMMENT_LIMITS.bodyMaxLength, ...withMessage(`A comment is at most ${COMMENT_LIMITS.bodyMaxLength} characters.`) }) });
export type ReplyToCommentBody = Static<typeof ReplyToCommentBodySchema>;

export const CommentReplySchema = ResponseObject({ comment: OwnerCommentSchema });

export const CommentSettingsSchema = ResponseObject({
  commentsEnabled: Type.Boolean(),
  simpleLikingEnabled: Type.Boolean(),
  /** When set, posts show no native thread (the site uses Disqus; we do not load it: see the server README). */
  disqusShortname: Type.String(),
});
export type CommentSettingsJson = Static<typeof CommentSettingsSchema>;

export const CommentSettingsBodySchema = RequestBody({
  commentsEnabled: Type.Optional(Type.Boolean(withMessage(OWNER_COMMENT_MESSAGES.flag))),
  simpleLikingEnabled: Type.Optional(Type.Boolean(withMessage(OWNER_COMMENT_MESSAGES.flag))),
  disqusShortname: Type.Optional(Text({ pattern: '^[A-Za-z0-9-]{0,64}$', ...withMessage(OWNER_COMMENT_MESSAGES.disqus) })),
});
export type CommentSettingsBody = Static<typeof CommentSettingsBodySchema>;

export const listCommentsContract = defineContract({
  operationId: 'listComments',
  method: 'GET',
  url: '/api/owner/comments',
  summary: 'Comments on the website’s posts, newest first in cursor pages, filtered by status, with the count of each status.',
  tags,
  access: 'comments:moderate',
  schema: { querystring: ListCommentsQuerySchema, response: { 200: ListCommentsReplySchema, ...ERROR_RESPONSES } },
});

export const setCommentStatusContract = defineContract({
  operationId: 'setCommentStatus',
  method: 'PUT',
  url: '/api/owner/comments/:commentId/status',
  summary: 'Approves, hides, marks as spam or returns a comment to pending.',
  tags,
  access: 'comments:moderate',
  schema: { params: CommentParamsSchema, body: SetCommentStatusBodySchema, response: { 200: CommentReplySchema, ...ERROR_RESPONSES } },
});

export const deleteCommentContract = defineContract({
  operationId: 'deleteComment',
  method: 'DELETE',
  url: '/api/owner/comments/:commentId',
  summary: 'Deletes a comment and its replies for good.',
  tags,
  access: 'comments:moderate',
  schema: { params: CommentParamsSchema, response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String(), count: Type.Integer() }), ...ERROR_RESPONSES } },
});

export const replyToCommentContract = defineContract({
  operationId: 'replyToComment',
  method: 'POST',
  url: '/api/owner/comments/:commentId/replies',
  summary: 'The owner replies to a comment, in the site’s name; the reply is public at once.',
  tags,
  access: 'comments:moderate',
  schema: { params: CommentParamsSchema, body: ReplyToCommentBodySchema, response: { 201: CommentReplySchema, ...ERROR_RESPONSES } },
});

export const getCommentSettingsContract = defineContract({
  operationId: 'getCommentSettings',
  method: 'GET',
  url: '/api/owner/comments/settings',
  summary: 'The website settings commentsEnabled, simpleLikingEnabled and disqusShortname.',
  tags,
  access: 'comments:moderate',
  schema: { response: { 200: CommentSettingsSchema, ...ERROR_RESPONSES } },
});

export const updateCommentSettingsContract = defineContract({
  operationId: 'updateCommentSettings',
  method: 'PUT',
  url: '/api/owner/comments/settings',
  summary: 'Changes the settings sent (comments on the site, simple liking, the Disqus shortname; empty clears it).',
  tags,
  access: 'site:write',
  schema: { body: CommentSettingsBodySchema, response: { 200: CommentSettingsSchema, ...ERROR_RESPONSES } },
});

export const OWNER_COMMENT_CONTRACTS = [
  listCommentsContract,
  setCommentStatusContract,
  deleteCommentContract,
  replyToCommentContract,
  getCommentSettingsContract,
  updateCommentSettingsContract,
] as const;
