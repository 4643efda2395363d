import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedDemoSite } from '../demo-site';
import { openPGlite, openPostgres, type OpenDatabase } from './database';
import { templateFingerprint } from './template-fingerprint';
import { migrate } from './migrate';


export interface TestDatabase extends OpenDatabase {
  /** The PostgreSQL database name (a fresh one per call), or 'pglite'. */
  name: string;
  /** Connection string of this database, when it is PostgreSQL (for spawning servers on it). */
  url?: string;
}

/**
 * A migrated database holding the demo store, private to the caller. With TEST_DATABASE_URL set, a
 * database copied from a migrated, seeded template on that PostgreSQL server (dropped by close());
 * otherwise an in-memory PGlite cloned from a migrated, seeded template (creating either from scratch
 * costs seconds, a copy well under one).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openFreshPostgres(serverUrl) : openPGliteClone();
}

/** A new, empty database on the PostgreSQL server at serverUrl, and a way to drop it. */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  return { name, url: databaseUrl(serverUrl, name), drop: () => dropPostgresDatabase(serverUrl, name) };
}

async function openFreshPostgres(serverUrl: string): Promise<TestDatabase> {
  const template = await postgresTemplate(serverUrl);
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(serverUrl, name);
  const database = openPostgres({ connectionString: url, maxConnections: 25 });
  return {
    ...database,
    name,
    url,
    close: async () => {
      await database.close();
      await dropPostgresDatabase(serverUrl, name);
    },
  };
}

async function onAdminConnection<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated, seeded database every test database on this server is copied from (CREATE DATABASE …
 * TEMPLATE: a file copy, far cheaper than migrating and seeding each time). One per fingerprint of the
 * migrations and the seed, made once per server by whichever test file comes first: the others wait on an
 * advisory lock, and a template only gets its final name once it is complete.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const template = `vitrine_template_${templateFingerprint()}`;
  return onAdminConnection(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(7120001)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        const building = `${template}_building_${randomBytes(3).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const database = openPostgres({ connectionString: databaseUrl(serverUrl, building), maxConnections: 4 });
        try {
          await migrate(database.db);
          await seedDemoSite(database.db);
        } finally {
          await database.close();
        }
        await waitForNoSessions(admin, building);
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7120001)');
    }
    return template;
  });
}

/** Closed pools hang up asynchronously: wait for their sessions to go before the database is copied or dropped. */
async function waitForNoSessions(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (open.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await onAdminConnection(serverUrl, async (admin) => {
    // FORCE only after the pool's sessions have gone, so it does not kill one mid-goodbye (its client would
    // then raise an unhandled 57P01 error).
    await waitForNoSessions(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** The template's tarball, read (or made) once per process. */
let templateOfThisProcess: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  templateOfThisProcess ??= readOrMakePGliteTemplate();
  return templateOfThisProcess;
}

async function readOrMakePGliteTemplate(): Promise<Blob> {
  // Kept uncompressed: every test database starts by loading it, and gunzipping 46 MB cost a tenth of a second each.
  const file = path.join(os.tmpdir(), `vitrine-pglite-template-${templateFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const template = await openPGlite();
  await migrate(template.db);
  await seedDemoSite(template.db);
  const tarball = await template.pglite!.dumpDataDir('none');
  await template.close();
  // Several test files may build it at once: write privately, then rename atomically.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, file);
  return tarball;
}

/**
 * PGlite's WebAssembly compiled once per process, and its file bundle read once: a test process opens dozens of
 * databases, and compiling the module for each cost about as much as loading the template.
 */
let pgliteAssets: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function compiledPGlite(): Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return pgliteAssets;
}

async function openPGliteClone(): Promise<TestDatabase> {
  const [loadDataDir, assets] = await Promise.all([pgliteTemplate(), compiledPGlite()]);
  const database = await openPGlite({ loadDataDir, ...assets });
  return { ...database, name: 'pglite' };
}

/**
 * A new, empty in-memory PGlite (never migrated): a fresh install's database. Creating one runs initdb (8–18 s on a
 * busy 2-core machine), so the first call on a machine keeps its tarball in the temporary folder, per PGlite
 * version, and later ones load it (under a second), with this process's compiled WebAssembly.
 */
export async function openEmptyPGlite(): Promise<OpenDatabase> {
  const [loadDataDir, assets] = await Promise.all([emptyPGliteTemplate(), compiledPGlite()]);
  return openPGlite({ loadDataDir, ...assets });
}

let emptyTemplateOfThisProcess: Promise<Blob> | undefined;
function emptyPGliteTemplate(): Promise<Blob> {
  emptyTemplateOfThisProcess ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const version = (JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string }).version;
    const file = path.join(os.tmpdir(), `vitrine-pglite-empty-${version}.tar.gz`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const empty = await openPGlite(await compiledPGlite());
    const tarball = await empty.pglite!.dumpDataDir('gzip');
    await empty.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
    return tarball;
  })();
  return emptyTemplateOfThisProcess;
}
