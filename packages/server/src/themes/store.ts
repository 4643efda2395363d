import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ObjectStore } from '../storage';

/**
 * Where uploaded theme archives live (the storage port, as the pictures' and digital files' stores): one object per
 * upload, by key (`{themeId}`), written once and read when a website's theme is first compiled. A deployment past
 * one machine swaps this for a shared bucket.
 */
export interface ThemeArchiveStore {
  write(key: string, archive: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9]{1,64}$/;

export class LocalDiskThemeStore implements ThemeArchiveStore {
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid theme key ${JSON.stringify(key)}`);
    return path.join(this.root, `${key}.zip`);
  }

  async write(key: string, archive: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(this.root, { recursive: true });
    // Written aside, then renamed: a half-written archive is never read.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, archive, { flag: 'wx' });
    await rename(partial, file);
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}

/** An archive is at most the upload limit; the port refuses more (a stored archive was checked on upload). */
const ARCHIVE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The theme archives on the storage port (disk under DATA_DIR/themes/ or the S3 bucket's `themes/`, as main.ts
 * builds it), so uploads survive restarts and every process behind one address reads the same ones.
 */
export class ObjectThemeStore implements ThemeArchiveStore {
  constructor(private readonly objects: ObjectStore) {}

  private keyOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid theme key ${JSON.stringify(key)}`);
    return `${key}.zip`;
  }

  async write(key: string, archive: Buffer): Promise<void> {
    await this.objects.put(this.keyOf(key), Readable.from([archive]), { maxBytes: ARCHIVE_MAX_BYTES, contentType: 'application/zip' });
  }

  async read(key: string): Promise<Buffer | undefined> {
    const stored = await this.objects.open(this.keyOf(key));
    if (!stored) return undefined;
    return buffer(stored.stream());
  }

  async remove(key: string): Promise<void> {
    await this.objects.remove(this.keyOf(key));
  }
}
