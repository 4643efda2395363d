import type { Kysely, Transaction } from 'kysely';
import { DEMO_COLLECTION, demoImageId, findCollectionByUrlId, findProductBySlug } from '../catalog';
import type { SampleSources } from './template-home-pages';
import type { Database } from '../db/schema';
import { seedDemoContentPages } from '../content';
import { seedDemoForms } from '../forms';
import { seedDemoRestockSignUps } from '../restock';
import { seedDemoCheckoutSettings } from '../checkout-settings';
import { seedDemoDownloads } from '../downloads';
import { DEMO_COURSE, seedDemoCourse } from '../courses';
import { seedDemoMembers } from '../members';
import { seedDemoComments } from '../comments';
import { seedDemoReviews } from '../reviews';
import { editMainNavigation, type StoredNavigationItem } from '../site-settings';

/**
 * Everything of the demo besides its store (catalog/seed.ts writeDemoStore): pages, forms, navigation, checkout
 * settings, downloads, the course and its member area, comments, reviews, restock sign-ups — each domain writing its
 * own tables through its front, in the caller's transaction. The demo store that `npm start` seeds and a new
 * website's "start with sample content" are the same content; ids derive from the website's identifier.
 */
export async function writeSampleContent(trx: Kysely<Database>, websiteId: string, identifier: string): Promise<SampleSources> {
  await seedDemoRestockSignUps(trx, websiteId, identifier);
  const forms = await seedDemoForms(trx, websiteId, identifier);
  const store = await findCollectionByUrlId(trx, websiteId, DEMO_COLLECTION.urlId);
  if (!store) throw new Error('The demo store must be written before the sample content.');
  const imageId = (file: string) => demoImageId(file, identifier);
  const pages = await seedDemoContentPages(trx, websiteId, identifier, { ...forms, storeCollectionId: store.id, imageId });
  // The header: Home, Shop, then the pages, then Cart (the default navigation with the pages linked by id before its closing Cart link).
  await editMainNavigation(trx as Transaction<Database>, websiteId, (items) =>
    withLinksBeforeCart(items, [pages.aboutPageId, pages.journalPageId, pages.eventsPageId, pages.contactPageId]),
  );
  await seedDemoCheckoutSettings(trx, websiteId, identifier);
  await seedDemoDownloads(trx, websiteId, identifier);
  // The members-only course (courses/demo.ts); the members' demo area gates its page (DEMO_COURSE.pageId).
  await seedDemoCourse(trx, websiteId, identifier);
  await seedDemoMembers(trx, websiteId, identifier, [DEMO_COURSE.pageId(identifier)]);
  await seedDemoComments(trx, websiteId, identifier);
  await seedDemoReviews(trx, websiteId, identifier);
  // What a starter template's home page points at (platform/template-home-pages.ts).
  const featured = await findProductBySlug(trx, websiteId, store.id, 'wool-blanket');
  return {
    storeCollectionId: store.id, journalPageId: pages.journalPageId, newsletterFormId: forms.newsletterFormId, imageId,
    ...(featured ? { featuredProductId: featured.id } : {}),
  };
}

/** The navigation with links to these pages before its closing Cart link (or at its end). */
export function withLinksBeforeCart(items: StoredNavigationItem[], pageIds: string[]): StoredNavigationItem[] {
  const links = pageIds.map((collectionId) => ({ collectionId }));
  const cartAt = items.findIndex((item) => item.externalLink === '/cart');
  return cartAt < 0 ? [...items, ...links] : [...items.slice(0, cartAt), ...links, ...items.slice(cartAt)];
}
