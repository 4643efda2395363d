import type { Kysely } from 'kysely';
import { DEMO_WEBSITE, seedDemoStore } from './catalog';
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
      await seedDemoContentPages(trx, websiteId, DEMO_WEBSITE.identifier, forms);
      await seedDemoCheckoutSettings(trx, websiteId, DEMO_WEBSITE.identifier);
      await seedDemoDownloads(trx, websiteId, DEMO_WEBSITE.identifier);
    },
  });
}
