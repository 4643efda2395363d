import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { DEFAULT_PRESIGN_SECONDS, LocalDiskObjectStore, ObjectTooLargeError, type ObjectStore, type PresignOptions } from '../storage';

/**
 * Where digital products' files live: one object per upload, by key (`{fileId}/{random}`), never changed once
 * written (a replacement gets a new key), in the storage port (storage/: DATA_DIR/downloads on disk, or
 * `downloads/` of the bucket). Keys starting with `bundled/` are read-only files shipped with the
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
  /** On a store browsers can read from (S3): a short-lived URL of the object, which the link redirects to. */
  presignedUrl?(options: Omit<PresignOptions, 'expiresIn'>): Promise<string>;
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

/** The downloads' part of the storage port (prefixed `downloads/`); bundled files read from the server's own folder. */
export class ObjectDownloadStore implements DownloadFileStore {
  private readonly bundled = new LocalDiskObjectStore(BUNDLED_FILES_DIR);

  constructor(readonly objects: ObjectStore, readonly options: { presignSeconds?: number } = {}) {}

  private check(key: string): void {
    if (!isValidFileKey(key)) throw new Error(`not a download file key: ${JSON.stringify(key)}`);
  }

  async write(key: string, body: Readable, maxBytes: number): Promise<WrittenFile> {
    this.check(key);
    if (key.startsWith(BUNDLED_PREFIX)) throw new Error('bundled files are read-only');
    return this.objects.put(key, body, { maxBytes });
  }

  async open(key: string): Promise<StoredFile | undefined> {
    this.check(key);
    if (key.startsWith(BUNDLED_PREFIX)) return this.bundled.open(key.slice(BUNDLED_PREFIX.length));
    const stored = await this.objects.open(key);
    if (!stored?.presignedUrl) return stored;
    const expiresIn = this.options.presignSeconds ?? DEFAULT_PRESIGN_SECONDS;
    return { size: stored.size, stream: () => stored.stream(), presignedUrl: (options) => stored.presignedUrl!({ ...options, expiresIn }) };
  }

  async remove(key: string): Promise<void> {
    this.check(key);
    if (key.startsWith(BUNDLED_PREFIX)) return;
    await this.objects.remove(key);
  }
}

/** The downloads on the local disk, under `root` (DATA_DIR/downloads): the store before the port, unchanged. */
export class LocalDiskDownloadStore extends ObjectDownloadStore {
  constructor(readonly root: string) {
    super(new LocalDiskObjectStore(root));
  }
}
