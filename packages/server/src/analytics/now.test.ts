// databases: one — the census and dashboard answers; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { BOT_AGENT, censusCookie, eventContent, FORM, formBody, SHOPPER_AGENT } from './test-traffic';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function pageView(id: string, path: string, agent = SHOPPER_AGENT) {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  const cookie = censusCookie(id);
  visitor.cookies.set('ss_cvr', cookie);
  const answer = await visitor.request({
    method: 'POST',
    url: '/api/census/RecordHit',
    payload: formBody({ event: 'view', data: JSON.stringify({ url: path, referrer: '' }), ss_cvr: cookie }),
    headers: { 'user-agent': agent, ...FORM },
    sendCrumb: false,
  });
  expect(answer.statusCode).toBe(200);
}

describe('GET /api/owner/analytics/now', () => {
  it('counts distinct visitors with a page view in the last 5 minutes, leaving out bots and older hits', async () => {
    const owner = await ownerVisitor(server, 'reporting');
    expect((await owner.get('/api/owner/analytics/now')).json()).toMatchObject({ visitors: 0, windowMinutes: 5 });

    await pageView('now-visitor-a', '/');
    await pageView('now-visitor-a', '/shop');
    await pageView('now-visitor-b', '/');
    await pageView('now-visitor-bot', '/', BOT_AGENT);
    const website = (await findDefaultWebsite(server.database.db))!;
    await server.database.db
      .insertInto('analytics_hits')
      .values({ website_id: website.id, kind: 'page-view', received_at: new Date(Date.now() - 6 * 60_000), visitor_id: 'earlier', visit_number: 1, page_path: '/' })
      .execute();

    const answer = await owner.get('/api/owner/analytics/now');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const now = answer.json();
    expect(now.visitors).toBe(2);
    expect(Math.abs(Date.parse(now.at) - Date.now())).toBeLessThan(10_000);
  });

  it('is for roles that read reports: 401 signed out, 403 for an editor', async () => {
    expect((await new TestVisitor(server.app).get('/api/owner/analytics/now')).statusCode).toBe(401);
    expect((await (await ownerVisitor(server, 'editor')).get('/api/owner/analytics/now')).statusCode).toBe(403);
  });
});

describe("the owner app's admin-panel events", () => {
  const send = (fields: Record<string, unknown>) =>
    new TestVisitor(server.app).request({
      method: 'POST',
      url: '/api/v1/clanker/events',
      payload: formBody({ eventSchemaName: 'admin-panel', eventContent: JSON.stringify(eventContent({ page_path: '/config/products', ...fields })) }),
      headers: { 'user-agent': SHOPPER_AGENT, ...FORM },
      sendCrumb: false,
    });

  it('are stored by beacon with their panel and action, and refused (400, kept as failed) for an action of another panel', async () => {
    expect((await send({ panel: 'inventory', action: 'sort-by-stock' })).statusCode).toBe(202);
    const refused = await send({ panel: 'inventory', action: 'creation-modal-copy' });
    expect(refused.statusCode).toBe(400);
    const rows = await server.database.db.selectFrom('analytics_events').select(['schema_name', 'page_path', 'content']).where('schema_name', '=', 'admin-panel').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.page_path).toBe('/config/products');
    expect(rows[0]!.content).toMatchObject({ panel: 'inventory', action: 'sort-by-stock' });
    const failed = await server.database.db.selectFrom('analytics_failed_events').select('schema_name').where('schema_name', '=', 'admin-panel').execute();
    expect(failed).toHaveLength(1);
  });
});
