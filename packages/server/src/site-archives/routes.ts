import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  getSiteArchiveContract, importSiteArchiveContract, listSiteArchivesContract, SITE_ARCHIVE_LIMITS, SITE_ARCHIVE_OWNER_MESSAGES, siteArchiveLinkContract,
  startSiteExportContract,
} from '@vitrine/contracts';
import { websiteOrAnswer, type HostLookup } from '../http/host-answer';
import { registerStreamedUpload } from '../http/streamed-upload';
import type { SharedParts } from '../shared';
import {
  getSiteArchive, importUploadedSiteArchive, listSiteArchives, openSignedSiteArchive, siteArchiveLink, startSiteExport, type SiteArchiveParts,
} from './service';

/** Settings → Export and import: the owner's calls (admins: `site-archives:manage`). */
export function registerSiteArchiveRoutes(
  fastify: FastifyInstance, { db }: SharedParts, parts: SiteArchiveParts & { catalog: { forgetAll(): void } },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...listSiteArchivesContract, handler: async ({ website, actor }) => listSiteArchives(db, website, actor) });
  app.route({
    ...startSiteExportContract,
    handler: async ({ website, actor, body }, reply) => {
      const started = await startSiteExport(db, website, actor, body);
      reply.status(202);
      return started;
    },
  });
  app.route({ ...getSiteArchiveContract, handler: async ({ website, actor, params }) => getSiteArchive(db, website, actor, params.archiveId) });
  app.route({
    ...siteArchiveLinkContract,
    handler: async ({ website, actor, params }, reply) => {
      reply.header('cache-control', 'no-store');
      return siteArchiveLink(db, website, actor, params.archiveId, parts);
    },
  });
  registerStreamedUpload(fastify, importSiteArchiveContract, { maxBytes: SITE_ARCHIVE_LIMITS.importBytes, messages: SITE_ARCHIVE_OWNER_MESSAGES }, async (request, _params, file) => {
    const imported = await importUploadedSiteArchive(db, request.website, request.actor, file.body, parts);
    // Products came in by rows, not by the catalog's calls: its in-memory copy is rebuilt.
    parts.catalog.forgetAll();
    return imported;
  });
}

/**
 * `GET /site-archives/{archiveId}?expires=…&signature=…`: a ready export, for the signed link's website only (the
 * signature binds its id: another host, a changed or an expired link is 404 alike). Public like a download link,
 * outside the API's request context. On a bucket, a short-lived presigned URL of the object.
 */
export function registerSiteArchiveDownloadRoute(app: FastifyInstance, context: SharedParts & { websites: HostLookup }, parts: SiteArchiveParts): void {
  app.route({
    method: 'GET',
    url: '/site-archives/:archiveId',
    handler: async (request, reply) => {
      const website = await websiteOrAnswer(context, request, reply);
      if (!website) return reply;
      const { archiveId } = request.params as { archiveId: string };
      const query = request.query as { expires?: unknown; signature?: unknown };
      const found = await openSignedSiteArchive(context.db, website, parts, {
        archiveId: archiveId.slice(0, 64),
        expires: typeof query.expires === 'string' ? query.expires : undefined,
        signature: typeof query.signature === 'string' ? query.signature.slice(0, 100) : undefined,
      });
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
      if (!found) return reply.status(404).send({ message: SITE_ARCHIVE_OWNER_MESSAGES.linkExpired });
      const disposition = `attachment; filename="${found.fileName.replace(/[^a-z0-9._-]/gi, '_')}"`;
      if (found.object.presignedUrl) {
        return reply.status(302).header('location', await found.object.presignedUrl({ expiresIn: 60, disposition, contentType: 'application/gzip' })).send();
      }
      return reply.type('application/gzip').header('content-disposition', disposition).header('content-length', found.object.size).send(found.object.stream());
    },
  });
}
