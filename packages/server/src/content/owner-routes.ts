import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createContentItemContract,
  deleteContentItemContract,
  discardContentItemDraftContract,
  discardContentPageDraftContract,
  getContentItemContract,
  getContentPageContract,
  listContentItemRevisionsContract,
  listContentItemsContract,
  listContentPageRevisionsContract,
  publishContentItemContract,
  publishContentPageContract,
  reorderContentItemsContract,
  restoreContentItemRevisionContract,
  restoreContentPageRevisionContract,
  saveContentItemDraftContract,
  saveContentPageDraftContract,
  setContentHomePageContract,
  setContentItemStatusContract,
  setContentPageStatusContract,
  unpublishContentItemContract,
  unpublishContentPageContract,
  updateContentItemContract,
  updateContentPageContract,
  type PageBodyJson,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import {
  createOwnerItem,
  deleteOwnerItem,
  discardOwnerItemDraft,
  getOwnerItem,
  listOwnerItemRevisions,
  listOwnerItems,
  publishOwnerItem,
  reorderOwnerItems,
  restoreOwnerItemRevision,
  saveOwnerItemDraft,
  setOwnerItemStatus,
  unpublishOwnerItem,
  updateOwnerItem,
} from './owner-items';
import {
  discardOwnerPageDraft,
  getOwnerContentPage,
  listOwnerPageRevisions,
  publishOwnerPage,
  restoreOwnerPageRevision,
  saveOwnerPageDraft,
  setOwnerHomePage,
  setOwnerPageStatus,
  StaleDraftFailure,
  unpublishOwnerPage,
  updateOwnerContentPage,
} from './owner-pages';

/**
 * The owner's content calls (issue 18) on one page or item: read, edit, drafts, publish, statuses, home, revisions,
 * and a collection's items. The page tree's calls (list, navigation, create, delete) are page-tree/'s.
 */
/**
 * A draft is a whole page body: up to 60 blocks, a text block's HTML up to 100,000 characters. The app's 64 KB
 * limit is for small JSON calls; the two autosave calls take up to 2 MB (more answers 413 before any parsing).
 */
export const DRAFT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export function registerOwnerContentRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...getContentPageContract, handler: async ({ website, actor, params }) => getOwnerContentPage(db, website, actor, params) });
  app.route({ ...updateContentPageContract, handler: async ({ website, actor, params, body }) => updateOwnerContentPage(db, website, actor, { ...body, ...params }) });
  app.route({
    ...saveContentPageDraftContract,
    bodyLimit: DRAFT_BODY_LIMIT_BYTES,
    handler: async ({ website, actor, params, body }, reply) => {
      try {
        return await saveOwnerPageDraft(db, website, actor, { version: body.version, body: body.body as PageBodyJson, ...params });
      } catch (error) {
        // The stale save's 409 carries their page, so the editor can offer the choice without a second call.
        if (error instanceof StaleDraftFailure) return reply.status(409).send({ message: error.message, current: error.current });
        throw error;
      }
    },
  });
  app.route({ ...discardContentPageDraftContract, handler: async ({ website, actor, params }) => discardOwnerPageDraft(db, website, actor, params) });
  app.route({ ...publishContentPageContract, handler: async ({ website, actor, params, body }) => publishOwnerPage(db, website, actor, { ...body, ...params }) });
  app.route({ ...unpublishContentPageContract, handler: async ({ website, actor, params, body }) => unpublishOwnerPage(db, website, actor, { ...body, ...params }) });
  app.route({ ...setContentPageStatusContract, handler: async ({ website, actor, params, body }) => setOwnerPageStatus(db, website, actor, { ...body, ...params }) });
  app.route({ ...setContentHomePageContract, handler: async ({ website, actor, params }) => setOwnerHomePage(db, website, actor, params) });
  app.route({ ...listContentPageRevisionsContract, handler: async ({ website, actor, params }) => listOwnerPageRevisions(db, website, actor, params) });
  app.route({
    ...restoreContentPageRevisionContract,
    handler: async ({ website, actor, params, body }) => restoreOwnerPageRevision(db, website, actor, { ...body, ...params }),
  });

  app.route({ ...listContentItemsContract, handler: async ({ website, actor, params, query }) => listOwnerItems(db, website, actor, { ...query, ...params }) });
  app.route({
    ...createContentItemContract,
    handler: async ({ website, actor, params, body }, reply) => {
      const item = await createOwnerItem(db, website, actor, { ...body, ...params });
      reply.status(201);
      return item;
    },
  });
  app.route({ ...reorderContentItemsContract, handler: async ({ website, actor, params, body }) => reorderOwnerItems(db, website, actor, { ...body, ...params }) });
  app.route({ ...getContentItemContract, handler: async ({ website, actor, params }) => getOwnerItem(db, website, actor, params) });
  app.route({ ...updateContentItemContract, handler: async ({ website, actor, params, body }) => updateOwnerItem(db, website, actor, { ...body, ...params }) });
  app.route({ ...deleteContentItemContract, handler: async ({ website, actor, params }) => deleteOwnerItem(db, website, actor, params) });
  app.route({
    ...saveContentItemDraftContract,
    bodyLimit: DRAFT_BODY_LIMIT_BYTES,
    handler: async ({ website, actor, params, body }) => saveOwnerItemDraft(db, website, actor, { version: body.version, body: body.body as PageBodyJson, ...params }),
  });
  app.route({ ...discardContentItemDraftContract, handler: async ({ website, actor, params }) => discardOwnerItemDraft(db, website, actor, params) });
  app.route({ ...publishContentItemContract, handler: async ({ website, actor, params, body }) => publishOwnerItem(db, website, actor, { ...body, ...params }) });
  app.route({ ...unpublishContentItemContract, handler: async ({ website, actor, params, body }) => unpublishOwnerItem(db, website, actor, { ...body, ...params }) });
  app.route({ ...setContentItemStatusContract, handler: async ({ website, actor, params, body }) => setOwnerItemStatus(db, website, actor, { ...body, ...params }) });
  app.route({ ...listContentItemRevisionsContract, handler: async ({ website, actor, params }) => listOwnerItemRevisions(db, website, actor, params) });
  app.route({
    ...restoreContentItemRevisionContract,
    handler: async ({ website, actor, params, body }) => restoreOwnerItemRevision(db, website, actor, { ...body, ...params }),
  });
}
