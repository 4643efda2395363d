// databases: none — uploaded theme archives on the storage port: the disk under DATA_DIR and a real S3-protocol server
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskObjectStore, prefixedStore } from '../storage';
import { startLoopbackS3 } from '../storage/s3-testing';
import { ObjectThemeStore } from './store';

let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
let diskRoot: string;
beforeAll(async () => {
  s3 = await startLoopbackS3();
  diskRoot = mkdtempSync(path.join(os.tmpdir(), 'vitrine-theme-store-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(diskRoot, { recursive: true, force: true });
});

describe('theme archives on the storage port', () => {
  for (const kind of ['disk', 's3'] as const) {
    it(`keeps an archive under themes/ on ${kind}, reads it back whole, and removes it`, async () => {
      const objects = kind === 's3' ? s3.store : new LocalDiskObjectStore(diskRoot);
      const store = new ObjectThemeStore(prefixedStore(objects, 'themes/'));
      const archive = Buffer.from(`PK\u0003\u0004 an archive of ${kind}`);
      await store.write('abc123', archive);
      expect(await store.read('abc123')).toEqual(archive);
      const listed: string[] = [];
      for await (const object of objects.list('themes/')) listed.push(object.key);
      expect(listed).toEqual(['themes/abc123.zip']);
      await store.remove('abc123');
      expect(await store.read('abc123')).toBeUndefined();
      await expect(store.write('../escape', archive)).rejects.toThrow('invalid theme key');
    });
  }
});
