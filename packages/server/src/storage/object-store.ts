import type { Readable } from 'node:stream';

/**
 * The one storage port every kind of file goes through (pictures and their copies, digital products' files,
 * lessons' videos; theme uploads and site exports can join by taking a prefixed view, see prefixed.ts).
 * Objects are written whole or not at all and never change once written: a replacement gets a new key.
 * Two implementations: the local disk (local-object-store.ts, the default) and an S3-compatible bucket
 * (s3-object-store.ts), chosen by STORAGE_URL (from-url.ts).
 *
 * Keys are `/`-separated segments of safe characters (isValidObjectKey): a key can never leave the store.
 */
export interface ObjectStore {
  /** A short description for logs and the README's "where are my files": `disk:/data` or `s3://bucket`. */
  readonly description: string;
  /**
   * Streams `body` into a new object at `key`, at most `maxBytes` (ObjectTooLargeError past it). Nothing is
   * visible at `key` until the whole body arrived; an interrupted or refused body leaves nothing.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<WrittenObject>;
  /** The object, or undefined when there is none. */
  open(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing a missing object is not an error (a sweep may retry). */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (which must end with `/`). */
  removePrefix(prefix: string): Promise<void>;
  /** Every object whose key starts with `prefix` ('' for all), in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
}

export interface PutOptions {
  maxBytes: number;
  contentType?: string;
}

export interface WrittenObject {
  byteSize: number;
  /** Hex SHA-256 of the bytes, counted while they streamed. */
  sha256: string;
}

export interface ListedObject {
  key: string;
  size: number;
}

export interface StoredObject {
  size: number;
  /** Bytes `start`–`end` (inclusive), or the whole object without a range. */
  stream(range?: { start: number; end: number }): Readable;
  /**
   * Only on stores a browser can read from directly (S3): a URL that serves the object for `expiresIn`
   * seconds, with the given Content-Disposition and Content-Type. Range requests work on it.
   */
  presignedUrl?(options: PresignOptions): Promise<string>;
}

export interface PresignOptions {
  expiresIn: number;
  disposition?: string;
  contentType?: string;
}

/** The body went past the limit: nothing was kept (one class, shared with the disk helpers the port wraps). */
export { ObjectTooLargeError } from './local-files';

/** Segments of lower-case letters, digits, `-`, `_` and inner dots; no empty segment, no `..`. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*)*$/;

export function isValidObjectKey(key: string): boolean {
  return key.length <= 400 && KEY_PATTERN.test(key);
}

export function assertObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
}

export function assertObjectPrefix(prefix: string): void {
  if (prefix !== '' && !(prefix.endsWith('/') && isValidObjectKey(prefix.slice(0, -1)))) throw new Error(`not an object prefix: ${JSON.stringify(prefix)}`);
}

/** How long a presigned URL of a download or a video answers (seconds): long enough to start, too short to share. */
export const DEFAULT_PRESIGN_SECONDS = 60;
