import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
export class VideoTooLargeError extends Error {
  constructor() {
    super('video too large');
    this.name = 'VideoTooLargeError';
  }
}

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
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
    const hash = createHash('sha256');
    let byteSize = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        byteSize += chunk.length;
        if (byteSize > maxBytes) return callback(new VideoTooLargeError());
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

  async open(key: string) {
    const file = this.fileOf(key);
    try {
      const { size } = await stat(file);
      return { size, stream: (range?: { start: number; end: number }) => createReadStream(file, range ? { start: range.start, end: range.end } : {}) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string) {
    const file = this.fileOf(key);
    await rm(file, { force: true });
    await rmdir(path.dirname(file)).catch(() => undefined);
  }
}
