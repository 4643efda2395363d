import type { createStoreCategoryContract, createStoreContract, getSiteLayoutContract, SiteLayoutJson, updateNavigationContract } from '@vitrine/contracts';
import { deriveStoreUrlId } from '@vitrine/format';
import type { CallRoute } from './browser';
import { StoreCreationError } from './errors';
import type { OwnerHttp } from './http';
import { mainNavigationOf, navigationItemsOf, withStoreLink } from './navigation';
import { pathOf } from './paths';

/*
 * Store creation (platform spec §4, §5) for browser bundles: the same three steps as `OwnerClient.createStore`,
 * without a value of `@vitrine/contracts` (the routes are method and path, typed from their contracts; the
 * category limit is a copy, checked against CATALOG_LIMITS by browser-store.test.ts).
 */

/** Platform spec §5: a store's root category is at most 25 characters (CATALOG_LIMITS.categoryLength). */
export const STORE_CATEGORY_LENGTH = 25;
/** Platform spec §5's fallback store title (rules.ts' FALLBACK_STORE_TITLE). */
const FALLBACK_TITLE = 'Store';

const route = <C extends { method: string; url: string }>(method: C['method'], url: C['url']) => ({ method, url }) as unknown as CallRoute;

export const STORE_CREATION_ROUTES = {
  createStore: route<typeof createStoreContract>('POST', '/api/content-service/product/1.1/websites/:websiteId/products'),
  createCategory: route<typeof createStoreCategoryContract>('POST', '/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories'),
  siteLayout: route<typeof getSiteLayoutContract>('GET', '/api/commondata/GetSiteLayout'),
  updateNavigation: route<typeof updateNavigationContract>('POST', '/api/widget/UpdateNavigation'),
} as const;

export interface BrowserNewStore {
  title: string;
  navigationTitle?: string;
  description?: string;
  existingUrlIds?: Iterable<string>;
}

export interface BrowserCreatedStore {
  storeId: string;
  categoryId: string;
  /** The url id the app expects (the server derives its own; they differ only for titles without Latin letters or digits, or taken addresses). */
  urlId: string;
  /** The layout after the store joined the main navigation; absent when that step was not asked for. */
  layout?: SiteLayoutJson;
}

/** The name of a store's root category: its title, cut to 25 characters. */
export function browserRootCategoryName(title: string): string {
  const name = [...title.trim()].slice(0, STORE_CATEGORY_LENGTH).join('').trim();
  return name === '' ? FALLBACK_TITLE : name;
}

/** Adds a store to the main navigation with UpdateNavigation (before a closing Cart link). */
export async function addStoreToMainNavigationIn(http: OwnerHttp, storeId: string): Promise<SiteLayoutJson> {
  const main = mainNavigationOf((await http.send('GET', STORE_CREATION_ROUTES.siteLayout.url)) as SiteLayoutJson);
  return (await http.send('POST', STORE_CREATION_ROUTES.updateNavigation.url, {
    json: {
      fieldName: main.identifier,
      ...(main.templateId ? { templateId: main.templateId } : {}),
      navigation: { items: withStoreLink(navigationItemsOf(main.links), storeId) },
    },
  })) as SiteLayoutJson;
}

/**
 * Platform spec §4's store creation: the collection, its ROOT category, then (unless told not to) a link in the
 * main navigation. A failure of the first step is thrown as it is; a later one is a StoreCreationError naming the
 * store made and the step (a role without `site:write` gets 403 at the navigation step).
 */
export async function createStoreIn(http: OwnerHttp, websiteId: string, store: BrowserNewStore, options: { addToMainNavigation?: boolean } = {}): Promise<BrowserCreatedStore> {
  const urlId = deriveStoreUrlId(store.title, store.existingUrlIds ?? [], FALLBACK_TITLE);
  const { id: storeId } = (await http.send('POST', pathOf(STORE_CREATION_ROUTES.createStore.url, { websiteId }), {
    json: { navigationTitle: store.navigationTitle ?? store.title, title: store.title, urlId, description: store.description ?? '', enabled: true },
  })) as { id: string };
  let categoryId: string;
  try {
    ({ id: categoryId } = (await http.send('POST', pathOf(STORE_CREATION_ROUTES.createCategory.url, { websiteId, collectionId: storeId }), {
      json: { displayName: browserRootCategoryName(store.title), type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
    })) as { id: string });
  } catch (error) {
    throw new StoreCreationError('category', storeId, error);
  }
  if (options.addToMainNavigation === false) return { storeId, categoryId, urlId };
  try {
    return { storeId, categoryId, urlId, layout: await addStoreToMainNavigationIn(http, storeId) };
  } catch (error) {
    throw new StoreCreationError('navigation', storeId, error);
  }
}
