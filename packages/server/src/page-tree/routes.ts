import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createContentPageContract, deleteContentPageContract, getContentPageTreeContract, updateContentNavigationContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { arrangePageTree, createPage, deletePage, getPageTree } from './service';

/** The page tree's calls (issue 18): the tree, its arrangement, and creating and deleting pages (which link and unlink them). */
export function registerPageTreeRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...getContentPageTreeContract, handler: async ({ website, actor }) => getPageTree(db, website, actor) });
  app.route({ ...updateContentNavigationContract, handler: async ({ website, actor, body }) => arrangePageTree(db, website, actor, body) });
  app.route({
    ...createContentPageContract,
    handler: async ({ website, actor, body }, reply) => {
      const page = await createPage(db, website, actor, body);
      reply.status(201);
      return page;
    },
  });
  app.route({ ...deleteContentPageContract, handler: async ({ website, actor, params }) => deletePage(db, website, actor, params) });
}
