import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTooLargeError, isValidFileKey, LocalDiskDownloadStore, newFileKey } from './file-store';

/** The download store on a real disk: whole files or nothing, keys that cannot leave its folder. */

let root: string;
let store: LocalDiskDownloadStore;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-file-store-'));
  store = new LocalDiskDownloadStore(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const filesIn = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);

describe('the local download store', () => {
  it('writes a streamed body whole, with its size and SHA-256, and reads it back', async () => {
    const key = newFileKey('a'.repeat(24));
    const written = await store.write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100);
    expect(written).toEqual({ byteSize: 11, sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9' });
    const [folder, name] = key.split('/') as [string, string];
    expect(readFileSync(path.join(root, folder, name), 'utf8')).toBe('hello world');
    const opened = await store.open(key);
    expect(opened?.size).toBe(11);
    await store.remove(key);
    expect(await store.open(key)).toBeUndefined();
    expect(readdirSync(root)).toEqual([]);
  });

  it('leaves nothing of a body cut off midway or past the limit', async () => {
    const dropped = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    await expect(store.write(newFileKey('b'.repeat(24)), dropped, 10_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    await expect(store.write(newFileKey('c'.repeat(24)), Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(filesIn()).toEqual([]);
  });

  it('knows only its own keys and the bundled files', async () => {
    expect(isValidFileKey('abc/def')).toBe(true);
    expect(isValidFileKey('bundled/photography-ebook.pdf')).toBe(true);
    for (const bad of ['../etc/passwd', 'abc/../def', 'abc', 'ABC/def', 'abc/def/ghi', 'bundled/../../x.pdf']) expect(isValidFileKey(bad), bad).toBe(false);
    await expect(store.open('../outside')).rejects.toThrow('not a download file key');
    expect((await store.open('bundled/photography-ebook.pdf'))?.size).toBeGreaterThan(500);
    await expect(store.write('bundled/x.pdf', Readable.from([]), 10)).rejects.toThrow('bundled files are read-only');
  });
});
