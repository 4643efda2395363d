// databases: both — every kind of file through the real app on a real S3-protocol server (s3rver) on loopback
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COURSE } from '../courses/demo';
import { lessonVideoRemovalHandler, queueDeletedLessonVideos } from '../courses/video-sweep';
import { ObjectRemovalSweep } from './removal-sweep';
import { VIDEO_MESSAGES } from '../courses/serve-video';
import { DEMO_WEBSITE } from '../catalog';
import { ObjectLessonVideoStore } from '../courses';
import { ObjectDownloadStore } from '../downloads';
import { ObjectImageStore } from '../images';
import { newId } from '../ids';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { prefixedStore } from './prefixed';
import { startLoopbackS3 } from './s3-testing';

/**
 * The storage port's S3 side through the app: downloads and lesson videos answered with a short-lived presigned
 * URL after the same checks as on disk, pictures served by the server from the bucket (resized copies kept there),
 * every kind removed from the bucket when its owner removes it, and an interrupted upload leaving nothing.
 */

const EBOOK = demoProductId('photography-ebook');
const COURSE_ID = DEMO_COURSE.pageId(DEMO_WEBSITE.identifier);
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
let server: TestServer;
let admin: TestVisitor;
let videoStore: ObjectLessonVideoStore;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  videoStore = new ObjectLessonVideoStore(prefixedStore(s3.store, 'lesson-videos/'), { presignSeconds: 30 });
  server = await openTestServer({
    imageStore: new ObjectImageStore(prefixedStore(s3.store, 'images/')),
    downloadStore: new ObjectDownloadStore(prefixedStore(s3.store, 'downloads/'), { presignSeconds: 30 }),
    lessonVideoStore: videoStore,
    mediaSources: [await s3.store.browserOrigin()],
  });
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await s3?.stop();
});

const db = () => server.database.db;

async function bucketKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of s3.store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

const uploadFile = (body: Buffer | Readable) =>
  admin.request({ method: 'PUT', url: `/api/owner/products/${EBOOK}/file`, payload: body, headers: { 'content-type': 'application/pdf', 'x-file-name': 'Guide.pdf' } });

async function buyEbook(email: string): Promise<string> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: EBOOK, sku: 'EBOOK', quantity: 1 })).statusCode).toBe(200);
  const answer = await shopper.post('/api/commerce/orders', { email });
  expect(answer.statusCode, answer.body).toBe(201);
  const page = await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${answer.json().order.id}&format=json`);
  return page.json().downloads[0].url as string;
}

describe('a digital download on S3', () => {
  it('is stored in the bucket, answered with a presigned URL after the link is checked and counted, and removed with its file', async () => {
    const bytes = Buffer.from('%PDF-1.4 a guide on S3\n'.repeat(100));
    const uploaded = await uploadFile(bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const key = (await db().selectFrom('product_files').select('storage_key').where('product_id', '=', EBOOK).executeTakeFirstOrThrow()).storage_key;
    expect(await bucketKeys('downloads/')).toEqual([`downloads/${key}`]);

    const link = await buyEbook('s3-reader@downloads.test');
    const head = await server.app.inject({ method: 'HEAD', url: link });
    expect([head.statusCode, head.headers['content-length'], head.headers.location]).toEqual([200, String(bytes.length), undefined]);

    const got = await server.app.inject({ method: 'GET', url: link });
    expect(got.statusCode).toBe(302);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['x-downloads-left']).toBe('4');
    const location = String(got.headers.location);
    expect(location.startsWith(`${s3.endpoint}/vitrine-test/downloads/${key}?`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('30');
    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-disposition')).toBe(`attachment; filename="Guide.pdf"; filename*=UTF-8''Guide.pdf`);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(bytes)).toBe(true);

    // The same checks as on disk: the count was taken once per GET, up to the limit.
    for (let left = 3; left >= 0; left -= 1) expect((await server.app.inject({ method: 'GET', url: link })).headers['x-downloads-left']).toBe(String(left));
    const spent = await server.app.inject({ method: 'GET', url: link, headers: { accept: 'application/json' } });
    expect([spent.statusCode, spent.json(), spent.headers.location]).toEqual([410, { message: 'This download link has been used the maximum number of times.' }, undefined]);

    expect((await admin.delete(`/api/owner/products/${EBOOK}/file`)).statusCode).toBe(200);
    expect(await bucketKeys('downloads/')).toEqual([]);
  });

  it('keeps no object and no row of an upload interrupted half way', async () => {
    let sent = false;
    const broken = new Readable({
      read() {
        if (sent) return this.destroy(new Error('connection reset'));
        sent = true;
        this.push(Buffer.alloc(64 * 1024, 7));
      },
    });
    const answer = await uploadFile(broken).catch((error: Error) => ({ statusCode: 0, body: error.message }));
    expect(answer.statusCode).not.toBe(200);
    expect(await bucketKeys('downloads/')).toEqual([]);
    expect(await db().selectFrom('product_files').select('id').where('product_id', '=', EBOOK).executeTakeFirst()).toBeUndefined();
  });
});

describe('a lesson video on S3', () => {
  it('redirects a viewer who may watch to a presigned URL that answers ranges, refuses one who may not, and goes with its lesson', async () => {
    // A live lesson for members only: an anonymous visitor is refused before any URL is made.
    const lessons = (await admin.get(`/api/owner/courses/${COURSE_ID}`)).json().lessons as Array<{ itemId: string; isPreview: boolean }>;
    const membersOnly = lessons.find((lesson) => !lesson.isPreview)!.itemId;
    const uploaded = await admin.request({ method: 'PUT', url: `/api/owner/lessons/${membersOnly}/video`, payload: VIDEO, headers: { 'content-type': 'video/mp4', 'x-file-name': 'clip.mp4' } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const key = (await db().selectFrom('lesson_videos').select('storage_key').where('item_id', '=', membersOnly).executeTakeFirstOrThrow()).storage_key;
    expect(await bucketKeys('lesson-videos/')).toEqual([`lesson-videos/${key}`]);

    const anonymous = await new TestVisitor(server.app).get(`/api/courses/videos/${membersOnly}`);
    expect([anonymous.statusCode, anonymous.json(), anonymous.headers.location]).toEqual([403, { message: VIDEO_MESSAGES.denied }, undefined]);

    const played = await admin.request({ method: 'GET', url: `/api/courses/videos/${membersOnly}`, headers: { range: 'bytes=10-19' } });
    expect(played.statusCode).toBe(302);
    expect(played.headers['cache-control']).toBe('private, no-store');
    const location = String(played.headers.location);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('30');
    const part = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer()).equals(VIDEO.subarray(10, 20))).toBe(true);
    // The lesson's page may play media from the bucket (CSP media-src), and only from there besides itself.
    const page = await new TestVisitor(server.app).get('/');
    expect(String(page.headers['content-security-policy']).split(';')).toContain(`media-src 'self' ${s3.endpoint}`);
    // HEAD still answers the headers here.
    const head = await admin.request({ method: 'HEAD', url: `/api/courses/videos/${membersOnly}` });
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, '1000']);

    expect((await admin.delete(`/api/owner/lessons/${membersOnly}/video`)).statusCode).toBe(200);
    expect(await bucketKeys('lesson-videos/')).toEqual([]);
  });

  it("is removed from the bucket once by the sweeps of two processes when its lesson is deleted", async () => {
    const made = await admin.post(`/api/owner/content/pages/${COURSE_ID}/items`, { title: `S3 lesson ${newId()}` });
    expect(made.statusCode, made.body).toBe(201);
    const itemId = (made.json() as { id: string }).id;
    const uploaded = await admin.request({ method: 'PUT', url: `/api/owner/lessons/${itemId}/video`, payload: VIDEO, headers: { 'content-type': 'video/mp4', 'x-file-name': 'clip.mp4' } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const key = (await db().selectFrom('lesson_videos').select('storage_key').where('item_id', '=', itemId).executeTakeFirstOrThrow()).storage_key;
    expect((await admin.delete(`/api/owner/content/items/${itemId}`)).statusCode).toBe(200);
    const rounds = await Promise.all([0, 1].map(() => videoSweep().runOnce()));
    expect(rounds.flat().map((round) => [round.ref, round.outcome])).toEqual([[key, 'removed']]);
    expect(await bucketKeys('lesson-videos/')).toEqual([]);
  });
});

describe('a picture on S3', () => {
  it('keeps its original and resized copies in the bucket, served by the server as immutable, and removes them all', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2255aa' } }).png().toBuffer();
    const boundary = '----vitrine-s3-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Blue.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await admin.request({ method: 'POST', url: '/api/owner/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(answer.statusCode, answer.body).toBe(201);
    const asset = answer.json() as { id: string; assetUrl: string };
    // The original, and the AVIF and WebP copies made at upload (images/prepared-copies.ts).
    const atUpload = ['500w.avif', '500w.webp', '750w.avif', '750w.webp', 'original.png'].map((name) => `images/${asset.id}/${name}`);
    expect(await bucketKeys(`images/${asset.id}/`)).toEqual(atUpload);

    const served = await new TestVisitor(server.app).get(`${asset.assetUrl}?format=300w`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
    expect(await bucketKeys(`images/${asset.id}/`)).toEqual([`images/${asset.id}/300w.png`, ...atUpload]);

    expect((await admin.delete(`/api/owner/images/${asset.id}`)).statusCode).toBe(200);
    expect(await bucketKeys(`images/${asset.id}/`)).toEqual([]);
  });
});

/** The one removal sweep, with lesson videos' handler and feeder (what app.ts gives it for them). */
function videoSweep() {
  const unexpected = async () => {
    throw new Error('only lesson videos are queued here');
  };
  return new ObjectRemovalSweep(db(), { handlers: { 'lesson-video': lessonVideoRemovalHandler(videoStore), picture: unexpected, download: unexpected }, feeders: [queueDeletedLessonVideos] });
}
