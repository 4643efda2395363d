// databases: one — AVIF and WebP copies by Accept; no lock, race or transaction of its own
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { modernFormatFor } from './service';

/** A JPEG or PNG goes out as AVIF or WebP to a browser that says it reads them (`Vary: Accept`); others get the original's format. */

let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => server?.close());

async function uploadPng(width: number, height: number): Promise<{ id: string; assetUrl: string }> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();
  const boundary = '----vitrine-negotiation';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await admin.request({ method: 'POST', url: '/api/owner/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

describe('modernFormatFor', () => {
  it('prefers AVIF, then WebP, and honours q=0', () => {
    expect(modernFormatFor('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBe('avif');
    expect(modernFormatFor('image/webp,*/*')).toBe('webp');
    expect(modernFormatFor('image/avif;q=0, image/webp')).toBe('webp');
    expect(modernFormatFor('image/*,*/*;q=0.8')).toBeUndefined();
    expect(modernFormatFor(undefined)).toBeUndefined();
  });
});

describe('GET <assetUrl>?format=NNNw with Accept', () => {
  it('answers AVIF, WebP or the PNG by what the browser accepts, each its own ETag, all Vary: Accept and immutable', async () => {
    const asset = await uploadPng(1200, 800);
    const get = (accept: string | undefined, format = '750w') =>
      new TestVisitor(server.app).request({ method: 'GET', url: `${asset.assetUrl}?format=${format}`, headers: accept ? { accept } : {} });

    const avif = await get('image/avif,image/webp,*/*;q=0.8');
    expect(avif.statusCode).toBe(200);
    expect([avif.headers['content-type'], avif.headers.vary, avif.headers.etag, avif.headers['cache-control']]).toEqual(['image/avif', 'Accept', `"${asset.id}-750w-avif"`, 'public, max-age=31536000, immutable']);
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 750, height: 500 });

    const webp = await get('image/webp,*/*');
    expect([webp.headers['content-type'], webp.headers.vary, webp.headers.etag]).toEqual(['image/webp', 'Accept', `"${asset.id}-750w-webp"`]);
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 750 });

    const png = await get('*/*');
    expect([png.headers['content-type'], png.headers.vary, png.headers.etag]).toEqual(['image/png', 'Accept', `"${asset.id}-750w"`]);
    expect(webp.rawPayload.length).toBeLessThan(png.rawPayload.length);

    // Never wider than the original: 2500w of a 1200-wide picture is 1200 wide.
    const wide = await get('image/webp', '2500w');
    expect([wide.headers.etag, (await sharp(wide.rawPayload).metadata()).width]).toEqual([`"${asset.id}-1200w-webp"`, 1200]);
  });

  it('keeps the PNG renditions of the identity (png-NNNw, icons) PNG whatever the browser accepts', async () => {
    const asset = await uploadPng(400, 400);
    const icon = await new TestVisitor(server.app).request({ method: 'GET', url: `${asset.assetUrl}?format=icon-32`, headers: { accept: 'image/avif,image/webp' } });
    expect([icon.statusCode, icon.headers['content-type'], icon.headers.vary]).toEqual([200, 'image/png', undefined]);
  });
});
