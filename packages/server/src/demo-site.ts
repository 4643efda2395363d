import type { Kysely } from 'kysely';
import { DEMO_WEBSITE, seedDemoStore } from './catalog';
import type { Database } from './db/schema';
import { writeSampleContent } from './platform';

/**
 * The demo site a first start shows: the catalog's store, then what other domains add to it
 * (platform/sample-content.ts), in one transaction, only on a database with no website yet.
 * Returns whether it seeded.
 */
export async function seedDemoSite(db: Kysely<Database>, options: { onSeeding?: () => void } = {}): Promise<boolean> {
  return seedDemoStore(db, {
    onSeeding: options.onSeeding,
    alsoSeed: async (trx, websiteId) => {
      await writeSampleContent(trx, websiteId, DEMO_WEBSITE.identifier);
    },
  });
}
