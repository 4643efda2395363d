import type { Kysely, Transaction } from 'kysely';
import { DEMO_COLLECTION, DEMO_WEBSITE, demoImageId, findCollectionByUrlId, seedDemoStore } from './catalog';
import type { Database } from './db/schema';
import { seedDemoContentPages } from './content';
import { seedDemoForms } from './forms';
import { seedDemoRestockSignUps } from './restock';
import { seedDemoCheckoutSettings } from './checkout-settings';
import { seedDemoDownloads } from './downloads';
import { DEMO_COURSE, seedDemoCourse } from './courses';
import { seedDemoMembers } from './members';
import { seedDemoComments } from './comments';
import { seedDemoReviews } from './reviews';
import { editMainNavigation, type StoredNavigationItem } from './site-settings';

/**
 * The demo site a first start shows: the catalog's store, then what other domains add to it, in one
 * transaction (each domain writes its own tables through its front). Outside the domains, so catalog
 * need not know restock (which already depends on catalog). Returns whether it seeded.
 */
export async function seedDemoSite(db: Kysely<Database>, options: { onSeeding?: () => void } = {}): Promise<boolean> {
  return seedDemoStore(db, {
    onSeeding: options.onSeeding,
    alsoSeed: async (trx, websiteId) => {
      await seedDemoRestockSignUps(trx, websiteId, DEMO_WEBSITE.identifier);
      const forms = await seedDemoForms(trx, websiteId, DEMO_WEBSITE.identifier);
      const store = await findCollectionByUrlId(trx, websiteId, DEMO_COLLECTION.urlId);
      if (!store) throw new Error('The demo store must be seeded before the demo content.');
      const pages = await seedDemoContentPages(trx, websiteId, DEMO_WEBSITE.identifier, { ...forms, storeCollectionId: store.id, imageId: demoImageId });
      // The header: Home, Shop, then the pages, then Cart (the default navigation with the pages linked by id
      // before its closing Cart link). The seed runs in seedDemoStore's transaction.
      await editMainNavigation(trx as Transaction<Database>, websiteId, (items) =>
        withLinksBeforeCart(items, [pages.aboutPageId, pages.journalPageId, pages.eventsPageId, pages.contactPageId]),
      );
      await seedDemoCheckoutSettings(trx, websiteId, DEMO_WEBSITE.identifier);
      await seedDemoDownloads(trx, websiteId, DEMO_WEBSITE.identifier);
      // The members-only course (courses/demo.ts); the members' demo area gates its page (DEMO_COURSE.pageId).
      await seedDemoCourse(trx, websiteId, DEMO_WEBSITE.identifier);
      await seedDemoMembers(trx, websiteId, DEMO_WEBSITE.identifier, [DEMO_COURSE.pageId(DEMO_WEBSITE.identifier)]);
      await seedDemoComments(trx, websiteId, DEMO_WEBSITE.identifier);
      await seedDemoReviews(trx, websiteId, DEMO_WEBSITE.identifier);
    },
  });
}

function withLinksBeforeCart(items: StoredNavigationItem[], pageIds: string[]): StoredNavigationItem[] {
  const links = pageIds.map((collectionId) => ({ collectionId }));
  const cartAt = items.findIndex((item) => item.externalLink === '/cart');
  return cartAt < 0 ? [...items, ...links] : [...items.slice(0, cartAt), ...links, ...items.slice(cartAt)];
}
