import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteImageContract, getImageContract, IMAGE_LIMITS, listImagesContract, updateImageContract, uploadImageContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { websiteOrAnswer, type HostLookup } from '../http/host-answer';
import type { ImageFiles } from './files';
import { HttpError } from '../http/errors';
import { notifyWebsiteChanged } from '../websites';
import { deleteImage, getImage, IMAGE_MESSAGES, listImages, serveImage, updateImage, uploadImage, type ImageTextCopies, type ImageUpload } from './service';

/** Room for the multipart framing around the file (boundaries, part headers) when judging Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A year, and never revalidated: an image URL's bytes never change (a new picture gets a new id). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Pages' cache of the site's structure (pages/catalog-cache.ts), forgotten when a picture changes: a port, as pages import images. */
interface PagesStructureCache {
  forgetAll(): void;
}

/**
 * Images (issue 12): the owner's calls (upload, list, read, edit, delete); registerImageFileRoutes
 * serves the pictures.
 */
export function registerImageRoutes(fastify: FastifyInstance, context: SharedParts & { images: ImageFiles; catalog: PagesStructureCache }, wiring: { textCopies: ImageTextCopies }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, images } = context;

  app.route({ ...listImagesContract, handler: async ({ website, actor, query }) => listImages(db, website, actor, query) });
  app.route({ ...getImageContract, handler: async ({ website, actor, params }) => getImage(db, website, actor, params) });
  app.route({
    ...updateImageContract,
    handler: async ({ website, actor, params, body }) => {
      try {
        return await updateImage(db, wiring.textCopies, website, actor, { ...params, ...body });
      } finally {
        // Related products' cards (kept 5 s by the pages) show pictures' alt text: this process shows the edit next time.
        context.catalog.forgetAll();
      }
    },
  });
  app.route({
    ...deleteImageContract,
    handler: async ({ website, actor, params }) => {
      const deleted = await deleteImage(db, images, website, actor, params);
      // The site's logo, favicon or social picture may have been this one (migration 040 drops it from the
      // website row): this process's pages stop showing it on their next request.
      notifyWebsiteChanged(website.id);
      return deleted;
    },
  });

  // The upload takes multipart/form-data: the parser is registered in this scope only, so every other
  // call keeps refusing anything but JSON.
  fastify.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: IMAGE_LIMITS.fileBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 },
    });
    uploads.withTypeProvider<TypeBoxTypeProvider>().route({
      ...uploadImageContract,
      handler: async (request, reply) => {
        const asset = await uploadImage(db, images, request.website, request.actor, await readUpload(request));
        reply.status(201);
        return asset;
      },
    });
  });
}

/**
 * The pictures themselves, `/images/{id}/{filename}?format=NNNw`: public, GET (and HEAD) only. Registered
 * beside the static assets, outside the API's request context: an <img> needs the website, never the
 * visitor, so a page of pictures costs no session lookups.
 */
export function registerImageFileRoutes(app: FastifyInstance, context: SharedParts & { images: ImageFiles; websites: HostLookup }): void {
  const { db, images } = context;
  app.get('/images/:imageId/:filename', async (request, reply) => {
    const { imageId, filename } = request.params as { imageId: string; filename: string };
    const website = await websiteOrAnswer(context, request, reply);
    if (!website) return reply;
    const accept = typeof request.headers.accept === 'string' ? request.headers.accept : undefined;
    const served = await serveImage(db, images, website, { imageId, filename, format: (request.query as { format?: unknown }).format, accept });
    reply.header('cache-control', IMMUTABLE).header('etag', served.etag).type(served.contentType);
    // One URL, a format per browser: shared caches key the copy by Accept.
    if (served.negotiated) reply.header('vary', 'Accept');
    if (etagMatches(request.headers['if-none-match'], served.etag)) return reply.status(304).send();
    reply.header('content-length', served.file.size);
    return reply.send(served.file.stream());
  });
}

/**
 * The one file of a multipart upload, read up to the size limit: a declared Content-Length past it is
 * refused before a byte is read, and a body without one is read only up to the limit (413 then,
 * and nothing is stored). Anything else wrong with the framing is the client's: a 400.
 */
async function readUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) throw new HttpError(415, IMAGE_MESSAGES.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMAGE_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
  try {
    const part = await request.file();
    if (!part) throw new HttpError(400, IMAGE_MESSAGES.noFile, { file: IMAGE_MESSAGES.noFile });
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new HttpError(400, IMAGE_MESSAGES.noFile, { file: IMAGE_MESSAGES.noFile });
    return { bytes, filename: part.filename };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
    throw new HttpError(400, IMAGE_MESSAGES.notMultipart);
  }
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}
