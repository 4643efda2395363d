import type { FastifyInstance } from 'fastify';
import { CATALOG_LIMITS } from '@vitrine/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  adjustStockContract,
  archiveProductContract,
  createProductContract,
  createStoreCategoryContract,
  createStoreContract,
  deleteProductContract,
  exportProductsContract,
  getOwnerProductContract,
  importProductsContract,
  OWNER_CATALOG_MESSAGES,
  listInventoryContract,
  listOwnerStoresContract,
  updateOwnerStoreContract,
  restoreProductContract,
  setStockContract,
  updateProductContract,
} from '@vitrine/contracts';
import type { Readable } from 'node:stream';
import type { SharedParts } from '../shared';
import { CSV_IMPORT_MESSAGES, importProductsCsv } from './csv-import';
import { exportProductsCsv } from './csv-export';
import { listInventory } from './inventory';
import { createProduct, getOwnerProduct, setProductArchived, updateProduct } from './manage';
import { deleteProductForGood, type ProductReleaser } from './delete-product';
import { adjustStock, setStock } from './stock-adjust';
import { createStore, createStoreCategory } from './stores';
import { listOwnerStores, updateOwnerStore } from './store-settings';

/** The owner's catalog calls (issue 12): products, stock, inventory, stores and categories, CSV import and export. */
/** Pages' cache of the site's structure (pages/catalog-cache.ts), forgotten after a change: a port, as pages import the catalog. */
interface CatalogStructureCache {
  forgetAll(): void;
}

export function registerOwnerCatalogRoutes(fastify: FastifyInstance, context: SharedParts & { catalog: CatalogStructureCache; productReleasers: readonly ProductReleaser[] }): void {
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
    ...listOwnerStoresContract,
    handler: async ({ website, actor }) => listOwnerStores(db, website, actor),
  });

  app.route({
    ...updateOwnerStoreContract,
    handler: async ({ website, actor, params, body }) => written(updateOwnerStore(db, website, actor, { ...body, storeId: params.storeId })),
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
    ...deleteProductContract,
    handler: async ({ website, actor, params }) => written(deleteProductForGood(db, context.productReleasers, website, actor, { productId: params.productId })),
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

  app.route({
    ...exportProductsContract,
    handler: async ({ website, actor }, reply) => {
      const csv = exportProductsCsv(db, website, actor);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        // A stream is sent as it is; the contract's 200 schema only documents text/csv.
        .send(csv as unknown as string);
    },
  });

  // The import reads its body as a stream: a CSV parser of its own, in its own scope.
  fastify.register(async (scope) => {
    scope.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...importProductsContract,
      handler: async ({ website, actor, body, headers }, reply) => {
        // A JSON (or other) body is not a file: say what to send.
        if (!body || typeof (body as Readable).pipe !== 'function') {
          reply.status(415);
          return { message: OWNER_CATALOG_MESSAGES.csv };
        }
        if (Number(headers['content-length'] ?? 0) > CATALOG_LIMITS.csvMaxBytes) {
          (body as Readable).resume();
          reply.status(413);
          return { message: CSV_IMPORT_MESSAGES.tooLarge };
        }
        return written(importProductsCsv(db, website, actor, body as Readable));
      },
    });
  });
}
