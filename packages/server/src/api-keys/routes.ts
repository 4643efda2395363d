import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createApiKeyContract, deleteApiKeyContract, getCurrentApiKeyContract, listApiKeysContract } from '@vitrine/contracts';
import type { ServerContext } from '../context';
import { createApiKey, currentApiKey, deleteApiKey, listApiKeys } from './service';

/** The API keys panel's calls and the product feed (issue 12). */
export function registerApiKeyRoutes(fastify: FastifyInstance, { db }: ServerContext): void {
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
}
