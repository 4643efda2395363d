import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DEFAULT_PRESIGN_SECONDS, LocalDiskObjectStore, ObjectTooLargeError, type ObjectStore, type PresignOptions } from '../storage';

/**
 * Where lessons' uploaded videos live: one object per upload, by key (`{videoId}/{random}`), never changed once
 * written (a replacement gets a new key), in the storage port (storage/: DATA_DIR/lesson-videos on disk, or
 * `lesson-videos/` of the bucket). Unlike a download, an object is read by byte range (a <video> seeks).
 */
export interface LessonVideoStore {
  /** Streams `body` into a new object, at most `maxBytes`; a partial file renamed into place when whole. */
  write(key: string, body: Readable, maxBytes: number): Promise<{ byteSize: number; sha256: string }>;
  /** The object's size and a reader of bytes `start`–`end` (inclusive; the whole object without them), or undefined. */
  open(key: string): Promise<StoredVideo | undefined>;
  remove(key: string): Promise<void>;
}

export interface StoredVideo {
  size: number;
  stream(range?: { start: number; end: number }): Readable;
  /** On a store browsers can read from (S3): a short-lived URL of the object (ranges work on it), which the video redirects to. */
  presignedUrl?(options: Omit<PresignOptions, 'expiresIn'>): Promise<string>;
}

/** The body went past the limit: nothing was kept. */
export { ObjectTooLargeError as VideoTooLargeError };

const KEY_PATTERN = /^[a-z0-9]{1,64}\/[a-z0-9]{1,64}$/;

/** A fresh key for a new upload of video `videoId`. */
export const newVideoKey = (videoId: string) => `${videoId}/${randomBytes(12).toString('hex')}`;

/** The videos' part of the storage port (prefixed `lesson-videos/`). */
export class ObjectLessonVideoStore implements LessonVideoStore {
  constructor(readonly objects: ObjectStore, readonly options: { presignSeconds?: number } = {}) {}

  private check(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a lesson video key: ${JSON.stringify(key)}`);
    return key;
  }

  async write(key: string, body: Readable, maxBytes: number) {
    return this.objects.put(this.check(key), body, { maxBytes });
  }

  async open(key: string): Promise<StoredVideo | undefined> {
    const stored = await this.objects.open(this.check(key));
    if (!stored?.presignedUrl) return stored;
    const expiresIn = this.options.presignSeconds ?? DEFAULT_PRESIGN_SECONDS;
    return { size: stored.size, stream: (range) => stored.stream(range), presignedUrl: (options) => stored.presignedUrl!({ ...options, expiresIn }) };
  }

  async remove(key: string) {
    return this.objects.remove(this.check(key));
  }
}

/** The videos on the local disk, under `root` (DATA_DIR/lesson-videos): the store before the port, unchanged. */
export class LocalDiskLessonVideoStore extends ObjectLessonVideoStore {
  constructor(readonly root: string) {
    super(new LocalDiskObjectStore(root));
  }
}
