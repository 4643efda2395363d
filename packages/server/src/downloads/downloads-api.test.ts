// databases: both — racing downloads count against the limit exactly once
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FILE_LIMITS, PRODUCT_FILE_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createSmtpTransport, MailWorker } from '../mail';
import { startTestSmtpServer } from '../mail/test-smtp';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { BUNDLED_FILES_DIR, LocalDiskDownloadStore } from './file-store';
import { DOWNLOAD_MESSAGES } from './serve';

/**
 * Digital delivery through the real app: the owner's file calls, the grant a paid test-mode order makes, the
 * signed link on the confirmation page and in the mail, and the link's count, limit and expiry. On PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (a pool: racing downloads truly run at once).
 */

const EBOOK = demoProductId('photography-ebook');
const TOTE = demoProductId('canvas-tote');
const FILE_URL = (productId: string) => `/api/owner/products/${productId}/file`;
const DEMO_PDF = readFileSync(path.join(BUNDLED_FILES_DIR, 'photography-ebook.pdf'));

let server: TestServer;
let storeDir: string;
let admin: TestVisitor;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-downloads-test-'));
  smtp = await startTestSmtpServer();
  server = await openTestServer({ downloadStore: new LocalDiskDownloadStore(storeDir), publicUrl: 'https://shop.example' });
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const db = () => server.database.db;

/** Every file in the store, partial ones included. */
function storedFiles(): string[] {
  return readdirSync(storeDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storeDir, path.join(entry.parentPath, entry.name)));
}

function upload(visitor: TestVisitor, productId: string, bytes: Buffer | Readable, headers: Record<string, string> = {}, query = '') {
  return visitor.request({
    method: 'PUT',
    url: `${FILE_URL(productId)}${query}`,
    payload: bytes,
    headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('Guide été.pdf'), ...headers },
  });
}

/** A shopper buys `quantity` e-books in test mode: the order's answer. */
async function buyEbook(email: string, quantity = 1): Promise<{ id: string; orderNumber: number }> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: EBOOK, sku: 'EBOOK', quantity });
  expect(added.statusCode, added.body).toBe(200);
  const answer = await shopper.post('/api/commerce/orders', { email });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order;
}

async function confirmedPage(orderId: string) {
  const page = await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${orderId}&format=json`);
  expect(page.statusCode).toBe(200);
  return page.json() as { downloads: Array<{ url: string; fileName: string; downloadsLeft: number; downloadLimit: number; expiresAt: string; expires: string; size: string; downloadsLeftText: string }> };
}

async function grantOf(orderId: string) {
  return db().selectFrom('download_grants').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

const download = (url: string, method: 'GET' | 'HEAD' = 'GET', accept = '*/*') => server.app.inject({ method, url, headers: { accept } });

describe('the demo e-book', () => {
  it('carries the bundled PDF', async () => {
    const answer = await admin.get(FILE_URL(EBOOK));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().file).toMatchObject({
      productId: EBOOK,
      fileName: 'Photography E-book.pdf',
      contentType: 'application/pdf',
      byteSize: DEMO_PDF.length,
      sha256: createHash('sha256').update(DEMO_PDF).digest('hex'),
      downloadLimit: 5,
      linkDays: 7,
    });
  });
});

describe('a paid digital order', () => {
  it('grants a link (limit × quantity, link days from payment) shown on the confirmation page and mailed', async () => {
    const before = Date.now();
    const order = await buyEbook('reader@downloads.test', 2);
    const grant = await grantOf(order.id);
    expect(grant).toMatchObject({ download_limit: 10, downloads_used: 0 });
    const days = (new Date(grant.expires_at).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const page = await confirmedPage(order.id);
    expect(page.downloads).toHaveLength(1);
    const link = page.downloads[0]!;
    expect(link).toMatchObject({ fileName: 'Photography E-book.pdf', downloadsLeft: 10, downloadLimit: 10, downloadsLeftText: '10 downloads left', size: '1 kB' });
    expect(link.url).toMatch(/^\/downloads\/[a-f0-9]{24}\.[a-z0-9]+\.[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe(new Date(grant.expires_at).toISOString());

    const html = (await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${order.id}`)).body;
    expect(html).toContain('<h2 id="order-downloads-title">Your downloads</h2>');
    expect(html).toContain(`<a href="${link.url}" download>Download Photography E-book.pdf</a> (1 kB)`);
    expect(html).toContain(`10 downloads left · available until <time datetime="${link.expiresAt}">${link.expires}</time>`);

    // The confirmation mail, delivered through a real SMTP server, carries the same link and the totals.
    const worker = new MailWorker(db(), createSmtpTransport(smtp.url));
    while ((await worker.runOnce()) > 0);
    const mail = smtp.received.find((message) => message.to.includes('reader@downloads.test'));
    expect(mail).toBeDefined();
    const text = decodeQuotedPrintable(mail!.raw);
    expect(text).toContain(`Order #${order.orderNumber}`);
    expect(text).toContain('2 × Photography E-book (EBOOK): $30.00\n');
    expect(text).toContain('Subtotal: $30.00');
    expect(text).toContain('Total: $30.00');
    expect(text).toContain(`Photography E-book.pdf (1 kB), Photography E-book: https://shop.example${link.url}`);
    expect(text).toContain(`10 downloads left, until ${link.expires}`);
    expect(text).toContain(`<a href="https://shop.example${link.url}" style="color:#24382b;font-weight:600">Download Photography E-book.pdf</a>`);
  });

  it('serves the file with its headers, counts a GET, not a HEAD', async () => {
    const order = await buyEbook('headers@downloads.test');
    const { url } = (await confirmedPage(order.id)).downloads[0]!;

    const head = await download(url, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(DEMO_PDF.length));
    expect(head.body).toBe('');
    expect((await grantOf(order.id)).downloads_used).toBe(0);

    const got = await download(url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(DEMO_PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(DEMO_PDF.length));
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Photography E-book.pdf"; filename*=UTF-8''Photography%20E-book.pdf`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['x-downloads-left']).toBe('4');
    expect((await grantOf(order.id)).downloads_used).toBe(1);
    expect((await confirmedPage(order.id)).downloads[0]).toMatchObject({ downloadsLeft: 4, downloadsLeftText: '4 downloads left' });
  });

  it('gives exactly the limit to racing downloads, then says it has been used up', async () => {
    const order = await buyEbook('racing@downloads.test');
    await db().updateTable('download_grants').set({ download_limit: 2 }).where('order_id', '=', order.id).execute();
    const { url } = (await confirmedPage(order.id)).downloads[0]!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => download(url)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 410, 410, 410, 410, 410, 410]);
    for (const answer of answers.filter((one) => one.statusCode === 410)) expect(answer.json()).toEqual({ message: DOWNLOAD_MESSAGES.limitReached });
    expect((await grantOf(order.id)).downloads_used).toBe(2);
    const page = await download(url, 'GET', 'text/html,application/xhtml+xml');
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1 style="font-size:1.5rem">This download link has been used the maximum number of times.</h1>');
    expect((await download(url, 'HEAD')).statusCode).toBe(410);
  });

  it('refuses an expired link (410) and a tampered or unknown one (404), counting nothing', async () => {
    const order = await buyEbook('expired@downloads.test');
    const { url } = (await confirmedPage(order.id)).downloads[0]!;
    const tampered = url.replace(/\.[a-z0-9]+\./, (expiry) => `.${(parseInt(expiry.slice(1, -1), 36) + 86_400).toString(36)}.`);
    expect(tampered).not.toBe(url);
    expect((await download(tampered)).statusCode).toBe(404);
    expect((await download(tampered)).json()).toEqual({ message: DOWNLOAD_MESSAGES.notFound });
    expect((await download(`${url.slice(0, -2)}AA`)).statusCode).toBe(404);
    expect((await download('/downloads/nothing-here')).statusCode).toBe(404);

    // The grant's expiry passes (the token still says later): the database has the last word.
    await db().updateTable('download_grants').set({ expires_at: new Date(Date.now() - 1000) }).where('order_id', '=', order.id).execute();
    const expired = await download(url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This download link has expired.' });
    expect((await grantOf(order.id)).downloads_used).toBe(0);
  });
});

describe('the owner’s file calls', () => {
  it('streams an upload to the store, replaces it, and links already sent serve the new file', async () => {
    const order = await buyEbook('replaced@downloads.test');
    const { url } = (await confirmedPage(order.id)).downloads[0]!;
    const bytes = Buffer.alloc(300_000, 7);
    const answer = await upload(admin, EBOOK, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().file).toMatchObject({
      fileName: 'Guide été.pdf',
      contentType: 'application/pdf',
      byteSize: 300_000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(storedFiles()).toHaveLength(1);

    const again = await upload(admin, EBOOK, Buffer.from('second version'), { 'content-type': 'text/plain; charset=utf-8', 'x-file-name': '' }, '?name=notes.txt');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().file).toMatchObject({ id: answer.json().file.id, fileName: 'notes.txt', contentType: 'text/plain', byteSize: 14 });
    expect(storedFiles()).toHaveLength(1);

    const got = await download(url);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('second version');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);

    const limits = await admin.put(`${FILE_URL(EBOOK)}/limits`, { downloadLimit: 3, linkDays: 30 });
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json().file).toMatchObject({ downloadLimit: 3, linkDays: 30 });
    const refused = await admin.put(`${FILE_URL(EBOOK)}/limits`, { downloadLimit: 0, linkDays: 366 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ downloadLimit: PRODUCT_FILE_MESSAGES.downloadLimit, linkDays: PRODUCT_FILE_MESSAGES.linkDays });
    const next = await buyEbook('limits@downloads.test');
    expect(await grantOf(next.id)).toMatchObject({ download_limit: 3 });

    const removed = await admin.delete(FILE_URL(EBOOK));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, productId: EBOOK });
    expect(storedFiles()).toEqual([]);
    expect((await admin.get(FILE_URL(EBOOK))).json()).toEqual({ file: null });
    const gone = await download(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: DOWNLOAD_MESSAGES.fileGone });
    expect((await admin.delete(FILE_URL(EBOOK))).json()).toEqual({ message: PRODUCT_FILE_MESSAGES.noFile });
    // Without a file, a paid e-book grants nothing (and the order goes through).
    const without = await buyEbook('without@downloads.test');
    expect((await confirmedPage(without.id)).downloads).toEqual([]);
  });

  it('keeps one file when two uploads race for a product without one', async () => {
    expect((await admin.get(FILE_URL(EBOOK))).json()).toEqual({ file: null });
    const answers = await Promise.all(['first', 'second', 'third'].map((name) => upload(admin, EBOOK, Buffer.from(name), { 'x-file-name': `${name}.txt` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const rows = await db().selectFrom('product_files').selectAll().where('product_id', '=', EBOOK).execute();
    expect(rows).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().file.id))).toEqual(new Set([rows[0]!.id]));
    expect((await admin.delete(FILE_URL(EBOOK))).statusCode).toBe(200);
    expect(storedFiles()).toEqual([]);
  });

  it('takes a body without a Content-Type as bytes, and a JSON one as a file too', async () => {
    const untyped = await admin.request({ method: 'PUT', url: `${FILE_URL(EBOOK)}?name=raw.bin`, payload: Buffer.from([0, 1, 2, 3]) });
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(untyped.json().file).toMatchObject({ fileName: 'raw.bin', contentType: 'application/octet-stream', byteSize: 4 });
    const json = await upload(admin, EBOOK, Buffer.from('{"a":1}'), { 'content-type': 'application/json', 'x-file-name': 'data.json' });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().file).toMatchObject({ fileName: 'data.json', contentType: 'application/json', byteSize: 7 });
    expect((await admin.delete(FILE_URL(EBOOK))).statusCode).toBe(200);
  });

  it('refuses a body past 200 MB, declared or streamed, and keeps nothing', async () => {
    const declared = await upload(admin, EBOOK, Buffer.from('x'), { 'content-length': String(PRODUCT_FILE_LIMITS.fileBytes + 1) });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: 'The file is larger than 200 MB.' });

    const chunk = Buffer.alloc(1024 * 1024);
    const tooMany = Readable.from((function* () {
      for (let index = 0; index <= 200; index += 1) yield chunk;
    })());
    const streamed = await upload(admin, EBOOK, tooMany);
    expect(streamed.statusCode).toBe(413);
    expect(storedFiles()).toEqual([]);
  }, 60_000);

  it('refuses a product that is not digital, a missing name, an empty file, a viewer and a stranger', async () => {
    const physical = await upload(admin, TOTE, Buffer.from('x'));
    expect(physical.statusCode).toBe(400);
    expect(physical.json()).toEqual({ message: 'Only a digital product carries a file.' });
    expect((await upload(admin, 'no-such-product', Buffer.from('x'))).statusCode).toBe(404);
    const unnamed = await upload(admin, EBOOK, Buffer.from('x'), { 'x-file-name': '' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(PRODUCT_FILE_MESSAGES.noName);
    const empty = await upload(admin, EBOOK, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(storedFiles()).toEqual([]);

    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get(FILE_URL(EBOOK))).statusCode).toBe(200);
    const refused = await upload(viewer, EBOOK, Buffer.from('x'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    expect((await viewer.put(`${FILE_URL(EBOOK)}/limits`, { downloadLimit: 2 })).statusCode).toBe(403);
    expect((await viewer.delete(FILE_URL(EBOOK))).statusCode).toBe(403);
    const stranger = new TestVisitor(server.app);
    await stranger.visit('/');
    expect((await upload(stranger, EBOOK, Buffer.from('x'))).statusCode).toBe(401);
    expect(storedFiles()).toEqual([]);
  });
});

/** The mail's bodies as text: quoted-printable soft breaks joined and =XX escapes decoded (UTF-8). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}
