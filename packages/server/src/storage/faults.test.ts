// databases: both — files under faults on the disk and on a real S3-protocol server (s3rver): interrupted uploads, removal once by two servers on one database, stored bytes for the quota
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { CRUMB_HEADER } from '../http/crumb';
import { SITE_USER_XSRF_HEADER } from '../http/request-context';
import { ObjectDownloadStore } from '../downloads';
import { ObjectImageStore } from '../images';
import { setWebsiteQuotas, websiteUsage } from '../quotas';
import { demoProductId, openTestServer, ownerVisitor, TEST_CAPTCHA_DIFFICULTY, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { LocalDiskObjectStore } from './local-object-store';
import type { ListedObject, ObjectStore, PutOptions } from './object-store';
import { prefixedStore } from './prefixed';
import { startLoopbackS3 } from './s3-testing';

/**
 * Issue 36 item 5, on both stores: an upload broken half way leaves no object and no row; a file deleted through
 * two servers at once (one database, one store) is removed once; and the quota counts the bytes the store holds.
 */

/** The shared store, counting the removals that reach it (full keys, as the prefixed parts send them). */
class CountingStore implements ObjectStore {
  readonly removals: string[] = [];
  constructor(readonly inner: ObjectStore) {}
  get description() {
    return this.inner.description;
  }
  put(key: string, body: Readable, options: PutOptions) {
    return this.inner.put(key, body, options);
  }
  open(key: string) {
    return this.inner.open(key);
  }
  remove(key: string) {
    this.removals.push(key);
    return this.inner.remove(key);
  }
  removePrefix(prefix: string) {
    this.removals.push(prefix);
    return this.inner.removePrefix(prefix);
  }
  list(prefix: string): AsyncIterable<ListedObject> {
    return this.inner.list(prefix);
  }
}

const EBOOK = demoProductId('photography-ebook');
const BOUNDARY = '----vitrine-faults';

/** A body that sends `bytes` and then breaks, as a client whose connection drops half way. */
function breakingAfter(bytes: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return this.destroy(new Error('connection reset'));
      sent = true;
      this.push(bytes);
    },
  });
}

const STORES: Array<[string, () => Promise<{ store: ObjectStore; root?: string; stop(): Promise<void> }>]> = [
  [
    'the disk',
    async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-faults-'));
      return { store: new LocalDiskObjectStore(root), root, stop: async () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
  ['an S3 bucket', async () => startLoopbackS3('vitrine-faults')],
];

describe.each(STORES)('on %s', (_name, openStore) => {
  let opened: Awaited<ReturnType<(typeof STORES)[number][1]>>;
  let shared: CountingStore;
  let a: TestServer;
  let b: FastifyInstance;
  let adminA: TestVisitor;
  let adminB: TestVisitor;

  const stores = (): Pick<BuildAppOptions, 'imageStore' | 'downloadStore'> => ({
    imageStore: new ObjectImageStore(prefixedStore(shared, 'images/')),
    downloadStore: new ObjectDownloadStore(prefixedStore(shared, 'downloads/'), { presignSeconds: 30 }),
  });

  beforeAll(async () => {
    opened = await openStore();
    shared = new CountingStore(opened.store);
    a = await openTestServer(stores());
    // A second server on the same database and store: what a second process is to this one.
    b = await buildApp({ db: a.database.db, databaseKind: a.database.kind, captchaDifficulty: TEST_CAPTCHA_DIFFICULTY, ...stores() });
    adminA = await ownerVisitor(a, 'admin');
    // The same owner's browser, its requests reaching the other server (sessions and crumbs live in the database).
    adminB = new TestVisitor(b);
    for (const [name, value] of adminA.cookies) adminB.cookies.set(name, value);
    adminB.siteUserXsrfToken = adminA.siteUserXsrfToken;
  }, 90_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await opened?.stop();
  });

  const allKeys = async () => {
    const keys: string[] = [];
    for (const prefix of ['images/', 'downloads/', 'lesson-videos/', 'themes/']) for await (const listed of opened.store.list(prefix)) keys.push(listed.key);
    return keys.sort();
  };
  const multipart = (picture: Buffer | Readable) => {
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="Photo.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    return Buffer.isBuffer(picture) ? Buffer.concat([head, picture, tail]) : Readable.from((async function* () {
      yield head;
      for await (const chunk of picture) yield chunk as Buffer;
      yield tail;
    })());
  };
  const uploadPicture = (admin: TestVisitor, body: Buffer | Readable) =>
    admin.request({ method: 'POST', url: '/api/owner/images', payload: multipart(body), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
  const uploadEbook = (admin: TestVisitor, body: Buffer | Readable) =>
    admin.request({ method: 'PUT', url: `/api/owner/products/${EBOOK}/file`, payload: body, headers: { 'content-type': 'application/pdf', 'x-file-name': 'Guide.pdf' } });
  const db = () => a.database.db;

  it('an upload broken half way (a download, a picture) leaves no object, no partial file and no row', async () => {
    const keysBefore = await allKeys();
    const fileRow = () => db().selectFrom('product_files').select(['id', 'storage_key', 'byte_size']).where('product_id', '=', EBOOK).executeTakeFirst();
    const fileBefore = await fileRow();
    const imagesBefore = await db().selectFrom('images').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const file = await uploadEbook(adminA, breakingAfter(Buffer.alloc(96 * 1024, 7))).catch((error: Error) => ({ statusCode: 0, body: error.message }));
    expect(file.statusCode).not.toBe(200);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#446688' } }).png({ compressionLevel: 0 }).toBuffer();
    const picture = await uploadPicture(adminA, breakingAfter(png.subarray(0, png.length / 2))).catch((error: Error) => ({ statusCode: 0, body: error.message }));
    expect(picture.statusCode).not.toBe(201);

    expect(await allKeys()).toEqual(keysBefore);
    // The demo's file (if any) is still the one, no row names the broken one.
    expect(await fileRow()).toEqual(fileBefore);
    expect(await db().selectFrom('images').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(imagesBefore);
    if (opened.root) expect(readdirSync(opened.root, { recursive: true }).filter((name) => String(name).endsWith('.partial'))).toEqual([]);
  });

  it('an upload whose connection drops half way (a real socket, closed by the client) leaves no object and no row', async () => {
    const base = new URL(await a.app.listen({ port: 0, host: '127.0.0.1' }));
    /** A raw PUT of the e-book's file on its own connection: `declared` bytes announced, `body` sent. */
    const rawPut = async (declared: number, body: Buffer) => {
      const socket = net.connect(Number(base.port), base.hostname);
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const headers = [
        `PUT /api/owner/products/${EBOOK}/file HTTP/1.1`,
        `Host: ${base.host}`,
        'Content-Type: application/pdf',
        'X-File-Name: Dropped.pdf',
        `Content-Length: ${declared}`,
        'Connection: close',
        `Cookie: ${[...adminA.cookies].map(([name, value]) => `${name}=${value}`).join('; ')}`,
        `${CRUMB_HEADER}: ${adminA.crumb}`,
        `${SITE_USER_XSRF_HEADER}: ${adminA.siteUserXsrfToken}`,
      ];
      socket.write(`${headers.join('\r\n')}\r\n\r\n`);
      await new Promise<void>((resolve) => socket.write(body, () => resolve()));
      return socket;
    };
    // The same request, whole: the server takes it (so the broken one below is refused for its break, not its headers).
    const whole = await rawPut(12, Buffer.from('%PDF-1.4 ok\n'));
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      whole.on('data', (chunk: Buffer) => (text += chunk.toString())).on('close', () => resolve(text));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    const keysBefore = await allKeys();
    const fileBefore = await db().selectFrom('product_files').select(['id', 'storage_key']).where('product_id', '=', EBOOK).executeTakeFirst();
    expect(fileBefore).toBeDefined();
    // A quarter of the body arrives (the store is already writing it: a disk partial file, or the S3 spool), then the client is gone.
    const socket = await rawPut(1_000_000, Buffer.alloc(250_000, 9));
    socket.destroy();
    // The server notices the closed connection and drops the body; wait for it to settle (no answer can arrive).
    for (let round = 0; round < 100; round += 1) {
      const partials = opened.root ? readdirSync(opened.root, { recursive: true }).filter((name) => String(name).endsWith('.partial')) : [];
      if (partials.length === 0 && round > 5) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await allKeys()).toEqual(keysBefore);
    expect(await db().selectFrom('product_files').select(['id', 'storage_key']).where('product_id', '=', EBOOK).executeTakeFirst()).toEqual(fileBefore);
    if (opened.root) expect(readdirSync(opened.root, { recursive: true }).filter((name) => String(name).endsWith('.partial'))).toEqual([]);
  });

  it("a digital product's file deleted through both servers at once is removed from the store once", async () => {
    expect((await uploadEbook(adminA, Buffer.from('%PDF-1.4 twice deleted\n'.repeat(40)))).statusCode).toBe(200);
    const key = (await db().selectFrom('product_files').select('storage_key').where('product_id', '=', EBOOK).executeTakeFirstOrThrow()).storage_key;
    expect(await allKeys()).toContain(`downloads/${key}`);
    const before = shared.removals.length;
    const answers = await Promise.all([adminA.delete(`/api/owner/products/${EBOOK}/file`), adminB.delete(`/api/owner/products/${EBOOK}/file`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.statusCode === 404)!.json()).toEqual({ message: 'This product has no file.' });
    expect(shared.removals.slice(before)).toEqual([`downloads/${key}`]);
    expect((await allKeys()).filter((name) => name.startsWith('downloads/'))).toEqual([]);
  });

  it('a picture deleted through both servers at once has its objects (original and copies) removed once', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#884466' } }).png().toBuffer();
    const uploaded = await uploadPicture(adminA, png);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json() as { id: string };
    // Served by the other server: a resized copy it makes joins the picture's objects.
    const servedByB = await new TestVisitor(b).get(`${(uploaded.json() as { assetUrl: string }).assetUrl}?format=300w`);
    expect(servedByB.statusCode).toBe(200);
    expect((await allKeys()).filter((name) => name.startsWith(`images/${id}/`))).toEqual(
      ['300w.png', '500w.avif', '500w.webp', '750w.avif', '750w.webp', 'original.png'].map((name) => `images/${id}/${name}`),
    );
    const before = shared.removals.length;
    const answers = await Promise.all([adminA.delete(`/api/owner/images/${id}`), adminB.delete(`/api/owner/images/${id}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(shared.removals.slice(before)).toEqual([`images/${id}/`]);
    expect((await allKeys()).filter((name) => name.startsWith(`images/${id}/`))).toEqual([]);
  });

  it("counts the bytes the store holds for the website's storage quota, and past it keeps no object", async () => {
    const website = (await findDefaultWebsite(db()))!;
    await setWebsiteQuotas(db(), website.id, { storageBytes: null });
    const used = async () => (await websiteUsage(db(), website.id)).storageBytes.used;
    const before = await used();
    const bytes = Buffer.alloc(5_000, 3);
    expect((await uploadEbook(adminA, bytes)).statusCode).toBe(200);
    const key = (await db().selectFrom('product_files').select('storage_key').where('product_id', '=', EBOOK).executeTakeFirstOrThrow()).storage_key;
    // The object in the store is the size the quota counts.
    expect((await opened.store.open(`downloads/${key}`))!.size).toBe(5_000);
    expect(await used()).toBe(before + 5_000);
    // Room for 100 bytes more than now: a picture is refused with 413, and neither an object nor a row stays.
    await setWebsiteQuotas(db(), website.id, { storageBytes: before + 5_100 });
    const keysBefore = await allKeys();
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } }).png({ compressionLevel: 0 }).toBuffer();
    const refused = await uploadPicture(adminB, png);
    expect(refused.statusCode).toBe(413);
    expect(await allKeys()).toEqual(keysBefore);
    expect(await used()).toBe(before + 5_000);
    await setWebsiteQuotas(db(), website.id, { storageBytes: null });
  });
});
