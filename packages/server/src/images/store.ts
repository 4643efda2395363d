import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where image bytes live: the originals and their resized copies, by key (`{imageId}/original.png`,
 * `{imageId}/750w.png`). A strategy, so a deployment past one machine swaps the local disk for a
 * shared store (an S3-compatible bucket: put = PutObject, get = GetObject, removeImage = delete by
 * prefix) without touching the rest. Objects are written whole or not at all, and never change once
 * written (a new picture gets a new id), which is what lets the server answer them `immutable`.
 */
export interface ImageStore {
  /** Writes the object atomically: a reader sees the old object, or none, or the whole new one. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredImage | undefined>;
  /** Removes every object of one image (its original and resized copies). */
  removeImage(imageId: string): Promise<void>;
}

export interface StoredImage {
  size: number;
  stream(): Readable;
  bytes(): Promise<Buffer>;
}

/** Keys are `{id}/{name}` of safe characters: a key can never leave the store's directory. */
const KEY_PATTERN = /^[a-z0-9]{1,64}\/[a-z0-9]+(?:\.[a-z0-9]+)?$/;
const IMAGE_ID_PATTERN = /^[a-z0-9]{1,64}$/;

export function isValidImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The default store: files under one directory (DATA_DIR/images), one folder per image. */
export class LocalDiskImageStore implements ImageStore {
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    if (!isValidImageKey(key)) throw new Error(`not an image key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write privately, then rename: two processes making the same copy at once both succeed, and a
    // reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredImage | undefined> {
    const file = this.fileOf(key);
    try {
      const { size } = await stat(file);
      return { size, stream: () => createReadStream(file), bytes: () => readFile(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async removeImage(imageId: string): Promise<void> {
    if (!IMAGE_ID_PATTERN.test(imageId)) throw new Error(`not an image id: ${JSON.stringify(imageId)}`);
    await rm(path.join(this.root, imageId), { recursive: true, force: true });
  }
}
