import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteMediaContract, IMAGE_LIMITS, listMediaContract, listMediaUsesContract, renameMediaContract, replaceMediaContract, uploadMediaContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { HttpError } from '../http/errors';
import type { ImageFiles } from './files';
import { deleteMedia, listMedia, listMediaUses, renameMedia, replaceMedia, uploadMedia, type PictureUser } from './media';
import { IMAGE_MESSAGES, type ImageUpload } from './service';

/** Room for the multipart framing and the text fields around the file when judging Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The media library's calls (issue 34 item 5). `pictureUsers` are the domains that show pictures (pages and posts,
 * the catalog, the site's identity), given by app.ts: this domain cannot import them.
 */
export function registerMediaRoutes(fastify: FastifyInstance, context: SharedParts & { images: ImageFiles }, wiring: { pictureUsers: readonly PictureUser[] }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, images } = context;
  const users = wiring.pictureUsers;

  app.route({ ...listMediaContract, handler: async ({ website, actor, query }) => listMedia(db, website, actor, query) });
  app.route({ ...renameMediaContract, handler: async ({ website, actor, params, body }) => renameMedia(db, website, actor, { ...params, ...body }) });
  app.route({ ...listMediaUsesContract, handler: async ({ website, actor, params }) => listMediaUses(db, users, website, actor, params) });
  app.route({ ...replaceMediaContract, handler: async ({ website, actor, params, body }) => replaceMedia(db, users, website, actor, { ...params, ...body }) });
  app.route({ ...deleteMediaContract, handler: async ({ website, actor, params, body }) => deleteMedia(db, images, users, website, actor, { ...params, ...(body ?? {}) }) });

  // multipart/form-data in this scope only (as the images upload): every other call keeps refusing anything but JSON.
  fastify.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: IMAGE_LIMITS.fileBytes, files: 1, fields: 10, parts: 11, fieldSize: 4096, headerPairs: 100 },
    });
    uploads.withTypeProvider<TypeBoxTypeProvider>().route({
      ...uploadMediaContract,
      handler: async (request, reply) => {
        const item = await uploadMedia(db, images, request.website, request.actor, await readMediaUpload(request));
        reply.status(201);
        return item;
      },
    });
  });
}

/** The file and the `altText` and `name` fields of a multipart upload, the file read up to the size limit. */
async function readMediaUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) throw new HttpError(415, IMAGE_MESSAGES.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMAGE_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
  const upload: Partial<ImageUpload> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        upload.bytes = await part.toBuffer();
        upload.filename = part.filename;
      } else if (part.fieldname === 'altText' || part.fieldname === 'name') {
        upload[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
    throw new HttpError(400, IMAGE_MESSAGES.notMultipart);
  }
  if (!upload.bytes || upload.bytes.length === 0) throw new HttpError(400, IMAGE_MESSAGES.noFile, { file: IMAGE_MESSAGES.noFile });
  return upload as ImageUpload;
}
