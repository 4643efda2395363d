// databases: both — the job queues' indexed reads and the connection pool's counts are engine-specific SQL and state
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../mail';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import type { Website } from '../db/schema';
import { BusiestWebsites, OTHER_WEBSITES } from './busiest-websites';
import { parseMetricsAllow } from './allow-list';
import { JOB_QUEUES } from './job-queues';
import { BUSIEST_WEBSITES_SHOWN, METRIC_NAMES, ServerMetrics, UNMATCHED_ROUTE } from './server-metrics';

let server: TestServer;
let website: Website;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => server?.close());

async function scrape(): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The samples of one metric: each line's labels (as text) and value. */
function samplesOf(text: string, name: string): Array<{ labels: Record<string, string>; value: number }> {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
      return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) };
    });
}

describe('GET /metrics', () => {
  it('exports every metric with its type, and counts the requests made before by route pattern, method and status class', async () => {
    const visitor = new TestVisitor(server.app);
    for (let visit = 0; visit < 2; visit++) expect((await visitor.get('/shop')).statusCode).toBe(200);
    const itemId = demoProductId('canvas-tote');
    expect((await visitor.get(`/api/commerce/inventory/stock/?itemId=${itemId}`)).statusCode).toBe(200);
    // A mail due a minute ago waits in the outbox.
    await enqueueMail(server.database.db, website, 'shop@example.test', {
      kind: 'transactional', template: 'test', to: 'buyer@example.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', notBefore: new Date(Date.now() - 60_000),
    });

    const text = await scrape();
    const types = Object.fromEntries([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name!, type!]));
    expect(types).toMatchObject({
      [METRIC_NAMES.requestDuration]: 'histogram',
      [METRIC_NAMES.websiteRequests]: 'counter',
      [METRIC_NAMES.cacheRequests]: 'counter',
      [METRIC_NAMES.cacheHitRatio]: 'gauge',
      [METRIC_NAMES.jobQueueDepth]: 'gauge',
      [METRIC_NAMES.jobQueueOldestAge]: 'gauge',
      [METRIC_NAMES.databaseConnections]: 'gauge',
      [METRIC_NAMES.databaseMaxConnections]: 'gauge',
    });

    const counts = samplesOf(text, `${METRIC_NAMES.requestDuration}_count`);
    const countOf = (route: string) => counts.find(({ labels }) => labels.route === route && labels.method === 'GET' && labels.status_class === '2xx')?.value;
    expect(countOf('/:collectionUrlId')).toBe(2);
    expect(countOf('/api/commerce/inventory/stock/')).toBe(1);
    expect(samplesOf(text, METRIC_NAMES.websiteRequests).find(({ labels }) => labels.website === website.id)?.value).toBe(3);

    // The second /shop read the store collection from memory.
    const caches = samplesOf(text, METRIC_NAMES.cacheRequests);
    expect(caches.find(({ labels }) => labels.cache === 'catalog-collections' && labels.result === 'hit')?.value).toBeGreaterThanOrEqual(1);
    expect(caches.find(({ labels }) => labels.cache === 'site-chrome' && labels.result === 'miss')?.value).toBeGreaterThanOrEqual(1);
    const ratio = samplesOf(text, METRIC_NAMES.cacheHitRatio).find(({ labels }) => labels.cache === 'catalog-collections')?.value ?? -1;
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(1);

    const depth = samplesOf(text, METRIC_NAMES.jobQueueDepth);
    expect(depth.map(({ labels }) => labels.queue).sort()).toEqual([...JOB_QUEUES].sort());
    expect(depth.find(({ labels }) => labels.queue === 'mail')?.value).toBe(1);
    const mailAge = samplesOf(text, METRIC_NAMES.jobQueueOldestAge).find(({ labels }) => labels.queue === 'mail')?.value ?? 0;
    expect(mailAge).toBeGreaterThanOrEqual(59);
    expect(mailAge).toBeLessThan(600);

    const connections = Object.fromEntries(samplesOf(text, METRIC_NAMES.databaseConnections).map(({ labels, value }) => [labels.state!, value]));
    const max = samplesOf(text, METRIC_NAMES.databaseMaxConnections)[0]?.value;
    if (server.database.kind === 'pglite') {
      expect(connections).toEqual({ open: 1 });
      expect(max).toBe(1);
    } else {
      expect(connections.open).toBeGreaterThanOrEqual(1);
      expect(connections.idle! + connections.waiting!).toBeGreaterThanOrEqual(0);
      expect(max).toBe(25);
    }
  });

  it('is not there for another address, whatever X-Forwarded-For says: the answer is that of any unknown page', async () => {
    const stranger = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    const unknownPage = await server.app.inject({ method: 'GET', url: '/no-such-page', remoteAddress: '203.0.113.9' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.statusCode).toBe(unknownPage.statusCode);
    expect(stranger.headers['content-type']).toBe(unknownPage.headers['content-type']);
    expect(stranger.body).not.toContain('vitrine_');
    // IPv6 loopback is allowed by default, as is an IPv4-mapped loopback address.
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      expect((await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode).toBe(200);
    }
  });

  it('keeps the route label to route patterns however many paths are asked for', async () => {
    const visitor = new TestVisitor(server.app);
    for (let index = 0; index < 60; index++) {
      await visitor.get(`/shop/p/no-such-product-${index}`);
      await visitor.get(`/api/no-such-call-${index}`);
      await visitor.get(`/journal-${index}/post-${index}`);
    }
    const text = await scrape();
    expect(text).not.toMatch(/no-such-product-\d|no-such-call-\d|post-\d/);
    const routes = new Set(samplesOf(text, `${METRIC_NAMES.requestDuration}_count`).map(({ labels }) => labels.route));
    expect(routes.has(UNMATCHED_ROUTE)).toBe(true);
    expect(routes.size).toBeLessThan(15);
  });
});

describe('the busiest websites', () => {
  it('exports at most 20 websites and "other" however many websites are served, the busiest among them', async () => {
    const metrics = new ServerMetrics({ db: server.database.db, jobQueues: { reviewRequestDelayMs: 0 } });
    // 2,000 websites with one request each, and five with many more, arriving last.
    for (let index = 0; index < 2_000; index++) metrics.observeRequest('GET', '/', 200, 0.001, `site-${index}`);
    for (let round = 0; round < 100; round++) for (let busy = 0; busy < 5; busy++) metrics.observeRequest('GET', '/', 200, 0.001, `busy-${busy}`);
    const first = samplesOf((await metrics.scrape()).body, METRIC_NAMES.websiteRequests);
    expect(first.length).toBeLessThanOrEqual(BUSIEST_WEBSITES_SHOWN + 1);
    const websites = first.map(({ labels }) => labels.website);
    for (let busy = 0; busy < 5; busy++) expect(websites).toContain(`busy-${busy}`);
    const otherBefore = first.find(({ labels }) => labels.website === OTHER_WEBSITES)!.value;
    expect(otherBefore).toBeGreaterThan(1_900);

    // Promoted websites count from their promotion on; "other" never goes down.
    for (let busy = 0; busy < 5; busy++) metrics.observeRequest('GET', '/', 200, 0.001, `busy-${busy}`);
    const second = samplesOf((await metrics.scrape()).body, METRIC_NAMES.websiteRequests);
    expect(second.find(({ labels }) => labels.website === 'busy-0')!.value).toBe(1);
    expect(second.find(({ labels }) => labels.website === OTHER_WEBSITES)!.value).toBeGreaterThanOrEqual(otherBefore);
  });

  it('counts the first websites exactly, and keeps its candidates bounded', () => {
    const busiest = new BusiestWebsites(2, 4);
    for (const website of ['a', 'a', 'b', 'a']) busiest.record(website);
    expect(Object.fromEntries(busiest.settle().websites)).toEqual({ a: 3, b: 1 });
    for (let index = 0; index < 1_000; index++) busiest.record(`new-${index}`);
    const { websites, other } = busiest.settle();
    expect(websites.size).toBe(2);
    expect(other).toBe(1_000);
  });
});

describe('METRICS_ALLOW', () => {
  it('takes addresses and CIDR ranges of both families, maps IPv4 in IPv6, and refuses anything else', () => {
    const allowed = parseMetricsAllow('10.0.0.0/8, 192.168.1.7, fd00::/8');
    expect(['10.20.30.40', '::ffff:10.1.2.3', '192.168.1.7', 'fd12::1'].map(allowed)).toEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.168.1.8', '127.0.0.1', '::1', 'fe80::1', undefined, ''].map(allowed)).toEqual([false, false, false, false, false, false, false]);
    expect(parseMetricsAllow(undefined)('127.0.0.1')).toBe(true);
    expect(parseMetricsAllow('')('::1')).toBe(true);
    expect(parseMetricsAllow('none')('127.0.0.1')).toBe(false);
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '10.0.0.0/x']) expect(() => parseMetricsAllow(bad)).toThrow(/METRICS_ALLOW/);
  });
});
