// databases: one — the census and dashboard answers; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@vitrine/contracts';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { OWNER_MESSAGES } from '../authorize';
import { findDefaultWebsite } from '../websites';
import { AnalyticsJobs, deleteExpiredAnalytics } from './jobs';
import { censusCookie, eventContent, FORM, formBody, PHONE_AGENT, productContext, SHOPPER_AGENT } from './test-traffic';
import { AnalyticsWriter, type HitRow } from './writer';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A shopper's visit through the real calls: page views, product view, add to cart, checkout page, vitals, an error. */
async function visit(id: string, options: { agent?: string; referrer?: string; addToCart?: boolean; checkout?: boolean; order?: boolean } = {}) {
  const visitor = new TestVisitor(server.app);
  const agent = options.agent ?? SHOPPER_AGENT;
  await visitor.visit('/');
  const cookie = censusCookie(id);
  visitor.cookies.set('ss_cvr', cookie);
  const headers = { 'user-agent': agent };
  const hit = (path: string, referrer = '') =>
    visitor.request({ method: 'POST', url: '/api/census/RecordHit', payload: formBody({ event: 'view', data: JSON.stringify({ url: path, referrer }), ss_cvr: cookie }), headers: { ...headers, ...FORM }, sendCrumb: false });
  const event = (eventSchemaName: string, fields: Record<string, unknown>) =>
    visitor.request({ method: 'POST', url: '/api/v1/clanker/events', payload: { eventSchemaName, eventContent: JSON.stringify(eventContent(fields)) }, headers, sendCrumb: false });
  expect((await hit('/', options.referrer ?? '')).statusCode).toBe(200);
  expect((await hit('/shop/p/linen-shirt')).statusCode).toBe(200);
  expect((await event('visit-product-page', { product: productContext('p-shirt', 'Linen Shirt') })).statusCode).toBe(202);
  if (options.addToCart) {
    expect((await event('add-to-cart', { product: productContext('p-shirt', 'Linen Shirt'), sku: 'SHIRT-M', quantity: 1, currency: 'USD' })).statusCode).toBe(202);
  }
  if (options.checkout) expect((await hit('/checkout')).statusCode).toBe(200);
  if (options.order) {
    const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const order = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: `${id}@shopper.test` });
    expect(order.statusCode, order.body).toBe(201);
  }
  const { pageLoadId } = (await visitor.get('/api/performance/settings')).json();
  const records = [{ app: 'perf', event: 'web-vital', pageLoadId, ts: Date.now(), data: { name: 'LCP', value: options.agent === PHONE_AGENT ? 3000 : 1000, pagePath: '/shop/p/linen-shirt' } }];
  expect((await visitor.request({ method: 'POST', url: '/api/performance/records', payload: JSON.stringify(records), headers: { ...headers, 'content-type': 'text/plain' }, sendCrumb: false })).statusCode).toBe(200);
  const error = [{ event: 'error', data: { message: 'boom', stack: 'Error: boom\n    at go (http://localhost/assets/a.js:1:2)' }, timestamp: Date.now() }];
  expect((await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: error, headers })).statusCode).toBe(200);
}

describe('GET /api/owner/analytics/summary', () => {
  it('is for owners whose role may read reports: 401 signed out, 403 without the permission', async () => {
    const url = `/api/owner/analytics/summary?from=${today()}&to=${today()}`;
    const stranger = new TestVisitor(server.app);
    const signedOut = await stranger.get(url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(OWNER_MESSAGES.notSignedIn);
    const editor = await ownerVisitor(server, 'editor');
    const refused = await editor.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    for (const role of ['reporting', 'storeManager', 'admin'] as const) {
      expect((await (await ownerVisitor(server, role)).get(url)).statusCode, role).toBe(200);
    }
  });

  it('refuses bad dates, a range ending before it starts and one longer than 366 days (400)', async () => {
    const owner = await ownerVisitor(server, 'reporting');
    const cases: Array<[string, string, Record<string, string>]> = [
      ['2024-02-30', '2024-03-01', { from: ANALYTICS_MESSAGES.from }],
      ['2024-03-01', 'yesterday', { to: ANALYTICS_MESSAGES.to }],
      ['2024-03-02', '2024-03-01', { to: ANALYTICS_MESSAGES.toBeforeFrom }],
      ['2023-01-01', '2024-01-02', { to: ANALYTICS_MESSAGES.rangeTooLong }],
    ];
    for (const [from, to, errors] of cases) {
      const answer = await owner.get(`/api/owner/analytics/summary?from=${from}&to=${to}`);
      expect(answer.statusCode, `${from}..${to}`).toBe(400);
      expect(answer.json()).toEqual({ message: Object.values(errors)[0], errors });
    }
    expect((await owner.get('/api/owner/analytics/summary?from=2024-01-01')).statusCode).toBe(400);
    expect((await owner.get('/api/owner/analytics/summary?from=2023-01-02&to=2024-01-01')).statusCode).toBe(200);
  });

  it('reports the visits that came through the real calls, after the rollup', async () => {
    await visit('summary-a', { referrer: 'https://search.example/q', addToCart: true, checkout: true, order: true });
    await visit('summary-b', { agent: PHONE_AGENT, addToCart: true });
    await visit('summary-c');
    const website = (await findDefaultWebsite(server.database.db))!;
    const jobs = new AnalyticsJobs(server.database.db);
    expect(await jobs.runDue()).toBeGreaterThanOrEqual(1);

    const owner = await ownerVisitor(server, 'reporting');
    const answer = await owner.get(`/api/owner/analytics/summary?from=${daysAgo(6)}&to=${today()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = answer.json();
    expect(summary.range).toEqual({ from: daysAgo(6), to: today(), days: 7 });
    expect(summary.previousRange).toEqual({ from: daysAgo(13), to: daysAgo(7) });
    expect(summary.totals).toMatchObject({ visits: 3, uniqueVisitors: 3, pageViews: 7, productViews: 3, addToCart: 2, checkouts: 1, orders: 1, botHits: 0 });
    expect(summary.totals.conversionRate).toBe(0.3333);
    expect(summary.totals.revenue.currency).toBe(website.currency);
    expect(Number(summary.totals.revenue.value)).toBeGreaterThan(0);
    expect(summary.previous).toMatchObject({ visits: 0, orders: 0, conversionRate: 0 });
    expect(summary.series).toHaveLength(7);
    expect(summary.series.at(-1).day).toBe(today());
    const seriesSum = (field: 'visits' | 'pageViews' | 'orders') => summary.series.reduce((sum: number, day: Record<string, number>) => sum + day[field]!, 0);
    expect([seriesSum('visits'), seriesSum('pageViews'), seriesSum('orders')]).toEqual([3, 7, 1]);
    expect(summary.series[0]).toMatchObject({ visits: 0, computedAt: null });
    expect(summary.funnel).toEqual({ productViews: 3, addToCart: 2, checkout: 1, orders: 1 });
    expect(summary.topPages).toEqual([
      { path: '/', count: 3 },
      { path: '/shop/p/linen-shirt', count: 3 },
      { path: '/checkout', count: 1 },
    ]);
    expect(summary.products).toEqual([{ productId: 'p-shirt', name: 'Linen Shirt', views: 3, addToCart: 2 }]);
    expect(summary.referrers).toEqual([
      { host: '(direct)', count: 2 },
      { host: 'search.example', count: 1 },
    ]);
    expect(summary.devices.types).toEqual([
      { name: 'desktop', count: 2 },
      { name: 'mobile', count: 1 },
    ]);
    expect(summary.devices.browsers).toEqual([
      { name: 'Chrome', count: 2 },
      { name: 'Mobile Safari', count: 1 },
    ]);
    expect(summary.devices.operatingSystems).toEqual([
      { name: 'Linux', count: 2 },
      { name: 'iOS', count: 1 },
    ]);
    // LCP samples 1000, 1000 and 3000: p75 2000 (percentile_cont), good (platform §9: at most 2500).
    expect(summary.webVitals).toEqual([
      { metric: 'LCP', p75: 2000, rating: 'good', samples: 3, pages: [{ path: '/shop/p/linen-shirt', p75: 2000, rating: 'good', samples: 3 }] },
    ]);
    expect(summary.jsErrors).toEqual([{ message: 'boom', firstFrame: 'at go (http://localhost/assets/a.js:1:2)', count: 3 }]);
  });
});

describe('unique visitors over a range', () => {
  /** Page views at noon (UTC) of a day some days ago, each visitor one visit per day, stored as the calls store them. */
  async function pageViews(db: TestServer['database']['db'], views: Array<[visitor: string, daysBack: number]>) {
    const website = (await findDefaultWebsite(db))!;
    const hits: HitRow[] = views.map(([visitor, daysBack]) => ({
      website_id: website.id, kind: 'page-view', received_at: new Date(`${daysAgo(daysBack)}T12:00:00.000Z`), visitor_id: visitor, visit_number: 1,
      page_path: '/', referrer_host: null, user_agent: SHOPPER_AGENT, is_bot: false, item_id: null, data: {},
    }));
    const writer = new AnalyticsWriter(db);
    await writer.append({ hits });
    await writer.close();
    // The writer made each day's rollup job: count the days.
    await new AnalyticsJobs(db).runDue();
  }

  it('counts a visitor seen on two days once over the range (raw hits within the retention); each day keeps its own', async () => {
    await pageViews(server.database.db, [['two-days', 21], ['two-days', 20], ['one-day', 20]]);
    const owner = await ownerVisitor(server, 'reporting');
    const summary = (await owner.get(`/api/owner/analytics/summary?from=${daysAgo(21)}&to=${daysAgo(20)}`)).json();
    expect(summary.totals).toMatchObject({ visits: 3, uniqueVisitors: 2, uniqueVisitorsExact: true, pageViews: 3 });
    expect(summary.series.map((day: { uniqueVisitors: number }) => day.uniqueVisitors)).toEqual([1, 2]);
    expect(summary.previous).toMatchObject({ uniqueVisitors: 0, uniqueVisitorsExact: true });
    // As the previous period of the next two days: the same figure.
    const next = (await owner.get(`/api/owner/analytics/summary?from=${daysAgo(19)}&to=${daysAgo(18)}`)).json();
    expect(next.previous).toMatchObject({ visits: 3, uniqueVisitors: 2, uniqueVisitorsExact: true });
  });

  it('adds the daily figures of days older than ANALYTICS_RETENTION_DAYS (their raw hits are gone) and says the figure is not exact', async () => {
    // The test server keeps raw rows 90 days: 100 and 101 days ago are past it, 89 days ago within it.
    await pageViews(server.database.db, [['old', 101], ['old', 100], ['edge', 90], ['edge', 89], ['alone', 95]]);
    await deleteExpiredAnalytics(server.database.db, 90);
    const owner = await ownerVisitor(server, 'reporting');
    const summary = async (from: number, to: number) => (await owner.get(`/api/owner/analytics/summary?from=${daysAgo(from)}&to=${daysAgo(to)}`)).json();

    const old = await summary(101, 100);
    expect(old.totals).toMatchObject({ visits: 2, uniqueVisitors: 2, uniqueVisitorsExact: false });
    expect(old.series.map((day: { uniqueVisitors: number }) => day.uniqueVisitors)).toEqual([1, 1]);
    // Older days added to the distinct visitors of the recent part: 'edge' counts on both sides.
    expect((await summary(90, 89)).totals).toMatchObject({ uniqueVisitors: 2, uniqueVisitorsExact: false });
    // One part with visitors only: one old day's figure is its distinct visitors.
    expect((await summary(96, 94)).totals).toMatchObject({ uniqueVisitors: 1, uniqueVisitorsExact: true });
    expect((await summary(89, 89)).totals).toMatchObject({ uniqueVisitors: 1, uniqueVisitorsExact: true });
  });

  it('counts with the retention the server was given', async () => {
    const short = await openTestServer({ analytics: { settings: { retentionDays: 10 } } });
    try {
      await pageViews(short.database.db, [['two-days', 21], ['two-days', 20], ['recent', 3], ['recent', 2]]);
      const owner = await ownerVisitor(short, 'reporting');
      const summary = async (from: number, to: number) => (await owner.get(`/api/owner/analytics/summary?from=${daysAgo(from)}&to=${daysAgo(to)}`)).json();
      expect((await summary(21, 20)).totals).toMatchObject({ uniqueVisitors: 2, uniqueVisitorsExact: false });
      expect((await summary(3, 2)).totals).toMatchObject({ uniqueVisitors: 1, uniqueVisitorsExact: true });
    } finally {
      await short.close();
    }
  });
});
