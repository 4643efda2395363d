// databases: both — two server processes on one PostgreSQL and one S3-protocol bucket (s3rver on loopback)
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { systemActor } from '../actor';
import { openPostgres } from '../db/database';
import { createEmptyPostgresDatabase } from '../db/testing';
import { createSetupLink } from '../owner';
import { defaultThemeDir } from '@vitrine/theme';
import { DEMO_WEBSITE } from '../catalog';
import { packThemeFiles } from '../themes/archive';
import { disallowedThemeFile, readThemeFolder } from '../themes/files';
import { DEMO_COURSE } from '../courses/demo';
import { demoProductId, TEST_SHIPPING_ADDRESS } from '../testing';
import { HttpVisitor, startServerProcess, stopServerProcess, type ServerProcess } from '../reliability/server-process';
import { findDefaultWebsite } from '../websites';
import { LOOPBACK_S3_CREDENTIALS, startLoopbackS3 } from './s3-testing';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('storage/two-processes.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL.');

/**
 * Files past one machine: two processes, each with its own DATA_DIR (nothing shared on disk), on one database and
 * one bucket (STORAGE_URL). A picture uploaded through one is served, resized, by the other; a product deleted for good
 * through either has each of its objects deleted once by the two processes' object-removal sweeps; a digital file and
 * a lesson video uploaded through one are answered by the other with a redirect to the bucket; an uploaded theme
 * renders through both and a site export written by either downloads through both, none of it on either disk.
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
    // The object-removal sweep of each process looks often, so that a deletion's files go within the test.
    const env = (dataDir: string) => ({ DATABASE_URL: database!.url, DATA_DIR: dataDir, STORAGE_URL: s3.url, OBJECT_REMOVAL_INTERVAL_MS: '200', SITE_EXPORT_INTERVAL_MS: '200', ...LOOPBACK_S3_CREDENTIALS });
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
    const owner = await signedInOwner('admin@two-processes.test');
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#aa5522' } }).png().toBuffer();
    const asset = await uploadPicture(owner, a!, png, 'Shared.png');

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

  it('deletes a product for good through either process: each of its objects is deleted once from the bucket, a shared picture stays, its order keeps its line', async () => {
    const owner = await signedInOwner('deleter@two-processes.test');
    const picture = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).png().toBuffer();
    const own = await uploadPicture(owner, a!, await picture('#335522'), 'Own.png');
    const shared = await uploadPicture(owner, b!, await picture('#552233'), 'Both.png');
    const created = await owner.call(a!.base, 'POST', '/api/owner/products', { productType: 1, title: 'Copper Kettle', variants: [{ sku: 'KETTLE-CU', priceCents: 6400, qtyInStock: 5 }], imageIds: [own.id, shared.id] });
    expect(created.status, created.text).toBe(201);
    const kettle = (created.body as { product: { id: string } }).product.id;
    expect((await owner.call(b!.base, 'POST', '/api/owner/products', { productType: 1, title: 'Tea Tin', variants: [{ sku: 'TIN-1', priceCents: 900, qtyInStock: 5 }], imageIds: [shared.id] })).status).toBe(201);

    const shopper = new HttpVisitor();
    await shopper.visit(a!.base);
    expect((await shopper.call(a!.base, 'POST', '/api/commerce/shopping-cart/entries', { itemId: kettle, sku: 'KETTLE-CU', quantity: 1 })).status).toBe(200);
    const placed = await shopper.call(a!.base, 'POST', '/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'kettle@two-processes.test' });
    expect(placed.status, placed.text).toBe(201);
    const orderId = (placed.body as { order: { id: string } }).order.id;

    const keysUnder = async (prefix: string) => {
      const keys: string[] = [];
      for await (const object of s3.store.list(prefix)) keys.push(object.key);
      return keys.sort();
    };
    const ownKeys = await keysUnder(`images/${own.id}/`);
    const sharedKeys = await keysUnder(`images/${shared.id}/`);
    expect(ownKeys).toContain(`images/${own.id}/original.png`);

    expect((await owner.call(b!.base, 'DELETE', `/api/owner/products/${kettle}`)).body).toEqual({ message: 'Archive the product before deleting it.' });
    expect((await owner.call(a!.base, 'POST', `/api/owner/products/${kettle}/archive`)).status).toBe(200);
    // Through both processes at once: one deletes it, the other finds no product.
    const answers = await Promise.all([a!, b!].map((server) => owner.call(server.base, 'DELETE', `/api/owner/products/${kettle}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);

    // Both processes' sweeps run every 200 ms; the queue empties once one of them has taken each row.
    const direct = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    try {
      const deadline = Date.now() + 20_000;
      while (Number((await direct.db.selectFrom('object_removals').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) > 0) {
        if (Date.now() > deadline) throw new Error('the object removals were not done within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A few more rounds of both sweeps: nothing is deleted again.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const line = await direct.db.selectFrom('order_items').select(['product_id', 'product_name', 'sku', 'unit_price_cents']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(line).toEqual({ product_id: null, product_name: 'Copper Kettle', sku: 'KETTLE-CU', unit_price_cents: 6400 });
    } finally {
      await direct.close();
    }
    expect(await keysUnder(`images/${own.id}/`)).toEqual([]);
    expect(Object.fromEntries(ownKeys.map((key) => [key, s3.deleteCalls.get(key)]))).toEqual(Object.fromEntries(ownKeys.map((key) => [key, 1])));
    expect(await keysUnder(`images/${shared.id}/`)).toEqual(sharedKeys);
    expect(sharedKeys.filter((key) => s3.deleteCalls.has(key))).toEqual([]);
    expect((await fetch(`${a!.base}${shared.assetUrl}?format=300w`)).status).toBe(200);
    expect((await fetch(`${b!.base}${own.assetUrl}?format=300w`)).status).toBe(404);

    const order = await owner.call(b!.base, 'GET', `/api/owner/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect((order.body as { order: { items: unknown[] } }).order.items).toMatchObject([{ productName: 'Copper Kettle', sku: 'KETTLE-CU', quantity: 1, unitPrice: { value: '64.00' } }]);
  });

  it("a digital product's file and a lesson video uploaded through one are served by the other, from the bucket", async () => {
    const owner = await signedInOwner('files@two-processes.test');
    const ebook = demoProductId('photography-ebook');
    const pdf = Buffer.from(`%PDF-1.4 shared across processes ${'x'.repeat(2000)}`);
    const filed = await sendRaw(owner, a!, 'PUT', `/api/owner/products/${ebook}/file`, pdf, { 'content-type': 'application/pdf', 'x-file-name': 'Guide.pdf' });
    expect(filed.status, await filed.clone().text()).toBe(200);

    // Bought through B; the link B's confirmation page gives is answered by B with a redirect to the bucket.
    const shopper = new HttpVisitor();
    await shopper.visit(b!.base);
    expect((await shopper.call(b!.base, 'POST', '/api/commerce/shopping-cart/entries', { itemId: ebook, sku: 'EBOOK', quantity: 1 })).status).toBe(200);
    const placed = await shopper.call(b!.base, 'POST', '/api/commerce/orders', { email: 'ebook@two-processes.test' });
    expect(placed.status, placed.text).toBe(201);
    const confirmed = await shopper.call(b!.base, 'GET', `/checkout/order-confirmed?orderId=${(placed.body as { order: { id: string } }).order.id}&format=json`);
    const link = (confirmed.body as { downloads: Array<{ url: string }> }).downloads[0]!.url;
    const answered = await fetch(new URL(link, b!.base), { redirect: 'manual' });
    expect(answered.status).toBe(302);
    const location = answered.headers.get('location')!;
    expect(location.startsWith(s3.endpoint)).toBe(true);
    expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(pdf)).toBe(true);

    // A members-only lesson's video uploaded through A plays through B: a presigned URL that answers ranges.
    const lessons = (await owner.call(a!.base, 'GET', `/api/owner/courses/${DEMO_COURSE.pageId(DEMO_WEBSITE.identifier)}`)).body as { lessons: Array<{ itemId: string; isPreview: boolean }> };
    const lesson = lessons.lessons.find((candidate) => !candidate.isPreview)!.itemId;
    const video = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
    const uploaded = await sendRaw(owner, a!, 'PUT', `/api/owner/lessons/${lesson}/video`, video, { 'content-type': 'video/mp4', 'x-file-name': 'clip.mp4' });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const played = await fetch(`${b!.base}/api/courses/videos/${lesson}`, { redirect: 'manual', headers: { cookie: owner.cookieHeader(), range: 'bytes=10-19' } });
    expect(played.status).toBe(302);
    const part = await fetch(played.headers.get('location')!, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(10, 20))).toBe(true);
    // Neither process kept them on its own disk.
    for (const dir of dataDirs) for (const folder of ['downloads', 'lesson-videos']) expect(existsSync(path.join(dir, folder)) ? readdirSync(path.join(dir, folder)) : []).toEqual([]);
  });

  it('a theme uploaded through one renders through the other, and a site export written by either downloads through both, from the bucket', async () => {
    const owner = await signedInOwner('designer@two-processes.test');
    const { files } = readThemeFolder(defaultThemeDir);
    for (const file of [...files.keys()]) if (disallowedThemeFile(file)) files.delete(file);
    files.set('templates/site.layout.html', Buffer.from(files.get('templates/site.layout.html')!.toString().replace('</body>', '<p class="shared-theme-mark">Theme from the bucket</p></body>')));
    const uploaded = await sendRaw(owner, a!, 'POST', '/api/owner/themes', await packThemeFiles(files), { 'content-type': 'application/zip' });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const themeId = ((await uploaded.json()) as { themes: Array<{ id: string }> }).themes[0]!.id;
    expect((await owner.call(b!.base, 'PUT', '/api/owner/themes/active', { themeId })).status).toBe(200);
    // B never had the archive on its disk: it read it from the bucket to render; so does A.
    for (const server of [b!, a!]) expect(await (await fetch(`${server.base}/`)).text()).toContain('Theme from the bucket');
    const css = await fetch(`${b!.base}/assets/themes/${themeId}/site.css`);
    expect([css.status, css.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    const themeKeys = await keysOf(s3, 'themes/');
    expect(themeKeys).toHaveLength(1);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'themes')) ? readdirSync(path.join(dir, 'themes')) : []).toEqual([]);

    // An export queued through B is written by whichever process's job claims it, into the bucket.
    const queued = await owner.call(b!.base, 'POST', '/api/owner/site-archives', { includePersonalData: false });
    expect(queued.status, queued.text).toBe(202);
    const archiveId = (queued.body as { archive: { id: string } }).archive.id;
    const deadline = Date.now() + 30_000;
    let status = 'queued';
    while (status !== 'ready') {
      if (Date.now() > deadline) throw new Error(`the export was not written within 30 s (${status})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = ((await owner.call(a!.base, 'GET', `/api/owner/site-archives/${archiveId}`)).body as { archive: { status: string } }).archive.status;
    }
    const archiveKeys = (await keysOf(s3, 'site-archives/')).filter((key) => key.endsWith(`/${archiveId}.tar.gz`));
    expect(archiveKeys).toHaveLength(1);
    const stored = await s3.store.open(archiveKeys[0]!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream()) chunks.push(chunk as Buffer);
    const storedBytes = Buffer.concat(chunks);
    for (const server of [a!, b!]) {
      const link = await owner.call(server.base, 'POST', `/api/owner/site-archives/${archiveId}/link`);
      expect(link.status, link.text).toBe(200);
      const download = await fetch(`${server.base}${(link.body as { url: string }).url}`);
      expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/gzip']);
      expect(Buffer.from(await download.arrayBuffer()).equals(storedBytes)).toBe(true);
    }
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'site-archives')) ? readdirSync(path.join(dir, 'site-archives')) : []).toEqual([]);

    // Deleted through A while B renders it: the archive leaves the bucket and both go back to the default theme.
    expect((await owner.call(a!.base, 'PUT', '/api/owner/themes/active', { themeId: null })).status).toBe(200);
    expect((await owner.call(a!.base, 'DELETE', `/api/owner/themes/${themeId}`)).status).toBe(200);
    expect(await keysOf(s3, 'themes/')).toEqual([]);
    expect(await (await fetch(`${b!.base}/`)).text()).not.toContain('Theme from the bucket');
  });

  /** An owner of the default website, signed in (through A; the session is shared by the database). */
  async function signedInOwner(email: string): Promise<HttpVisitor> {
    const direct = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    let token: string;
    try {
      const website = (await findDefaultWebsite(direct.db))!;
      token = (await createSetupLink(direct.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES.admin, email })).token;
    } finally {
      await direct.close();
    }
    const owner = new HttpVisitor();
    await owner.call(a!.base, 'GET', '/');
    expect((await owner.call(a!.base, 'POST', '/api/owner/setup', { token, email, password: 'owner-password-1' })).status).toBe(201);
    return owner;
  }
});

/** A raw body sent as the owner (a file upload: the body is the file, its name in X-File-Name). */
function sendRaw(owner: HttpVisitor, server: ServerProcess, method: 'PUT' | 'POST', url: string, body: Buffer, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.base}${url}`, {
    method,
    headers: { cookie: owner.cookieHeader(), 'x-csrf-token': owner.cookies.get('crumb')!, 'x-siteuser-xsrf-token': owner.siteUserXsrfToken ?? '', ...headers },
    body: new Uint8Array(body),
  });
}

/** A picture uploaded through one process's owner call (multipart, as the owner app sends it). */
async function uploadPicture(owner: HttpVisitor, server: ServerProcess, png: Buffer, filename: string): Promise<{ id: string; assetUrl: string }> {
  const boundary = '----vitrine-two-processes';
  const uploaded = await fetch(`${server.base}/api/owner/images`, {
    method: 'POST',
    headers: { cookie: owner.cookieHeader(), 'x-csrf-token': owner.cookies.get('crumb')!, 'x-siteuser-xsrf-token': owner.siteUserXsrfToken ?? '', 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  return (await uploaded.json()) as { id: string; assetUrl: string };
}

async function keysOf(s3: Awaited<ReturnType<typeof startLoopbackS3>>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of s3.store.list(prefix)) keys.push(object.key);
  return keys.sort();
}
