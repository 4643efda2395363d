// databases: one — the census and dashboard answers; no lock, race or transaction of its own
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, CRUMB_MESSAGES, HTTP_MESSAGES, RATE_LIMIT_MESSAGE } from '@vitrine/contracts';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { BOT_AGENT, censusCookie, eventContent, FORM, formBody, productContext, SHOPPER_AGENT } from './test-traffic';
import type { AnalyticsTable } from './writer';

let server: TestServer;
const statements: Array<{ table: AnalyticsTable; rows: number }> = [];
beforeAll(async () => {
  server = await openTestServer({ analytics: { writer: { onStatement: (table, rows) => statements.push({ table, rows }) } } });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** A shopper who loaded a page (crumb) and carries a census cookie, from a browser's user agent. */
async function shopper(id = `visitor-${randomUUID().slice(0, 8)}`, visitCount = 1): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  visitor.cookies.set('ss_cvr', censusCookie(id, visitCount));
  return visitor;
}

const browser = { 'user-agent': SHOPPER_AGENT };

function send(visitor: TestVisitor, url: string, payload: unknown, headers: Record<string, string> = {}, sendCrumb = false) {
  return visitor.request({ method: 'POST', url, payload: payload as string, headers: { ...browser, ...headers }, sendCrumb });
}

const failedRows = () => db().selectFrom('analytics_failed_events').selectAll().orderBy('id').execute();

describe('census calls (storefront §7)', () => {
  it('RecordHit stores a page view from a form-encoded body: visit from ss_cvr, path without its trailing slash, referrer host', async () => {
    const visitor = await shopper('visitor-hit-1', 3);
    const data = { websiteId: 'w', url: 'http://localhost/shop/p/linen-shirt/?utm=x', title: 'Linen Shirt', referrer: 'https://www.search.example/?q=shirt', itemId: 'p-1', recordType: 11 };
    const answer = await send(visitor, '/api/census/RecordHit', formBody({ event: 'view', data: JSON.stringify(data), ss_cvr: censusCookie('visitor-hit-1', 3) }), FORM);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ recorded: true });
    const hit = await db().selectFrom('analytics_hits').selectAll().where('visitor_id', '=', 'visitor-hit-1').executeTakeFirstOrThrow();
    expect(hit).toMatchObject({ kind: 'page-view', visit_number: 3, page_path: '/shop/p/linen-shirt', referrer_host: 'www.search.example', is_bot: false, item_id: 'p-1' });
    expect(hit.user_agent).toBe(SHOPPER_AGENT);
    expect(hit.data).toMatchObject({ title: 'Linen Shirt', event: 'view' });
  });

  it('takes JSON too, and needs no crumb (a beacon sends none); a referrer on this site is no referrer', async () => {
    const visitor = await shopper('visitor-hit-2');
    // The tracking client sends the page's path as url; the referrer is this very site.
    const data = { url: '/cart/', referrer: 'http://localhost/shop' };
    const answer = await send(visitor, '/api/census/RecordHit', { data: JSON.stringify(data) });
    expect(answer.statusCode, answer.body).toBe(200);
    const hit = await db().selectFrom('analytics_hits').selectAll().where('visitor_id', '=', 'visitor-hit-2').executeTakeFirstOrThrow();
    expect(hit).toMatchObject({ page_path: '/cart', referrer_host: null, visit_number: 1 });
  });

  it('bad JSON in data: 400, kept among the failed events with its reason, no hit', async () => {
    const visitor = await shopper('visitor-hit-bad');
    const answer = await send(visitor, '/api/census/RecordHit', formBody({ data: '{"url": ' }), FORM);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: ANALYTICS_MESSAGES.data, errors: { data: ANALYTICS_MESSAGES.data } });
    const failed = (await failedRows()).filter((row) => row.source === 'census');
    expect(failed.at(-1)).toMatchObject({ reason: 'invalid-json', schema_name: 'RecordHit' });
    expect(await db().selectFrom('analytics_hits').select('id').where('visitor_id', '=', 'visitor-hit-bad').execute()).toEqual([]);
  });

  it('wrong types, a repeated field, a missing data and a 1 MB body are 4xx, never 500', async () => {
    const visitor = await shopper();
    const cases: Array<[unknown, Record<string, string>, number]> = [
      [{ data: 42 }, {}, 400],
      [{ data: '[1,2]' }, {}, 400],
      ['data=%7B%7D&data=%7B%7D', FORM, 400],
      [formBody({ event: 'view' }), FORM, 400],
      [formBody({ data: JSON.stringify({ url: 'x'.repeat(1_000_000) }) }), FORM, 413],
      ['{"data": ', { 'content-type': 'application/json' }, 400],
      ['<xml/>', { 'content-type': 'application/xml' }, 415],
    ];
    for (const [payload, headers, status] of cases) {
      const answer = await send(visitor, '/api/census/RecordHit', payload, headers);
      expect(answer.statusCode, `${String(payload).slice(0, 60)} → ${answer.body}`).toBe(status);
      expect(typeof answer.json().message).toBe('string');
    }
    const tooLarge = await send(visitor, '/api/census/RecordHit', formBody({ data: JSON.stringify({ url: 'x'.repeat(1_000_000) }) }), FORM);
    expect(tooLarge.json().message).toBe(HTTP_MESSAGES.bodyTooLarge);
  });

  it('button-click, button-render, form-render, overlay and RecordQuickView store their kind with the page fields', async () => {
    const visitor = await shopper('visitor-census-calls');
    const cookie = censusCookie('visitor-census-calls');
    const calls: Array<[string, Record<string, string> | undefined, string]> = [
      ['/api/census/button-click', { visitorCookie: cookie, pagePath: '/shop/', buttonText: 'Shop now' }, 'button-click'],
      ['/api/census/button-render', { visitorCookie: cookie, pagePath: '/shop' }, 'button-render'],
      ['/api/census/form-render', { formId: 'form-1', visitorCookie: cookie, pagePath: '/contact' }, 'form-render'],
      ['/api/census/overlay', { pagePath: '/' }, 'overlay'],
      ['/api/census/RecordQuickView/prod-42', undefined, 'quick-view'],
    ];
    for (const [url, fields, kind] of calls) {
      const answer = fields
        ? await send(visitor, url, formBody(fields), FORM)
        : await visitor.request({ method: 'POST', url, headers: { ...browser, referer: 'http://localhost/shop' }, sendCrumb: false });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      const hit = await db().selectFrom('analytics_hits').selectAll().where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(hit.visitor_id, kind).toBe('visitor-census-calls');
    }
    const formRender = await db().selectFrom('analytics_hits').selectAll().where('kind', '=', 'form-render').executeTakeFirstOrThrow();
    expect(formRender).toMatchObject({ item_id: 'form-1', page_path: '/contact' });
    expect(formRender.data).toEqual({ formId: 'form-1', pagePath: '/contact' });
    const quickView = await db().selectFrom('analytics_hits').selectAll().where('kind', '=', 'quick-view').executeTakeFirstOrThrow();
    expect(quickView).toMatchObject({ item_id: 'prod-42', page_path: '/shop' });
    const badField = await send(visitor, '/api/census/button-click', JSON.stringify({ nested: { a: 1 } }), { 'content-type': 'application/json' });
    expect(badField.statusCode).toBe(400);
    expect(badField.json()).toEqual({ message: 'nested is not valid.', errors: { nested: 'nested is not valid.' } });
  });

  it('a bot is stored, marked', async () => {
    const visitor = await shopper('visitor-bot');
    const answer = await send(visitor, '/api/census/RecordHit', formBody({ data: JSON.stringify({ url: 'http://localhost/shop' }) }), { ...FORM, 'user-agent': BOT_AGENT });
    expect(answer.statusCode).toBe(200);
    const hit = await db().selectFrom('analytics_hits').selectAll().where('visitor_id', '=', 'visitor-bot').executeTakeFirstOrThrow();
    expect(hit.is_bot).toBe(true);
  });
});

describe('the legacy tracker: POST /api/events/RecordEvent', () => {
  it('takes the crumb as a form field, the event name, the payload JSON and extra fields', async () => {
    const visitor = await shopper('visitor-legacy');
    // The tracking client asks for the crumb first (a page sets none).
    await visitor.fetchCrumb();
    const payload = { websiteId: 'w', memberAccountId: null, website_locale: 'en-US', templateId: 't', pageHash: 'h', pagePath: '/shop/' };
    const answer = await send(visitor, '/api/events/RecordEvent', formBody({ crumb: visitor.crumb!, event: 'ProductViewed', data: JSON.stringify(payload), source: 'legacy' }), FORM);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await db().selectFrom('analytics_events').selectAll().where('tracker', '=', 'legacy').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ schema_name: 'ProductViewed', page_path: '/shop', visitor_id: 'visitor-legacy' });
    expect(row.content).toMatchObject({ templateId: 't', source: 'legacy' });
    expect(row.event_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a missing or wrong crumb (403) and keeps bad JSON as a failed event', async () => {
    const visitor = await shopper();
    await visitor.fetchCrumb();
    const wrong = await send(visitor, '/api/events/RecordEvent', formBody({ crumb: 'forged.crumb', event: 'x', data: '{}' }), FORM);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: CRUMB_MESSAGES.sessionExpired, crumbFail: true });
    const missing = await send(visitor, '/api/events/RecordEvent', formBody({ event: 'x', data: '{}' }), FORM);
    expect(missing.statusCode).toBe(400);
    const badJson = await send(visitor, '/api/events/RecordEvent', formBody({ crumb: visitor.crumb!, event: 'Broken', data: '{nope' }), FORM);
    expect(badJson.statusCode).toBe(400);
    expect((await failedRows()).at(-1)).toMatchObject({ source: 'legacy', schema_name: 'Broken', reason: 'invalid-json' });
  });
});

describe('the newer tracker: POST /api/v1/clanker/events', () => {
  it('stores an event sent as JSON (202), with its visit, product and occurrence time', async () => {
    const visitor = await shopper('visitor-clanker', 2);
    const content = eventContent({ product: productContext('prod-7', 'Canvas Tote'), page_path: '/shop/p/canvas-tote/' });
    const answer = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'visit-product-page', eventContent: JSON.stringify(content) });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ accepted: true });
    const row = await db().selectFrom('analytics_events').selectAll().where('event_id', '=', String(content.event_id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tracker: 'clanker', schema_name: 'visit-product-page', visitor_id: 'visitor-clanker', visit_number: 2, product_id: 'prod-7', page_path: '/shop/p/canvas-tote', session_id: 'session-1', is_bot: false });
    expect(row.occurred_at?.getTime()).toBe(content.event_occurrence_timestamp);
  });

  it('takes the same fields form-encoded (navigator.sendBeacon)', async () => {
    const visitor = await shopper('visitor-beacon');
    const content = eventContent({ cart: { item_count: 2, subtotal: { decimalValue: '90.00', currency: 'USD' } } });
    const answer = await send(visitor, '/api/v1/clanker/events', formBody({ eventSchemaName: 'view-cart', eventContent: JSON.stringify(content) }), FORM);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(await db().selectFrom('analytics_events').select('schema_name').where('event_id', '=', String(content.event_id)).executeTakeFirst()).toEqual({ schema_name: 'view-cart' });
  });

  it('the same event id twice is stored once', async () => {
    const visitor = await shopper();
    const content = JSON.stringify(eventContent({ product: productContext(), sku: 'SHIRT-M', quantity: 1, currency: 'USD' }));
    const first = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'add-to-cart', eventContent: content });
    const again = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'add-to-cart', eventContent: content });
    const both = await Promise.all([1, 2].map(() => send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'add-to-cart', eventContent: content })));
    expect([first, again, ...both].map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202]);
    const id = (JSON.parse(content) as { event_id: string }).event_id;
    expect(await db().selectFrom('analytics_events').select('id').where('event_id', '=', id).execute()).toHaveLength(1);
  });

  it("takes a page view carrying only the spec's content fields (no event_id of ours): stored under an id of its own", async () => {
    const visitor = await shopper('visitor-spec-client');
    // Platform §3 "Newer tracker event": the spec's own content fields, as another client of the spec sends them.
    const { event_id: _ours, ...content } = eventContent({
      page_path: '/about/', page_host: 'localhost', page_query_params: '', page_referrer_url: null, browser_language: 'en-GB', browser_locale: 'en-GB',
      browser_window_height: 800, browser_window_width: 1280, marketing_id: null, enduser_user_agent: SHOPPER_AGENT, custom_schema_name: null,
      destination_url: null, member_account_id: null, object_identifier: null, website_locale: 'en-US', member_account_locale: null,
    });
    for (const round of [1, 2]) {
      const answer = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'page-view', eventContent: JSON.stringify(content) });
      expect(answer.statusCode, `${round}: ${answer.body}`).toBe(202);
    }
    const rows = await db().selectFrom('analytics_events').select(['event_id', 'schema_name', 'page_path']).where('visitor_id', '=', 'visitor-spec-client').execute();
    // No id to tell a retry by: each one sent is an event (an id, when sent, is what de-duplicates: the test above).
    expect(rows).toEqual([1, 2].map(() => ({ event_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), schema_name: 'page-view', page_path: '/about' })));
    expect(rows[0]!.event_id).not.toBe(rows[1]!.event_id);
    const check = await send(visitor, '/api/v1/clanker/validate-event-content/page-view', content);
    expect([check.statusCode, check.json()]).toEqual([200, { valid: true }]);
  });

  it('an event its schema refuses is kept with the reason and answered 400 with what is wrong', async () => {
    const visitor = await shopper();
    const content = eventContent({ product: { id: 'p' }, quantity: 0, currency: 'usd' });
    const answer = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'add-to-cart', eventContent: JSON.stringify(content) });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.message).toBe(ANALYTICS_MESSAGES.contentInvalid);
    expect(body.errors).toMatchObject({ sku: 'sku is required.', quantity: 'quantity must be at least 1.', 'product.name': 'product.name is required.' });
    const failed = (await failedRows()).at(-1)!;
    expect(failed).toMatchObject({ source: 'clanker', schema_name: 'add-to-cart', reason: 'schema' });
    expect(failed.errors).toEqual(body.errors);
    expect(JSON.parse(failed.body)).toEqual(content);
    expect(await db().selectFrom('analytics_events').select('id').where('event_id', '=', String(content.event_id)).execute()).toEqual([]);
  });

  it('an unknown schema, content that is not JSON, not an object or not storable: 400, each kept with its reason', async () => {
    const visitor = await shopper();
    const cases: Array<[string, string, string, string]> = [
      ['no-such-event', JSON.stringify(eventContent()), 'unknown-schema', ANALYTICS_MESSAGES.unknownSchema],
      ['page-view', '{"event_id": ', 'invalid-json', ANALYTICS_MESSAGES.contentNotJson],
      ['page-view', '[1,2,3]', 'not-an-object', ANALYTICS_MESSAGES.contentNotObject],
      ['page-view', JSON.stringify(eventContent({ note: 'a\u0000b' })), 'unstorable-text', ANALYTICS_MESSAGES.contentUnstorable],
      ['page-view', JSON.stringify(eventContent({ note: '\ud800' })), 'unstorable-text', ANALYTICS_MESSAGES.contentUnstorable],
    ];
    for (const [eventSchemaName, eventContentText, reason, message] of cases) {
      const answer = await send(visitor, '/api/v1/clanker/events', { eventSchemaName, eventContent: eventContentText });
      expect(answer.statusCode, `${reason}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toBe(message);
      expect((await failedRows()).at(-1), reason).toMatchObject({ source: 'clanker', reason, body: eventContentText.slice(0, 65_536) });
    }
    const wrongTypes = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'page-view', eventContent: { not: 'a string' } });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().message).toBe(ANALYTICS_MESSAGES.eventContent);
    const extraField = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'page-view', eventContent: '{}', more: 1 });
    expect(extraField.statusCode).toBe(400);
  });

  it('a bot\'s event is stored, marked', async () => {
    const visitor = await shopper();
    const content = eventContent();
    const answer = await send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'page-view', eventContent: JSON.stringify(content) }, { 'user-agent': BOT_AGENT });
    expect(answer.statusCode).toBe(202);
    expect(await db().selectFrom('analytics_events').select('is_bot').where('event_id', '=', String(content.event_id)).executeTakeFirst()).toEqual({ is_bot: true });
  });

  it('validate-event-content answers what is wrong, storing nothing', async () => {
    const visitor = await shopper();
    const before = (await failedRows()).length;
    const valid = await send(visitor, '/api/v1/clanker/validate-event-content/site-search', eventContent({ query: 'shirt' }));
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({ valid: true });
    const invalid = await send(visitor, '/api/v1/clanker/validate-event-content/site-search', eventContent({ event_id: 'x', source_environment: 'live' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: ANALYTICS_MESSAGES.contentInvalid,
      errors: { event_id: 'event_id must be a UUID.', source_environment: 'source_environment must be one of dev, qa, staging, prod.', query: 'query is required.' },
    });
    const unknown = await send(visitor, '/api/v1/clanker/validate-event-content/no-such-event', eventContent());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ANALYTICS_MESSAGES.unknownSchema);
    expect((await failedRows()).length).toBe(before);
  });
});

describe('POST /api/events/RecordJavascriptErrors', () => {
  const report = (message: string, stack: string, timestamp = Date.now()) => ({ event: 'error', data: { message, stack, pagePath: '/shop' }, timestamp });
  const frameA = 'TypeError: x is undefined\n    at addToCart (http://localhost/assets/islands.js?v=1:10:5)\n    at onClick (http://localhost/assets/islands.js:20:1)';
  const frameA2 = 'TypeError: x is undefined\n    at addToCart (http://localhost/assets/islands.js?v=2:10:5)\n    at other (http://localhost/assets/islands.js:99:1)';
  const frameB = 'TypeError: x is undefined\n    at removeLine (http://localhost/assets/islands.js:44:2)';

  it('needs the crumb header', async () => {
    const visitor = await shopper();
    const answer = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [report('a', frameA)], sendCrumb: false });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().crumbFail).toBe(true);
  });

  it('groups identical errors (message and first stack frame) and counts them', async () => {
    const visitor = await shopper();
    const first = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [report('x is undefined', frameA), report('x is undefined', frameA2), report('x is undefined', frameB)], headers: browser });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ recorded: 3 });
    const again = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [report('x is undefined', frameA)], headers: browser });
    expect(again.statusCode).toBe(200);
    const bot = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [report('x is undefined', frameA)], headers: { 'user-agent': BOT_AGENT } });
    expect(bot.statusCode).toBe(200);
    const groups = await db().selectFrom('analytics_js_errors').selectAll().where('message', '=', 'x is undefined').orderBy('count', 'desc').execute();
    expect(groups.map((group) => [group.first_frame, group.count, group.bot_count])).toEqual([
      ['at addToCart (http://localhost/assets/islands.js:10:5)', 3, 1],
      ['at removeLine (http://localhost/assets/islands.js:44:2)', 1, 0],
    ]);
    expect(groups[0]!.page_path).toBe('/shop');
  });

  it('refuses more than 10 reports, a non-list and a report without message (400, kept as failed)', async () => {
    const visitor = await shopper();
    for (const payload of [Array.from({ length: 11 }, () => report('m', frameB)), { message: 'not a list' }, [{ event: 'error', data: {}, timestamp: 1 }], []]) {
      const answer = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: payload as object, headers: browser });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.json().message).toBe(ANALYTICS_MESSAGES.errorReports);
    }
    expect((await failedRows()).at(-1)).toMatchObject({ source: 'js-error', reason: 'not-error-reports' });
  });
});

describe('the performance collector', () => {
  it('GET /api/performance/settings answers a fresh pageLoadId each time', async () => {
    const visitor = await shopper();
    const [a, b] = await Promise.all([visitor.get('/api/performance/settings'), visitor.get('/api/performance/settings')]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json().pageLoadId).toMatch(/^[a-z0-9]+-[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a.json().pageLoadId).not.toBe(b.json().pageLoadId);
  });

  it('stores web vitals sent as text/plain JSON by beacon; refuses a forged pageLoadId and an out-of-range timing, keeping them as failed', async () => {
    const visitor = await shopper();
    const { pageLoadId } = (await visitor.get('/api/performance/settings')).json();
    const records = [
      { app: 'vitrine-perf', event: 'web-vital', pageLoadId, ts: Date.now(), data: { name: 'LCP', value: 1234.5, rating: 'good', pagePath: '/shop/' } },
      { app: 'vitrine-perf', event: 'CLS', pageLoadId, ts: Date.now(), data: { value: 0.02 } },
      { app: 'vitrine-perf', event: 'image', pageLoadId, ts: Date.now(), data: { url: 'http://localhost/images/1/a.png', duration: 20 } },
      { app: 'vitrine-perf', event: 'web-vital', pageLoadId: `${pageLoadId.split('.')[0]}.forged`, ts: Date.now(), data: { name: 'INP', value: 80 } },
      { app: 'vitrine-perf', event: 'web-vital', pageLoadId, ts: Date.now(), data: { name: 'TTFB', value: 2_147_483_648 } },
    ];
    const answer = await visitor.request({ method: 'POST', url: '/api/performance/records', payload: JSON.stringify(records), headers: { ...browser, 'content-type': 'text/plain;charset=UTF-8', referer: 'http://localhost/cart' }, sendCrumb: false });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ recorded: 3, refused: 2 });
    const stored = await db().selectFrom('analytics_performance').selectAll().where('page_load_id', '=', pageLoadId).orderBy('id').execute();
    expect(stored.map((row) => [row.event, row.metric, row.value, row.page_path])).toEqual([
      ['web-vital', 'LCP', 1234.5, '/shop'],
      ['CLS', 'CLS', 0.02, '/cart'],
      ['image', null, null, '/cart'],
    ]);
    const failed = (await failedRows()).filter((row) => row.source === 'performance').slice(-2);
    expect(failed.map((row) => row.reason)).toEqual(['page-load-id', 'timing-out-of-range']);
  });

  it('refuses a body that is not a list of records, and bad JSON, with 400', async () => {
    const visitor = await shopper();
    const notList = await visitor.request({ method: 'POST', url: '/api/performance/records', payload: '{"app":"x"}', headers: { 'content-type': 'text/plain' }, sendCrumb: false });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().message).toBe(ANALYTICS_MESSAGES.performanceRecords);
    const badJson = await visitor.request({ method: 'POST', url: '/api/performance/records', payload: '[{"app":', headers: { 'content-type': 'text/plain' }, sendCrumb: false });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe(HTTP_MESSAGES.invalidJson);
  });
});

describe('batching', () => {
  it('writes many calls with one INSERT per table per batch, each call answered after the commit', async () => {
    const before = statements.length;
    const visitor = await shopper();
    const contents = Array.from({ length: 50 }, () => eventContent());
    const answers = await Promise.all(contents.map((content) => send(visitor, '/api/v1/clanker/events', { eventSchemaName: 'heartbeat', eventContent: JSON.stringify(content) })));
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    // Acknowledged = stored: every event is there as soon as its call has answered.
    const ids = contents.map((content) => String(content.event_id));
    expect(await db().selectFrom('analytics_events').select('id').where('event_id', 'in', ids).execute()).toHaveLength(50);
    const eventInserts = statements.slice(before).filter((statement) => statement.table === 'analytics_events');
    expect(eventInserts.reduce((sum, statement) => sum + statement.rows, 0)).toBe(50);
    expect(eventInserts.length).toBeLessThan(50);
  });
});

describe('per-visitor rate limit', () => {
  it('answers 429 past the visitor\'s budget of analytics calls', async () => {
    const limited = await openTestServer({ analytics: { settings: { rateLimit: { max: 3, windowMs: 60_000 } } } });
    try {
      const visitor = new TestVisitor(limited.app);
      await visitor.visit('/');
      visitor.cookies.set('ss_cvr', censusCookie('visitor-limited'));
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await visitor.request({ method: 'POST', url: '/api/census/RecordHit', payload: { data: '{}' }, sendCrumb: false });
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) expect(answer.json().message).toBe(RATE_LIMIT_MESSAGE);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Another visitor (another census cookie) has a budget of its own.
      visitor.cookies.set('ss_cvr', censusCookie('visitor-other'));
      expect((await visitor.request({ method: 'POST', url: '/api/census/RecordHit', payload: { data: '{}' }, sendCrumb: false })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
