import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where digital products' files live: one object per upload, by key (`{fileId}/{random}`), never changed once
 * written (a replacement gets a new key). Like the pictures' store (images/store.ts), a strategy a deployment
 * past one machine swaps for a shared bucket. Keys starting with `bundled/` are read-only files shipped with the
 * server (the demo store's e-book), so a demo seed needs no data directory.
 */
export interface DownloadFileStore {
  /**
   * Streams `body` into a new object, at most `maxBytes`: written to a private partial file and renamed into
   * place only when the whole body arrived, so a dropped or refused upload leaves nothing behind.
   */
  write(key: string, body: Readable, maxBytes: number): Promise<WrittenFile>;
  /** The object, or undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
}

export interface WrittenFile {
  byteSize: number;
  sha256: string;
}

export interface StoredFile {
  size: number;
  stream(): Readable;
}

/** The body went past the limit: nothing was kept. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
    this.name = 'FileTooLargeError';
  }
}

/** Files shipped with the server: the demo seed's downloads. */
export const BUNDLED_FILES_DIR = path.resolve(fileURLToPath(import.meta.url), '../bundled');
const BUNDLED_PREFIX = 'bundled/';

const KEY_PATTERN = /^[a-z0-9]{1,64}\/[a-z0-9]{1,64}$/;
const BUNDLED_KEY_PATTERN = /^bundled\/[a-z0-9-]{1,64}\.[a-z0-9]{1,8}$/;

export const isValidFileKey = (key: string) => KEY_PATTERN.test(key) || BUNDLED_KEY_PATTERN.test(key);

/** A fresh key for a new upload of file `fileId`. */
export const newFileKey = (fileId: string) => `${fileId}/${randomBytes(12).toString('hex')}`;

export class LocalDiskDownloadStore implements DownloadFileStore {
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    if (!isValidFileKey(key)) throw new Error(`not a download file key: ${JSON.stringify(key)}`);
    if (key.startsWith(BUNDLED_PREFIX)) return path.join(BUNDLED_FILES_DIR, key.slice(BUNDLED_PREFIX.length));
    return path.join(this.root, ...key.split('/'));
  }

  async write(key: string, body: Readable, maxBytes: number): Promise<WrittenFile> {
    if (key.startsWith(BUNDLED_PREFIX)) throw new Error('bundled files are read-only');
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
    const hash = createHash('sha256');
    let byteSize = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        byteSize += chunk.length;
        if (byteSize > maxBytes) return callback(new FileTooLargeError());
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { byteSize, sha256: hash.digest('hex') };
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const file = this.fileOf(key);
    try {
      const { size } = await stat(file);
      return { size, stream: () => createReadStream(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (key.startsWith(BUNDLED_PREFIX)) return;
    const file = this.fileOf(key);
    await rm(file, { force: true });
    // The upload's folder goes with its last object.
    await rmdir(path.dirname(file)).catch(() => undefined);
  }
}
