import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createApiKeyContract, deleteApiKeyContract, getCurrentApiKeyContract, getProductFeedContract, getProductFeedSettingsContract, listApiKeysContract,
  rotateProductFeedTokenContract, saveProductFeedPixelContract,
} from '@vitrine/contracts';
import type { FastifyRequest } from 'fastify';
import type { SharedParts } from '../shared';
import { originOf } from '../pages/seo';
import { getProductFeedSettings, renderProductFeed, rotateProductFeedToken, saveProductFeedPixel } from './product-feed';
import { createApiKey, currentApiKey, deleteApiKey, listApiKeys } from './service';

/** The address the owner (and so the ads platform) reaches this site at: the feed URL is built on it. */
const originOfRequest = (request: FastifyRequest) => originOf(request.protocol, request.host);

/** An ads platform re-reads the feed every few hours; five minutes of caching costs it nothing. */
const FEED_MAX_AGE_SECONDS = 300;

/** The API keys panel's calls and the dynamic ads feed's (issue 12). */
export function registerApiKeyRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...listApiKeysContract, handler: async ({ website, actor }) => listApiKeys(db, website, actor) });

  app.route({
    ...createApiKeyContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createApiKey(db, website, actor, body);
      // The secret is in this answer only: nothing on the way may keep a copy.
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  });

  app.route({ ...deleteApiKeyContract, handler: async ({ website, actor, params }) => deleteApiKey(db, website, actor, params.keyId) });

  app.route({ ...getCurrentApiKeyContract, handler: async ({ website, actor }) => currentApiKey(db, website, actor) });

  // The dynamic ads feed: its URL and pixel id (owner calls), and the feed itself (public by its token).
  app.route({
    ...getProductFeedSettingsContract,
    handler: async (request) => getProductFeedSettings(db, request.website, request.actor, originOfRequest(request)),
  });
  app.route({
    ...rotateProductFeedTokenContract,
    handler: async (request) => rotateProductFeedToken(db, request.website, request.actor, originOfRequest(request)),
  });
  app.route({
    ...saveProductFeedPixelContract,
    handler: async (request) => saveProductFeedPixel(db, request.website, request.actor, request.body, originOfRequest(request)),
  });
  app.route({
    ...getProductFeedContract,
    handler: async (request, reply) => {
      const xml = await renderProductFeed(db, request.website, request.params.feedToken, originOfRequest(request));
      return reply.type('application/rss+xml; charset=utf-8').header('cache-control', `max-age=${FEED_MAX_AGE_SECONDS}`).send(xml);
    },
  });
}
