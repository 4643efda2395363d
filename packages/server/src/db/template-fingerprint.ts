import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Names the migrated, seeded database that tests copy instead of migrating and seeding each time (the PGlite
 * tarball, the PostgreSQL template database, the browser journeys' data dir). Its own module, so the journeys can
 * name their template without importing the server.
 */
/** The template depends on the migrations and the seed: a change to either makes a new one. */
export function templateFingerprint(): string {
  const hash = createHash('sha256');
  const migrations = path.join(here, 'migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(path.join(migrations, file)));
  for (const file of ['../catalog/seed.ts', '../catalog/demo-store.ts', '../demo-site.ts', '../restock/demo.ts', '../forms/demo.ts', '../content/demo.ts', '../checkout-settings/demo.ts', '../downloads/demo.ts', '../courses/demo.ts', '../members/demo.ts', '../content/seed-rows.ts', '../comments/demo.ts', '../reviews/demo.ts', '../downloads/bundled/photography-ebook.pdf']) hash.update(readFileSync(path.join(here, file)));
  // The demo pictures' rows hold their size and colour data, computed from the SVGs at seed time.
  for (const file of ['../images/bundled.ts', '../images/processing.ts', '../images/color-data.ts']) hash.update(readFileSync(path.join(here, file)));
  // The demo's pages are checked and filled in with @vitrine/blocks' defaults, and linked through the main navigation.
  const blocks = path.join(here, '../../../blocks/src');
  for (const file of readdirSync(blocks).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort()) hash.update(file).update(readFileSync(path.join(blocks, file)));
  for (const file of ['../site-settings/main-navigation.ts', '../site-settings/navigation-rules.ts']) hash.update(readFileSync(path.join(here, file)));
  const pictures = path.join(here, '../../demo-assets');
  for (const file of readdirSync(pictures).sort()) hash.update(file).update(readFileSync(path.join(pictures, file)));
  return hash.digest('hex').slice(0, 16);
}

