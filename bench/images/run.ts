/**
 * Pictures: bytes per picture by format, and the p50/p99 of a picture request served from the disk and from an
 * S3-protocol bucket (s3rver on loopback), in one run.
 *
 *   node --import tsx bench/images/run.ts
 *   BENCH_REQUESTS=500 BENCH_CONCURRENCY=8 node --import tsx bench/images/run.ts
 *
 * One in-process server per store (PGlite), the same demo-like picture uploaded to each; the copy asked for is
 * made by a first request, then BENCH_REQUESTS requests (BENCH_CONCURRENCY at a time) of that warm copy are timed
 * over real HTTP. s3rver is a test server on the same 2 cores, not a real bucket: its figures show the port's
 * overhead (a HEAD and a GET per picture), not S3's latency.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { ObjectImageStore } from '../../packages/server/src/images';
import { openTestServer, ownerVisitor, type TestServer } from '../../packages/server/src/testing';
import { prefixedStore } from '../../packages/server/src/storage';
import { startLoopbackS3 } from '../../packages/server/src/storage/s3-testing';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ACCEPTS = { png: '*/*', webp: 'image/webp,*/*', avif: 'image/avif,image/webp,*/*' } as const;

/** A photograph-like picture: smooth noise, 1600 × 1200, as a JPEG-sized PNG upload. */
async function pictureBytes(): Promise<Buffer> {
  const raw = Buffer.alloc(1600 * 1200 * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = ((i * 7919) % 251) ^ (i >> 11);
  return sharp(raw, { raw: { width: 1600, height: 1200, channels: 3 } }).blur(2).png().toBuffer();
}

async function upload(server: TestServer, bytes: Buffer): Promise<string> {
  const admin = await ownerVisitor(server, 'admin');
  const boundary = '----bench-images';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Bench.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await admin.request({ method: 'POST', url: '/api/owner/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  if (answer.statusCode !== 201) throw new Error(`upload answered ${answer.statusCode}: ${answer.body}`);
  return (answer.json() as { assetUrl: string }).assetUrl;
}

async function timed(url: string, accept: string): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const answer = await fetch(url, { headers: { accept } });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]! };
}

async function main() {
  const bytes = await pictureBytes();
  const s3 = await startLoopbackS3('vitrine-bench');
  const rows: string[] = [];
  const uploads: string[] = [];
  try {
    for (const [name, options] of [['disk', {}], ['s3rver', { imageStore: new ObjectImageStore(prefixedStore(s3.store, 'images/')) }]] as const) {
      const server = await openTestServer(options);
      try {
        // The upload itself, with the AVIF and WebP copies at 500w and 750w it makes before answering (images/prepared-copies.ts).
        const started = performance.now();
        const assetUrl = await upload(server, bytes);
        uploads.push(`| ${name} | ${(performance.now() - started).toFixed(0)} ms |`);
        const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
        for (const [format, accept] of Object.entries(ACCEPTS)) {
          const url = `${base}${assetUrl}?format=750w`;
          const first = await fetch(url, { headers: { accept } });
          const size = (await first.arrayBuffer()).byteLength;
          const { p50, p99 } = await timed(url, accept);
          rows.push(`| ${name} | ${format} (${first.headers.get('content-type')}) | ${size} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await s3.stop();
  }
  console.log(`${REQUESTS} requests of a warm 750-px copy, ${CONCURRENCY} at a time:\n`);
  console.log('| store | format | bytes | p50 | p99 |\n|---|---|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log('\nOne upload of the picture (re-encoded original, and its four AVIF/WebP copies made at upload):\n');
  console.log('| store | upload |\n|---|---:|');
  for (const row of uploads) console.log(row);
}

await main();
