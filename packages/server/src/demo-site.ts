import type { Kysely } from 'kysely';
import { DEMO_COLLECTION, DEMO_WEBSITE, demoImageId, findCollectionByUrlId, seedDemoStore } from './catalog';
import type { Database } from './db/schema';
import { seedDemoContentPages } from './content';
import { seedDemoForms } from './forms';
import { seedDemoRestockSignUps } from './restock';
import { seedDemoCheckoutSettings } from './checkout-settings';
import { seedDemoDownloads } from './downloads';

/**
 * The demo site a first start shows: the catalog's store, then what other domains add to it, in one
 * transaction (each domain writes its own tables through its front). Outside the domains, so catalog
 * need not know restock (which already depends on catalog). Returns whether it seeded.
 */
export async function seedDemoSite(db: Kysely<Database>): Promise<boolean> {
  return seedDemoStore(db, {
    alsoSeed: async (trx, websiteId) => {
      await seedDemoRestockSignUps(trx, websiteId, DEMO_WEBSITE.identifier);
      const forms = await seedDemoForms(trx, websiteId, DEMO_WEBSITE.identifier);
      const store = await findCollectionByUrlId(trx, websiteId, DEMO_COLLECTION.urlId);
      if (!store) throw new Error('The demo store must be seeded before the demo content.');
      await seedDemoContentPages(trx, websiteId, DEMO_WEBSITE.identifier, { ...forms, storeCollectionId: store.id, imageId: demoImageId });
      await seedDemoCheckoutSettings(trx, websiteId, DEMO_WEBSITE.identifier);
      await seedDemoDownloads(trx, websiteId, DEMO_WEBSITE.identifier);
    },
  });
}
