import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { ObjectTooLargeError, openFile, removeFile, writeWholeFile } from '../storage/local-files';

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
export { ObjectTooLargeError as FileTooLargeError };

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
    return writeWholeFile(this.fileOf(key), body, maxBytes);
  }

  async open(key: string): Promise<StoredFile | undefined> {
    return openFile(this.fileOf(key));
  }

  async remove(key: string): Promise<void> {
    if (key.startsWith(BUNDLED_PREFIX)) return;
    await removeFile(this.fileOf(key));
  }
}
