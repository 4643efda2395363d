// databases: both — `npm run site` on an open install: the export's reads and the import's one transaction on each engine, and the real command on an embedded database in DATA_DIR
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite } from '../db/database';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { createWebsite } from '../platform';
import { LocalDiskObjectStore } from '../storage';
import { SITE_USAGE, runSiteCommand } from './cli';
import { archiveShelvesOf, installStoresOf } from './install-shelves';
import { SITE_ARCHIVE_MESSAGES } from './messages';

const ENV = { PLATFORM_DOMAIN: 'vitrine.test' };
let database: TestDatabase;
let dir: string;
let objects: LocalDiskObjectStore;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'site-cli-'));
  objects = new LocalDiskObjectStore(path.join(dir, 'files'));
  // One of the demo's pictures with its bytes on the install's disk, where main.ts's stores keep them.
  const image = await database.db
    .selectFrom('images').innerJoin('websites', 'websites.id', 'images.website_id').select(['images.id', 'images.content_type'])
    .where('websites.identifier', '=', 'demo').limit(1).executeTakeFirstOrThrow();
  const key = archiveShelvesOf(installStoresOf(objects)).imageOriginalKey(image);
  await objects.put(`images/${key}`, Readable.from([Buffer.from('picture bytes')]), { maxBytes: 1000 });
  await createWebsite(database.db, { identifier: 'moved', siteTitle: 'Empty for now', sampleContent: false });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
  const said: string[] = [];
  const failed: string[] = [];
  const code = await runSiteCommand({ db: database.db, objects }, args, ENV, { say: (line) => said.push(line), fail: (line) => failed.push(line) });
  return { code, said: said.join('\n'), failed: failed.join('\n') };
}

describe('npm run site -- export / import', () => {
  it('exports a website by its host to a file, and imports it into a new website by its host', async () => {
    const file = path.join(dir, 'demo.tar.gz');
    // The files: the picture put above and the demo's bundled download (kept by the install, found by its key).
    const exported = await run('export', '--host', 'demo.vitrine.test', '--out', file);
    expect(exported.failed).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.said).toMatch(new RegExp(`^Exported demo to ${file.replace(/[.]/g, '\\.')} \\(\\d+ bytes\\): \\d+ rows in 2\\d tables, 2 files\\.\\nWithout personal data`));
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);

    const imported = await run('import', file, '--host', 'moved.vitrine.test');
    expect(imported.failed).toBe('');
    expect(imported.code).toBe(0);
    const moved = await database.db.selectFrom('websites').select(['id', 'site_title']).where('identifier', '=', 'moved').executeTakeFirstOrThrow();
    const demo = await database.db.selectFrom('websites').select(['id', 'site_title']).where('identifier', '=', 'demo').executeTakeFirstOrThrow();
    expect(moved.site_title).toBe(demo.site_title);
    const count = async (table: 'products' | 'site_pages', websiteId: string) =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('website_id', '=', websiteId).executeTakeFirstOrThrow()).n);
    const products = await count('products', moved.id);
    expect(products).toBe(await count('products', demo.id));
    expect(imported.said).toBe(
      `Imported ${file} into moved: ${await count('site_pages', moved.id)} pages, ${products} products, ${imported.said.match(/(\d+) rows in all/)![1]} rows in all, 1 file.`,
    );
    // The picture's bytes were stored again, under the new image's key.
    expect(readdirSync(path.join(dir, 'files', 'images'))).toHaveLength(2);

    // The website now has products: a second import is refused and changes nothing.
    const again = await run('import', file, '--host', 'moved.vitrine.test');
    expect(again).toEqual({ code: 1, said: '', failed: SITE_ARCHIVE_MESSAGES.notNew });
    expect(await count('products', moved.id)).toBe(products);
  });

  it('exports personal data only when asked, and says so', async () => {
    const file = path.join(dir, 'with-people.tar.gz');
    const exported = await run('export', '--personal-data', '--host', 'demo.vitrine.test', '--out', file);
    expect(exported.code).toBe(0);
    expect(exported.said).toContain('It holds personal data (orders, customers, subscribers): keep it safe.');
    expect(existsSync(file)).toBe(true);
  });

  it('refuses a file that is not an archive (nothing written), an unknown host and bad arguments', async () => {
    await createWebsite(database.db, { identifier: 'second', siteTitle: 'Second', sampleContent: false });
    const junk = path.join(dir, 'junk.tar.gz');
    writeFileSync(junk, 'not gzip at all');
    const refused = await run('import', junk, '--host', 'second.vitrine.test');
    expect(refused.code).toBe(1);
    expect(refused.failed).toBe(SITE_ARCHIVE_MESSAGES.notAnArchive);
    const missing = await run('import', path.join(dir, 'nothing.tar.gz'), '--host', 'second.vitrine.test');
    expect(missing).toEqual({ code: 1, said: '', failed: `There is no file at ${path.join(dir, 'nothing.tar.gz')}.` });
    expect(await run('export', '--host', 'nobody.vitrine.test', '--out', path.join(dir, 'x.tar.gz'))).toEqual({ code: 1, said: '', failed: 'No website answers at nobody.vitrine.test on this install.' });
    for (const args of [[], ['export', '--host', 'demo.vitrine.test'], ['import', '--host', 'demo.vitrine.test'], ['import', 'a', 'b', '--host', 'x'], ['export', '--out', 'a'], ['frobnicate', '--host', 'x'], ['export', '--host', 'x', '--out', 'y', '--force']]) {
      expect(await run(...args), args.join(' ')).toEqual({ code: 2, said: '', failed: SITE_USAGE });
    }
  });
});

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the command itself, on the embedded database in DATA_DIR', () => {
  it('runs `npm run site`’s script (one process, as an operator would): an export of the one website to a file', async () => {
    const dataDir = path.join(dir, 'install');
    // This test's database, written to DATA_DIR/pglite as a server's would be.
    const onDisk = await openPGlite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: await database.pglite!.dumpDataDir('gzip') });
    await onDisk.close();
    const script = path.join(repoRoot, 'packages/server/src/site-archives/cli.ts');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_URL: '', PLATFORM_DOMAIN: '', WEBSITE: 'demo' };
    const out = path.join(dir, 'from-the-command.tar.gz');
    const done = await execFileAsync(process.execPath, ['--import', 'tsx', script, 'export', '--host', 'localhost', '--out', out], { cwd: repoRoot, env, timeout: 60_000 });
    expect(done.stdout).toMatch(/^Exported demo to .*from-the-command\.tar\.gz \(\d+ bytes\): \d+ rows in 2\d tables, 1 file\.\n/);
    expect(existsSync(out)).toBe(true);
  }, 90_000);
});
