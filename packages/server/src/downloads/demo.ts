import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { BUNDLED_FILES_DIR } from './file-store';

/** The demo store's digital product and the file it delivers: a one-page PDF shipped with the server (bundled/). */
export const DEMO_DIGITAL_PRODUCT = { slug: 'photography-ebook', fileName: 'Photography E-book.pdf', bundledFile: 'photography-ebook.pdf' } as const;

/** Gives the demo e-book its file, read from the bundled folder (no data directory needed to seed). */
export async function seedDemoDownloads(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string): Promise<void> {
  const bytes = readFileSync(path.join(BUNDLED_FILES_DIR, DEMO_DIGITAL_PRODUCT.bundledFile));
  await trx
    .insertInto('product_files')
    .values({
      id: stableId(`product-file:${websiteIdentifier}:${DEMO_DIGITAL_PRODUCT.slug}`),
      website_id: websiteId,
      product_id: stableId(`product:${websiteIdentifier}:${DEMO_DIGITAL_PRODUCT.slug}`),
      file_name: DEMO_DIGITAL_PRODUCT.fileName,
      content_type: 'application/pdf',
      byte_size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storage_key: `bundled/${DEMO_DIGITAL_PRODUCT.bundledFile}`,
    })
    .onConflict((conflict) => conflict.column('product_id').doNothing())
    .execute();
}
