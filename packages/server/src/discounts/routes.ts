import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createAutomaticDiscountContract,
  deleteAutomaticDiscountContract,
  getAutomaticDiscountContract,
  listAutomaticDiscountsContract,
  replaceAutomaticDiscountContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { createAutomaticDiscount, deleteAutomaticDiscount, getAutomaticDiscount, listAutomaticDiscounts, replaceAutomaticDiscount } from './service';

/** The owner's automatic discounts (issue 38 item 5). */
export function registerAutomaticDiscountRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...listAutomaticDiscountsContract, handler: async ({ website, actor }) => listAutomaticDiscounts(db, website, actor) });
  app.route({
    ...createAutomaticDiscountContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createAutomaticDiscount(db, website, actor, body);
      reply.status(201);
      return created;
    },
  });
  app.route({ ...getAutomaticDiscountContract, handler: async ({ website, actor, params }) => getAutomaticDiscount(db, website, actor, params.discountId) });
  app.route({ ...replaceAutomaticDiscountContract, handler: async ({ website, actor, params, body }) => replaceAutomaticDiscount(db, website, actor, params.discountId, body) });
  app.route({ ...deleteAutomaticDiscountContract, handler: async ({ website, actor, params }) => deleteAutomaticDiscount(db, website, actor, params.discountId) });
}
