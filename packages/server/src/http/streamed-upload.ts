import type { Static, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Readable } from 'node:stream';
import type { RouteContract, RouteSchema } from '@vitrine/contracts';
import { ObjectTooLargeError } from '../storage';
import { HttpError } from './errors';

/** The uploaded file as a store takes it: the raw body, never buffered, with its name and type. */
export interface StreamedFile {
  /** X-File-Name (percent-encoded UTF-8, as a header carries only ASCII safely) or the `name` query parameter. */
  fileName: string | undefined;
  contentType: string | undefined;
  body: Readable;
}

export interface StreamedUploadOptions {
  /** The largest file taken: a larger declared Content-Length is refused before a byte is read. */
  maxBytes: number;
  messages: { emptyFile: string; tooLarge: string; interrupted: string };
}

type ParamsOf<S extends RouteSchema> = S['params'] extends TSchema ? Static<S['params']> : Record<string, never>;

/**
 * Registers an upload call whose body is the raw file, of any type. In its own scope every body is handed over as
 * a stream, and the contract's checks (sign-in, role, XSRF token, params) run before a byte is read. No body is
 * 400 `emptyFile`; a declared or streamed size over `maxBytes` is 413 `tooLarge` (the store stops writing at the
 * limit: `ObjectTooLargeError`); a client that goes away mid-file is 400 `interrupted`.
 */
export function registerStreamedUpload<S extends RouteSchema>(
  fastify: FastifyInstance,
  contract: RouteContract<S>,
  options: StreamedUploadOptions,
  store: (request: FastifyRequest, params: ParamsOf<S>, file: StreamedFile) => Promise<unknown>,
): void {
  const { maxBytes, messages } = options;
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // The contract's schemas validate; the store's answer is checked against its response schema when serialised.
    scope.route({
      ...contract,
      schema: contract.schema as FastifySchema,
      handler: async (request) => {
        const body = request.body as Readable | undefined;
        if (!body || typeof body.pipe !== 'function') throw new HttpError(400, messages.emptyFile, { file: messages.emptyFile });
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          body.resume();
          throw new HttpError(413, messages.tooLarge);
        }
        const query = request.query as { name?: string } | undefined;
        try {
          return await store(request, request.params as ParamsOf<S>, {
            fileName: fileNameOf(request.headers['x-file-name'], query?.name),
            contentType: request.headers['content-type'],
            body,
          });
        } catch (error) {
          if (error instanceof ObjectTooLargeError) throw new HttpError(413, messages.tooLarge);
          if (isStreamAbort(error)) throw new HttpError(400, messages.interrupted);
          throw error;
        }
      },
    });
  });
}

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
