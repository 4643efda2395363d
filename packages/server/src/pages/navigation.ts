import type { ServerContext } from '../context';
import type { NavigationLink } from '../rendering/theme-renderer';

/** Product collections (stores) are collection type 13. */
const STORE_COLLECTION_TYPE = 13;

/** The main navigation: home, each store, the cart; and the first store's address for "Shop now". */
export async function listStoreNavigation(context: ServerContext): Promise<{ links: NavigationLink[]; storeUrl: string }> {
  const stores = await context.db
    .selectFrom('collections')
    .select(['title', 'url_id'])
    .where('website_id', '=', context.website.id)
    .where('type', '=', STORE_COLLECTION_TYPE)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const storeLinks = stores.map((store) => ({ title: store.title, url: `/${store.url_id}` }));
  return {
    links: [{ title: 'Home', url: '/' }, ...storeLinks, { title: 'Cart', url: '/cart' }],
    storeUrl: storeLinks[0]?.url ?? '/',
  };
}
