import { useQuery } from '@tanstack/react-query';
import type {
  archiveProductContract,
  createProductContract,
  deleteProductContract,
  getImageContract,
  getOwnerFormContract,
  getOwnerProductContract,
  listOwnerStoresContract,
  ImageAssetJson,
  listOwnerFormsContract,
  OwnerFormJson,
  OwnerFormSummaryJson,
  OwnerProductJson,
  OwnerProductReply,
  ProductBody,
  restoreProductContract,
  setStockContract,
  OwnerStoreJson,
  OwnerStoreListJson,
  updateOwnerStoreContract,
  UpdateStoreBody,
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
  deleteProduct: callRoute<typeof deleteProductContract>('DELETE', '/api/owner/products/:productId'),
  setStock: callRoute<typeof setStockContract>('PUT', '/api/owner/variants/:variantId/stock'),
  getImage: callRoute<typeof getImageContract>('GET', '/api/owner/images/:imageId'),
  updateImage: callRoute<typeof updateImageContract>('PUT', '/api/owner/images/:imageId'),
  listForms: callRoute<typeof listOwnerFormsContract>('GET', '/api/owner/forms'),
  getForm: callRoute<typeof getOwnerFormContract>('GET', '/api/owner/forms/:formId'),
  listStores: callRoute<typeof listOwnerStoresContract>('GET', '/api/owner/stores'),
  updateStore: callRoute<typeof updateOwnerStoreContract>('PUT', '/api/owner/stores/:storeId'),
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

/**
 * The stores a product may be in: the server's list of stores (product collections), never the navigation's
 * other pages (About, Journal, …), which are not stores and which a save would refuse ('No such store.').
 */
export function useStores(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<OwnerStoreJson[]>({
    queryKey: editorKeys.stores,
    enabled,
    queryFn: async () => ((await client.call(EDITOR_ROUTES.listStores)) as OwnerStoreListJson).stores,
  });
}

/** A store's SEO fields saved; the list is read again. */
export function useUpdateStore() {
  const client = useOwnerClient();
  return useOwnerMutation<{ storeId: string; body: UpdateStoreBody }, { store: OwnerStoreJson }>({
    mutationFn: async ({ storeId, body }) => (await client.call(EDITOR_ROUTES.updateStore, { params: { storeId }, body })) as { store: OwnerStoreJson },
    invalidates: [editorKeys.stores],
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

/** Deletes an archived product for good (the server refuses a live one: 409 'Archive the product before deleting it.'). */
export function useDeleteProduct() {
  const client = useOwnerClient();
  return useOwnerMutation<{ productId: string }, unknown>({
    mutationFn: ({ productId }) => client.call(EDITOR_ROUTES.deleteProduct, { params: { productId } }),
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
