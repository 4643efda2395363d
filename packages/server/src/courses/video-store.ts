import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ObjectTooLargeError, openFile, removeFile, writeWholeFile } from '../storage/local-files';

/**
 * Where lessons' uploaded videos live: one object per upload, by key (`{videoId}/{random}`), never changed once
 * written (a replacement gets a new key). Like the digital products' store, a strategy a deployment past one
 * machine swaps for a shared bucket; unlike it, an object is read by byte range (a <video> seeks).
 */
export interface LessonVideoStore {
  /** Streams `body` into a new object, at most `maxBytes`; a partial file renamed into place when whole. */
  write(key: string, body: Readable, maxBytes: number): Promise<{ byteSize: number; sha256: string }>;
  /** The object's size and a reader of bytes `start`–`end` (inclusive; the whole object without them), or undefined. */
  open(key: string): Promise<{ size: number; stream(range?: { start: number; end: number }): Readable } | undefined>;
  remove(key: string): Promise<void>;
}

/** The body went past the limit: nothing was kept. */
export { ObjectTooLargeError as VideoTooLargeError };

const KEY_PATTERN = /^[a-z0-9]{1,64}\/[a-z0-9]{1,64}$/;

/** A fresh key for a new upload of video `videoId`. */
export const newVideoKey = (videoId: string) => `${videoId}/${randomBytes(12).toString('hex')}`;

export class LocalDiskLessonVideoStore implements LessonVideoStore {
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a lesson video key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async write(key: string, body: Readable, maxBytes: number) {
    return writeWholeFile(this.fileOf(key), body, maxBytes);
  }

  async open(key: string) {
    return openFile(this.fileOf(key));
  }

  async remove(key: string) {
    return removeFile(this.fileOf(key));
  }
}
