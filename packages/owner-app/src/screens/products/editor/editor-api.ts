import { useQuery } from '@tanstack/react-query';
import type {
  archiveProductContract,
  createProductContract,
  getImageContract,
  getOwnerFormContract,
  getOwnerProductContract,
  getSiteLayoutContract,
  ImageAssetJson,
  listOwnerFormsContract,
  OwnerFormJson,
  OwnerFormSummaryJson,
  OwnerProductJson,
  OwnerProductReply,
  ProductBody,
  restoreProductContract,
  setStockContract,
  SiteLayoutJson,
  updateImageContract,
  updateProductContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { createStoreIn, type BrowserCreatedStore } from '@vitrine/owner-client/browser-store';
import { useBoot, useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';
import { inventoryKeys } from '../inventory-api';

/** The product editor's calls, typed from their contracts (type-only imports). */
export const EDITOR_ROUTES = {
  getProduct: callRoute<typeof getOwnerProductContract>('GET', '/api/owner/products/:productId'),
  createProduct: callRoute<typeof createProductContract>('POST', '/api/owner/products'),
  updateProduct: callRoute<typeof updateProductContract>('PUT', '/api/owner/products/:productId'),
  archiveProduct: callRoute<typeof archiveProductContract>('POST', '/api/owner/products/:productId/archive'),
  restoreProduct: callRoute<typeof restoreProductContract>('POST', '/api/owner/products/:productId/restore'),
  setStock: callRoute<typeof setStockContract>('PUT', '/api/owner/variants/:variantId/stock'),
  getImage: callRoute<typeof getImageContract>('GET', '/api/owner/images/:imageId'),
  updateImage: callRoute<typeof updateImageContract>('PUT', '/api/owner/images/:imageId'),
  listForms: callRoute<typeof listOwnerFormsContract>('GET', '/api/owner/forms'),
  getForm: callRoute<typeof getOwnerFormContract>('GET', '/api/owner/forms/:formId'),
  siteLayout: callRoute<typeof getSiteLayoutContract>('GET', '/api/commondata/GetSiteLayout'),
} as const;

export const editorKeys = {
  product: (productId: string) => ['product', productId] as const,
  products: ['product'] as const,
  forms: ['forms', 'list'] as const,
  stores: ['stores'] as const,
};

export interface LoadedProduct {
  product: OwnerProductJson;
  /** Each picture's focal point (the product carries its pictures without it). */
  focalPoints: Record<string, { x: number; y: number }>;
}

/** A product as the owner edits it, with its pictures' focal points. */
export function useEditorProduct(productId: string | null) {
  const client = useOwnerClient();
  return useQuery<LoadedProduct>({
    queryKey: editorKeys.product(productId ?? 'new'),
    enabled: productId !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const { product } = (await client.call(EDITOR_ROUTES.getProduct, { params: { productId: productId! } })) as OwnerProductReply;
      const assets = await Promise.all(
        product.images.map((image) => (client.call(EDITOR_ROUTES.getImage, { params: { imageId: image.id } }) as Promise<ImageAssetJson>).catch(() => null)),
      );
      const focalPoints = Object.fromEntries(assets.flatMap((asset) => (asset ? [[asset.id, asset.mediaFocalPoint]] : [])));
      return { product, focalPoints };
    },
  });
}

/** The site's forms for the additional-fields picker (deleted ones left out). */
export function useSiteForms(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<OwnerFormSummaryJson[]>({
    queryKey: editorKeys.forms,
    enabled,
    queryFn: async () => ((await client.call(EDITOR_ROUTES.listForms)) as { forms: OwnerFormSummaryJson[] }).forms.filter((form) => form.deletedAt === null),
  });
}

export interface StoreChoice {
  id: string;
  title: string;
}

/** Stores the owner can pick: the main navigation's store links (the site layout names them). */
export function storesOfLayout(layout: SiteLayoutJson): StoreChoice[] {
  const found = new Map<string, string>();
  const visit = (links: ReadonlyArray<{ title?: string; collectionId?: string; children?: unknown }>) => {
    for (const link of links) {
      if (link.collectionId && !found.has(link.collectionId)) found.set(link.collectionId, link.title || link.collectionId);
      if (Array.isArray(link.children)) visit(link.children as typeof links);
    }
  };
  for (const entry of layout.layout) visit(entry.links as Parameters<typeof visit>[0]);
  return [...found].map(([id, title]) => ({ id, title }));
}

export function useStoreChoices(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<StoreChoice[]>({
    queryKey: editorKeys.stores,
    enabled,
    queryFn: async () => storesOfLayout((await client.call(EDITOR_ROUTES.siteLayout)) as SiteLayoutJson),
  });
}

export interface SaveInput {
  productId: string | null;
  body: ProductBody;
  images: Array<{ imageId: string; altText?: string; mediaFocalPoint?: { x: number; y: number } }>;
  stock: Array<{ variantId: string; qtyInStock: number }>;
}

/**
 * Saves the product: the pictures' texts and focal points first (the product keeps a copy of each picture's
 * alt text when it is saved), then the whole product (PUT, or POST for a new one), then the stock of existing
 * variants whose number changed (PUT leaves it alone).
 */
export function useSaveProduct() {
  const client = useOwnerClient();
  return useOwnerMutation<SaveInput, OwnerProductJson>({
    mutationFn: async ({ productId, body, images, stock }) => {
      for (const { imageId, ...change } of images) await client.call(EDITOR_ROUTES.updateImage, { params: { imageId }, body: change });
      const reply = (productId
        ? await client.call(EDITOR_ROUTES.updateProduct, { params: { productId }, body })
        : await client.call(EDITOR_ROUTES.createProduct, { body })) as OwnerProductReply;
      for (const { variantId, qtyInStock } of stock) await client.call(EDITOR_ROUTES.setStock, { params: { variantId }, body: { qtyInStock } });
      return reply.product;
    },
    // The editor puts the saved product in its own key (no refetch of the product and its pictures).
    invalidates: [inventoryKeys.all],
  });
}

export function useArchiveProduct() {
  const client = useOwnerClient();
  return useOwnerMutation<{ productId: string; archive: boolean }, OwnerProductJson>({
    mutationFn: async ({ productId, archive }) =>
      ((await client.call(archive ? EDITOR_ROUTES.archiveProduct : EDITOR_ROUTES.restoreProduct, { params: { productId } })) as OwnerProductReply).product,
    invalidates: [inventoryKeys.all, editorKeys.products],
  });
}

/** The form builder's object a product keeps: the form's definition with its id and name. */
export async function loadFormObject(client: ReturnType<typeof useOwnerClient>, formId: string): Promise<{ id: string; name: string; object: Record<string, unknown> }> {
  const { form } = (await client.call(EDITOR_ROUTES.getForm, { params: { formId } })) as { form: OwnerFormJson };
  return { id: form.id, name: form.name, object: { ...(form.definition as Record<string, unknown>), id: form.id, name: form.name } };
}

/** Platform §4's store creation (collection, root category, and the main navigation when the role may change it). */
export function useCreateStore() {
  const client = useOwnerClient();
  const boot = useBoot();
  return useOwnerMutation<{ title: string; addToMainNavigation: boolean }, BrowserCreatedStore>({
    mutationFn: ({ title, addToMainNavigation }) => createStoreIn(client.http, boot.website.id, { title }, { addToMainNavigation }),
    invalidates: [editorKeys.stores],
  });
}
