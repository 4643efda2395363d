// databases: one — picture processing and its answers; no lock, race or transaction of its own
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_FIELD_MESSAGES, IMAGE_WIDTHS, type ImageAssetJson } from '@vitrine/contracts';
import { demoImageId } from '../catalog/seed';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { UNSTORABLE_TEXT_MESSAGES } from '../http/unstorable-text';
import { IMAGE_MESSAGES } from './service';
import { productImageRecords } from './records';
import { LocalDiskImageStore } from './store';
import { findDefaultWebsite } from '../websites';

/** The local store, counting writes: a resized copy asked for many times at once is written once. */
class CountingStore extends LocalDiskImageStore {
  readonly puts: string[] = [];
  override async put(key: string, bytes: Uint8Array): Promise<void> {
    this.puts.push(key);
    await super.put(key, bytes);
  }
}

let server: TestServer;
let store: CountingStore;
let storeDir: string;
let admin: TestVisitor;
beforeAll(async () => {
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-images-test-'));
  store = new CountingStore(storeDir);
  server = await openTestServer({ imageStore: store });
  admin = await ownerVisitor(server, 'storeManager');
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const BOUNDARY = '----vitrine-test-boundary';

/** A multipart/form-data body with one file (what a browser's file input sends). */
function multipart(file: Buffer, filename: string, contentType: string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const upload = (visitor: TestVisitor, file: Buffer, filename: string, contentType = 'application/octet-stream') =>
  visitor.request({ method: 'POST', url: '/api/owner/images', ...multipart(file, filename, contentType) });

const png = (width: number, height: number, background = '#2255aa') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

const imageCount = async () => Number((await server.database.db.selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const storedFolders = () => readdirSync(storeDir).sort();
/** An image's PNG files (its AVIF and WebP copies, made at upload, aside). */
const pngFilesOf = (id: string) => readdirSync(path.join(storeDir, id)).filter((name) => name.endsWith('.png')).sort();

async function uploaded(width = 1200, height = 800, filename = 'Wide Picture.png'): Promise<ImageAssetJson> {
  const answer = await upload(admin, await png(width, height), filename, 'image/png');
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

describe('POST /api/owner/images', () => {
  it('stores a real PNG and answers its asset fields', async () => {
    const answer = await upload(admin, await png(640, 480, '#ff0000'), 'Red Square.PNG', 'image/png');
    expect(answer.statusCode, answer.body).toBe(201);
    const asset = answer.json() as ImageAssetJson;
    expect(asset).toMatchObject({
      assetUrl: `/images/${asset.id}/red-square.png`,
      originalSize: '640x480',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      colorData: { topLeft: '#ff0000', topRight: '#ff0000', bottomLeft: '#ff0000', bottomRight: '#ff0000', center: '#ff0000' },
      altText: '',
      title: '',
      body: '',
      filename: 'red-square.png',
      contentType: 'image/png',
    });
    expect(asset.id).toMatch(/^[0-9a-f]{24}$/);
    // The original, and the common AVIF and WebP copies made at upload (prepared-copies.ts: 500w, and 640w for 750w).
    expect(readdirSync(path.join(storeDir, asset.id)).sort()).toEqual(['500w.avif', '500w.webp', '640w.avif', '640w.webp', 'original.png']);
    const served = await new TestVisitor(server.app).get(asset.assetUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 640, height: 480 });
  });

  it('names the file by the type its bytes hold, not by its name or Content-Type', async () => {
    const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#00aa00' } }).webp().toBuffer();
    const answer = await upload(admin, webp, 'holiday.jpg', 'image/jpeg');
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ filename: 'holiday.webp', contentType: 'image/webp' });
  });

  it('refuses a text file named .jpg, and stores nothing', async () => {
    const [before, folders] = [await imageCount(), storedFolders()];
    const answer = await upload(admin, Buffer.from('This is not a picture at all.\n'.repeat(20)), 'photo.jpg', 'image/jpeg');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: IMAGE_MESSAGES.notAnImage, errors: { file: IMAGE_MESSAGES.notAnImage } });
    expect(IMAGE_MESSAGES.notAnImage).toBe('This file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.');
    expect(await imageCount()).toBe(before);
    expect(storedFolders()).toEqual(folders);
  });

  it('refuses an SVG (a document that can carry script), whatever it claims', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const answer = await upload(admin, svg, 'logo.png', 'image/png');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(IMAGE_MESSAGES.notAnImage);
  });

  it('refuses a 50 MB upload with 413 before reading it, and stores nothing', async () => {
    const [before, folders] = [await imageCount(), storedFolders()];
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    const answer = await upload(admin, big, 'huge.png', 'image/png');
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: 'This file is too large: a picture may be at most 20 MB.' });
    expect(await imageCount()).toBe(before);
    expect(storedFolders()).toEqual(folders);
  });

  it('stops reading a body with no Content-Length at 20 MB: 413, nothing stored', async () => {
    const [before, folders] = [await imageCount(), storedFolders()];
    const head = multipart(Buffer.alloc(0), 'stream.png', 'image/png');
    const chunks = (function* () {
      yield head.payload.subarray(0, head.payload.length - `\r\n--${BOUNDARY}--\r\n`.length);
      // A PNG signature, then 50 MB of bytes, in 1 MB chunks.
      yield Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      for (let index = 0; index < 50; index++) yield Buffer.alloc(1024 * 1024, 0x42);
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    })();
    const answer = await admin.request({ method: 'POST', url: '/api/owner/images', headers: head.headers, payload: Readable.from(chunks) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: IMAGE_MESSAGES.tooLarge });
    expect(await imageCount()).toBe(before);
    expect(storedFolders()).toEqual(folders);
  });

  it('strips EXIF from a JPEG and turns it the way its orientation said', async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#808000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Owner', Artist: 'Somebody at home' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await upload(admin, photo, 'camera.jpeg', 'image/jpeg');
    expect(answer.statusCode).toBe(201);
    const asset = answer.json() as ImageAssetJson;
    expect(asset).toMatchObject({ originalSize: '40x60', filename: 'camera.jpg', contentType: 'image/jpeg' });
    const stored = await sharp(path.join(storeDir, asset.id, 'original.jpg')).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([40, 60]);
    expect(stored.exif?.toString('latin1') ?? '').not.toContain('Somebody');
  });

  it('answers anything but one file in multipart/form-data with a clear 4xx', async () => {
    const json = await admin.post('/api/owner/images', {});
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: IMAGE_MESSAGES.notMultipart });
    const noFile = await admin.request({
      method: 'POST',
      url: '/api/owner/images',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(IMAGE_MESSAGES.noFile);
    const broken = await admin.request({
      method: 'POST',
      url: '/api/owner/images',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated`,
    });
    expect(broken.statusCode).toBe(400);
  });

  it('keeps other calls JSON-only', async () => {
    const answer = await admin.request({
      method: 'PUT',
      url: `/api/owner/images/${demoImageId('wool-blanket.svg')}`,
      ...multipart(Buffer.from('x'), 'a.txt', 'text/plain'),
    });
    expect(answer.statusCode).toBe(415);
  });
});

describe('GET <assetUrl>?format=NNNw', () => {
  it('serves each width of the spec, never wider than the original, cached for a year', async () => {
    const asset = await uploaded(1200, 800);
    const visitor = new TestVisitor(server.app);
    for (const width of IMAGE_WIDTHS) {
      const answer = await visitor.get(`${asset.assetUrl}?format=${width}w`);
      expect(answer.statusCode, `${width}w`).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const expectedWidth = Math.min(width, 1200);
      expect(answer.headers.etag).toBe(width >= 1200 ? `"${asset.id}-original"` : `"${asset.id}-${width}w"`);
      const metadata = await sharp(answer.rawPayload).metadata();
      expect([metadata.width, metadata.height], `${width}w`).toEqual([expectedWidth, Math.round((expectedWidth * 800) / 1200)]);
    }
    // The copies narrower than the original are on disk; the wider widths are the original itself.
    expect(pngFilesOf(asset.id)).toEqual(['1000w.png', '100w.png', '300w.png', '500w.png', '750w.png', 'original.png']);
    const original = await visitor.get(asset.assetUrl);
    expect(original.headers.etag).toBe(`"${asset.id}-original"`);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
  });

  it('makes a copy once and serves it from the store after', async () => {
    const asset = await uploaded(900, 900);
    const before = store.puts.length;
    await new TestVisitor(server.app).get(`${asset.assetUrl}?format=500w`);
    await new TestVisitor(server.app).get(`${asset.assetUrl}?format=500w`);
    expect(store.puts.slice(before)).toEqual([`${asset.id}/500w.png`]);
  });

  it('makes a copy once when many first requests for it arrive together', async () => {
    const asset = await uploaded(1600, 1000);
    const before = store.puts.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => new TestVisitor(server.app).get(`${asset.assetUrl}?format=750w`)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
    expect(store.puts.slice(before)).toEqual([`${asset.id}/750w.png`]);
    expect(pngFilesOf(asset.id)).toEqual(['750w.png', 'original.png']);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const asset = await uploaded(400, 400);
    const first = await new TestVisitor(server.app).get(`${asset.assetUrl}?format=300w`);
    const again = await new TestVisitor(server.app).request({ method: 'GET', url: `${asset.assetUrl}?format=300w`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('refuses a width not in the spec with 400, and an unknown image or name with 404', async () => {
    const asset = await uploaded(400, 300);
    const visitor = new TestVisitor(server.app);
    for (const format of ['640w', '750', 'large', '750w750w', '0w']) {
      const answer = await visitor.get(`${asset.assetUrl}?format=${format}`);
      expect(answer.statusCode, format).toBe(400);
      expect(answer.json()).toEqual({ message: IMAGE_MESSAGES.badWidth, errors: { format: IMAGE_MESSAGES.badWidth } });
    }
    expect(IMAGE_MESSAGES.badWidth).toBe('Ask for one of the widths 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w, or none for the original.');
    expect((await visitor.get(`/images/${asset.id}/another-name.png`)).statusCode).toBe(404);
    expect((await visitor.get(`/images/000000000000000000000000/${asset.filename}`)).statusCode).toBe(404);
    expect((await visitor.get(`/images/..%2f..%2fetc/passwd`)).statusCode).toBe(404);
    expect((await visitor.get(`/images/${asset.id}/${asset.filename}?format=original`)).statusCode).toBe(200);
  });

  it('answers GET and HEAD only', async () => {
    const asset = await uploaded(100, 100);
    const head = await new TestVisitor(server.app).request({ method: 'HEAD', url: asset.assetUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    const post = await admin.request({ method: 'POST', url: asset.assetUrl, payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('the demo pictures go through the same path', () => {
  it('are the website\'s images, drawn as PNG on first request and resized for real', async () => {
    const id = demoImageId('wool-blanket.svg');
    const page = await new TestVisitor(server.app).get('/shop/p/wool-blanket');
    expect(page.body).toContain(`src="/images/${id}/wool-blanket.png`);
    expect(page.body).not.toContain('/assets/demo/');
    const asset = (await admin.get(`/api/owner/images/${id}`)).json() as ImageAssetJson;
    expect(asset).toMatchObject({ assetUrl: `/images/${id}/wool-blanket.png`, originalSize: '1000x1000', filename: 'wool-blanket.png', contentType: 'image/png' });
    expect(asset.colorData.center).toMatch(/^#[0-9a-f]{6}$/);
    const resized = await new TestVisitor(server.app).get(`${asset.assetUrl}?format=750w`);
    expect(resized.statusCode).toBe(200);
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'png', width: 750, height: 750 });
    expect(readdirSync(path.join(storeDir, id)).sort()).toEqual(['750w.png', 'original.png']);
  });
});

describe('the owner\'s image calls', () => {
  it('lists the website\'s images newest first, in cursor pages that cover each once', async () => {
    const newest = await uploaded(50, 50, 'newest.png');
    const first = await admin.get('/api/owner/images?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.json().images[0].id).toBe(newest.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await admin.get(`/api/owner/images?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode).toBe(200);
      const page = answer.json() as { images: ImageAssetJson[]; nextCursor: string | null };
      seen.push(...page.images.map((image) => image.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await imageCount());
    expect(seen).toContain(demoImageId('linen-shirt-navy.svg'));
  });

  it('refuses a bad page size or cursor with field errors', async () => {
    for (const limit of ['0', '101', 'ten', '-1']) {
      const answer = await admin.get(`/api/owner/images?limit=${limit}`);
      expect(answer.statusCode, limit).toBe(400);
      expect(answer.json().errors).toEqual({ limit: IMAGE_FIELD_MESSAGES.limit });
    }
    const cursor = await admin.get('/api/owner/images?cursor=not-a-cursor');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toEqual({ message: IMAGE_FIELD_MESSAGES.cursor, errors: { cursor: IMAGE_FIELD_MESSAGES.cursor } });
  });

  it('reads one image, and 404s one that does not exist', async () => {
    const asset = await uploaded(20, 20);
    expect((await admin.get(`/api/owner/images/${asset.id}`)).json()).toEqual(asset);
    const missing = await admin.get('/api/owner/images/000000000000000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such image.' });
  });

  it('changes the texts and focal point given, keeps the rest, and the pixels never change', async () => {
    const asset = await uploaded(30, 30);
    const answer = await admin.put(`/api/owner/images/${asset.id}`, { altText: 'A blue square', mediaFocalPoint: { x: 0.25, y: 1 } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ...asset, altText: 'A blue square', mediaFocalPoint: { x: 0.25, y: 1 } });
    const second = await admin.put(`/api/owner/images/${asset.id}`, { title: 'Blue', body: '<p>Square</p>' });
    expect(second.json()).toMatchObject({ altText: 'A blue square', title: 'Blue', body: '<p>Square</p>', mediaFocalPoint: { x: 0.25, y: 1 } });
  });

  it('refuses bad fields with their messages and changes nothing', async () => {
    const asset = await uploaded(30, 30);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ mediaFocalPoint: { x: 1.5, y: 0.5 } }, 'mediaFocalPoint', IMAGE_FIELD_MESSAGES.mediaFocalPoint],
      [{ mediaFocalPoint: { x: 0.5 } }, 'mediaFocalPoint', IMAGE_FIELD_MESSAGES.mediaFocalPoint],
      [{ altText: 'a'.repeat(1001) }, 'altText', IMAGE_FIELD_MESSAGES.altText],
      [{ title: 7 }, 'title', IMAGE_FIELD_MESSAGES.title],
      [{ body: 'b'.repeat(10_001) }, 'body', IMAGE_FIELD_MESSAGES.body],
      [{ filename: 'other.png' }, 'filename', 'Unknown field.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.put(`/api/owner/images/${asset.id}`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errors?.[field], JSON.stringify(body)).toBe(message);
    }
    // NUL is refused at the edge for every call (http/unstorable-text.ts).
    const nul = await admin.put(`/api/owner/images/${asset.id}`, { altText: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGES.text });
    expect((await admin.get(`/api/owner/images/${asset.id}`)).json()).toEqual(asset);
    const missing = await admin.put('/api/owner/images/000000000000000000000000', { altText: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an image no product shows, with its files; refuses one a product shows', async () => {
    const asset = await uploaded(500, 400);
    await new TestVisitor(server.app).get(`${asset.assetUrl}?format=300w`);
    const deleted = await admin.delete(`/api/owner/images/${asset.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: asset.id });
    expect(storedFolders()).not.toContain(asset.id);
    expect((await admin.get(`/api/owner/images/${asset.id}`)).statusCode).toBe(404);
    expect((await new TestVisitor(server.app).get(asset.assetUrl)).statusCode).toBe(404);
    expect((await admin.delete(`/api/owner/images/${asset.id}`)).statusCode).toBe(404);

    const shown = demoImageId('linen-shirt-navy.svg');
    const refused = await admin.delete(`/api/owner/images/${shown}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'A product shows this picture: remove it from the product first.' });
    expect((await admin.get(`/api/owner/images/${shown}`)).statusCode).toBe(200);
  });

  it('lets a role with catalog:read list, but not upload, change or delete', async () => {
    const editor = await ownerVisitor(server, 'editor');
    expect((await editor.get('/api/owner/images')).statusCode).toBe(200);
    const before = await imageCount();
    expect((await upload(editor, await png(10, 10), 'a.png')).statusCode).toBe(403);
    expect(await imageCount()).toBe(before);
  });

  it('gives the catalog the product\'s copy of uploaded images, in the order asked, leaving out unknown ids', async () => {
    const asset = await uploaded(300, 200, 'for-a-product.png');
    await admin.put(`/api/owner/images/${asset.id}`, { altText: 'For a product' });
    const website = (await findDefaultWebsite(server.database.db))!;
    const navy = demoImageId('linen-shirt-navy.svg');
    const records = await productImageRecords(server.database.db, website.id, [asset.id, '000000000000000000000000', navy]);
    expect(records).toEqual([
      { id: asset.id, assetUrl: asset.assetUrl, altText: 'For a product', title: '', body: '', filename: 'for-a-product.png', originalSize: '300x200' },
      expect.objectContaining({ id: navy, filename: 'linen-shirt-navy.png', originalSize: '1000x1000' }),
    ]);
    expect(await productImageRecords(server.database.db, website.id, [])).toEqual([]);
  });
});
