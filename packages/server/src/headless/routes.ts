import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createPublishableKeyContract, getHeadlessPageContract, getHeadlessPostContract, getHeadlessProductContract, getHeadlessSettingsContract, HEADLESS_PREFIX,
  listHeadlessCollectionProductsContract, listHeadlessCollectionsContract, listHeadlessPagesContract, listHeadlessPostsContract, listHeadlessProductsContract,
  PUBLISHABLE_KEY_HEADER, revokePublishableKeyContract, saveAllowedOriginsContract, searchHeadlessProductsContract,
} from '@vitrine/contracts';
import { ifNoneMatchHits, MAX_SURROGATE_KEYS, pageCacheControl, pageCacheSettingsFromEnvironment, strongEtagOf, type PageCacheSettings } from '../page-cache';
import { originOf } from '../pages/seo';
import type { SharedParts } from '../shared';
import {
  ALLOWED_METHODS, ALLOWED_REQUEST_HEADERS, EXPOSED_HEADERS, isAllowedOrigin, PREFLIGHT_MAX_AGE_SECONDS, PREFLIGHT_VARY, preflightAsksAllowed, READ_VARY,
} from './cors';
import { allowedOriginsOf, checkPublishableKey, createPublishableKey, getHeadlessSettings, revokePublishableKey, saveAllowedOrigins } from './keys';
import { getPage, getPost, getProduct, listCollectionProducts, listCollections, listPages, listPosts, listProducts, searchCatalog } from './reads';

export const HEADLESS_CORS_REFUSED = 'This origin may not read this website\u2019s headless API. The owner lists the allowed origins in Settings \u2192 Headless API.';

let cacheSettings: PageCacheSettings | undefined;

const isHeadless = (request: FastifyRequest) => request.url.startsWith(`${HEADLESS_PREFIX}/`) || request.url === HEADLESS_PREFIX;
const originHeader = (request: FastifyRequest) => (typeof request.headers.origin === 'string' ? request.headers.origin : undefined);
const keyHeader = (request: FastifyRequest) => {
  const value = request.headers[PUBLISHABLE_KEY_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** Adds to Vary what compression (http/compression.ts) may have put there already. */
function appendVary(reply: FastifyReply, names: string) {
  const current = reply.getHeader('vary');
  const text = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  reply.header('vary', text ? `${text}, ${names}` : names);
}

/**
 * Sends a read as pages are sent (issue 35): shared caches may keep it (`public, s-maxage`), a strong ETag over the
 * exact JSON with 304 on If-None-Match, and Surrogate-Key / Cache-Tag naming what it shows, `w-{websiteId}` first, so
 * the purge that follows any change of the website (page-cache/routes.ts) reaches it too.
 */
function sendRead(request: FastifyRequest, reply: FastifyReply, answer: unknown, keys: readonly string[]) {
  cacheSettings ??= pageCacheSettingsFromEnvironment();
  const body = reply.serialize(answer) as string;
  const etag = strongEtagOf(body);
  const shown = [...new Set(keys)].slice(0, MAX_SURROGATE_KEYS);
  reply
    .header('cache-control', pageCacheControl(true, cacheSettings))
    .header('etag', etag)
    .header('surrogate-key', shown.join(' '))
    .header('cache-tag', shown.join(','))
    .type('application/json; charset=utf-8');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatchHits(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, etag)) return reply.status(304).send();
  return reply.send(body);
}

/** The headless read API (`/api/headless/v1/…`) and its owner settings (Settings → Headless API). */
export function registerHeadlessRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // The owner's calls.
  app.route({ ...getHeadlessSettingsContract, handler: async ({ website, actor }) => getHeadlessSettings(db, website, actor) });
  app.route({
    ...createPublishableKeyContract,
    handler: async ({ website, actor, body }, reply) => {
      reply.status(201);
      return createPublishableKey(db, website, actor, body);
    },
  });
  app.route({ ...revokePublishableKeyContract, handler: async ({ website, actor, params }) => revokePublishableKey(db, website, actor, params.keyId) });
  app.route({ ...saveAllowedOriginsContract, handler: async ({ website, actor, body }) => saveAllowedOrigins(db, website, actor, body) });

  // CORS on every headless answer, errors included (a frontend reads the 401's message): the allowed origin echoed.
  app.addHook('onSend', async (request, reply, payload) => {
    // The preflight sets its own headers (below).
    if (!isHeadless(request) || !request.website || request.method === 'OPTIONS') return payload;
    const origin = originHeader(request);
    appendVary(reply, READ_VARY);
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    // Read from another origin on purpose: helmet's same-origin resource policy would otherwise get in the way.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (origin !== undefined && isAllowedOrigin(origin, await allowedOriginsOf(db, request.website.id))) {
      reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED_HEADERS);
    }
    return payload;
  });

  // The preflight: answered for an allowed origin asking to GET with the key header; refused (no CORS headers) otherwise.
  app.options(`${HEADLESS_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    appendVary(reply, PREFLIGHT_VARY);
    reply.header('cache-control', `public, max-age=${PREFLIGHT_MAX_AGE_SECONDS}`);
    const origin = originHeader(request);
    const method = request.headers['access-control-request-method'];
    const headers = request.headers['access-control-request-headers'];
    const allowed = isAllowedOrigin(origin, await allowedOriginsOf(db, request.website.id));
    if (!allowed || !preflightAsksAllowed(typeof method === 'string' ? method : undefined, typeof headers === 'string' ? headers : undefined)) {
      return reply.status(403).header('cache-control', 'no-store').send({ message: HEADLESS_CORS_REFUSED });
    }
    return reply
      .status(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS.join(', '))
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  });

  // The reads: the key must be one of the host's website (a key of another website is a 401 here).
  const requireKey = async (request: FastifyRequest) => checkPublishableKey(db, request.website, keyHeader(request));
  const originOfRequest = (request: FastifyRequest) => originOf(request.protocol, request.host);

  app.route({
    ...listHeadlessProductsContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...page } = await listProducts(db, request.website, originOfRequest(request), request.query);
      return sendRead(request, reply, page, keys);
    },
  });
  app.route({
    ...getHeadlessProductContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...answer } = await getProduct(db, request.website, originOfRequest(request), request.params.ref);
      return sendRead(request, reply, answer, keys);
    },
  });
  app.route({
    ...listHeadlessCollectionsContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...page } = await listCollections(db, request.website, request.query);
      return sendRead(request, reply, page, keys);
    },
  });
  app.route({
    ...listHeadlessCollectionProductsContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...page } = await listCollectionProducts(db, request.website, originOfRequest(request), request.params.ref, request.query);
      return sendRead(request, reply, page, keys);
    },
  });
  app.route({
    ...listHeadlessPagesContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...page } = await listPages(db, request.website, request.query);
      return sendRead(request, reply, page, keys);
    },
  });
  app.route({
    ...getHeadlessPageContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...answer } = await getPage(db, request.website, request.params.ref);
      return sendRead(request, reply, answer, keys);
    },
  });
  app.route({
    ...listHeadlessPostsContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...page } = await listPosts(db, request.website, request.query);
      return sendRead(request, reply, page, keys);
    },
  });
  app.route({
    ...getHeadlessPostContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...answer } = await getPost(db, request.website, request.params.ref);
      return sendRead(request, reply, answer, keys);
    },
  });
  app.route({
    ...searchHeadlessProductsContract,
    preHandler: requireKey,
    handler: async (request, reply) => {
      const { keys, ...page } = await searchCatalog(db, request.website, originOfRequest(request), request.query);
      return sendRead(request, reply, page, keys);
    },
  });
}
