import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getStockContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { listStock } from './stock';

/** The catalog's storefront calls: stock per variant (spec §7). */
export function registerCatalogRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({
    ...getStockContract,
    handler: async ({ website, actor, query }) => listStock(db, website, actor, { itemId: query.itemId }),
  });
}
