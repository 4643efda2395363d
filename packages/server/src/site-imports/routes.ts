import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getSiteImportContract, listSiteImportsContract, SITE_IMPORT_LIMITS, SITE_IMPORT_MESSAGES, startWxrImportContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { getSiteImport, listSiteImports, startWxrImport } from './service';

/** Settings → Import: the owner's calls (admins: `site-archives:manage`). */
export function registerSiteImportRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...listSiteImportsContract, handler: async ({ website, actor }) => listSiteImports(db, website, actor) });
  app.route({ ...getSiteImportContract, handler: async ({ website, actor, params }) => getSiteImport(db, website, actor, params.importId) });
  // The body is the XML file itself (at most 20 MB, read whole: the parser needs all of it): a parser of its own, in its own scope.
  fastify.register(async (scope) => {
    scope.addContentTypeParser(['application/xml', 'text/xml', 'application/rss+xml'], { parseAs: 'string', bodyLimit: SITE_IMPORT_LIMITS.archiveBytes }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...startWxrImportContract,
      bodyLimit: SITE_IMPORT_LIMITS.archiveBytes,
      // A declared length past the limit is refused before the body is read, in this call's own words.
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > SITE_IMPORT_LIMITS.archiveBytes) {
          reply.header('connection', 'close');
          return reply.status(413).type('application/json; charset=utf-8').send({ message: SITE_IMPORT_MESSAGES.tooLarge });
        }
      },
      handler: async ({ website, actor, body }, reply) => {
        // A JSON (or other) body is not an export file: say what to send.
        if (typeof body !== 'string' || body.trim() === '') {
          reply.status(415);
          return { message: SITE_IMPORT_MESSAGES.notXml };
        }
        const started = await startWxrImport(db, website, actor, body);
        reply.status(202);
        return started;
      },
    });
  });
}
