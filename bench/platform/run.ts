/**
 * Many websites on one PostgreSQL database (issue 32 item 8), in one run:
 *
 *   node scripts/throwaway-postgres.mjs start        # prints export TEST_DATABASE_URL=...
 *   TEST_DATABASE_URL=... npm run bench:platform -- --sites 10000
 *   npm run bench:platform -- --sites 500 --sample 10 --rotation 200 --rounds 100   # a quick check
 *
 * 1. Creation: `--sample` websites through the real createWebsite path with the demo content (everything the
 *    platform's "Create a website" writes), then the rest of `--sites` through the same createWebsite with no
 *    sample content (the starter pages, navigation, store and settings: what `npm run platform -- sites create`
 *    writes), four at a time. Time per site for each.
 * 2. Two servers side by side, each on its own fresh database copied from the same seeded template: one holding
 *    only the demo website, one holding the demo and the N created ones. The demo's product page, an add to cart
 *    and the owner dashboard summary are timed on both, interleaved round by round (so the machine's load falls
 *    on both alike); medians and the ratio N/1 are printed (target: within 10 %).
 * 3. One process serving `--rotation` websites in turn (each site's home page, twice round): RSS and heap after
 *    a GC before, after the first round and after the second. Bounded means the second round adds ~nothing: the
 *    host cache is capped (HOST_CACHE_CAPACITY), per-site caches are capped, and one compiled theme serves all.
 * 4. EXPLAIN ANALYZE of host resolution (a subdomain and a custom domain) on the N-site database.
 *
 * Requests go through Fastify's inject (the whole server: host resolution, rate limit, crumb, SQL, rendering),
 * in this one process, without sockets: the figures compare the server with itself, not the network.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../../packages/server/src/testing';
import { createWebsite } from '../../packages/server/src/platform';
import { findWebsiteByCustomDomain, findWebsiteByIdentifier } from '../../packages/server/src/websites';
import { stableId } from '../../packages/server/src/ids';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '10000' },
    sample: { type: 'string', default: '20' },
    rotation: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
  },
});
const SITES = Number(values.sites);
const SAMPLE = Math.min(Number(values.sample), SITES);
const ROTATION = Math.min(Number(values.rotation), SITES);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
const PLATFORM = 'vitrine.test';
const DEMO_HOST = `demo.${PLATFORM}`;
const STICKERS_ID = stableId('product:demo:sticker-pack');

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:platform runs on PostgreSQL: start one with `node scripts/throwaway-postgres.mjs start` and export the TEST_DATABASE_URL it prints.');
  process.exit(2);
}

const gc = (globalThis as { gc?: () => void }).gc;
function memory(): { rssMiB: number; heapMiB: number } {
  gc?.();
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMiB: Math.round((rss / 2 ** 20) * 10) / 10, heapMiB: Math.round((heapUsed / 2 ** 20) * 10) / 10 };
}
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function createSites(server: TestServer): Promise<string[]> {
  const db = server.database.db;
  const identifiers = Array.from({ length: SITES }, (_, index) => `site-${String(index + 1).padStart(5, '0')}`);
  let started = performance.now();
  for (const identifier of identifiers.slice(0, SAMPLE)) await createWebsite(db, { identifier, siteTitle: `Site ${identifier}`, sampleContent: true });
  const samplePerSite = (performance.now() - started) / Math.max(1, SAMPLE);
  console.log(`createWebsite with the demo content: ${SAMPLE} sites, ${ms(samplePerSite)} per site (one at a time)`);
  const rest = identifiers.slice(SAMPLE);
  started = performance.now();
  let next = 0;
  let lastReport = started;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < rest.length) {
        const identifier = rest[next++]!;
        await createWebsite(db, { identifier, siteTitle: `Site ${identifier}`, sampleContent: false });
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          console.log(`  … ${next} of ${rest.length} starter sites`);
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  if (rest.length > 0)
    console.log(`createWebsite, starter content: ${rest.length} sites in ${(elapsed / 1000).toFixed(1)} s, ${ms(elapsed / rest.length)} per site (wall, ${CONCURRENCY} at a time)`);
  return identifiers;
}

interface Subject {
  name: string;
  server: TestServer;
  shopper: TestVisitor;
  owner: TestVisitor;
}

async function subject(name: string, server: TestServer): Promise<Subject> {
  const shopper = new TestVisitor(server.app, undefined, { host: DEMO_HOST });
  await shopper.visit('/shop');
  const owner = await ownerVisitor(server, 'admin', { identifier: 'demo', host: DEMO_HOST });
  return { name, server, shopper, owner };
}

const today = new Date().toISOString().slice(0, 10);
const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
const REQUESTS: Record<string, (s: Subject) => Promise<{ statusCode: number; body: string }>> = {
  'product page': (s) => s.shopper.request({ method: 'GET', url: '/shop/p/linen-shirt', headers: { accept: 'text/html' } }),
  'add to cart': (s) => s.shopper.post('/api/commerce/shopping-cart/entries', { itemId: STICKERS_ID, sku: 'STICKERS', quantity: 1 }),
  'owner dashboard summary': (s) => s.owner.get(`/api/owner/analytics/summary?from=${weekAgo}&to=${today}`),
};

async function timeOnce(name: string, s: Subject): Promise<number> {
  const started = performance.now();
  const answer = await REQUESTS[name]!(s);
  const elapsed = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`${name} on ${s.name}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  return elapsed;
}

async function compare(one: Subject, many: Subject): Promise<void> {
  for (const name of Object.keys(REQUESTS)) {
    // Warm both (caches, prepared plans), then alternate, so drift in the machine's load lands on both.
    for (let i = 0; i < 20; i += 1) {
      await timeOnce(name, one);
      await timeOnce(name, many);
    }
    const samples = { one: [] as number[], many: [] as number[] };
    for (let i = 0; i < ROUNDS; i += 1) {
      if (i % 2 === 0) {
        samples.one.push(await timeOnce(name, one));
        samples.many.push(await timeOnce(name, many));
      } else {
        samples.many.push(await timeOnce(name, many));
        samples.one.push(await timeOnce(name, one));
      }
    }
    const a = median(samples.one);
    const b = median(samples.many);
    console.log(`${name.padEnd(24)} 1 site: ${ms(a).padStart(10)}   ${SITES + 1} sites: ${ms(b).padStart(10)}   ratio ${(b / a).toFixed(3)}`);
  }
}

async function rotation(server: TestServer, identifiers: string[]): Promise<void> {
  const hosts = identifiers.slice(0, ROTATION).map((identifier) => `${identifier}.${PLATFORM}`);
  const round = async () => {
    for (const host of hosts) {
      const page = await server.app.inject({ method: 'GET', url: '/', headers: { host, accept: 'text/html' } });
      if (page.statusCode !== 200) throw new Error(`${host}: ${page.statusCode}`);
      await server.app.inject({ method: 'GET', url: '/shop?format=json', headers: { host } });
    }
  };
  const before = memory();
  let started = performance.now();
  await round();
  const firstMs = (performance.now() - started) / hosts.length;
  const afterFirst = memory();
  started = performance.now();
  await round();
  const secondMs = (performance.now() - started) / hosts.length;
  const afterSecond = memory();
  console.log(`serving ${hosts.length} sites in rotation (home page and shop JSON each)${gc ? '' : ' — run with --expose-gc for steadier figures'}:`);
  console.log(`  before:              RSS ${before.rssMiB} MiB, heap ${before.heapMiB} MiB`);
  console.log(`  after round 1:       RSS ${afterFirst.rssMiB} MiB, heap ${afterFirst.heapMiB} MiB (${ms(firstMs)} per site)`);
  console.log(`  after round 2:       RSS ${afterSecond.rssMiB} MiB, heap ${afterSecond.heapMiB} MiB (${ms(secondMs)} per site)`);
  console.log(`  heap per site held after round 1: ${(((afterFirst.heapMiB - before.heapMiB) * 1024) / hosts.length).toFixed(1)} KiB; round 2 added ${(afterSecond.heapMiB - afterFirst.heapMiB).toFixed(1)} MiB of heap`);
}

async function explainHostResolution(server: TestServer, identifier: string): Promise<void> {
  const db = server.database.db;
  // Every created site gets a verified primary domain ({identifier}.bench.example), so the plans below are those of a
  // table as large as the websites one (the bench's own set-up, one statement; owners add theirs in Settings → Domains).
  await db.executeQuery(
    CompiledQuery.raw(
      `INSERT INTO website_domains (website_id, host, verification_token, verified_at, is_primary)
       SELECT id, identifier || '.bench.example', 'bench-' || identifier, now(), true FROM websites WHERE identifier LIKE 'site-%'`,
    ),
  );
  const customHost = `${identifier}.bench.example`;
  await db.executeQuery(CompiledQuery.raw('ANALYZE websites'));
  await db.executeQuery(CompiledQuery.raw('ANALYZE website_domains'));
  // The resolver's own queries (websites/queries.ts), compiled by Kysely as the server sends them.
  const compiledQueries = {
    subdomain: db.selectFrom('websites as w').selectAll('w').select((eb) => eb.selectFrom('website_domains as p').select('p.host').whereRef('p.website_id', '=', 'w.id').where('p.is_primary', '=', true).as('primary_host')).where('w.identifier', '=', identifier).compile(),
    'custom domain': db
      .selectFrom('website_domains as d')
      .innerJoin('websites as w', 'w.id', 'd.website_id')
      .selectAll('w')
      .select((eb) => eb.selectFrom('website_domains as p').select('p.host').whereRef('p.website_id', '=', 'w.id').where('p.is_primary', '=', true).as('primary_host'))
      .where('d.host', '=', customHost)
      .where('d.verified_at', 'is not', null)
      .compile(),
  };
  // Check the two reads above are the resolver's: same answer.
  if (!(await findWebsiteByIdentifier(db, identifier)) || !(await findWebsiteByCustomDomain(db, customHost))) throw new Error('host resolution found nothing');
  for (const [name, compiled] of Object.entries(compiledQueries)) {
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${compiled.sql}`, [...compiled.parameters]));
    console.log(`EXPLAIN host resolution by ${name} (${SITES} domains in website_domains):`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  }
}

async function main(): Promise<void> {
  console.log(`bench:platform — ${SITES} websites on PostgreSQL; load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  const options = { platformDomain: PLATFORM, rateLimit: { max: 1_000_000_000 } };
  const oneSite = await openTestServer(options);
  const manySites = await openTestServer(options);
  try {
    const identifiers = await createSites(manySites);
    await compare(await subject('1 site', oneSite), await subject(`${SITES + 1} sites`, manySites));
    await rotation(manySites, identifiers);
    await explainHostResolution(manySites, identifiers[identifiers.length - 1]!);
    console.log(`load average at the end ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  } finally {
    await oneSite.close();
    await manySites.close();
  }
}

await main();
