import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  adjustStockContract,
  archiveProductContract,
  createProductContract,
  createStoreCategoryContract,
  createStoreContract,
  getOwnerProductContract,
  listInventoryContract,
  restoreProductContract,
  setStockContract,
  updateProductContract,
} from '@vitrine/contracts';
import type { ServerContext } from '../context';
import { listInventory } from './inventory';
import { createProduct, getOwnerProduct, setProductArchived, updateProduct } from './manage';
import { adjustStock, setStock } from './stock-adjust';
import { createStore, createStoreCategory } from './stores';

/** The owner's catalog calls (issue 12): products, stock, inventory, stores and categories, CSV import and export. */
export function registerOwnerCatalogRoutes(fastify: FastifyInstance, context: ServerContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, catalog } = context;

  /**
   * Every catalog write, then the pages' cache forgotten (even when the write was refused: cheap, and
   * never stale): the next page view in this process reads the change.
   */
  const written = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } finally {
      catalog.forgetAll();
    }
  };

  app.route({
    ...listInventoryContract,
    handler: async ({ website, actor, query }) => listInventory(db, website, actor, query),
  });

  app.route({
    ...createProductContract,
    handler: async ({ website, actor, body }, reply) => {
      const answer = await written(createProduct(db, website, actor, body));
      reply.status(201);
      return answer;
    },
  });

  app.route({
    ...getOwnerProductContract,
    handler: async ({ website, actor, params }) => getOwnerProduct(db, website, actor, params),
  });

  app.route({
    ...updateProductContract,
    handler: async ({ website, actor, params, body }) => written(updateProduct(db, website, actor, { ...body, productId: params.productId })),
  });

  app.route({
    ...archiveProductContract,
    handler: async ({ website, actor, params }) => written(setProductArchived(db, website, actor, { productId: params.productId, archived: true })),
  });

  app.route({
    ...restoreProductContract,
    handler: async ({ website, actor, params }) => written(setProductArchived(db, website, actor, { productId: params.productId, archived: false })),
  });

  app.route({
    ...setStockContract,
    handler: async ({ website, actor, params, body }) => written(setStock(db, website, actor, { ...body, variantId: params.variantId })),
  });

  app.route({
    ...adjustStockContract,
    handler: async ({ website, actor, params, body }) => written(adjustStock(db, website, actor, { ...body, variantId: params.variantId })),
  });

  app.route({
    ...createStoreContract,
    handler: async ({ website, actor, params, body }) => written(createStore(db, website, actor, { ...body, websiteId: params.websiteId })),
  });

  app.route({
    ...createStoreCategoryContract,
    handler: async ({ website, actor, params, body }) => written(createStoreCategory(db, website, actor, { ...body, ...params })),
  });
}
