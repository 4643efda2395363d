/**
 * Add-to-cart under concurrent load, beside a bare Fastify JSON route, in one run.
 *
 *   node --import tsx bench/cart/run.ts            # PGlite, plus PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 node --import tsx bench/cart/run.ts
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node --import tsx bench/cart/run.ts   # profile the servers
 *
 * Each server runs in its own process (autocannon in this one), so on 2 cores the server has one to
 * itself. Add-to-cart calls are real: crumb header and cookie, 50 visitors with their own carts in
 * turn, validation, the stock read, the entry upsert and totals in one transaction, and the
 * rate-limit counter in the database (its limit is raised so no call is refused).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openTestDatabase } from '../../packages/server/src/db/testing';
import { stableId } from '../../packages/server/src/ids';
import { startScript } from '../support/processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const VISITORS = 50;
const STICKERS_ID = stableId('product:demo:sticker-pack');
/** Extra node flags for the Vitrine server processes only (not the bare route, not this one). */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Cookies and crumb of one visitor with a cart already holding a sticker pack. */
async function prepareVisitor(base: string): Promise<Record<string, string>> {
  const page = await fetch(`${base}/shop`);
  // Read every body: an unread one keeps its connection busy, so the next fetch opens another, and fifty visitors'
  // idle connections would take the server's per-address cap (64) from the measured ones (reset, counted as errors).
  await page.arrayBuffer();
  const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))![1];
  const headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' };
  const added = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ itemId: STICKERS_ID, sku: 'STICKERS', quantity: 1 }),
  });
  const answer = await added.text();
  if (added.status !== 200) throw new Error(`warm-up add-to-cart answered ${added.status}: ${answer}`);
  const cart = /CART=([^;]+)/.exec(added.headers.getSetCookie().join('\n'))![1];
  return { ...headers, cookie: `crumb=${crumb}; CART=${cart}` };
}

async function benchAddToCart(name: string, env: Record<string, string>): Promise<Figures> {
  const server = await startScript('packages/server/src/main.ts', { ...env, RATE_LIMIT_MAX: '100000000' }, SERVER_NODE_ARGS);
  const { base } = server;
  try {
    const visitors: Awaited<ReturnType<typeof prepareVisitor>>[] = [];
    for (let i = 0; i < VISITORS; i++) visitors.push(await prepareVisitor(base));
    let next = 0;
    const body = JSON.stringify({ itemId: STICKERS_ID, sku: 'STICKERS', quantity: 1 });
    return await load(name, {
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/commerce/shopping-cart/entries',
          body,
          setupRequest: (request) => ({ ...request, headers: visitors[next++ % VISITORS] }),
        },
      ],
    });
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const results: Figures[] = [];

  const bare = await startScript('bench/cart/bare-server.ts', {});
  try {
    results.push(await load('bare Fastify JSON route', { url: `${bare.base}/json`, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }));
  } finally {
    await bare.stop();
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'));
  try {
    results.push(await benchAddToCart('add-to-cart, PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgresServer = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (postgresServer) {
    process.env.TEST_DATABASE_URL = postgresServer;
    const database = await openTestDatabase();
    try {
      results.push(await benchAddToCart('add-to-cart, PostgreSQL', { DATABASE_URL: database.url! }));
    } finally {
      await database.close();
    }
  } else {
    console.log('PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL to a server where databases may be created.');
  }

  const ceiling = results[0].requestsPerSecond;
  console.log(`\n${SECONDS} s per run, ${CONNECTIONS} connections, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log('| run | requests/s | p99 latency | share of bare route | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = r.requestsPerSecond / ceiling;
    console.log(`| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p99Ms} ms | ${(ratio * 100).toFixed(1)} % (1 : ${(1 / ratio).toFixed(1)}) | ${r.non2xx} | ${r.errors} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
