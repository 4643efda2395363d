// databases: both — two server processes on one PostgreSQL and one S3-protocol bucket (s3rver on loopback)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { systemActor } from '../actor';
import { openPostgres } from '../db/database';
import { createEmptyPostgresDatabase } from '../db/testing';
import { createSetupLink } from '../owner';
import { HttpVisitor, startServerProcess, stopServerProcess, type ServerProcess } from '../reliability/server-process';
import { findDefaultWebsite } from '../websites';
import { LOOPBACK_S3_CREDENTIALS, startLoopbackS3 } from './s3-testing';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('storage/two-processes.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL.');

/**
 * Files past one machine: two processes, each with its own DATA_DIR (nothing shared on disk), on one database and
 * one bucket (STORAGE_URL). A picture uploaded through one is served, resized, by the other.
 */
describe.skipIf(!serverUrl)('two server processes on one bucket', () => {
  let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'vitrine-two-processes-')));
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    s3 = await startLoopbackS3('vitrine-shared');
    database = await createEmptyPostgresDatabase(serverUrl!);
    const env = (dataDir: string) => ({ DATABASE_URL: database!.url, DATA_DIR: dataDir, STORAGE_URL: s3.url, ...LOOPBACK_S3_CREDENTIALS });
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startServerProcess({ env: env(dataDirs[0]!), timeoutMs: 90_000 });
    b = await startServerProcess({ env: env(dataDirs[1]!), timeoutMs: 90_000 });
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await database?.drop();
    await s3?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a picture uploaded through one is served by the other, from the bucket', async () => {
    const direct = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    let token: string;
    const email = 'admin@two-processes.test';
    try {
      const website = (await findDefaultWebsite(direct.db))!;
      token = (await createSetupLink(direct.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES.admin, email })).token;
    } finally {
      await direct.close();
    }
    const owner = new HttpVisitor();
    await owner.call(a!.base, 'GET', '/');
    expect((await owner.call(a!.base, 'POST', '/api/owner/setup', { token, email, password: 'owner-password-1' })).status).toBe(201);

    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#aa5522' } }).png().toBuffer();
    const boundary = '----vitrine-two-processes';
    const uploaded = await fetch(`${a!.base}/api/owner/images`, {
      method: 'POST',
      headers: { cookie: owner.cookieHeader(), 'x-csrf-token': owner.cookies.get('crumb')!, 'x-siteuser-xsrf-token': owner.siteUserXsrfToken ?? '', 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Shared.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const asset = (await uploaded.json()) as { id: string; assetUrl: string };

    const onB = await fetch(`${b!.base}${asset.assetUrl}?format=300w`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await onB.arrayBuffer())).metadata()).width).toBe(300);
    const original = await fetch(`${b!.base}${asset.assetUrl}?format=original`);
    expect(original.status).toBe(200);
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1200, height: 800 });

    const inBucket: string[] = [];
    for await (const object of s3.store.list(`images/${asset.id}/`)) inBucket.push(object.key);
    // The copy B made, and the original and AVIF/WebP copies A made at upload (images/prepared-copies.ts).
    expect(inBucket.sort()).toEqual(['300w.png', '500w.avif', '500w.webp', '750w.avif', '750w.webp', 'original.png'].map((name) => `images/${asset.id}/${name}`));
    // Neither process kept the picture on its own disk.
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'images', asset.id))).toBe(false);

    // Deleted through both processes at once: one removes it (its row, then every object), the other finds no picture.
    const answers = await Promise.all([a!, b!].map((server) => owner.call(server.base, 'DELETE', `/api/owner/images/${asset.id}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.status === 404)!.body).toEqual({ message: 'No such image.' });
    const left: string[] = [];
    for await (const object of s3.store.list(`images/${asset.id}/`)) left.push(object.key);
    expect(left).toEqual([]);
    expect((await fetch(`${b!.base}${asset.assetUrl}?format=300w`)).status).toBe(404);
  });
});
