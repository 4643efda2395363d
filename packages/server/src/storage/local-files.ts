import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The local-disk half of the upload stores (digital products' files, lessons' videos): one file per object,
 * written once. Each store maps its own keys to paths; these three do the disk work the same way for both.
 */

/** The body went past the limit: nothing was kept. */
export class ObjectTooLargeError extends Error {
  constructor() {
    super('upload too large');
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * Streams `body` into `file`, at most `maxBytes`: written to a private partial file and renamed into place only
 * when the whole body arrived, so a dropped or refused upload leaves nothing behind.
 */
export async function writeWholeFile(file: string, body: Readable, maxBytes: number): Promise<{ byteSize: number; sha256: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
  const hash = createHash('sha256');
  let byteSize = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      byteSize += chunk.length;
      if (byteSize > maxBytes) return callback(new ObjectTooLargeError());
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

/** The file's size and a reader of bytes `start`–`end` (inclusive; the whole file without them), or undefined. */
export async function openFile(file: string): Promise<{ size: number; stream(range?: { start: number; end: number }): Readable } | undefined> {
  try {
    const { size } = await stat(file);
    return { size, stream: (range) => createReadStream(file, range ? { start: range.start, end: range.end } : {}) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes the file, and its folder when that was the upload's last object. */
export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
  await rmdir(path.dirname(file)).catch(() => undefined);
}
