// databases: none — moving every file from the disk to a real S3-protocol server (s3rver on loopback)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStorageCommand } from './cli';
import { FallbackObjectStore } from './fallback';
import { LocalDiskObjectStore } from './local-object-store';
import { migrateObjects } from './migrate';
import type { ObjectStore } from './object-store';
import { LOOPBACK_S3_CREDENTIALS, startLoopbackS3 } from './s3-testing';

let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
let dataDir: string;
let disk: LocalDiskObjectStore;

/** One file of each kind, as DATA_DIR holds them. */
const FILES: Record<string, string> = {
  'images/img1/original.png': 'picture one',
  'images/img1/750w.png': 'picture one, 750 wide',
  'images/img2/original.jpg': 'picture two',
  'downloads/file1/aaa': 'an e-book',
  'lesson-videos/video1/bbb': 'a lesson video',
};

beforeAll(async () => {
  s3 = await startLoopbackS3('vitrine-migration');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-migrate-'));
  disk = new LocalDiskObjectStore(dataDir);
  for (const [key, text] of Object.entries(FILES)) await disk.put(key, Readable.from([Buffer.from(text)]), { maxBytes: 1000 });
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const textOf = async (store: ObjectStore, key: string) => {
  const opened = await store.open(key);
  return opened ? (await buffer(opened.stream())).toString() : undefined;
};

/** The target as a process that dies during its third copy: that body breaks half way. */
function dyingOnThirdPut(target: ObjectStore): ObjectStore {
  let puts = 0;
  return {
    ...target,
    description: target.description,
    open: (key) => target.open(key),
    remove: (key) => target.remove(key),
    removePrefix: (prefix) => target.removePrefix(prefix),
    list: (prefix) => target.list(prefix),
    put(key, body, options) {
      puts += 1;
      if (puts < 3) return target.put(key, body, options);
      // Half the body arrives, then the connection is gone.
      let sent = false;
      const breaking = new Readable({
        read() {
          if (sent) return this.destroy(new Error('the process died'));
          sent = true;
          this.push(Buffer.from('half of it'));
        },
      });
      body.destroy();
      return target.put(key, breaking, options);
    },
  };
}

describe('npm run storage -- migrate', () => {
  it('interrupted in the middle, leaves whole copies only, reads fall back meanwhile, and a second run finishes it', async () => {
    const copiedFirst: string[] = [];
    await expect(migrateObjects(disk, dyingOnThirdPut(s3.store), { onObject: (key, outcome) => outcome === 'copied' && copiedFirst.push(key) })).rejects.toThrow('the process died');
    expect(copiedFirst).toHaveLength(2);
    const inBucket: string[] = [];
    for await (const object of s3.store.list('')) inBucket.push(object.key);
    expect(inBucket.sort()).toEqual([...copiedFirst].sort());

    // The server during the move (STORAGE_URL=s3…, STORAGE_FALLBACK_URL=the disk): every file still reads.
    const during = new FallbackObjectStore(s3.store, disk);
    for (const [key, text] of Object.entries(FILES)) expect(await textOf(during, key), key).toBe(text);

    const outcomes: Record<string, string> = {};
    const report = await migrateObjects(disk, s3.store, { onObject: (key, outcome) => (outcomes[key] = outcome) });
    expect(report).toEqual({ copied: 3, alreadyThere: 2, vanished: 0, bytes: expect.any(Number) });
    for (const key of copiedFirst) expect(outcomes[key]).toBe('alreadyThere');
    for (const [key, text] of Object.entries(FILES)) expect(await textOf(s3.store, key), key).toBe(text);
  });

  it('copies again an object whose copy differs from its original, and says what it did', async () => {
    await s3.store.put('downloads/file1/aaa', Readable.from([Buffer.from('not the e-book')]), { maxBytes: 1000 });
    const lines: string[] = [];
    const env = { ...LOOPBACK_S3_CREDENTIALS, DATA_DIR: dataDir };
    const code = await runStorageCommand(['migrate', '--to', s3.url], env, { say: (line) => lines.push(line), fail: (line) => lines.push(`! ${line}`) });
    expect(code).toBe(0);
    expect(lines[0]).toBe(`Copying every file from disk:${dataDir} to s3://vitrine-migration …`);
    expect(lines[1]).toBe('Done: 1 copied (9 bytes), 4 already there, 0 removed meanwhile. Every file is verified by SHA-256.');
    expect(lines[2]).toBe(`Now set STORAGE_URL=${s3.url} on every process and remove STORAGE_FALLBACK_URL.`);
    expect(await textOf(s3.store, 'downloads/file1/aaa')).toBe('an e-book');
  });

  it('interrupted AND with an object removed while it is copied: the next run leaves no copy of the removed one, and every other verified', async () => {
    const source = new LocalDiskObjectStore(mkdtempSync(path.join(os.tmpdir(), 'vitrine-migrate-faults-')));
    const target = (await startLoopbackS3('vitrine-migration-faults')).store;
    const files: Record<string, string> = { 'images/a1/original.png': 'a', 'images/b2/original.png': 'b', 'images/c3/original.png': 'c', 'downloads/d4/x': 'd', 'downloads/e5/y': 'e' };
    for (const [key, text] of Object.entries(files)) await source.put(key, Readable.from([Buffer.from(text.repeat(100))]), { maxBytes: 1000 });
    // The first run dies on its third copy.
    const copiedFirst: string[] = [];
    await expect(migrateObjects(source, dyingOnThirdPut(target), { onObject: (key, outcome) => outcome === 'copied' && copiedFirst.push(key) })).rejects.toThrow('the process died');
    expect(copiedFirst).toHaveLength(2);
    // The second run: the owner deletes a picture not copied yet while its bytes stream to the bucket. The server
    // (STORAGE_URL = the bucket, STORAGE_FALLBACK_URL = the disk) removes it from both stores before the copy lands.
    const removedMidCopy = Object.keys(files).find((key) => key.startsWith('images/') && !copiedFirst.includes(key))!;
    const server = new FallbackObjectStore(target, source);
    let removedDuringPut = false;
    const removingDuringCopy: ObjectStore = {
      ...target,
      description: target.description,
      open: (key) => target.open(key),
      list: (prefix) => target.list(prefix),
      remove: (key) => target.remove(key),
      removePrefix: (prefix) => target.removePrefix(prefix),
      async put(key, body, options) {
        if (key === removedMidCopy) {
          await server.removePrefix(`${key.split('/').slice(0, 2).join('/')}/`);
          removedDuringPut = true;
        }
        return target.put(key, body, options);
      },
    };
    const outcomes: Record<string, string> = {};
    const report = await migrateObjects(source, removingDuringCopy, { onObject: (key, outcome) => (outcomes[key] = outcome) });
    expect(removedDuringPut).toBe(true);
    expect(outcomes[removedMidCopy]).toBe('vanished');
    expect(report).toEqual({ copied: 2, alreadyThere: 2, vanished: 1, bytes: 200 });
    expect(await textOf(target, removedMidCopy)).toBeUndefined();
    for (const [key, text] of Object.entries(files)) if (key !== removedMidCopy) expect(await textOf(target, key), key).toBe(text.repeat(100));
    // A third run finds everything there, verified by checksum.
    expect(await migrateObjects(source, target)).toEqual({ copied: 0, alreadyThere: 4, vanished: 0, bytes: 0 });
  });

  it('answers its usage without --to', async () => {
    const lines: string[] = [];
    expect(await runStorageCommand(['migrate'], {}, { say: (line) => lines.push(line), fail: (line) => lines.push(line) })).toBe(2);
    expect(lines).toEqual(['Usage: npm run storage -- migrate --to URL [--from URL]']);
  });
});
