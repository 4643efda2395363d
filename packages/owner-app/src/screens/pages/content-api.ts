import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageBody } from '@vitrine/blocks';
import type {
  createContentItemContract,
  createContentPageContract,
  deleteContentItemContract,
  deleteContentPageContract,
  discardContentItemDraftContract,
  discardContentPageDraftContract,
  getContentItemContract,
  getContentPageContract,
  getContentPageTreeContract,
  listContentItemRevisionsContract,
  listContentItemsContract,
  listContentPageRevisionsContract,
  listImagesContract,
  listInventoryContract,
  listOwnerFormsContract,
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
  updateContentNavigationContract,
  updateContentPageContract,
} from '@vitrine/contracts';
import { callRoute, type CallRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import type { ContentItem, ContentPage, ContentStatus, ItemSummary, PageKind, PageTree, Revision } from './content-types';

/** The Pages screen's calls (the content owner API, issue 18), and the pickers' lists, typed from their contracts (type-only imports). */
export const CONTENT_ROUTES = {
  tree: callRoute<typeof getContentPageTreeContract>('GET', '/api/owner/content/pages'),
  saveNavigation: callRoute<typeof updateContentNavigationContract>('PUT', '/api/owner/content/navigation'),
  createPage: callRoute<typeof createContentPageContract>('POST', '/api/owner/content/pages'),
  getPage: callRoute<typeof getContentPageContract>('GET', '/api/owner/content/pages/:pageId'),
  patchPage: callRoute<typeof updateContentPageContract>('PUT', '/api/owner/content/pages/:pageId'),
  savePageDraft: callRoute<typeof saveContentPageDraftContract>('PUT', '/api/owner/content/pages/:pageId/draft'),
  discardPageDraft: callRoute<typeof discardContentPageDraftContract>('DELETE', '/api/owner/content/pages/:pageId/draft'),
  publishPage: callRoute<typeof publishContentPageContract>('POST', '/api/owner/content/pages/:pageId/publish'),
  unpublishPage: callRoute<typeof unpublishContentPageContract>('POST', '/api/owner/content/pages/:pageId/unpublish'),
  pageStatus: callRoute<typeof setContentPageStatusContract>('PUT', '/api/owner/content/pages/:pageId/status'),
  setHome: callRoute<typeof setContentHomePageContract>('POST', '/api/owner/content/pages/:pageId/home'),
  deletePage: callRoute<typeof deleteContentPageContract>('DELETE', '/api/owner/content/pages/:pageId'),
  pageRevisions: callRoute<typeof listContentPageRevisionsContract>('GET', '/api/owner/content/pages/:pageId/revisions'),
  restorePageRevision: callRoute<typeof restoreContentPageRevisionContract>('POST', '/api/owner/content/pages/:pageId/revisions/:revisionId/restore'),
  listItems: callRoute<typeof listContentItemsContract>('GET', '/api/owner/content/pages/:pageId/items'),
  createItem: callRoute<typeof createContentItemContract>('POST', '/api/owner/content/pages/:pageId/items'),
  orderItems: callRoute<typeof reorderContentItemsContract>('PUT', '/api/owner/content/pages/:pageId/items/order'),
  getItem: callRoute<typeof getContentItemContract>('GET', '/api/owner/content/items/:itemId'),
  patchItem: callRoute<typeof updateContentItemContract>('PUT', '/api/owner/content/items/:itemId'),
  deleteItem: callRoute<typeof deleteContentItemContract>('DELETE', '/api/owner/content/items/:itemId'),
  saveItemDraft: callRoute<typeof saveContentItemDraftContract>('PUT', '/api/owner/content/items/:itemId/draft'),
  discardItemDraft: callRoute<typeof discardContentItemDraftContract>('DELETE', '/api/owner/content/items/:itemId/draft'),
  publishItem: callRoute<typeof publishContentItemContract>('POST', '/api/owner/content/items/:itemId/publish'),
  unpublishItem: callRoute<typeof unpublishContentItemContract>('POST', '/api/owner/content/items/:itemId/unpublish'),
  itemStatus: callRoute<typeof setContentItemStatusContract>('PUT', '/api/owner/content/items/:itemId/status'),
  itemRevisions: callRoute<typeof listContentItemRevisionsContract>('GET', '/api/owner/content/items/:itemId/revisions'),
  restoreItemRevision: callRoute<typeof restoreContentItemRevisionContract>('POST', '/api/owner/content/items/:itemId/revisions/:revisionId/restore'),
  images: callRoute<typeof listImagesContract>('GET', '/api/owner/images'),
  forms: callRoute<typeof listOwnerFormsContract>('GET', '/api/owner/forms'),
  products: callRoute<typeof listInventoryContract>('GET', '/api/owner/products'),
} as const;

type Input = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** One call with its parameters; the answer typed by the caller (the contracts' types mirror content-types.ts). */
export function send<T>(client: ReturnType<typeof useOwnerClient>, route: CallRoute, input: Input = {}): Promise<T> {
  return client.call(route, input as never) as Promise<T>;
}

export type ContentTarget = 'page' | 'item';

export const contentKeys = {
  all: ['content'] as const,
  tree: () => ['content', 'tree'] as const,
  page: (pageId: string) => ['content', 'page', pageId] as const,
  items: (pageId: string) => ['content', 'items', pageId] as const,
  item: (itemId: string) => ['content', 'item', itemId] as const,
  revisions: (target: ContentTarget, id: string) => ['content', 'revisions', target, id] as const,
  images: () => ['content', 'pickers', 'images'] as const,
  forms: () => ['content', 'pickers', 'forms'] as const,
  products: () => ['content', 'pickers', 'products'] as const,
};

/** The routes of a page's or an item's shared actions. */
export function routesOf(target: ContentTarget) {
  return target === 'page'
    ? { get: CONTENT_ROUTES.getPage, patch: CONTENT_ROUTES.patchPage, draft: CONTENT_ROUTES.savePageDraft, discard: CONTENT_ROUTES.discardPageDraft, publish: CONTENT_ROUTES.publishPage, unpublish: CONTENT_ROUTES.unpublishPage, status: CONTENT_ROUTES.pageStatus, revisions: CONTENT_ROUTES.pageRevisions, restore: CONTENT_ROUTES.restorePageRevision, param: 'pageId' }
    : { get: CONTENT_ROUTES.getItem, patch: CONTENT_ROUTES.patchItem, draft: CONTENT_ROUTES.saveItemDraft, discard: CONTENT_ROUTES.discardItemDraft, publish: CONTENT_ROUTES.publishItem, unpublish: CONTENT_ROUTES.unpublishItem, status: CONTENT_ROUTES.itemStatus, revisions: CONTENT_ROUTES.itemRevisions, restore: CONTENT_ROUTES.restoreItemRevision, param: 'itemId' };
}

export const keyOf = (target: ContentTarget, id: string) => (target === 'page' ? contentKeys.page(id) : contentKeys.item(id));

export function usePageTree() {
  const client = useOwnerClient();
  return useQuery<PageTree>({ queryKey: contentKeys.tree(), queryFn: () => send<PageTree>(client, CONTENT_ROUTES.tree), placeholderData: keepPreviousData });
}

export function usePage(pageId: string) {
  const client = useOwnerClient();
  return useQuery<ContentPage>({ queryKey: contentKeys.page(pageId), queryFn: () => send<ContentPage>(client, CONTENT_ROUTES.getPage, { params: { pageId } }) });
}

export function useItem(itemId: string) {
  const client = useOwnerClient();
  return useQuery<ContentItem>({ queryKey: contentKeys.item(itemId), queryFn: () => send<ContentItem>(client, CONTENT_ROUTES.getItem, { params: { itemId } }) });
}

export interface ItemPage {
  items: ItemSummary[];
  nextCursor: string | null;
}

export function useItems(pageId: string, enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<ItemPage>({
    queryKey: contentKeys.items(pageId),
    // Every item at once (a gallery holds 250 at most): the order is saved as the whole list of ids.
    queryFn: async () => {
      const items: ItemSummary[] = [];
      let cursor: string | null = null;
      do {
        const page: ItemPage = await send<ItemPage>(client, CONTENT_ROUTES.listItems, { params: { pageId }, query: { limit: '100', ...(cursor ? { cursor } : {}) } });
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor && items.length < 1000);
      return { items, nextCursor: null };
    },
    enabled,
  });
}

export function useRevisions(target: ContentTarget, id: string, enabled: boolean) {
  const client = useOwnerClient();
  const routes = routesOf(target);
  return useQuery<{ revisions: Revision[] }>({
    queryKey: contentKeys.revisions(target, id),
    queryFn: () => send(client, routes.revisions, { params: { [routes.param]: id } }),
    enabled,
  });
}

export function useSaveNavigation() {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<{ navigation: Array<{ id: string; children?: Array<{ id: string }> }> }, PageTree>({
    mutationFn: async (body) => {
      const tree = await send<PageTree>(client, CONTENT_ROUTES.saveNavigation, { body });
      queryClient.setQueryData(contentKeys.tree(), tree);
      return tree;
    },
    invalidates: [],
  });
}

export function useCreatePage() {
  const client = useOwnerClient();
  return useOwnerMutation<{ kind: PageKind; title: string; inNavigation: boolean }, ContentPage>({
    mutationFn: (body) => send<ContentPage>(client, CONTENT_ROUTES.createPage, { body }),
    invalidates: [contentKeys.tree()],
  });
}

/**
 * A change that answers the whole page or item: the answer becomes its cached value at once, and the tree
 * (titles, status labels) and the lists are marked stale.
 */
export function useContentChange<TInput>(target: ContentTarget, id: string, change: (input: TInput) => Promise<ContentPage | ContentItem>) {
  const queryClient = useQueryClient();
  return useOwnerMutation<TInput, ContentPage | ContentItem>({
    mutationFn: async (input) => {
      const reply = await change(input);
      queryClient.setQueryData(keyOf(target, id), reply);
      return reply;
    },
    invalidates: [contentKeys.tree(), ['content', 'items'], ['content', 'revisions']],
  });
}

export function useSetHome() {
  const client = useOwnerClient();
  return useOwnerMutation<{ pageId: string }, ContentPage>({
    mutationFn: ({ pageId }) => send<ContentPage>(client, CONTENT_ROUTES.setHome, { params: { pageId }, body: {} }),
    invalidates: [contentKeys.all],
  });
}

export function useDeletePage() {
  const client = useOwnerClient();
  return useOwnerMutation<{ pageId: string }, { deleted: true; id: string }>({
    mutationFn: ({ pageId }) => send(client, CONTENT_ROUTES.deletePage, { params: { pageId } }),
    invalidates: [contentKeys.tree()],
  });
}

export function useCreateItem(pageId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ title: string }, ContentItem>({
    mutationFn: (body) => send<ContentItem>(client, CONTENT_ROUTES.createItem, { params: { pageId }, body }),
    invalidates: [contentKeys.items(pageId)],
  });
}

export function useDeleteItem(pageId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ itemId: string }, unknown>({
    mutationFn: ({ itemId }) => send(client, CONTENT_ROUTES.deleteItem, { params: { itemId } }),
    invalidates: [contentKeys.items(pageId)],
  });
}

export function useOrderItems(pageId: string) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<{ itemIds: string[] }, { items: ItemSummary[] }>({
    mutationFn: async (body) => {
      const reply = await send<{ items: ItemSummary[] }>(client, CONTENT_ROUTES.orderItems, { params: { pageId }, body });
      queryClient.setQueryData(contentKeys.items(pageId), { items: reply.items, nextCursor: null });
      return reply;
    },
    invalidates: [],
  });
}

/** The autosave: PUT …/draft with the version the body was edited on. */
export function saveDraft(client: ReturnType<typeof useOwnerClient>, target: ContentTarget, id: string, version: number, body: PageBody) {
  const routes = routesOf(target);
  return send<{ version: number; savedAt: string }>(client, routes.draft, { params: { [routes.param]: id }, body: { version, body } });
}

export type StatusChoice = Extract<ContentStatus, 'draft' | 'needs-review' | 'private'>;

export interface ImageAsset {
  id: string;
  assetUrl: string;
  altText: string;
  title: string;
  filename: string;
  mediaFocalPoint: { x: number; y: number };
}

export function useImages(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<{ images: ImageAsset[]; nextCursor: string | null }>({
    queryKey: contentKeys.images(),
    queryFn: () => send(client, CONTENT_ROUTES.images, { query: { limit: '100' } }),
    enabled,
  });
}

export function useFormOptions(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<{ forms: Array<{ id: string; name: string; kind: string; deletedAt: string | null }> }>({
    queryKey: contentKeys.forms(),
    queryFn: () => send(client, CONTENT_ROUTES.forms),
    enabled,
  });
}

export function useProductOptions(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<{ products: Array<{ id: string; title: string; archived: boolean }> }>({
    queryKey: contentKeys.products(),
    queryFn: () => send(client, CONTENT_ROUTES.products, { query: { limit: '200', sort: 'name' } }),
    enabled,
  });
}
