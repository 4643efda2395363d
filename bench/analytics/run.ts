/**
 * Analytics ingestion under load, beside bare Fastify routes taking the same bodies, in one run; then the time a
 * daily rollup takes over a day of one million events.
 *
 *   npm run bench:analytics                      # PGlite, plus PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ROLLUP_EVENTS=1000000 npm run bench:analytics
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:analytics   # profile the servers
 *
 * Each server runs in its own process (autocannon in this one). The calls are real: many simulated visitors (each
 * its own ss_cvr cookie and a browser user agent) send beacons as the tracking client does: newer-tracker events
 * form-encoded, one per beacon (each with a fresh event_id), and performance records as text/plain JSON, 20 per
 * beacon. Every call goes through the whole stack: rate-limit counters in the database (limits raised so nothing is
 * refused), the contract, the event's JSON Schema, and the batch writer's group commit before the answer. After each
 * run the rows stored are counted against the calls acknowledged.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { computeDailyRollup } from '../../packages/server/src/analytics';
import { openPGlite } from '../../packages/server/src/db/database';
import type { Database } from '../../packages/server/src/db/schema';
import { openTestDatabase } from '../../packages/server/src/db/testing';
import { startScript } from '../support/processes';
import { findDefaultWebsite } from '../../packages/server/src/websites';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const VISITORS = 1000;
const RECORDS_PER_BEACON = 20;
const ROLLUP_EVENTS = Number(process.env.BENCH_ROLLUP_EVENTS ?? 1_000_000);
/** Extra node flags for the Vitrine server processes only. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

interface Figures {
  name: string;
  requestsPerSecond: number;
  eventsPerSecond: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  stored?: number;
}

const visitorCookie = (index: number) => `ss_cvr=bench-visitor-${String(index).padStart(6, '0')}|1700000000000|1700000000000|1|1`;

function eventBody(): string {
  const content = {
    event_id: randomUUID(),
    analytics_id: 'bench-analytics',
    session_id: 'bench-session',
    page_path: '/shop/p/linen-shirt',
    event_occurrence_timestamp: Date.now(),
    context_website_id: 'bench',
    client_name: 'vitrine-tracking',
    client_version: '1.0.0',
    source_environment: 'prod',
    resolved_locale: 'en-US',
    page_host: 'localhost',
    enduser_user_agent: AGENT,
  };
  return new URLSearchParams({ eventSchemaName: 'page-view', eventContent: JSON.stringify(content) }).toString();
}

function recordsBody(pageLoadId: string): string {
  const metrics = ['LCP', 'FCP', 'INP', 'CLS', 'TTFB'];
  return JSON.stringify(
    Array.from({ length: RECORDS_PER_BEACON }, (_, index) => ({
      app: 'vitrine-performance',
      event: 'web-vital',
      pageLoadId,
      ts: Date.now(),
      data: { name: metrics[index % 5], value: index % 5 === 3 ? 0.05 : 100 + index * 37, pagePath: '/shop' },
    })),
  );
}

async function load(name: string, perRequest: number, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const ok = result['2xx'];
  return {
    name,
    requestsPerSecond: result.requests.average,
    eventsPerSecond: (ok / SECONDS) * perRequest,
    p99Ms: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function loadBoth(prefix: string, base: string, pageLoadIds: string[]): Promise<[Figures, Figures]> {
  let visitor = 0;
  const events = await load(`${prefix}: events, 1 per beacon`, 1, {
    url: base,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/clanker/events',
        setupRequest: (request) => ({
          ...request,
          body: eventBody(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitorCookie(visitor++ % VISITORS), 'user-agent': AGENT },
        }),
      },
    ],
  });
  let page = 0;
  const records = await load(`${prefix}: web vitals, ${RECORDS_PER_BEACON} per beacon`, RECORDS_PER_BEACON, {
    url: base,
    requests: [
      {
        method: 'POST',
        path: '/api/performance/records',
        setupRequest: (request) => ({
          ...request,
          body: recordsBody(pageLoadIds[page % pageLoadIds.length]!),
          headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: visitorCookie(page++ % VISITORS), 'user-agent': AGENT },
        }),
      },
    ],
  });
  return [events, records];
}

const SERVER_ENV = {
  RATE_LIMIT_MAX: '1000000000',
  ANALYTICS_RATE_LIMIT_MAX: '1000000000',
  // Ingestion only: no rollups or retention while measuring.
  ANALYTICS_ROLLUP_INTERVAL_MS: '0',
};

async function benchServer(prefix: string, env: Record<string, string>): Promise<[Figures, Figures]> {
  const server = await startScript('packages/server/src/main.ts', { ...SERVER_ENV, ...env }, SERVER_NODE_ARGS);
  const { base } = server;
  try {
    const pageLoadIds: string[] = [];
    for (let i = 0; i < 50; i++) pageLoadIds.push(((await (await fetch(`${base}/api/performance/settings`)).json()) as { pageLoadId: string }).pageLoadId);
    return await loadBoth(prefix, base, pageLoadIds);
  } finally {
    await server.stop();
  }
}

async function countStored(db: Kysely<Database>, figures: [Figures, Figures]): Promise<void> {
  const events = await db.selectFrom('analytics_events').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const records = await db.selectFrom('analytics_performance').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  figures[0].stored = Number(events.n);
  figures[1].stored = Number(records.n);
}

/** A day of `count` events (a third of them product views and add-to-carts), a page view per two events, and web vitals: the rollup's time. */
async function benchRollup(name: string, db: Kysely<Database>): Promise<{ name: string; events: number; hits: number; records: number; seconds: number }> {
  const website = (await findDefaultWebsite(db))!;
  const day = '2024-01-15';
  const hits = Math.round(ROLLUP_EVENTS / 2);
  const records = Math.round(ROLLUP_EVENTS / 10);
  const at = (n: string) => sql`timestamptz '2024-01-15 00:00:00+00' + (${sql.raw(n)} % 86399000) * interval '1 millisecond'`;
  await sql`
    INSERT INTO analytics_hits (website_id, kind, received_at, visitor_id, visit_number, page_path, referrer_host, user_agent, is_bot, data)
    SELECT ${website.id}, 'page-view', ${at('g::bigint * 7919')}, 'v' || (g % 50000), 1 + g % 2, (ARRAY['/', '/shop', '/shop/p/a', '/cart', '/checkout'])[1 + g % 5],
           CASE WHEN g % 7 = 0 THEN 'search.example' END, CASE WHEN g % 3 = 0 THEN 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' ELSE ${AGENT} END,
           g % 50 = 0, '{}'::jsonb
    FROM generate_series(1, ${hits}) AS g`.execute(db);
  await sql`
    INSERT INTO analytics_events (website_id, event_id, tracker, schema_name, received_at, visitor_id, visit_number, analytics_id, session_id, page_path, product_id, user_agent, is_bot, content)
    SELECT ${website.id}, 'bench-' || g, 'clanker', (ARRAY['page-view', 'visit-product-page', 'add-to-cart'])[1 + g % 3], ${at('g::bigint * 104729')},
           'v' || (g % 50000), 1 + g % 2, 'a', 's' || (g % 50000), '/shop/p/a', 'p' || (g % 40), ${AGENT}, false,
           jsonb_build_object('product', jsonb_build_object('id', 'p' || (g % 40), 'name', 'Product ' || (g % 40)))
    FROM generate_series(1, ${ROLLUP_EVENTS}) AS g`.execute(db);
  await sql`
    INSERT INTO analytics_performance (website_id, received_at, page_load_id, app, event, metric, value, page_path, data)
    SELECT ${website.id}, ${at('g::bigint * 15485863')}, 'x', 'perf', 'web-vital', (ARRAY['LCP', 'FCP', 'INP', 'CLS', 'TTFB'])[1 + g % 5],
           CASE WHEN g % 5 = 3 THEN (g % 300) / 1000.0 ELSE 100 + g % 4000 END, (ARRAY['/', '/shop', '/shop/p/a'])[1 + g % 3], '{}'::jsonb
    FROM generate_series(1, ${records}) AS g`.execute(db);
  await sql`ANALYZE`.execute(db);
  const started = performance.now();
  await db.transaction().execute((trx) => computeDailyRollup(trx, website.id, day));
  return { name, events: ROLLUP_EVENTS, hits, records, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const results: Figures[] = [];
  const rollups: Awaited<ReturnType<typeof benchRollup>>[] = [];

  const bare = await startScript('bench/analytics/bare-server.ts', {});
  try {
    results.push(...(await loadBoth('bare Fastify route', bare.base, ['bare'])));
  } finally {
    await bare.stop();
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-analytics-'));
  try {
    const figures = await benchServer('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
    const database = await openPGlite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await countStored(database.db, figures);
      results.push(...figures);
      rollups.push(await benchRollup('PGlite', database.db));
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgresServer = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (postgresServer) {
    process.env.TEST_DATABASE_URL = postgresServer;
    const database = await openTestDatabase();
    try {
      const figures = await benchServer('PostgreSQL', { DATABASE_URL: database.url! });
      await countStored(database.db, figures);
      results.push(...figures);
      rollups.push(await benchRollup('PostgreSQL', database.db));
    } finally {
      await database.close();
    }
  } else {
    console.log('PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL to a server where databases may be created.');
  }

  console.log(`\n${SECONDS} s per run, ${CONNECTIONS} connections, ${VISITORS} visitors, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log('| run | beacons/s | events/s stored | p99 latency | share of bare route | acknowledged | stored | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ceiling = results.find((one) => one.name.startsWith('bare') && one.name.split(': ')[1] === r.name.split(': ')[1])!;
    const ratio = r.requestsPerSecond / ceiling.requestsPerSecond;
    const perBeacon = r.name.includes('per beacon') && !r.name.includes('1 per') ? RECORDS_PER_BEACON : 1;
    const stored = r.stored === undefined ? '—' : String(r.stored);
    console.log(
      `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${Math.round(r.eventsPerSecond)} | ${r.p99Ms} ms | ${(ratio * 100).toFixed(1)} % (1 : ${(1 / ratio).toFixed(1)}) | ${r.ok * perBeacon} | ${stored} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  console.log('\n| rollup of one day | events | page views | web-vital records | seconds |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rollups) console.log(`| ${r.name} | ${r.events} | ${r.hits} | ${r.records} | ${r.seconds.toFixed(2)} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
