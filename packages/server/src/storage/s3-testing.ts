import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStore } from './s3-object-store';

/**
 * A real S3-protocol server (s3rver) on a free loopback port, with one bucket, for the storage tests. `deleteCalls`
 * counts the DeleteObject requests it was sent, by key (a request for a missing object counts too): what "removed
 * once" is measured by.
 */
export async function startLoopbackS3(bucket = 'vitrine-test'): Promise<{ store: S3ObjectStore; url: string; endpoint: string; deleteCalls: Map<string, number>; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vitrine-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const deleteCalls = new Map<string, number>();
  // First in s3rver's (Koa's) middleware, which is composed when it starts listening: it sees every request.
  (server as unknown as { middleware: Array<(ctx: { method: string; path: string }, next: () => Promise<void>) => Promise<void>> }).middleware.unshift(async (ctx, next) => {
    const prefix = `/${bucket}/`;
    if (ctx.method === 'DELETE' && ctx.path.startsWith(prefix)) {
      const key = decodeURIComponent(ctx.path.slice(prefix.length));
      deleteCalls.set(key, (deleteCalls.get(key) ?? 0) + 1);
    }
    await next();
  });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const store = new S3ObjectStore({ bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    store,
    endpoint,
    deleteCalls,
    url: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    async stop() {
      store.client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The environment a server process needs to reach the loopback bucket. */
export const LOOPBACK_S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
