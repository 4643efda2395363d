import path from 'node:path';
import { FallbackObjectStore } from './fallback';
import { LocalDiskObjectStore } from './local-object-store';
import { DEFAULT_PRESIGN_SECONDS, type ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-object-store';

/**
 * A store named by a URL: `s3://bucket?endpoint=http://…&region=…&forcePathStyle=true&presignSeconds=60` (keys
 * from the AWS SDK's standard environment variables), or `file:///abs/dir` / a plain path for the local disk.
 */
export function objectStoreFromUrl(url: string, env: NodeJS.ProcessEnv = process.env): { store: ObjectStore; presignSeconds: number } {
  if (url.startsWith('s3://')) {
    const parsed = new URL(url);
    const bucket = parsed.hostname;
    if (bucket.length < 3 || bucket.length > 63) throw new Error(`STORAGE_URL: a bucket name has 3 to 63 characters (${JSON.stringify(bucket)})`);
    const query = parsed.searchParams;
    const presignSeconds = query.get('presignSeconds') ? Number(query.get('presignSeconds')) : DEFAULT_PRESIGN_SECONDS;
    if (!Number.isInteger(presignSeconds) || presignSeconds < 1 || presignSeconds > 3600) throw new Error('STORAGE_URL: presignSeconds is a whole number from 1 to 3600');
    const store = new S3ObjectStore({
      bucket,
      endpoint: query.get('endpoint') || undefined,
      region: query.get('region') || env.AWS_REGION || 'us-east-1',
      forcePathStyle: query.get('forcePathStyle') === 'true',
      // The standard variables, read from the environment given (the SDK's own chain without them: profiles, roles…).
      credentials: env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined } : undefined,
    });
    return { store, presignSeconds };
  }
  const dir = url.startsWith('file://') ? new URL(url).pathname : url;
  return { store: new LocalDiskObjectStore(path.resolve(dir)), presignSeconds: DEFAULT_PRESIGN_SECONDS };
}

/** The origins browsers are sent to for this store's objects (none for the disk): CSP media-src. */
export async function browserOriginsOf(store: ObjectStore): Promise<string[]> {
  if (store instanceof FallbackObjectStore) return [...new Set([...(await browserOriginsOf(store.primary)), ...(await browserOriginsOf(store.previous))])];
  return store instanceof S3ObjectStore ? [await store.browserOrigin()] : [];
}

/**
 * The server's store from its environment: STORAGE_URL (DATA_DIR's disk without it), and while moving files,
 * STORAGE_FALLBACK_URL, the store being moved from (reads fall back to it).
 */
export function objectStoreFromEnv(env: NodeJS.ProcessEnv): { store: ObjectStore; presignSeconds: number } {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const chosen = objectStoreFromUrl(env.STORAGE_URL || dataDir, env);
  if (!env.STORAGE_FALLBACK_URL) return chosen;
  const previous = objectStoreFromUrl(env.STORAGE_FALLBACK_URL, env).store;
  return { store: new FallbackObjectStore(chosen.store, previous), presignSeconds: chosen.presignSeconds };
}
