// databases: one — the AVIF and WebP copies made at upload and by the copy job after the seed; no lock or transaction of their own
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAssetsDir } from '../catalog';
import { LocalDiskObjectStore } from '../storage';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { ImageFiles } from './files';
import { prepareBundledImageCopies, WIDTHS_MADE_AT_UPLOAD } from './prepared-copies';
import { ObjectImageStore } from './store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-prepared-copies-'));
const objects = new LocalDiskObjectStore(dir);
let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ imageStore: new ObjectImageStore(objects) });
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const keysOf = async (prefix: string) => {
  const keys: string[] = [];
  for await (const listed of objects.list(prefix)) keys.push(listed.key);
  return keys.sort();
};

async function upload(picture: Buffer, name: string): Promise<{ id: string; assetUrl: string }> {
  const boundary = '----vitrine-prepared';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await admin.request({ method: 'POST', url: '/api/owner/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

describe('copies made at upload', () => {
  it('a JPEG gets AVIF and WebP at 500w and 750w before the upload answers, and those are what the browser is then sent', async () => {
    expect(WIDTHS_MADE_AT_UPLOAD).toEqual([500, 750]);
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    const asset = await upload(jpeg, 'Big.jpg');
    expect(await keysOf(`${asset.id}/`)).toEqual([`${asset.id}/500w.avif`, `${asset.id}/500w.webp`, `${asset.id}/750w.avif`, `${asset.id}/750w.webp`, `${asset.id}/original.jpg`]);
    const stored = await objects.open(`${asset.id}/750w.avif`);
    expect(await sharp(await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      stored!.stream().on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    })).metadata()).toMatchObject({ compression: 'av1', width: 750, height: 563 });
    const served = await new TestVisitor(server.app).request({ method: 'GET', url: `${asset.assetUrl}?format=750w`, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect([served.statusCode, served.headers['content-type'], served.headers['content-length']]).toEqual([200, 'image/avif', String(stored!.size)]);
    // Nothing more was made by that request: the copy was ready.
    expect(await keysOf(`${asset.id}/`)).toHaveLength(5);
    // A width not made at upload is made on its first request, then kept.
    const wide = await new TestVisitor(server.app).request({ method: 'GET', url: `${asset.assetUrl}?format=1500w`, headers: { accept: 'image/webp' } });
    expect([wide.statusCode, wide.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(await keysOf(`${asset.id}/`)).toContain(`${asset.id}/1500w.webp`);
  });

  it('a picture narrower than 500 px gets its copies at its own width only; a GIF gets none', async () => {
    const small = await upload(await sharp({ create: { width: 320, height: 240, channels: 3, background: '#225588' } }).png().toBuffer(), 'small.png');
    expect(await keysOf(`${small.id}/`)).toEqual([`${small.id}/320w.avif`, `${small.id}/320w.webp`, `${small.id}/original.png`]);
    const gif = await upload(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa3366' } }).gif().toBuffer(), 'moving.gif');
    expect(await keysOf(`${gif.id}/`)).toEqual([`${gif.id}/original.gif`]);
  });
});

describe('the copy job after the seed', () => {
  it("draws each demo picture's original and makes its common copies; a second run makes nothing new", async () => {
    const website = (await findDefaultWebsite(server.database.db))!;
    const files = new ImageFiles(new ObjectImageStore(objects), demoAssetsDir);
    const bundled = await server.database.db.selectFrom('images').select(['id', 'width']).where('website_id', '=', website.id).where('bundled_source', 'is not', null).execute();
    expect(bundled.length).toBeGreaterThan(5);
    const done = await prepareBundledImageCopies(server.database.db, files, website.id);
    expect(done).toEqual({ images: bundled.length, copies: bundled.length * 4 });
    for (const image of bundled) {
      // The demo's SVGs are 1000 px wide: originals drawn as PNG, and AVIF and WebP at both widths.
      expect(await keysOf(`${image.id}/`), image.id).toEqual([`${image.id}/500w.avif`, `${image.id}/500w.webp`, `${image.id}/750w.avif`, `${image.id}/750w.webp`, `${image.id}/original.png`]);
    }
    const before = await keysOf('');
    expect(await prepareBundledImageCopies(server.database.db, files, website.id)).toEqual(done);
    expect(await keysOf('')).toEqual(before);
    // A product page's picture at 750w goes to an AVIF browser from the prepared copy.
    const [first] = bundled;
    const row = await server.database.db.selectFrom('images').select(['filename']).where('id', '=', first!.id).executeTakeFirstOrThrow();
    const served = await new TestVisitor(server.app).request({ method: 'GET', url: `/images/${first!.id}/${row.filename}?format=750w`, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect([served.statusCode, served.headers['content-type'], served.headers.vary]).toEqual([200, 'image/avif', 'Accept']);
  }, 120_000);
});
