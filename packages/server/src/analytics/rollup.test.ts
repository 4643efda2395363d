// databases: both — daily rollups recomputed by two processes at once under a lock, replacing rows in one transaction
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openPostgres } from '../db/database';
import type { Database } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { findDefaultWebsite } from '../websites';
import { AnalyticsJobs, claimNextRollupJob, deleteExpiredAnalytics, nextRunAfter, runRollupJob, scheduleRollup } from './jobs';
import { computeDailyRollup } from './rollup';
import { PHONE_AGENT, SHOPPER_AGENT, BOT_AGENT } from './test-traffic';
import { p75OfHistogram, mergeHistograms } from './vitals-histogram';
import { AnalyticsWriter, type EventRow, type HitRow, type JsErrorRow, type PerformanceRow } from './writer';

let database: TestDatabase;
let websiteId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  websiteId = (await findDefaultWebsite(database.db))!.id;
});
afterAll(async () => {
  await database?.close();
});

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = ['/', '/shop', '/shop/p/linen-shirt', '/shop/p/canvas-tote', '/cart', '/checkout'];
const REFERRERS = [null, 'search.example', 'social.example'];
const PRODUCTS = [
  { id: 'p-shirt', name: 'Linen Shirt' },
  { id: 'p-tote', name: 'Canvas Tote' },
];

interface Traffic {
  hits: HitRow[];
  events: EventRow[];
  performance: PerformanceRow[];
  jsErrors: JsErrorRow[];
}

/** A day of traffic: visitors with one or two visits of a few page views, product events, web vitals, errors; bots and strays too. */
function generateDay(day: string, seed: number, website = websiteId): Traffic {
  const next = random(seed);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const at = () => new Date(start + Math.floor(next() * 86_399_000));
  const traffic: Traffic = { hits: [], events: [], performance: [], jsErrors: [] };
  const hit = (fields: Partial<HitRow>): HitRow => ({
    website_id: website, kind: 'page-view', received_at: at(), visitor_id: null, visit_number: null, page_path: '/', referrer_host: null,
    user_agent: SHOPPER_AGENT, is_bot: false, item_id: null, data: {}, ...fields,
  });
  const event = (schema: string, fields: Partial<EventRow>): EventRow => ({
    website_id: website, event_id: randomUUID(), tracker: 'clanker', schema_name: schema, received_at: at(), occurred_at: null, visitor_id: null,
    visit_number: null, analytics_id: 'a', session_id: 's', page_path: '/', product_id: null, user_agent: SHOPPER_AGENT, is_bot: false, content: {}, ...fields,
  });
  for (let v = 0; v < 40; v++) {
    const visitor = `gen-${seed}-${v}`;
    const agent = next() < 0.4 ? PHONE_AGENT : SHOPPER_AGENT;
    const visits = 1 + Math.floor(next() * 2);
    for (let visit = 1; visit <= visits; visit++) {
      const first = start + Math.floor(next() * 80_000_000);
      const views = 1 + Math.floor(next() * 5);
      const referrer = pick(REFERRERS);
      for (let n = 0; n < views; n++) {
        // The visit's first view carries the referrer; later ones came from the site itself.
        traffic.hits.push(hit({ received_at: new Date(first + n * 60_000), visitor_id: visitor, visit_number: visit, page_path: pick(PATHS), referrer_host: n === 0 ? referrer : null, user_agent: agent }));
      }
      if (next() < 0.6) {
        const product = pick(PRODUCTS);
        traffic.events.push(event('visit-product-page', { visitor_id: visitor, visit_number: visit, product_id: product.id, content: { product } }));
        if (next() < 0.5) traffic.events.push(event('add-to-cart', { visitor_id: visitor, visit_number: visit, product_id: product.id, content: { product } }));
      }
      traffic.events.push(event('page-view', { visitor_id: visitor, visit_number: visit }));
    }
  }
  // Strays: a hit with no census cookie (a page view, not a visit), bots, other kinds of hits, an event without cookie.
  traffic.hits.push(hit({ page_path: '/shop' }));
  for (let b = 0; b < 7; b++) traffic.hits.push(hit({ visitor_id: `bot-${b}`, visit_number: 1, user_agent: BOT_AGENT, is_bot: true, page_path: '/checkout', referrer_host: 'crawler.example' }));
  traffic.hits.push(hit({ kind: 'button-click', visitor_id: 'gen-click', visit_number: 1 }));
  traffic.events.push(event('add-to-cart', { session_id: 'cookieless-session', product_id: 'p-shirt', content: { product: PRODUCTS[0] } }));
  traffic.events.push(event('visit-product-page', { is_bot: true, user_agent: BOT_AGENT, product_id: 'p-tote', content: { product: PRODUCTS[1] } }));
  for (let r = 0; r < 60; r++) {
    const metric = pick(['LCP', 'CLS', 'INP'] as const);
    const value = metric === 'CLS' ? Math.round(next() * 400) / 1000 : Math.round(100 + next() * 5000);
    traffic.performance.push({ website_id: website, received_at: at(), page_load_id: 'x', app: 'perf', event: 'web-vital', metric, value, page_path: pick(PATHS), is_bot: false, client_ts: null, data: {} });
  }
  traffic.performance.push({ website_id: website, received_at: at(), page_load_id: 'x', app: 'perf', event: 'web-vital', metric: 'LCP', value: 99_999, page_path: '/', is_bot: true, client_ts: null, data: {} });
  for (const [fingerprint, count] of [['fa', 5], ['fb', 2]] as const) {
    traffic.jsErrors.push({ website_id: website, day, fingerprint, message: `message ${fingerprint}`, first_frame: `at ${fingerprint} (app.js:1:1)`, sample_stack: '', page_path: '/', count, bot_count: 0, seen_at: at() });
  }
  return traffic;
}

/** percentile_cont(0.75): linear interpolation between the two closest ranks. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
}

/** The day's numbers, counted by hand from the generated rows. */
function expectedOf(traffic: Traffic) {
  const views = traffic.hits.filter((row) => row.kind === 'page-view' && !row.is_bot);
  const visitKey = (row: { visitor_id: string | null; visit_number: number | null }) => `${row.visitor_id}:${row.visit_number}`;
  const withVisitor = views.filter((row) => row.visitor_id !== null);
  const firstOfVisit = new Map<string, HitRow>();
  for (const row of [...withVisitor].sort((a, b) => a.received_at.getTime() - b.received_at.getTime())) if (!firstOfVisit.has(visitKey(row))) firstOfVisit.set(visitKey(row), row);
  const countBy = <T,>(items: T[], key: (item: T) => string) => items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});
  const events = traffic.events.filter((row) => !row.is_bot);
  const eventVisit = (row: EventRow) => (row.visitor_id ? visitKey(row) : `s:${row.session_id}`);
  // The funnel: each visit counted at every step up to the furthest it reached (no purchases here, so no bots).
  const furthest = new Map<string, number>();
  const reach = (visit: string, step: number) => furthest.set(visit, Math.max(furthest.get(visit) ?? 0, step));
  for (const row of events) {
    if (row.schema_name === 'visit-product-page') reach(eventVisit(row), 1);
    if (row.schema_name === 'add-to-cart') reach(eventVisit(row), 2);
  }
  for (const row of withVisitor) if (row.page_path === '/checkout') reach(visitKey(row), 3);
  const reachedAtLeast = (step: number) => [...furthest.values()].filter((reached) => reached >= step).length;
  const vitals: Record<string, number> = {};
  for (const metric of ['LCP', 'CLS', 'INP']) vitals[metric] = p75(traffic.performance.filter((row) => !row.is_bot && row.metric === metric).map((row) => row.value!));
  return {
    totals: {
      page_views: views.length,
      visits: new Set(withVisitor.map(visitKey)).size,
      unique_visitors: new Set(withVisitor.map((row) => row.visitor_id)).size,
      checkout_visits: reachedAtLeast(3),
      bot_hits: traffic.hits.filter((row) => row.kind === 'page-view' && row.is_bot).length,
      product_views: events.filter((row) => row.schema_name === 'visit-product-page').length,
      add_to_cart: events.filter((row) => row.schema_name === 'add-to-cart').length,
      product_view_visits: reachedAtLeast(1),
      add_to_cart_visits: reachedAtLeast(2),
      events: events.length,
      js_errors: 7,
      orders: 0,
      revenue_cents: 0,
    },
    pages: countBy(views, (row) => row.page_path),
    referrers: countBy([...firstOfVisit.values()], (row) => row.referrer_host ?? ''),
    devices: countBy([...firstOfVisit.values()], (row) => (row.user_agent === PHONE_AGENT ? 'mobile' : 'desktop')),
    browsers: countBy([...firstOfVisit.values()], (row) => (row.user_agent === PHONE_AGENT ? 'Mobile Safari' : 'Chrome')),
    os: countBy([...firstOfVisit.values()], (row) => (row.user_agent === PHONE_AGENT ? 'iOS' : 'Linux')),
    productViews: countBy(events.filter((row) => row.schema_name === 'visit-product-page'), (row) => row.product_id!),
    productAdds: countBy(events.filter((row) => row.schema_name === 'add-to-cart'), (row) => row.product_id!),
    vitals,
  };
}

async function store(db: Kysely<Database>, traffic: Traffic): Promise<void> {
  const writer = new AnalyticsWriter(db, { batchMaxRows: 10_000 });
  await writer.append(traffic);
  await writer.close();
}

async function rollupOf(db: Kysely<Database>, day: string, website = websiteId) {
  const totals = await db.selectFrom('analytics_daily_totals').selectAll().where('website_id', '=', website).where('day', '=', day).executeTakeFirst();
  const counts = await db.selectFrom('analytics_daily_counts').selectAll().where('website_id', '=', website).where('day', '=', day).execute();
  const vitals = await db.selectFrom('analytics_daily_vitals').selectAll().where('website_id', '=', website).where('day', '=', day).orderBy('metric').orderBy('page_path').execute();
  const dimension = (name: string) => Object.fromEntries(counts.filter((row) => row.dimension === name).map((row) => [row.key, row.count]));
  return { totals, counts, vitals, dimension };
}

describe('daily rollups', () => {
  it('equal the counts made by hand from a generated day of traffic (bots and other days left out)', async () => {
    const day = '2024-03-05';
    const traffic = generateDay(day, 1);
    // Rows just outside the day (UTC) must not count.
    const outside = generateDay('2024-03-04', 2);
    outside.hits = outside.hits.map((row) => ({ ...row, received_at: new Date('2024-03-04T23:59:59.999Z') }));
    const after = generateDay('2024-03-06', 3);
    after.hits = after.hits.map((row) => ({ ...row, received_at: new Date('2024-03-06T00:00:00.000Z') }));
    await store(database.db, traffic);
    await store(database.db, outside);
    await store(database.db, after);
    const jobs = new AnalyticsJobs(database.db);
    // The writer made a job for each day with rows.
    const due = await database.db.selectFrom('analytics_rollup_jobs').select('day').where('website_id', '=', websiteId).orderBy('day').execute();
    expect(due.map((row) => row.day)).toEqual(expect.arrayContaining(['2024-03-04', '2024-03-05', '2024-03-06']));
    expect(await jobs.runDue()).toBeGreaterThanOrEqual(3);

    const expected = expectedOf(traffic);
    const { totals, dimension, vitals } = await rollupOf(database.db, day);
    expect(totals).toMatchObject({ ...expected.totals, currency: 'USD' });
    expect(expected.totals.visits).toBeGreaterThan(40);
    expect(dimension('page')).toEqual(expected.pages);
    expect(dimension('referrer')).toEqual(expected.referrers);
    expect(dimension('device')).toEqual(expected.devices);
    expect(dimension('browser')).toEqual(expected.browsers);
    expect(dimension('os')).toEqual(expected.os);
    expect(dimension('product-view')).toEqual(expected.productViews);
    expect(dimension('product-add')).toEqual(expected.productAdds);
    expect(dimension('js-error')).toEqual({ fa: 5, fb: 2 });
    for (const metric of ['LCP', 'CLS', 'INP']) {
      const all = vitals.find((row) => row.metric === metric && row.page_path === '')!;
      expect(all.p75, metric).toBeCloseTo(expected.vitals[metric]!, 6);
      // The histogram gives the same figure within its 5% buckets.
      expect(Math.abs(p75OfHistogram(metric, all.histogram) - all.p75) / all.p75, metric).toBeLessThan(0.05);
    }
    // A finished day is final: its job is not due any more.
    const job = await database.db.selectFrom('analytics_rollup_jobs').selectAll().where('website_id', '=', websiteId).where('day', '=', day).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ due_at: null, locked_until: null, claim_token: null, attempts: 1 });
  });

  it('recomputing a day replaces its rows: the same numbers however often', async () => {
    const day = '2024-03-05';
    const before = await rollupOf(database.db, day);
    await computeDailyRollup(database.db, websiteId, day, before.totals!.computed_at);
    await computeDailyRollup(database.db, websiteId, day, before.totals!.computed_at);
    const after = await rollupOf(database.db, day);
    expect(after.totals).toEqual(before.totals);
    const sorted = (rows: typeof before.counts) => [...rows].sort((a, b) => `${a.dimension}${a.key}`.localeCompare(`${b.dimension}${b.key}`));
    expect(sorted(after.counts)).toEqual(sorted(before.counts));
    expect(after.vitals).toEqual(before.vitals);
  });

  it('two processes\' worth of workers racing for the jobs compute each day once and count nothing twice', async () => {
    const days = Array.from({ length: 8 }, (_, index) => `2024-04-${String(index + 10).padStart(2, '0')}`);
    const traffic = days.map((day, index) => generateDay(day, 100 + index));
    for (const one of traffic) await store(database.db, one);
    // A second connection pool on PostgreSQL (another process's); PGlite has one connection, shared.
    const other = database.url ? openPostgres({ connectionString: database.url }) : undefined;
    try {
      const first = new AnalyticsJobs(database.db);
      const second = new AnalyticsJobs(other?.db ?? database.db);
      await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
      expect(first.computed + second.computed).toBe(days.length);
      for (const [index, day] of days.entries()) {
        const { totals } = await rollupOf(database.db, day);
        expect(totals, day).toMatchObject(expectedOf(traffic[index]!).totals);
      }
      const rows = await database.db.selectFrom('analytics_daily_totals').select(['day']).where('day', 'in', days).execute();
      expect(rows).toHaveLength(days.length);
    } finally {
      await other?.close();
    }
  });

  it('a claim that ran out and was taken over is left to its new holder', async () => {
    const day = '2024-05-01';
    await store(database.db, generateDay(day, 7));
    // Only this day is due.
    await database.db.updateTable('analytics_rollup_jobs').set({ due_at: null }).where('day', '!=', day).execute();
    const stale = (await claimNextRollupJob(database.db, 60))!;
    expect(stale.day).toBe(day);
    expect(await claimNextRollupJob(database.db, 60)).toBeUndefined();
    // The claim runs out (its process died): another takes the job.
    await database.db.updateTable('analytics_rollup_jobs').set({ locked_until: sql<Date>`now() - interval '1 second'` }).where('day', '=', day).execute();
    const fresh = (await claimNextRollupJob(database.db, 60))!;
    expect(fresh.day).toBe(day);
    expect(await runRollupJob(database.db, stale)).toBe('lost-claim');
    expect(await database.db.selectFrom('analytics_daily_totals').select('day').where('day', '=', day).executeTakeFirst()).toBeUndefined();
    expect(await runRollupJob(database.db, fresh)).toBe('computed');
    expect(await database.db.selectFrom('analytics_daily_totals').select('day').where('day', '=', day).executeTakeFirst()).toEqual({ day });
  });

  it('today is counted again every interval, yesterday once more after midnight, then never', () => {
    const settings = { rollupIntervalMs: 5 * 60_000, settleMs: 10 * 60_000 };
    expect(nextRunAfter('2024-06-01', new Date('2024-06-01T12:00:00Z'), settings)).toEqual(new Date('2024-06-01T12:05:00Z'));
    expect(nextRunAfter('2024-06-01', new Date('2024-06-01T23:58:00Z'), settings)).toEqual(new Date('2024-06-02T00:10:00Z'));
    expect(nextRunAfter('2024-06-01', new Date('2024-06-02T00:10:00Z'), settings)).toBeNull();
    expect(nextRunAfter('2024-06-01', new Date('2024-07-01T00:00:00Z'), settings)).toBeNull();
  });

  it('scheduleRollup makes a day due again (a backfill)', async () => {
    const day = '2024-03-05';
    await scheduleRollup(database.db, websiteId, day);
    const jobs = new AnalyticsJobs(database.db);
    expect(await jobs.runDue()).toBe(1);
    expect(jobs.computed).toBe(1);
  });

  it('a range\'s web-vitals p75 from summed histograms is within 5% of the exact one', () => {
    const values = Array.from({ length: 500 }, (_, index) => 200 + ((index * 7919) % 4000));
    const histogram = mergeHistograms([values.slice(0, 250), values.slice(250)].map((part) => {
      const counts: Record<string, number> = {};
      for (const value of part) {
        const bucket = value < 1 ? 0 : Math.floor(Math.log(value) / Math.log(1.05)) + 1;
        counts[bucket] = (counts[bucket] ?? 0) + 1;
      }
      return counts;
    }));
    expect(Math.abs(p75OfHistogram('LCP', histogram) - p75(values)) / p75(values)).toBeLessThan(0.05);
  });
});

describe('retention', () => {
  it('deletes raw rows older than the retention and keeps the rollups', async () => {
    const now = new Date('2024-09-01T00:00:00Z');
    const old = generateDay('2024-05-20', 11);
    const recent = generateDay('2024-08-30', 12);
    await store(database.db, old);
    await store(database.db, recent);
    const before = await database.db.selectFrom('analytics_daily_totals').select('day').execute();
    const deleted = await deleteExpiredAnalytics(database.db, 90, now, 50);
    expect(deleted).toBeGreaterThan(old.hits.length);
    const oldest = await database.db.selectFrom('analytics_hits').select(sql<Date>`min(received_at)`.as('oldest')).executeTakeFirstOrThrow();
    expect(new Date(oldest.oldest).getTime()).toBeGreaterThanOrEqual(now.getTime() - 90 * 86_400_000);
    expect(await database.db.selectFrom('analytics_hits').select('id').where('received_at', '>=', new Date('2024-08-30T00:00:00Z')).execute()).toHaveLength(recent.hits.length);
    expect(await database.db.selectFrom('analytics_js_errors').select('day').where('day', '<', '2024-06-03').execute()).toEqual([]);
    expect(await database.db.selectFrom('analytics_daily_totals').select('day').execute()).toEqual(before);
  });

  it('deletes recorded sessions (and their batches) whose last event is older than the retention', async () => {
    const website = (await database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow()).id;
    const now = new Date('2024-09-01T00:00:00Z');
    for (const [id, lastEventAt] of [['replay-old', '2024-05-01T00:00:00Z'], ['replay-new', '2024-08-31T00:00:00Z']] as const) {
      await database.db.insertInto('replay_sessions').values({ id, website_id: website, analytics_id: `analytics-${id}`, started_at: new Date(lastEventAt), last_event_at: new Date(lastEventAt) }).execute();
      await database.db.insertInto('replay_batches').values({ session_id: id, sequence: 0, events: JSON.stringify([{ type: 4, timestamp: 1 }]) }).execute();
    }
    await deleteExpiredAnalytics(database.db, 90, now, 50);
    expect((await database.db.selectFrom('replay_sessions').select('id').execute()).map((row) => row.id)).toEqual(['replay-new']);
    expect((await database.db.selectFrom('replay_batches').select('session_id').execute()).map((row) => row.session_id)).toEqual(['replay-new']);
  });
});
