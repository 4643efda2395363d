import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  COURSE_LIMITS,
  COURSE_MESSAGES,
  deleteLessonVideoContract,
  getCourseProgressContract,
  getOwnerCourseContract,
  saveLessonProgressContract,
  updateLessonDetailsContract,
  uploadLessonVideoContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { registerStreamedUpload } from '../http/streamed-upload';
import { viewerOf } from '../members';
import { deleteLessonVideo, getCourseProgress, getOwnerCourse, updateLessonDetails, uploadLessonVideo } from './owner-service';
import { saveLessonProgress } from './progress';
import { serveLessonVideo } from './serve-video';
import type { LessonVideoStore } from './video-store';

/** Courses (issue 20 item 2): the owner's lesson calls, the member's progress and the lesson video (by range). */
export function registerCourseRoutes(fastify: FastifyInstance, context: SharedParts, videos: LessonVideoStore): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;

  app.route({ ...getOwnerCourseContract, handler: async ({ website, actor, params }) => getOwnerCourse(db, website, actor, params) });
  app.route({ ...getCourseProgressContract, handler: async ({ website, actor, params }) => getCourseProgress(db, website, actor, params) });
  app.route({ ...updateLessonDetailsContract, handler: async ({ website, actor, params, body }) => updateLessonDetails(db, website, actor, { ...params, ...body }) });
  app.route({ ...deleteLessonVideoContract, handler: async ({ website, actor, params }) => deleteLessonVideo(db, videos, website, actor, params) });
  app.route({
    ...saveLessonProgressContract,
    handler: async (request) => {
      const viewer = await viewerOf(db, request.website.id, request);
      return saveLessonProgress(db, request.website, request.actor, viewer, { ...request.params, ...request.body });
    },
  });

  // The upload is the raw video, streamed to the store (http/streamed-upload.ts), as the digital products' upload is.
  registerStreamedUpload(fastify, uploadLessonVideoContract, { maxBytes: COURSE_LIMITS.videoBytes, messages: COURSE_MESSAGES }, (request, params, file) =>
    uploadLessonVideo(db, videos, request.website, request.actor, { itemId: params.itemId, ...file }));

  // The lesson's video, by range; inside the request context (the viewer's session decides), answered as a file.
  const serve = async (request: FastifyRequest, reply: FastifyReply, withBody: boolean) => {
    const { itemId = '' } = request.params as { itemId?: string };
    const viewer = await viewerOf(db, request.website.id, request);
    const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
    const answer = await serveLessonVideo(db, videos, request.website, viewer, { itemId: itemId.slice(0, 64), range, withBody });
    if ('location' in answer) return reply.status(302).headers(answer.headers).header('location', await answer.location()).send();
    if (!('stream' in answer)) {
      reply.status(answer.status).header('cache-control', 'private, no-store');
      if ('headers' in answer) reply.headers(answer.headers);
      return reply.type('application/json; charset=utf-8').send({ message: answer.message });
    }
    reply.status(answer.status).headers(answer.headers);
    return withBody ? reply.send(answer.stream()) : reply.send();
  };
  fastify.route({ method: 'GET', url: '/api/courses/videos/:itemId', exposeHeadRoute: false, handler: (request, reply) => serve(request, reply, true) });
  fastify.route({ method: 'HEAD', url: '/api/courses/videos/:itemId', handler: (request, reply) => serve(request, reply, false) });
}
