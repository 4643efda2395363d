// databases: none — the storage port on a real S3-protocol server (s3rver) on loopback, and on the disk
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskObjectStore } from './local-object-store';
import { ObjectTooLargeError, type ObjectStore } from './object-store';
import { prefixedStore } from './prefixed';
import { startLoopbackS3 } from './s3-testing';

let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
let diskRoot: string;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  diskRoot = mkdtempSync(path.join(os.tmpdir(), 'vitrine-object-store-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(diskRoot, { recursive: true, force: true });
});

const keys = async (store: ObjectStore, prefix: string) => {
  const found: string[] = [];
  for await (const object of store.list(prefix)) found.push(`${object.key}:${object.size}`);
  return found.sort();
};

/** A body that sends `first` and then breaks, as a dropped upload does. */
const brokenBody = (first: Buffer) =>
  new Readable({
    read() {
      if (this.readableLength === 0 && !(this as { sent?: boolean }).sent) {
        (this as { sent?: boolean }).sent = true;
        this.push(first);
      } else this.destroy(new Error('connection reset'));
    },
  });

describe.each([
  ['s3', () => s3.store as ObjectStore],
  ['disk', () => new LocalDiskObjectStore(diskRoot) as ObjectStore],
])('the %s ObjectStore', (_name, storeOf) => {
  it('stores an object whole, with its size and SHA-256, reads it whole and by range, lists and removes it', async () => {
    const store = prefixedStore(storeOf(), 'downloads/');
    const written = await store.put('f1/abc', Readable.from([Buffer.from('hello '), Buffer.from('world')]), { maxBytes: 100, contentType: 'text/plain' });
    expect(written).toEqual({ byteSize: 11, sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9' });
    const opened = await store.open('f1/abc');
    expect(opened?.size).toBe(11);
    expect((await buffer(opened!.stream())).toString()).toBe('hello world');
    expect((await buffer(opened!.stream({ start: 6, end: 9 }))).toString()).toBe('worl');
    expect(await keys(store, '')).toEqual(['f1/abc:11']);
    expect(await keys(storeOf(), 'downloads/')).toEqual(['downloads/f1/abc:11']);
    await store.remove('f1/abc');
    expect(await store.open('f1/abc')).toBeUndefined();
    // Removing again is no error: a sweep that died before its commit tries again.
    await store.remove('f1/abc');
  });

  it('keeps nothing of a body past maxBytes, or of one interrupted half way', async () => {
    const store = prefixedStore(storeOf(), 'lesson-videos/');
    await expect(store.put('v1/big', Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(store.put('v1/cut', brokenBody(Buffer.alloc(50, 1)), { maxBytes: 1000 })).rejects.toThrow('connection reset');
    expect(await store.open('v1/big')).toBeUndefined();
    expect(await store.open('v1/cut')).toBeUndefined();
    expect(await keys(storeOf(), 'lesson-videos/')).toEqual([]);
  });

  it("removes every object under one picture's prefix and no other", async () => {
    const store = prefixedStore(storeOf(), 'images/');
    for (const key of ['img1/original.png', 'img1/750w.png', 'img2/original.png']) await store.put(key, Readable.from([Buffer.from(key)]), { maxBytes: 100 });
    await store.removePrefix('img1/');
    expect(await keys(store, '')).toEqual(['img2/original.png:17']);
    await store.removePrefix('img2/');
  });

  it('refuses keys that could leave the store', async () => {
    const store = storeOf();
    await expect(store.open('../etc/passwd')).rejects.toThrow('not an object key');
    await expect(store.open('a//b')).rejects.toThrow('not an object key');
    await expect(store.open('A/b')).rejects.toThrow('not an object key');
  });
});

describe('presigned URLs of the S3 store', () => {
  it('serve the object (whole and by range, with the asked Content-Disposition) until they expire', async () => {
    await s3.store.put('downloads/p1/key', Readable.from([Buffer.from('0123456789')]), { maxBytes: 100 });
    const url = await s3.store.presignedUrl('downloads/p1/key', { expiresIn: 60, disposition: 'attachment; filename="book.pdf"', contentType: 'application/pdf' });
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="book.pdf"');
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(await whole.text()).toBe('0123456789');
    const part = await fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await part.text()).toBe('234');
  });

  it('answer 403 once expired (a URL signed two minutes ago for one minute)', async () => {
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const expired = await getSignedUrl(s3.store.client, new GetObjectCommand({ Bucket: 'vitrine-test', Key: 'downloads/p1/key' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    const answer = await fetch(expired);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Request has expired');
  });
});
