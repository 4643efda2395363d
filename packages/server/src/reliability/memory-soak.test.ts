// databases: both — one compiled server process under a mixed load, its memory sampled from /metrics
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../db/testing';
import { demoProductId } from '../testing';
import { LONG_RUN } from './config';
import { HttpVisitor, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

/**
 * Issue 35 item 6, a lean production process: the compiled server (`npm start`'s bundle) idles within its budget
 * (≤ 350 MB resident on the embedded database, ≤ 200 MB on PostgreSQL) and, under a mixed load of anonymous pages,
 * searches, filtered listings, carts and orders for SOAK_MINUTES (10 in `npm run test:reliability`), holds its memory
 * within 10 % of its level after the warm-up. Only the long run: it is minutes by nature, and `npm test` has a budget.
 */

const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WARM_UP_MS = 60_000;
const SAMPLE_EVERY_MS = 10_000;
const IDLE_BUDGET_BYTES = { pglite: 350e6, postgres: 200e6 } as const;
// A digital product: never sold out however many orders the soak places.
const PRODUCT = demoProductId('photography-ebook');
const refusedWrites: string[] = [];

async function metricOf(server: ServerProcess, name: string): Promise<number> {
  const metrics = await (await fetch(`${server.base}/metrics`)).text();
  const line = new RegExp(`^${name} (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)$`, 'm').exec(metrics);
  if (!line) throw new Error(`no ${name} in /metrics`);
  return Number(line[1]);
}

const residentBytes = (server: ServerProcess) => metricOf(server, 'vitrine_process_resident_memory_bytes');

/** Where the memory is (for the log): the JavaScript heap in use, and what lives outside it (the embedded database's WebAssembly memory, buffers). */
async function memoryParts(server: ServerProcess): Promise<string> {
  const [heap, external] = await Promise.all([metricOf(server, 'vitrine_nodejs_heap_size_used_bytes'), metricOf(server, 'vitrine_nodejs_external_memory_bytes')]);
  return `heap ${(heap / 1e6).toFixed(0)} MB, external ${(external / 1e6).toFixed(0)} MB`;
}

/** One shopper's round: pages a visitor reads, a search, a filtered listing, a cart, now and then an order. */
async function shopperRound(server: ServerProcess, round: number): Promise<void> {
  const shopper = new HttpVisitor();
  const paths = ['/', '/shop', '/shop/p/linen-shirt', `/search?q=${['linen', 'vase', 'lamp', 'tote'][round % 4]}`, `/shop?sort=price-asc&page=${1 + (round % 2)}`, '/journal', '/about', `/shop/p/linen-shirt?format=json`];
  for (const url of paths) {
    const answer = await fetch(`${server.base}${url}`);
    await answer.arrayBuffer();
  }
  await shopper.visit(server.base);
  const added = await shopper.call(server.base, 'POST', '/api/commerce/shopping-cart/entries', { itemId: PRODUCT, sku: 'EBOOK', quantity: 1 });
  if (added.status !== 200) refusedWrites.push(`cart ${added.status} ${added.text.slice(0, 120)}`);
  if (round % 10 === 0) {
    const ordered = await shopper.call(server.base, 'POST', '/api/commerce/orders', { email: `soak-${round}@soak.test` });
    if (ordered.status !== 201) refusedWrites.push(`order ${ordered.status} ${ordered.text.slice(0, 120)}`);
  }
}

async function loadFor(server: ServerProcess, milliseconds: number, onSample?: () => Promise<void>): Promise<number> {
  const until = Date.now() + milliseconds;
  let rounds = 0;
  let nextSample = Date.now() + SAMPLE_EVERY_MS;
  const worker = async () => {
    while (Date.now() < until) {
      await shopperRound(server, rounds++);
      if (onSample && Date.now() >= nextSample) {
        nextSample += SAMPLE_EVERY_MS;
        await onSample();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return rounds;
}

for (const kind of ['pglite', 'postgres'] as const) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!LONG_RUN || (kind === 'postgres' ? !serverUrl : Boolean(serverUrl)))(`the compiled server's memory (${kind})`, () => {
    let server: ServerProcess | undefined;
    let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-soak-'));

    beforeAll(async () => {
      // @ts-expect-error the build script is plain JavaScript without declarations
      const { buildServerBundle, serverBundle } = (await import('../../../../scripts/start/server-bundle.mjs')) as { buildServerBundle(): Promise<void>; serverBundle: string };
      await buildServerBundle();
      database = kind === 'postgres' ? await createEmptyPostgresDatabase(serverUrl!) : undefined;
      // First start migrates and seeds (a one-off peak); the measured process starts on the seeded database, as a restart does.
      const env = { DATA_DIR: dataDir, NODE_ENV: 'production', ...(database ? { DATABASE_URL: database.url } : {}) };
      await stopServerProcess(await startServerProcess({ env, bundle: serverBundle, timeoutMs: 180_000 }));
      server = await startServerProcess({ env, bundle: serverBundle, timeoutMs: 120_000 });
    }, 400_000);

    afterAll(async () => {
      await stopServerProcess(server);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`idles within ${IDLE_BUDGET_BYTES[kind] / 1e6} MB and holds its memory within 10 % of its warmed-up level for ${SOAK_MINUTES} minutes of mixed load`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const idle = await residentBytes(server!);
      console.info(`memory soak (${kind}): idle ${(idle / 1e6).toFixed(0)} MB`);
      expect(idle).toBeLessThanOrEqual(IDLE_BUDGET_BYTES[kind]);

      // Memory under load is a sawtooth (V8 collects the old space when it chooses): the levels compared are the
      // troughs — the lowest sample of the warm-up, and the lowest of the run's last third. A leak lifts the troughs.
      const warmUpSamples: number[] = [];
      await loadFor(server!, WARM_UP_MS, async () => void warmUpSamples.push(await residentBytes(server!)));
      const warm = Math.min(...warmUpSamples, await residentBytes(server!));
      const samples: number[] = [];
      const parts: string[] = [];
      const rounds = await loadFor(server!, SOAK_MINUTES * 60_000, async () => {
        samples.push(await residentBytes(server!));
        parts.push(await memoryParts(server!));
      });
      samples.push(await residentBytes(server!));
      console.info(`memory soak (${kind}): after warm-up ${(warm / 1e6).toFixed(0)} MB; ${rounds} shopper rounds; samples ${samples.map((bytes) => (bytes / 1e6).toFixed(0)).join(' ')} MB (${parts.join('; ')})`);
      // The load was what it says: every cart write and order went through.
      expect(refusedWrites.slice(0, 3)).toEqual([]);
      const tail = samples.slice(Math.floor((samples.length * 2) / 3));
      expect(Math.min(...tail)).toBeLessThanOrEqual(warm * 1.1);
    }, (SOAK_MINUTES * 60_000 + WARM_UP_MS) * 1.5 + 60_000);
  });
}
