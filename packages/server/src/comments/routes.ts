import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type CommentStatus,
  deleteCommentContract, getCommentSettingsContract, likePostContract, listCommentsContract, postCommentContract, replyToCommentContract, setCommentStatusContract,
  unlikePostContract, updateCommentSettingsContract,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { CaptchaSettings } from '../captcha';
import { clientAddressKey } from '../http/client-address';
import type { RateLimitStore } from '../http/rate-limit';
import { viewerOf } from '../members';
import type { SharedParts } from '../shared';
import { likePost, unlikePost } from './likes';
import { deleteComment, listComments, replyToComment, setCommentStatus } from './moderation';
import { postComment, type CommentServices } from './post-comment';
import { getCommentSettings, updateCommentSettings } from './settings';

/** The tracking client's visitor id cookie (one like per visitor). */
const ANALYTICS_ID_COOKIE = 'SS_ANALYTICS_ID';

/** The visitors' comment and like calls, and the owner's moderation and settings calls. */
export function registerCommentRoutes(fastify: FastifyInstance, context: SharedParts & { captcha: CaptchaSettings }, services: { rateLimits: RateLimitStore }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;
  const commentServices: CommentServices = { captcha: context.captcha, rateLimits: services.rateLimits };

  app.route({
    ...postCommentContract,
    handler: async (request, reply) => {
      const viewer = await viewerOf(db, request.website.id, { actor: request.actor, cookies: request.cookies });
      const answer = await postComment(db, request.website, request.actor, {
        ...request.body, itemId: request.params.itemId, visitor: clientAddressKey(request.ip), userAgent: request.headers['user-agent'] ?? '', viewer,
      }, commentServices);
      return reply.code(201).send(answer);
    },
  });
  const likeInput = async ({ website, actor, params, cookies }: { website: { id: string }; actor: Actor; params: { itemId: string }; cookies: Record<string, string | undefined> }) => ({
    itemId: params.itemId, analyticsId: cookies[ANALYTICS_ID_COOKIE], viewer: await viewerOf(db, website.id, { actor, cookies }),
  });
  app.route({ ...likePostContract, handler: async (request) => likePost(db, request.website, request.actor, await likeInput(request)) });
  app.route({ ...unlikePostContract, handler: async (request) => unlikePost(db, request.website, request.actor, await likeInput(request)) });

  app.route({ ...listCommentsContract, handler: async ({ website, actor, query }) => listComments(db, website, actor, query) });
  app.route({ ...setCommentStatusContract, handler: async ({ website, actor, params, body }) => setCommentStatus(db, website, actor, { commentId: params.commentId, status: body.status as CommentStatus }) });
  app.route({ ...deleteCommentContract, handler: async ({ website, actor, params }) => deleteComment(db, website, actor, { commentId: params.commentId }) });
  app.route({
    ...replyToCommentContract,
    handler: async ({ website, actor, params, body }, reply) => reply.code(201).send(await replyToComment(db, website, actor, { commentId: params.commentId, body: body.body })),
  });
  app.route({ ...getCommentSettingsContract, handler: async ({ website, actor }) => getCommentSettings(db, website, actor) });
  app.route({ ...updateCommentSettingsContract, handler: async ({ website, actor, body }) => updateCommentSettings(db, website, actor, body) });
}
