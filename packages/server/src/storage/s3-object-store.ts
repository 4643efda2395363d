import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { writeWholeFile } from './local-files';
import { assertObjectKey, assertObjectPrefix, type ListedObject, type ObjectStore, type PresignOptions, type PutOptions, type StoredObject, type WrittenObject } from './object-store';

export interface S3StoreSettings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); AWS's own without it. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Explicit keys (tests); otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/**
 * The ObjectStore on an S3-compatible bucket.
 *
 * A put never leaves a visible object when its body is interrupted: the body first streams into a private
 * temporary file on this machine (counted, hashed and cut at maxBytes, as on disk), and only a whole body is
 * sent, by one PutObject with a known length. S3 makes a PutObject visible whole or not at all, so a dropped
 * connection to the bucket leaves nothing either; no multipart upload is left to abort. (One PutObject takes up
 * to 5 GB, past every upload limit here.) The sha256 is kept as the object's `x-amz-meta-sha256`, which the
 * migration compares.
 */
export class S3ObjectStore implements ObjectStore {
  readonly description: string;
  readonly client: S3Client;

  constructor(readonly settings: S3StoreSettings) {
    this.description = `s3://${settings.bucket}`;
    const config: S3ClientConfig = {
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Plain signed bodies: S3-compatible servers do not all take the SDK's newer streamed checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client(config);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<WrittenObject> {
    assertObjectKey(key);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'vitrine-upload-'));
    try {
      const spooled = path.join(folder, 'body');
      const written = await writeWholeFile(spooled, body, options.maxBytes);
      await this.client.send(new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: createReadStream(spooled),
        ContentLength: written.byteSize,
        ContentType: options.contentType ?? 'application/octet-stream',
        Metadata: { sha256: written.sha256 },
      }));
      return written;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async open(key: string): Promise<StoredObject | undefined> {
    assertObjectKey(key);
    let size: number;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      size = Number(head.ContentLength ?? 0);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    return {
      size,
      stream: (range) => this.streamOf(key, range),
      presignedUrl: (options) => this.presignedUrl(key, options),
    };
  }

  /** The SHA-256 recorded at put (the migration's check), or undefined for an object put by someone else. */
  async recordedSha256(key: string): Promise<string | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.Metadata?.sha256;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The origin presigned URLs point at (what a page's CSP media-src must allow for redirected videos). */
  async browserOrigin(): Promise<string> {
    return new URL(await this.presignedUrl('origin-probe', { expiresIn: 1 })).origin;
  }

  presignedUrl(key: string, options: PresignOptions): Promise<string> {
    assertObjectKey(key);
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentDisposition: options.disposition,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn });
  }

  /** A reader available at once (the stores' contract), fed when the GetObject answers. */
  private streamOf(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      .then((answer) => {
        const body = answer.Body as Readable | undefined;
        if (!body) return out.end();
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async remove(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<void> {
    assertObjectPrefix(prefix);
    if (prefix === '') throw new Error('refusing to remove every object');
    // One DeleteObject each: DeleteObjects needs a Content-MD5 that not every S3-compatible server checks alike.
    for await (const object of this.list(prefix)) await this.remove(object.key);
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertObjectPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: Number(object.Size ?? 0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
