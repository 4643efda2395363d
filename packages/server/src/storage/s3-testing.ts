import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStore } from './s3-object-store';

/** A real S3-protocol server (s3rver) on a free loopback port, with one bucket, for the storage tests. */
export async function startLoopbackS3(bucket = 'vitrine-test'): Promise<{ store: S3ObjectStore; url: string; endpoint: string; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vitrine-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const store = new S3ObjectStore({ bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    store,
    endpoint,
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
