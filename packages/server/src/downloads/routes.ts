import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  deleteProductFileContract,
  getProductFileContract,
  PRODUCT_FILE_LIMITS,
  PRODUCT_FILE_MESSAGES,
  updateProductFileLimitsContract,
  uploadProductFileContract,
} from '@vitrine/contracts';
import { websiteOrAnswer, type HostLookup } from '../http/host-answer';
import { plainPage, wantsHtml } from '../http/plain-page';
import type { SharedParts } from '../shared';
import { registerStreamedUpload } from '../http/streamed-upload';
import type { DownloadFileStore } from './file-store';
import { deleteProductFile, getProductFile, updateProductFileLimits, uploadProductFile } from './product-files';
import { attachmentDisposition } from './rules';
import { DOWNLOAD_MESSAGES, takeDownload, type DownloadRefusal } from './serve';

/** The owner's calls on a digital product's file (issue 17). */
export function registerDownloadRoutes(fastify: FastifyInstance, context: SharedParts, files: DownloadFileStore): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;

  app.route({ ...getProductFileContract, handler: async ({ website, actor, params }) => getProductFile(db, website, actor, params) });
  app.route({
    ...updateProductFileLimitsContract,
    handler: async ({ website, actor, params, body }) => updateProductFileLimits(db, website, actor, { ...params, ...body }),
  });
  app.route({ ...deleteProductFileContract, handler: async ({ website, actor, params }) => deleteProductFile(db, files, website, actor, params) });

  // The upload is the raw file, of any type, streamed to the store (http/streamed-upload.ts).
  registerStreamedUpload(fastify, uploadProductFileContract, { maxBytes: PRODUCT_FILE_LIMITS.fileBytes, messages: PRODUCT_FILE_MESSAGES }, (request, params, file) =>
    uploadProductFile(db, files, request.website, request.actor, { productId: params.productId, ...file }));
}

const REFUSAL_STATUS: Record<DownloadRefusal, number> = { notFound: 404, fileGone: 404, expired: 410, limitReached: 410 };

/**
 * `GET /downloads/{token}`: the file of a paid order's grant, one download counted. HEAD answers the same headers
 * and counts nothing. Public (the link is the key), outside the API's request context like the pictures: no
 * session is looked up. A browser following the link gets a small page for a refusal, other clients JSON.
 */
export function registerDownloadFileRoutes(app: FastifyInstance, context: SharedParts & { websites: HostLookup }, files: DownloadFileStore): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply, count: boolean) => {
    const { token } = request.params as { token: string };
    const website = await websiteOrAnswer(context, request, reply);
    if (!website) return reply;
    const answer = await takeDownload(context.db, files, website, token.slice(0, 200), { count });
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    if (!answer.ok) {
      const message = DOWNLOAD_MESSAGES[answer.refusal];
      reply.status(REFUSAL_STATUS[answer.refusal]);
      if (wantsHtml(request)) return reply.type('text/html; charset=utf-8').send(refusalPage(message, website.site_title));
      return reply.send({ message });
    }
    // On a bucket (S3), the checked and counted download goes there: a short-lived URL of the object alone.
    if (count && answer.file.presignedUrl) {
      const location = await answer.file.presignedUrl({ disposition: attachmentDisposition(answer.fileName), contentType: answer.contentType });
      return reply.status(302).header('location', location).header('x-downloads-left', answer.downloadsLeft).send();
    }
    reply
      .type(answer.contentType)
      .header('content-disposition', attachmentDisposition(answer.fileName))
      .header('content-length', answer.file.size)
      .header('x-downloads-left', answer.downloadsLeft);
    if (!count) return reply.send();
    return reply.send(answer.file.stream());
  };
  app.route({ method: 'GET', url: '/downloads/:token', exposeHeadRoute: false, handler: (request, reply) => serve(request, reply, true) });
  app.route({ method: 'HEAD', url: '/downloads/:token', handler: (request, reply) => serve(request, reply, false) });
}

/** The refusal as a page a shopper understands, with a way back to the store. */
const refusalPage = (message: string, siteTitle: string) =>
  plainPage({ heading: message, lines: [`Contact ${siteTitle} if you need the file again.`], link: { href: '/', text: `Back to ${siteTitle}` } });
