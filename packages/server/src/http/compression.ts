import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressed answers (issue 35 item 3): HTML, JSON, CSS, JavaScript, SVG and XML go out as brotli or gzip when the
 * client accepts it. Made here with node:zlib on every answer that is not already encoded: the storefront's and the
 * owner app's built files are precompressed by their builds (@fastify/static's preCompressed), and the page cache
 * keeps its pages compressed once (page-cache/), so what is compressed here per answer is the uncached rest.
 *
 * Brotli at quality 4 costs about as much as gzip's default and gives a smaller page (measured in bench/page,
 * `npm run bench:page`); quality 11 would take tens of milliseconds for a 40 KB page.
 */

export type ContentEncoding = 'br' | 'gzip';

/** Answers smaller than this gain too little to be worth the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1_024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|problem\+json)|image\/svg\+xml)/;

/** Whether an answer of this content type is worth compressing. */
export function isCompressible(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE.test(contentType.toLowerCase());
}

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when it is accepted, else gzip, else none.
 * `q=0` refuses an encoding; `*` stands for any not named.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: ContentEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** The ETag of the encoded representation: a strong validator names exact bytes, so each encoding has its own. */
export function encodedEtag(etag: string, encoding: ContentEncoding): string {
  return etag.endsWith('"') && !etag.startsWith('W/') ? `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : etag;
}

const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** A body compressed in one go (the page cache's copies, small answers). */
export function compressBody(body: Buffer | string, encoding: ContentEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
}

/** The same, off the main thread (zlib's pool): the page cache compresses its copies this way. */
export function compressBodyLater(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'br') zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }, done);
    else zlib.gzip(body, { level: 9 }, done);
  });
}

/** Says the answer was chosen by Accept-Encoding (caches keep one copy per encoding). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

function shouldCompress(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode === 206 || reply.statusCode < 200) return false;
  if (reply.hasHeader('content-encoding')) return false;
  const contentType = reply.getHeader('content-type');
  if (!isCompressible(typeof contentType === 'string' ? contentType : undefined)) return false;
  const cacheControl = reply.getHeader('cache-control');
  if (typeof cacheControl === 'string' && /no-transform/i.test(cacheControl)) return false;
  if (typeof payload === 'string') return Buffer.byteLength(payload) >= COMPRESSION_THRESHOLD_BYTES;
  if (Buffer.isBuffer(payload)) return payload.length >= COMPRESSION_THRESHOLD_BYTES;
  if (payload instanceof Readable) {
    const length = Number(reply.getHeader('content-length'));
    return !Number.isFinite(length) || length >= COMPRESSION_THRESHOLD_BYTES;
  }
  return false;
}

/** Compresses every compressible answer of the app (registered on the root, so static files are included). */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!shouldCompress(request, reply, payload)) return payload;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    varyOnEncoding(reply);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string') reply.header('etag', encodedEtag(etag, encoding));
    reply.removeHeader('content-length');
    if (payload instanceof Readable) return payload.pipe(encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip());
    return compressBody(payload as Buffer | string, encoding);
  });
}
