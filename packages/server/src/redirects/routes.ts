import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createRedirectContract,
  deleteRedirectContract,
  dismissNotFoundPathContract,
  exportRedirectsContract,
  getNotFoundReportContract,
  importRedirectsContract,
  listRedirectsContract,
  REDIRECT_LIMITS,
  REDIRECT_MESSAGES,
  updateRedirectContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { exportRedirectsCsv, importRedirectsCsv } from './csv';
import { createRedirect, deleteRedirect, dismissNotFoundPath, getNotFoundReport, listRedirects, updateRedirect } from './service';

/** Settings → URL redirects (issue 37 item 2): the rules, their CSV import and export, the not-found report. */
export function registerRedirectRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...listRedirectsContract, handler: async ({ website, actor, query }) => listRedirects(db, website, actor, query) });
  app.route({ ...createRedirectContract, handler: async ({ website, actor, body }) => createRedirect(db, website, actor, body) });
  app.route({ ...updateRedirectContract, handler: async ({ website, actor, params, body }) => updateRedirect(db, website, actor, { ...body, ...params }) });
  app.route({ ...deleteRedirectContract, handler: async ({ website, actor, params }) => deleteRedirect(db, website, actor, params) });
  app.route({ ...getNotFoundReportContract, handler: async ({ website, actor }) => getNotFoundReport(db, website, actor) });
  app.route({ ...dismissNotFoundPathContract, handler: async ({ website, actor, params }) => dismissNotFoundPath(db, website, actor, params) });
  app.route({
    ...exportRedirectsContract,
    handler: async ({ website, actor }, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="redirects.csv"')
        .header('cache-control', 'no-store')
        .send(await exportRedirectsCsv(db, website, actor)),
  });

  // The import's body is the CSV itself (at most 1 MB, read whole): a parser of its own, in its own scope.
  fastify.register(async (scope) => {
    scope.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: REDIRECT_LIMITS.csvMaxBytes }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...importRedirectsContract,
      bodyLimit: REDIRECT_LIMITS.csvMaxBytes,
      // A declared length past the limit is refused before the body is read, in this call's own words (a chunked
      // upload past it meets the body limit: the edge's 413).
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > REDIRECT_LIMITS.csvMaxBytes) {
          reply.header('connection', 'close');
          return reply.status(413).type('application/json; charset=utf-8').send({ message: REDIRECT_MESSAGES.csvTooLarge });
        }
      },
      handler: async ({ website, actor, body }, reply) => {
        // A JSON (or other) body is not a file: say what to send.
        if (typeof body !== 'string') {
          reply.status(415);
          return { message: REDIRECT_MESSAGES.csv };
        }
        return importRedirectsCsv(db, website, actor, body);
      },
    });
  });
}
