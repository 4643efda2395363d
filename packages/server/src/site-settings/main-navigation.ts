import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../failures';
import { defaultMainNavigation, MAIN_NAVIGATION, NAVIGATION_MESSAGES, type StoredNavigationItem, type StoreForLink } from './navigation-rules';
import { lockNavigations } from './navigation';
import { listNavigations, listStoresForLinks, upsertNavigation } from './queries';
import { SITE_SETTINGS_LIMITS } from '@vitrine/contracts';

/**
 * The main navigation as the site editor's page tree reads and rearranges it (page-tree/, issue 18). The items
 * are the stored ones ({ title?, collectionId?, externalLink?, items? }); a collectionId names a store or a page.
 */
export interface MainNavigation {
  items: StoredNavigationItem[];
  stores: StoreForLink[];
}

/** The saved main navigation (the default one when the site never saved any; empty when its main one was deleted). */
export async function readMainNavigation(db: Kysely<Database> | Transaction<Database>, websiteId: string): Promise<MainNavigation> {
  const [navigations, stores] = await Promise.all([listNavigations(db, websiteId), listStoresForLinks(db, websiteId)]);
  const items = navigations.length === 0 ? defaultMainNavigation(stores) : (navigations.find((navigation) => navigation.fieldName === MAIN_NAVIGATION)?.items ?? []);
  return { items, stores };
}

/**
 * Rewrites the main navigation in the caller's transaction, its row locked: `edit` gets the current items and
 * answers the new ones (the caller has checked what they link to). A site whose main navigation was deleted gets
 * it back. The caller tells the caches once its transaction commits.
 */
export async function editMainNavigation(
  trx: Transaction<Database>,
  websiteId: string,
  edit: (items: StoredNavigationItem[], stores: StoreForLink[]) => StoredNavigationItem[],
): Promise<StoredNavigationItem[]> {
  const locked = await lockNavigations(trx, websiteId);
  const main = locked.find((navigation) => navigation.fieldName === MAIN_NAVIGATION);
  const items = edit(main?.items ?? [], await listStoresForLinks(trx, websiteId));
  if (countItems(items) > SITE_SETTINGS_LIMITS.navigationItems) throw invalid(NAVIGATION_MESSAGES.tooMany, { navigation: NAVIGATION_MESSAGES.tooMany });
  await upsertNavigation(trx, websiteId, { fieldName: MAIN_NAVIGATION, templateId: main?.templateId ?? '', items });
  return items;
}

function countItems(items: readonly StoredNavigationItem[]): number {
  return items.reduce((count, item) => count + 1 + countItems(item.items ?? []), 0);
}
