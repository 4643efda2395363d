// databases: both — an install whose files are in an S3 bucket backed up and restored through the storage port, from and into PGlite and PostgreSQL
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { openPostgres, type OpenDatabase } from '../db/database';
import { createEmptyPostgresDatabase, openEmptyPGlite } from '../db/testing';
import { ObjectImageStore } from '../images';
import { systemActor } from '../actor';
import { createSetupLink } from '../owner';
import { findDefaultWebsite } from '../websites';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { prefixedStore, type ObjectStore } from '../storage';
import { startLoopbackS3 } from '../storage/s3-testing';
import { backupInstall, type BackupManifest } from './backup';
import { RestoreRefused, restoreInstall } from './restore';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-s3-'));
const backupDir = path.join(workDir, 'backup');
const DOWNLOAD_KEY = 'downloads/f1234/abcdef';
const DOWNLOAD_BYTES = Buffer.from('the guide, as a file \u00e9\n'.repeat(50));
const THEME_KEY = 'themes/t1/theme.zip';
let source: Awaited<ReturnType<typeof startLoopbackS3>>;
let server: TestServer;
let manifest: BackupManifest;
let imageId: string;

const bytesOf = async (store: ObjectStore, key: string) => {
  const stored = await store.open(key);
  return stored ? buffer(stored.stream()) : undefined;
};
const keysOf = async (store: ObjectStore) => {
  const keys: string[] = [];
  for (const prefix of ['images/', 'downloads/', 'lesson-videos/', 'themes/']) for await (const listed of store.list(prefix)) keys.push(listed.key);
  return keys.sort();
};

beforeAll(async () => {
  source = await startLoopbackS3('backup-source');
  server = await openTestServer({ imageStore: new ObjectImageStore(prefixedStore(source.store, 'images/')) });
  const website = (await findDefaultWebsite(server.database.db))!;
  const link = await createSetupLink(server.database.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES.storeManager, email: 'owner@s3-backup.test' });
  const owner = new TestVisitor(server.app);
  await owner.visit('/config/forgot-password');
  expect((await owner.post('/api/owner/setup', { token: link.token, email: 'owner@s3-backup.test', password: 'owner-password-1' })).statusCode).toBe(201);
  const png = await sharp({ create: { width: 300, height: 180, channels: 3, background: '#cc6633' } }).png().toBuffer();
  const boundary = '----vitrine-s3-backup';
  const uploaded = await owner.request({
    method: 'POST',
    url: '/api/owner/images',
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Bucket.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  imageId = (uploaded.json().assetUrl as string).split('/')[2]!;
  // Files of the other kinds, straight into the bucket (their rows do not matter to the file part of a backup).
  await source.store.put(DOWNLOAD_KEY, Readable.from([DOWNLOAD_BYTES]), { maxBytes: Number.POSITIVE_INFINITY });
  await source.store.put(THEME_KEY, Readable.from([Buffer.from('PK theme bytes')]), { maxBytes: Number.POSITIVE_INFINITY });
  manifest = await backupInstall({ db: server.database.db, kind: server.database.kind, dataDir: path.join(workDir, 'unused-data-dir'), objects: source.store }, backupDir);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await source?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

describe('a backup of an install on a bucket', () => {
  it('copies every object of the bucket, of every kind, with its checksum, into the backup folder', async () => {
    const keys = await keysOf(source.store);
    expect(keys).toContain(DOWNLOAD_KEY);
    expect(keys).toContain(THEME_KEY);
    expect(keys).toContain(`images/${imageId}/original.png`);
    expect(manifest.files.map((file) => file.path).sort()).toEqual(keys);
    for (const file of manifest.files) {
      const inBackup = readFileSync(path.join(backupDir, 'files', ...file.path.split('/')));
      expect(inBackup.equals((await bytesOf(source.store, file.path))!), file.path).toBe(true);
      expect(inBackup.length).toBe(file.bytes);
    }
  });
});

describe('a restore into an install on another bucket', () => {
  const targets: Array<[string, () => Promise<OpenDatabase & { drop?: () => Promise<void> }>]> = [['an empty PGlite', openEmptyPGlite]];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    targets.push([
      'a new PostgreSQL database',
      async () => {
        const created = await createEmptyPostgresDatabase(serverUrl);
        return { ...openPostgres({ connectionString: created.url, maxConnections: 4 }), drop: created.drop };
      },
    ]);
  }

  it.each(targets)('into %s: a damaged file leaves the bucket empty; the whole backup then puts every object back, byte for byte', async (_name, open) => {
    const target = await open();
    const bucket = await startLoopbackS3('backup-target');
    const install = { db: target.db, kind: target.kind, dataDir: path.join(workDir, `data-${target.kind}`), objects: bucket.store };
    try {
      const damaged = path.join(workDir, `damaged-${target.kind}`);
      cpSync(backupDir, damaged, { recursive: true });
      writeFileSync(path.join(damaged, 'files', ...DOWNLOAD_KEY.split('/')), 'not the guide');
      await expect(restoreInstall(install, damaged)).rejects.toThrow(`The backup's file ${DOWNLOAD_KEY} does not match its checksum: the backup is damaged.`);
      expect(await keysOf(bucket.store)).toEqual([]);

      const report = await restoreInstall(install, backupDir);
      expect(report.files).toBe(manifest.files.length);
      expect(await keysOf(bucket.store)).toEqual(manifest.files.map((file) => file.path).sort());
      for (const file of manifest.files) expect((await bytesOf(bucket.store, file.path))!.equals((await bytesOf(source.store, file.path))!), file.path).toBe(true);
      const image = await sql<{ filename: string }>`SELECT filename FROM images WHERE id = ${imageId}`.execute(target.db);
      expect(image.rows).toEqual([{ filename: 'bucket.png' }]);
    } finally {
      await target.close();
      await target.drop?.();
      await bucket.stop();
    }
  }, 120_000);

  it('refuses a bucket that already holds a file, naming it', async () => {
    const target = await openEmptyPGlite();
    const bucket = await startLoopbackS3('backup-occupied');
    try {
      await bucket.store.put('images/someone/original.png', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
      const refused = restoreInstall({ db: target.db, dataDir: path.join(workDir, 'occupied'), objects: bucket.store }, backupDir);
      await expect(refused).rejects.toThrow(RestoreRefused);
      await expect(refused).rejects.toThrow('This install already has files (images/someone/original.png in s3://backup-occupied).');
    } finally {
      await target.close();
      await bucket.stop();
    }
  }, 60_000);
});
