import type { NavigationLink } from '../rendering/theme-renderer';
import type { CatalogCache } from './catalog-cache';

/**
 * The main navigation: home, each store, the cart; and the first store's address for "Shop now".
 * Read from the catalog cache (CATALOG_CACHE_TTL_MS): it is the same on every page.
 */
export async function listStoreNavigation(catalog: CatalogCache, websiteId: string): Promise<{ links: NavigationLink[]; storeUrl: string }> {
  const stores = await catalog.stores(websiteId);
  const storeLinks = stores.map((store) => ({ title: store.title, url: `/${store.url_id}` }));
  return {
    links: [{ title: 'Home', url: '/' }, ...storeLinks, { title: 'Cart', url: '/cart' }],
    storeUrl: storeLinks[0]?.url ?? '/',
  };
}
