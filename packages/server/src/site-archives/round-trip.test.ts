// databases: both — the archive reads rows by keyset over each table's key, writes them back through json_populate_recordset in one transaction, and reads the catalog (keys, generated and sequence columns): SQL each engine must run alike
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebsite } from '../platform';
import { LocalDiskObjectStore } from '../storage';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { ID_PATTERN, type ArchiveManifest } from './archive-format';
import { SITE_ARCHIVE_MESSAGES } from './messages';
import { importSiteArchive } from './read-archive';
import type { ArchiveShelves } from './shelves';
import { writeSiteArchive } from './write-archive';
import { isFailure } from '../failures';

/*
 * The round trip (issue 37 item 4): the demo website exported, imported into a second, new website, exported again:
 * the two archives hold the same rows and files once ids are mapped through the import's id map. Refusals leave
 * the new website as it was and the files written removed.
 */

let database: TestDatabase;
let filesDir: string;
let files: ArchiveShelves;
let store: LocalDiskObjectStore;
let demoId: string;

async function archiveOf(websiteId: string, includePersonalData = false): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writeSiteArchive(database.db, websiteId, { includePersonalData, files }, async (body) => {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  });
  return Buffer.concat(chunks);
}

async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tarExtract();
  Readable.from([archive]).pipe(createGunzip()).pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

/** A row with its keys sorted, so two archives' lines compare as text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, canonical(inner)]));
  return value;
}

function rowsOf(text: string): string[] {
  return text.split('\n').filter(Boolean).map((line) => JSON.stringify(canonical(JSON.parse(line)))).sort();
}

beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'site-archive-files-'));
  store = new LocalDiskObjectStore(filesDir);
  const shelf = (prefix: string) => ({
    open: (key: string) => store.open(prefix + key),
    write: async (key: string, body: Readable) => void (await store.put(prefix + key, body, { maxBytes: 100 * 1024 * 1024 })),
    remove: (key: string) => store.remove(prefix + key),
  });
  files = {
    shelves: { images: shelf('images/'), downloads: shelf('downloads/'), 'lesson-videos': shelf('lesson-videos/') },
    imageOriginalKey: (image) => `${image.id}/original.${image.content_type === 'image/png' ? 'png' : 'jpg'}`,
  };
  const demo = await database.db.selectFrom('websites').select('id').where('identifier', '=', 'demo').executeTakeFirstOrThrow();
  demoId = demo.id;
  // One uploaded picture with its bytes in the store (the demo's own are bundled: drawn on first request).
  const image = await database.db.selectFrom('images').select(['id', 'content_type']).where('website_id', '=', demoId).limit(1).executeTakeFirstOrThrow();
  await store.put(`images/${files.imageOriginalKey(image)}`, Readable.from([Buffer.from('picture bytes')]), { maxBytes: 1000 });
});
afterAll(async () => {
  await database?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('a whole site exported, imported into a new website and exported again', () => {
  it('gives the same archive, ids mapped through the import', async () => {
    const first = await archiveOf(demoId);
    const copy = await createWebsite(database.db, { identifier: 'copy', siteTitle: 'Empty for now', sampleContent: false });
    const report = await importSiteArchive(database.db, copy.website.id, Readable.from([first]), files);
    expect(report.rows.products).toBeGreaterThan(5);
    expect(report.files).toBe(1);
    const second = await archiveOf(copy.website.id);

    const before = await entriesOf(first);
    const after = await entriesOf(second);
    const remap = (text: string) => text.replace(ID_PATTERN, (id) => report.idMap.get(id) ?? id);
    const manifestBefore = JSON.parse(before.get('manifest.json')!.toString()) as ArchiveManifest;
    const manifestAfter = JSON.parse(after.get('manifest.json')!.toString()) as ArchiveManifest;
    expect(manifestAfter.tables).toEqual(manifestBefore.tables);
    expect(manifestAfter.containsPersonalData).toBe(false);
    expect(manifestAfter.files.map((file) => file.key)).toEqual(manifestBefore.files.map((file) => remap(file.key)));
    const names = [...before.keys()].filter((name) => name !== 'manifest.json').map(remap).sort();
    expect([...after.keys()].filter((name) => name !== 'manifest.json').sort()).toEqual(names);
    for (const [name, bytes] of before) {
      if (name === 'manifest.json') continue;
      const text = remap(bytes.toString());
      const mine = after.get(remap(name))!.toString();
      if (name.endsWith('.jsonl')) expect({ name, rows: rowsOf(mine) }).toEqual({ name, rows: rowsOf(text) });
      else if (name.endsWith('.json')) expect(canonical(JSON.parse(mine))).toEqual(canonical(JSON.parse(text)));
      else expect(after.get(remap(name))!.equals(bytes)).toBe(true);
    }
    // Something of every kind the demo has made the trip.
    for (const table of ['site_pages', 'site_navigations', 'products', 'variants', 'images', 'collections', 'forms', 'site_items']) {
      expect(manifestAfter.tables.find((entry) => entry.table === table)!.rows, table).toBeGreaterThan(0);
    }
    const copied = await database.db.selectFrom('websites').select(['site_title', 'identifier']).where('id', '=', copy.website.id).executeTakeFirstOrThrow();
    const demo = await database.db.selectFrom('websites').select('site_title').where('id', '=', demoId).executeTakeFirstOrThrow();
    expect(copied).toEqual({ site_title: demo.site_title, identifier: 'copy' });
  });

  it('carries orders, customers and subscribers only when asked, and says so in the manifest', async () => {
    const without = await entriesOf(await archiveOf(demoId));
    expect([...without.keys()].filter((name) => /orders|site_users|newsletter|carts/.test(name))).toEqual([]);
    const withPersonal = await entriesOf(await archiveOf(demoId, true));
    const manifest = JSON.parse(withPersonal.get('manifest.json')!.toString()) as ArchiveManifest;
    expect(manifest.containsPersonalData).toBe(true);
    expect(manifest.tables.filter((entry) => entry.personalData).map((entry) => entry.table)).toEqual(['site_users', 'newsletter_subscribers', 'carts', 'orders', 'order_items']);
  });

  it('refuses an archive of another version, a broken reference and a website that is not new, writing nothing', async () => {
    const target = await createWebsite(database.db, { identifier: 'refuser', siteTitle: 'Refuser', sampleContent: false });
    const pagesBefore = await database.db.selectFrom('site_pages').select('id').where('website_id', '=', target.website.id).execute();
    const entries = await entriesOf(await archiveOf(demoId));
    const rebuilt = async (change: (entries: Map<string, Buffer>) => void) => {
      const copy = new Map(entries);
      change(copy);
      const { pack } = await import('tar-stream');
      const { createGzip } = await import('node:zlib');
      const tar = pack();
      for (const [name, bytes] of copy) tar.entry({ name }, bytes);
      tar.finalize();
      const chunks: Buffer[] = [];
      for await (const chunk of (tar as unknown as Readable).pipe(createGzip())) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const refusal = async (archive: Buffer) => {
      try {
        await importSiteArchive(database.db, target.website.id, Readable.from([archive]), files);
      } catch (error) {
        if (isFailure(error)) return { kind: error.kind, message: error.message, errors: error.errors };
        throw error;
      }
      throw new Error('imported');
    };
    const version2 = await rebuilt((copy) => {
      const manifest = JSON.parse(copy.get('manifest.json')!.toString());
      copy.set('manifest.json', Buffer.from(JSON.stringify({ ...manifest, version: 2 })));
    });
    expect(await refusal(version2)).toEqual({ kind: 'invalid', message: SITE_ARCHIVE_MESSAGES.version(2), errors: { version: SITE_ARCHIVE_MESSAGES.version(2) } });

    const orphanVariant = await rebuilt((copy) => {
      const lines = copy.get('rows/variants.jsonl')!.toString().split('\n');
      const row = JSON.parse(lines[0]!);
      lines[0] = JSON.stringify({ ...row, product_id: 'ffffffffffffffffffffffff' });
      copy.set('rows/variants.jsonl', Buffer.from(lines.join('\n')));
    });
    expect(await refusal(orphanVariant)).toEqual({
      kind: 'invalid', message: SITE_ARCHIVE_MESSAGES.broken(1),
      errors: { 'archive[0]': SITE_ARCHIVE_MESSAGES.brokenReference('rows/variants.jsonl', 1, 'product_id', 'products') },
    });
    expect(await refusal(Buffer.from('not a tarball'))).toEqual({ kind: 'invalid', message: SITE_ARCHIVE_MESSAGES.notAnArchive, errors: undefined });
    expect(await database.db.selectFrom('site_pages').select('id').where('website_id', '=', target.website.id).execute()).toEqual(pagesBefore);

    // The demo has products: it is not a new website.
    const demoRefusal = await importSiteArchive(database.db, demoId, Readable.from([await rebuilt(() => undefined)]), files).catch((error) => error);
    expect({ kind: demoRefusal.kind, message: demoRefusal.message }).toEqual({ kind: 'conflict', message: SITE_ARCHIVE_MESSAGES.notNew });
  });
});
