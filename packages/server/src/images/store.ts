import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { LocalDiskObjectStore, type ObjectStore } from '../storage';

/**
 * Where image bytes live: the originals and their resized copies, by key (`{imageId}/original.png`,
 * `{imageId}/750w.png`), in the storage port (storage/: DATA_DIR/images on disk, or `images/` of
 * the bucket). The server always answers pictures itself (resized on first request, `immutable`),
 * whichever store holds them, so a picture's URL never changes when the files move. Objects are written whole or not at all, and never change once
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

/** The pictures' part of the storage port (prefixed `images/`). */
export class ObjectImageStore implements ImageStore {
  constructor(readonly objects: ObjectStore) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!isValidImageKey(key)) throw new Error(`not an image key: ${JSON.stringify(key)}`);
    // Written whole or not at all by the port: two processes making the same copy at once both succeed, the last
    // one's whole object winning, and a reader never sees half a file.
    await this.objects.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), { maxBytes: Number.POSITIVE_INFINITY, contentType: contentTypeOfKey(key) });
  }

  async get(key: string): Promise<StoredImage | undefined> {
    if (!isValidImageKey(key)) throw new Error(`not an image key: ${JSON.stringify(key)}`);
    const stored = await this.objects.open(key);
    if (!stored) return undefined;
    return { size: stored.size, stream: () => stored.stream(), bytes: () => buffer(stored.stream()) };
  }

  async removeImage(imageId: string): Promise<void> {
    if (!IMAGE_ID_PATTERN.test(imageId)) throw new Error(`not an image id: ${JSON.stringify(imageId)}`);
    await this.objects.removePrefix(`${imageId}/`);
  }
}

/** The default store: files under one directory (DATA_DIR/images), one folder per image, as before the port. */
export class LocalDiskImageStore extends ObjectImageStore {
  constructor(readonly root: string) {
    super(new LocalDiskObjectStore(root));
  }
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', svg: 'image/svg+xml' };

/** The bucket's Content-Type of an object, by its extension (the server sets its own when it answers). */
function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
