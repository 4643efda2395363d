import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedDemoSite } from '../demo-site';
import { openPGlite, openPostgres, type OpenDatabase } from './database';
import { migrate } from './migrate';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface TestDatabase extends OpenDatabase {
  /** The PostgreSQL database name (a fresh one per call), or 'pglite'. */
  name: string;
  /** Connection string of this database, when it is PostgreSQL (for spawning servers on it). */
  url?: string;
}

/**
 * A migrated database holding the demo store, private to the caller. With TEST_DATABASE_URL set,
 * a fresh database is created on that PostgreSQL server (and dropped by close()); otherwise an
 * in-memory PGlite cloned from a migrated, seeded template (creating PGlite from scratch costs
 * seconds, a clone well under one).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openFreshPostgres(serverUrl) : openPGliteClone();
}

/** A new, empty database on the PostgreSQL server at serverUrl, and a way to drop it. */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        // Closed pools hang up asynchronously: wait for their sessions to go, so FORCE does not
        // kill one mid-goodbye (its client would then raise an unhandled 57P01 error).
        for (let attempt = 0; attempt < 50; attempt++) {
          const open = await dropper.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (open.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

async function openFreshPostgres(serverUrl: string): Promise<TestDatabase> {
  const empty = await createEmptyPostgresDatabase(serverUrl);
  const database = openPostgres({ connectionString: empty.url, maxConnections: 25 });
  await migrate(database.db);
  await seedDemoSite(database.db);
  return {
    ...database,
    name: empty.name,
    url: empty.url,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** The template depends on the migrations and the seed: a change to either makes a new one. */
function templateFingerprint(): string {
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

async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `vitrine-pglite-template-${templateFingerprint()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const template = await openPGlite();
  await migrate(template.db);
  await seedDemoSite(template.db);
  const tarball = await template.pglite!.dumpDataDir('gzip');
  await template.close();
  // Several test files may build it at once: write privately, then rename atomically.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, file);
  return tarball;
}

async function openPGliteClone(): Promise<TestDatabase> {
  const database = await openPGlite({ loadDataDir: await pgliteTemplate() });
  return { ...database, name: 'pglite' };
}
