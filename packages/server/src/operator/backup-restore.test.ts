// databases: both — a dump read through cursors in one REPEATABLE READ transaction and a restore in one transaction, from and into PGlite and PostgreSQL
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type OpenDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { createEmptyPostgresDatabase, openEmptyPGlite } from '../db/testing';
import { LocalDiskImageStore } from '../images';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { systemActor } from '../actor';
import { createSetupLink } from '../owner';
import { findDefaultWebsite } from '../websites';
import { demoProductId, demoVariantId, openTestServer, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { backupInstall, MANIFEST_FILE, type BackupManifest } from './backup';
import { MIGRATIONS_TABLE, quoteIdentifier, readInstallTables, readSequenceNames } from './install-schema';
import { RestoreRefused, restoreInstall } from './restore';
import { runOperatorCommand } from './cli';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-test-'));
const sourceDataDir = path.join(workDir, 'source');
const backupDir = path.join(workDir, 'backup');
let server: TestServer;
let manifest: BackupManifest;
let orderId: string;
let picture: { assetUrl: string; bytes: Buffer };
const LESSON_VIDEO = 'lesson-videos/ab/cd/clip.mp4';

/** Every table's rows, as the text a dump writes, fingerprinted; and each sequence's state. */
async function fingerprint(db: Kysely<Database>): Promise<{ tables: Record<string, { rows: number; md5: string }>; sequences: Record<string, string> }> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(trx);
    await sql`SET LOCAL extra_float_digits = 3`.execute(trx);
    const tables: Record<string, { rows: number; md5: string }> = {};
    for (const table of await readInstallTables(trx)) {
      const columns = table.columns.map(({ name }) => `${quoteIdentifier(name)}::text AS ${quoteIdentifier(name)}`).join(', ');
      const { rows } = await sql
        .raw<{ rows: number; md5: string }>(
          `SELECT count(*)::int AS rows, md5(coalesce(string_agg(line, E'\\n' ORDER BY line), '')) AS md5
           FROM (SELECT row_to_json(r)::text AS line FROM (SELECT ${columns} FROM ${quoteIdentifier(table.name)}) r) lines`,
        )
        .execute(trx);
      tables[table.name] = rows[0]!;
    }
    const sequences: Record<string, string> = {};
    for (const name of await readSequenceNames(trx)) {
      const { rows } = await sql.raw<{ state: string }>(`SELECT last_value::text || ' ' || is_called::text AS state FROM ${quoteIdentifier(name)}`).execute(trx);
      sequences[name] = rows[0]!.state;
    }
    return { tables, sequences };
  });
}

const BOUNDARY = '----vitrine-backup-boundary';

beforeAll(async () => {
  server = await openTestServer({ imageStore: new LocalDiskImageStore(path.join(sourceDataDir, 'images')) });
  // An order…
  const shopper = new TestVisitor(server.app);
  // Any page gives the crumb cookie; this one renders no theme (the first theme render costs seconds).
  await shopper.visit('/config/forgot-password');
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await shopper.post('/api/commerce/orders', { email: 'restored@example.com', shippingAddress: TEST_SHIPPING_ADDRESS });
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json().order.id;
  // …an uploaded picture (its original and the copies made when it is served)…
  const website = (await findDefaultWebsite(server.database.db))!;
  const link = await createSetupLink(server.database.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES.storeManager, email: 'owner@backup.test' });
  const owner = new TestVisitor(server.app);
  await owner.visit('/config/forgot-password');
  expect((await owner.post('/api/owner/setup', { token: link.token, email: 'owner@backup.test', password: 'owner-password-1' })).statusCode).toBe(201);
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="Restored.png"\r\nContent-Type: image/png\r\n\r\n`);
  const uploaded = await owner.request({
    method: 'POST', url: '/api/owner/images',
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const assetUrl = uploaded.json().assetUrl as string;
  const served = await server.app.inject({ method: 'GET', url: assetUrl });
  expect(served.statusCode).toBe(200);
  picture = { assetUrl, bytes: served.rawPayload };
  // …a lesson video's file in a nested folder, and values whose text must survive exactly.
  mkdirSync(path.dirname(path.join(sourceDataDir, LESSON_VIDEO)), { recursive: true });
  writeFileSync(path.join(sourceDataDir, LESSON_VIDEO), Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]));
  await sql`UPDATE orders SET shipping_address = ${JSON.stringify({ ...TEST_SHIPPING_ADDRESS, note: 'line\nbreak "quoted" \u00e9 \u2028', precise: 0.1 })}::jsonb,
    created_at = '2026-03-01 12:34:56.789012+00' WHERE id = ${orderId}`.execute(server.database.db);
  await sql`UPDATE rate_limits SET window_start = 9007199254740993 WHERE true`.execute(server.database.db);

  manifest = await backupInstall({ db: server.database.db, kind: server.database.kind, dataDir: sourceDataDir }, backupDir);
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('backup', () => {
  it('writes a manifest of every table in foreign-key order, the migrations, and the files with their checksums', () => {
    const written = JSON.parse(readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8')) as BackupManifest;
    expect(written).toEqual(manifest);
    expect(manifest.database.migrations.length).toBeGreaterThan(30);
    expect(manifest.tables.map((table) => table.name)).not.toContain(MIGRATIONS_TABLE);
    const position = (name: string) => manifest.tables.findIndex((table) => table.name === name);
    expect(position('websites')).toBeLessThan(position('products'));
    expect(position('products')).toBeLessThan(position('variants'));
    expect(position('orders')).toBeLessThan(position('order_items'));
    expect(manifest.tables.find((table) => table.name === 'orders')!.rows).toBe(1);
    // Generated columns are computed again, not carried.
    expect(manifest.tables.find((table) => table.name === 'products')!.columns).not.toContain('search_document');
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toContain(LESSON_VIDEO);
    expect(paths.some((file) => file.startsWith('images/'))).toBe(true);
    expect(paths.some((file) => file.startsWith('pglite'))).toBe(false);
  });

  it('refuses a folder that is not empty', async () => {
    await expect(backupInstall({ db: server.database.db, dataDir: sourceDataDir }, backupDir)).rejects.toThrow(/not empty/);
  });
});

describe('restore', () => {
  const targets: Array<[string, () => Promise<OpenDatabase & { drop?: () => Promise<void> }>]> = [['an empty PGlite', openEmptyPGlite]];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    targets.push([
      'a new PostgreSQL database',
      async () => {
        const created = await createEmptyPostgresDatabase(serverUrl);
        const database = openPostgres({ connectionString: created.url, maxConnections: 4 });
        return { ...database, drop: created.drop };
      },
    ]);
  }

  it.each(targets)('into %s: refuses a damaged backup leaving it empty, then finds every row, sequence and file as it was', async (_name, open) => {
    const target = await open();
    const dataDir = path.join(workDir, `restored-${target.kind}`);
    try {
      // A backup whose orders file was changed is refused; the rows and files it had loaded are gone again.
      const damaged = path.join(workDir, `damaged-${target.kind}`);
      cpSync(backupDir, damaged, { recursive: true });
      const orders = manifest.tables.find((table) => table.name === 'orders')!;
      const ordersFile = path.join(damaged, orders.file);
      writeFileSync(ordersFile, readFileSync(ordersFile, 'utf8').replace('restored@example.com', 'tampered@example.com'));
      await expect(restoreInstall({ db: target.db, kind: target.kind, dataDir }, damaged)).rejects.toThrow(/orders.*checksum/);
      const websites = await sql<{ n: number }>`SELECT count(*)::int AS n FROM websites`.execute(target.db);
      expect(websites.rows[0]!.n).toBe(0);
      expect(manifest.files.some((entry) => existsSync(path.join(dataDir, entry.path)))).toBe(false);

      // The install is still empty (and migrated to the backup's level), so the whole backup restores into it.
      const report = await restoreInstall({ db: target.db, kind: target.kind, dataDir }, backupDir);
      expect(report.files).toBe(manifest.files.length);
      expect(report.migrated).toEqual([]);

      const [before, after] = [await fingerprint(server.database.db), await fingerprint(target.db)];
      expect(after).toEqual(before);
      for (const table of manifest.tables) expect(after.tables[table.name]!.rows, table.name).toBe(table.rows);
      const order = (db: Kysely<Database>) => db.selectFrom('orders').select(['grand_total_cents', 'shipping_address', 'created_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(await order(target.db)).toEqual(await order(server.database.db));
      const price = (db: Kysely<Database>) => db.selectFrom('variants').select(['price_cents', 'sale_price_cents']).where('id', '=', demoVariantId('TOTE')).executeTakeFirstOrThrow();
      expect(await price(target.db)).toEqual({ price_cents: 3000, sale_price_cents: 2200 });
      const bigint = await sql<{ window_start: string }>`SELECT window_start::text AS window_start FROM rate_limits`.execute(target.db);
      expect(bigint.rows.length).toBeGreaterThan(0);
      for (const row of bigint.rows) expect(row.window_start).toBe('9007199254740993');
      // The generated search column is computed again: search finds the tote.
      const found = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE search_document @@ to_tsquery('english', 'tote')`.execute(target.db);
      expect(found.rows[0]!.n).toBeGreaterThan(0);
      for (const file of manifest.files) {
        expect(readFileSync(path.join(dataDir, file.path)).equals(readFileSync(path.join(sourceDataDir, file.path))), file.path).toBe(true);
      }
      // The uploaded picture: its row, and its original's bytes as the source served them.
      const imageId = picture.assetUrl.split('/')[2]!;
      expect(await target.db.selectFrom('images').select(['filename', 'width', 'height']).where('id', '=', imageId).executeTakeFirst()).toEqual({ filename: 'restored.png', width: 320, height: 200 });
      expect(readFileSync(path.join(dataDir, 'images', imageId, 'original.png')).equals(picture.bytes)).toBe(true);

      // Now the install is not empty: another restore is refused.
      await expect(restoreInstall({ db: target.db, kind: target.kind, dataDir }, backupDir)).rejects.toThrow(RestoreRefused);
      await expect(restoreInstall({ db: target.db, kind: target.kind, dataDir: path.join(workDir, 'other') }, backupDir)).rejects.toThrow(/not empty \(rows in/);
    } finally {
      await target.close();
      await target.drop?.();
    }
  }, 120_000);
});

describe('npm run platform', () => {
  it('prints the commands for an unknown one, and refuses a backup without a manifest', async () => {
    const lines: string[] = [];
    const out = { say: (line: string) => lines.push(line), fail: (line: string) => lines.push(line) };
    expect(await runOperatorCommand(['frobnicate'], {}, out)).toBe(2);
    expect(lines.join('\n')).toMatch(/backup DIR[\s\S]*restore DIR/);
    expect(await runOperatorCommand(['backup'], {}, out)).toBe(2);
    expect(await runOperatorCommand(['backup', path.join(workDir, 'x')], { DATA_DIR: path.join(workDir, 'no-install') }, out)).toBe(1);
    expect(lines.at(-1)).toMatch(/no embedded database/);
  });
});
