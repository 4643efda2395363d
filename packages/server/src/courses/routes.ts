import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
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
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import { viewerOf } from '../members';
import { deleteLessonVideo, getCourseProgress, getOwnerCourse, updateLessonDetails, uploadLessonVideo } from './owner-service';
import { saveLessonProgress } from './progress';
import { serveLessonVideo } from './serve-video';
import { VideoTooLargeError, type LessonVideoStore } from './video-store';

/** Courses (issue 20 item 2): the owner's lesson calls, the member's progress and the lesson video (by range). */
export function registerCourseRoutes(fastify: FastifyInstance, context: ServerContext, videos: LessonVideoStore): void {
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

  // The upload is the raw video: in its own scope every body is handed over as a stream (sign-in, role and XSRF
  // token are checked from the contract before a byte is read), as the digital products' upload does.
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...uploadLessonVideoContract,
      handler: async (request) => {
        const body = request.body as Readable | undefined;
        if (!body || typeof body.pipe !== 'function') throw new HttpError(400, COURSE_MESSAGES.emptyFile, { file: COURSE_MESSAGES.emptyFile });
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > COURSE_LIMITS.videoBytes) {
          body.resume();
          throw new HttpError(413, COURSE_MESSAGES.tooLarge);
        }
        try {
          return await uploadLessonVideo(db, videos, request.website, request.actor, {
            itemId: request.params.itemId,
            fileName: fileNameOf(request.headers['x-file-name'], request.query.name),
            contentType: request.headers['content-type'],
            body,
          });
        } catch (error) {
          if (error instanceof VideoTooLargeError) throw new HttpError(413, COURSE_MESSAGES.tooLarge);
          if (isStreamAbort(error)) throw new HttpError(400, COURSE_MESSAGES.interrupted);
          throw error;
        }
      },
    });
  });

  // The lesson's video, by range; inside the request context (the viewer's session decides), answered as a file.
  const serve = async (request: FastifyRequest, reply: FastifyReply, withBody: boolean) => {
    const { itemId = '' } = request.params as { itemId?: string };
    const viewer = await viewerOf(db, request.website.id, request);
    const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
    const answer = await serveLessonVideo(db, videos, request.website, viewer, { itemId: itemId.slice(0, 64), range });
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

/** X-File-Name (percent-encoded UTF-8) or the `name` query parameter. */
function fileNameOf(header: string | string[] | undefined, queryName: string | undefined): string | undefined {
  if (typeof header === 'string' && header.length > 0) {
    try {
      return decodeURIComponent(header);
    } catch {
      return header;
    }
  }
  return queryName;
}

const isStreamAbort = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error | null)?.message === 'aborted';
};
