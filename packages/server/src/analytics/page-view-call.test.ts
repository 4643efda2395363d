// databases: both — the hit and its events go to two tables in one batch: a refused part must leave neither behind
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES } from '@vitrine/contracts';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { BOT_AGENT, censusCookie, eventContent, productContext, SHOPPER_AGENT } from './test-traffic';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const URL = '/api/census/page-view';

/** A first-time visitor: no page was asked for, so no crumb, only the census cookie the client just wrote. */
function newVisitor(id: string): TestVisitor {
  const visitor = new TestVisitor(server.app);
  visitor.cookies.set('ss_cvr', censusCookie(id));
  return visitor;
}

function pageView(visitor: TestVisitor, body: unknown, userAgent = SHOPPER_AGENT) {
  return visitor.request({
    method: 'POST',
    url: URL,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    sendCrumb: false,
  });
}

const hit = (id: string, url = '/about') => ({ event: 'pageView', data: JSON.stringify({ websiteId: 'w', url, title: 'About' }), ss_cvr: censusCookie(id) });
const event = (name: string, fields: Record<string, unknown> = {}) => {
  const content = eventContent(fields);
  return { envelope: { eventSchemaName: name, eventContent: JSON.stringify(content) }, eventId: String(content.event_id) };
};
const pageViewEvent = () => event('page-view', { page_path: '/about', is_first_landing: true, is_first_session: true, page_title: 'About' });

const hitsOf = (visitorId: string) => db().selectFrom('analytics_hits').selectAll().where('visitor_id', '=', visitorId).execute();
const eventsOf = (visitorId: string) => db().selectFrom('analytics_events').selectAll().where('visitor_id', '=', visitorId).orderBy('id').execute();

describe('POST /api/census/page-view: a page view in one call (issue 35)', () => {
  it('stores the hit and its events for a first-time visitor without a crumb, and answers a pageLoadId the performance records take', async () => {
    const visitor = newVisitor('visitor-pv-1');
    const view = pageViewEvent();
    const product = event('visit-product-page', { product: productContext('prod-1', 'Linen Shirt'), page_path: '/shop/p/linen-shirt' });
    const answer = await pageView(visitor, { hit: hit('visitor-pv-1'), events: [view.envelope, product.envelope] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const reply = answer.json();
    expect(reply).toEqual({ recorded: true, accepted: 2, pageLoadId: expect.stringMatching(/^[a-z0-9]+-[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/) });
    expect(answer.headers['set-cookie']).toBeUndefined();

    const [row] = await hitsOf('visitor-pv-1');
    expect(row).toMatchObject({ kind: 'page-view', page_path: '/about', visit_number: 1, is_bot: false });
    // The batch writer orders rows by table, not by their place in the call.
    const stored = (await eventsOf('visitor-pv-1')).map((row) => [row.event_id, row.schema_name, row.product_id]);
    expect(stored.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [view.eventId, 'page-view', null],
      [product.eventId, 'visit-product-page', 'prod-1'],
    ]);

    const records = [{ app: 'vitrine-storefront', event: 'web-vital', pageLoadId: reply.pageLoadId, ts: Date.now(), data: { name: 'LCP', value: 900, pagePath: '/about' } }];
    const performance = await visitor.request({ method: 'POST', url: '/api/performance/records', payload: JSON.stringify(records), headers: { 'content-type': 'text/plain;charset=UTF-8' }, sendCrumb: false });
    expect(performance.json()).toEqual({ recorded: 1, refused: 0 });
  });

  it('takes a hit without events (accepted 0); each call answers a fresh pageLoadId', async () => {
    const visitor = newVisitor('visitor-pv-2');
    const first = await pageView(visitor, { hit: hit('visitor-pv-2') });
    const second = await pageView(visitor, { hit: hit('visitor-pv-2'), events: [] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, accepted: 0 });
    expect(second.json().pageLoadId).not.toBe(first.json().pageLoadId);
    expect(await hitsOf('visitor-pv-2')).toHaveLength(2);
  });

  it('one refused event refuses the call: 400 keyed by its place, nothing stored but the failure', async () => {
    const visitor = newVisitor('visitor-pv-3');
    const unknown = { eventSchemaName: 'no-such-event', eventContent: JSON.stringify(eventContent()) };
    const answer = await pageView(visitor, { hit: hit('visitor-pv-3'), events: [pageViewEvent().envelope, unknown] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: ANALYTICS_MESSAGES.unknownSchema, errors: { 'events.1.eventSchemaName': ANALYTICS_MESSAGES.unknownSchema } });
    expect(await hitsOf('visitor-pv-3')).toEqual([]);
    expect(await eventsOf('visitor-pv-3')).toEqual([]);
    const failed = await db().selectFrom('analytics_failed_events').selectAll().where('schema_name', '=', 'no-such-event').execute();
    expect(failed.map((row) => [row.source, row.reason])).toEqual([['clanker', 'unknown-schema']]);
  });

  it('a hit whose data is not JSON refuses the call with its events: 400 on hit.data', async () => {
    const visitor = newVisitor('visitor-pv-4');
    const answer = await pageView(visitor, { hit: { data: '{"url": ' }, events: [pageViewEvent().envelope] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: ANALYTICS_MESSAGES.data, errors: { 'hit.data': ANALYTICS_MESSAGES.data } });
    expect(await eventsOf('visitor-pv-4')).toEqual([]);
  });

  it(`refuses more than ${ANALYTICS_LIMITS.pageViewEvents} events, a missing hit and wrong types with 400, never 500`, async () => {
    const visitor = newVisitor(`visitor-pv-${randomUUID().slice(0, 8)}`);
    const tooMany = Array.from({ length: ANALYTICS_LIMITS.pageViewEvents + 1 }, () => pageViewEvent().envelope);
    const cases: unknown[] = [
      { hit: hit('x'), events: tooMany },
      { events: [pageViewEvent().envelope] },
      { hit: 'pageView' },
      { hit: hit('x'), events: { eventSchemaName: 'page-view' } },
      { hit: hit('x'), events: [{ eventSchemaName: 'page-view', eventContent: 42 }] },
      { hit: hit('x'), extra: true },
    ];
    for (const body of cases) {
      const answer = await pageView(visitor, body);
      expect(answer.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${answer.body}`).toBe(400);
      expect(typeof answer.json().message).toBe('string');
    }
    const first = await pageView(visitor, cases[0]);
    expect(first.json().message).toBe(ANALYTICS_MESSAGES.pageViewEvents);
  });

  it("a bot's page view is stored, marked", async () => {
    const visitor = newVisitor('visitor-pv-bot');
    const answer = await pageView(visitor, { hit: hit('visitor-pv-bot'), events: [pageViewEvent().envelope] }, BOT_AGENT);
    expect(answer.statusCode).toBe(200);
    expect((await hitsOf('visitor-pv-bot'))[0]?.is_bot).toBe(true);
    expect((await eventsOf('visitor-pv-bot'))[0]?.is_bot).toBe(true);
  });
});
