import type { Kysely, Transaction } from 'kysely';
import { listNavigablePages } from '../content';
import { listMemberAreaLinkTargets } from '../members';
import type { Database } from '../db/schema';
import type { StoreForLink } from './navigation-rules';
import { listStoresForLinks } from './queries';

/**
 * What a navigation item's collectionId may name: a store, or a site page (content/, issue 18), each with the
 * title and url id its link shows. `liveOnly` leaves out pages visitors cannot open yet (the public header).
 */
export async function listLinkTargets(db: Kysely<Database> | Transaction<Database>, websiteId: string, options: { liveOnly?: boolean } = {}): Promise<StoreForLink[]> {
  const [stores, pages, memberAreas] = await Promise.all([listStoresForLinks(db, websiteId), listNavigablePages(db, websiteId), listMemberAreaLinkTargets(db, websiteId)]);
  const linkedPages = pages
    .filter((page) => page.live || !options.liveOnly)
    .map((page) => ({ id: page.id, title: page.title, navigation_title: page.navigationTitle, url_id: page.urlId }));
  // A member area (a memberAreaId link, members/) goes to its first page; '' while it gates none.
  const areas = memberAreas.map((area) => ({ id: area.id, title: area.name, navigation_title: '', url_id: area.firstPageUrlId ?? '' }));
  return [...stores, ...linkedPages, ...areas];
}
