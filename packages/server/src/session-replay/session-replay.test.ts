// databases: both — batches stored once each, in order; keyset pages
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_REPLAY_SESSION_ID } from '@vitrine/experiments';
import { newId } from '../ids';
import { forgetExperimentRows } from '../experiments';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';

let server: TestServer;
let websiteId: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer();
  websiteId = (await findDefaultWebsite(db()))!.id;
});
afterAll(async () => server?.close());

async function define(name: string, type: 'FEATURE_TOGGLE' | 'AB_TEST', variants: Array<{ name: string; weight: number }>) {
  await db().deleteFrom('experiments').where('website_id', '=', websiteId).where('name', '=', name).execute();
  await db().insertInto('experiments').values({ id: newId(), website_id: websiteId, name, experiment_type: type, variants: JSON.stringify(variants), status: 'running' }).execute();
  // Written past the owner's calls: the pages' short cache of the rows must not serve the old ones.
  forgetExperimentRows(db());
}
const recordEveryone = async () => {
  await define('session-replay', 'FEATURE_TOGGLE', [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }]);
  await define('session-replay-sample', 'AB_TEST', [{ name: 'sampled', weight: 100 }, { name: 'not-sampled', weight: 0 }]);
};

/** A visitor whose tracking client has set its analytics id and session cookies. */
async function trackedVisitor(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  visitor.cookies.set('SS_ANALYTICS_ID', `analytics-${newId()}`);
  visitor.cookies.set('SS_SESSION_ID', `session-${newId()}`);
  return visitor;
}

const snapshot = (timestamp: number) => [{ type: 4, timestamp, data: { href: 'http://shop.test/', width: 1280, height: 800 } }, { type: 2, timestamp: timestamp + 1, data: { node: { type: 0, childNodes: [] } } }];

describe('GET /api/commerce/fullstory/getId', () => {
  it('answers the mock id unless the toggle is on and the visitor is in the sample', async () => {
    const visitor = await trackedVisitor();
    expect((await visitor.get('/api/commerce/fullstory/getId')).json()).toEqual({ data: MOCK_REPLAY_SESSION_ID });
    await define('session-replay', 'FEATURE_TOGGLE', [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }]);
    expect((await visitor.get('/api/commerce/fullstory/getId')).json()).toEqual({ data: MOCK_REPLAY_SESSION_ID });
    await define('session-replay-sample', 'AB_TEST', [{ name: 'sampled', weight: 0 }, { name: 'not-sampled', weight: 100 }]);
    expect((await visitor.get('/api/commerce/fullstory/getId')).json()).toEqual({ data: MOCK_REPLAY_SESSION_ID });
    await recordEveryone();
    const first = (await visitor.get('/api/commerce/fullstory/getId')).json().data;
    expect(first).toMatch(/^[0-9a-f]{24}$/);
    expect((await visitor.get('/api/commerce/fullstory/getId')).json().data).toBe(first);
    const cookieless = new TestVisitor(server.app);
    expect((await cookieless.get('/api/commerce/fullstory/getId')).json()).toEqual({ data: MOCK_REPLAY_SESSION_ID });
  });
});

/** A full snapshot of a page whose DOM is `levels` deep (each level a node and its childNodes). */
function deepSnapshot(timestamp: number, levels: number) {
  let node: Record<string, unknown> = { type: 3, textContent: 'deepest' };
  for (let level = 0; level < levels; level++) node = { type: 2, tagName: 'div', attributes: {}, childNodes: [node] };
  return [{ type: 2, timestamp, data: { node: { type: 0, childNodes: [node] } } }];
}

describe('recording and replaying', () => {
  it('takes a snapshot of a deep page (past the 32 levels other bodies are held to), and refuses one past its own bound', async () => {
    await recordEveryone();
    const visitor = await trackedVisitor();
    const sessionId = (await visitor.get('/api/commerce/fullstory/getId')).json().data;
    const deep = await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 0, events: deepSnapshot(1_700_000_000_000, 40) });
    expect([deep.statusCode, deep.json()]).toEqual([202, { stored: true }]);
    const tooDeep = await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 1, events: deepSnapshot(1_700_000_000_100, 200) });
    expect([tooDeep.statusCode, tooDeep.json()]).toEqual([400, { message: 'The request body is nested too deeply.' }]);
  });

  it('stores batches once each, in order, and the owner replays them', async () => {
    await recordEveryone();
    const visitor = await trackedVisitor();
    const sessionId = (await visitor.request({ method: 'GET', url: '/api/commerce/fullstory/getId', headers: { referer: 'http://shop.test/shop?x=1' } })).json().data;
    const sent = await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 0, events: snapshot(1_700_000_000_000) });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ stored: true });
    expect((await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 0, events: snapshot(1_700_000_000_000) })).json()).toEqual({ stored: false });
    // A big batch (a full snapshot of a large page) is over the usual 64 KB body limit and still accepted.
    const big = [{ type: 3, timestamp: 1_700_000_005_000, data: { source: 0, texts: [{ id: 1, value: 'x'.repeat(300_000) }] } }];
    expect((await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 1, events: big })).statusCode).toBe(202);

    const reporting = await ownerVisitor(server, 'reporting');
    const listed = (await reporting.get('/api/owner/replays')).json();
    expect(listed.sessions[0]).toMatchObject({ id: sessionId, firstPath: '/shop', eventCount: 3 });
    const replay = (await reporting.get(`/api/owner/replays/${sessionId}`)).json();
    expect(replay.events.map((event: { type: number }) => event.type)).toEqual([4, 2, 3]);
    expect(replay.session.durationMs).toBeGreaterThanOrEqual(0);

    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get('/api/owner/replays')).statusCode).toBe(403);
    expect((await reporting.get('/api/owner/replays/nope')).statusCode).toBe(404);
  });

  it('refuses another session’s id, malformed events, and a cursor it did not give', async () => {
    await recordEveryone();
    const visitor = await trackedVisitor();
    const sessionId = (await visitor.get('/api/commerce/fullstory/getId')).json().data;
    const stranger = await trackedVisitor();
    const foreign = await stranger.post('/api/commerce/fullstory/events', { sessionId, sequence: 0, events: snapshot(1) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'This replay session is not this visitor’s.' });
    const malformed = await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 0, events: [{ type: 'x', timestamp: 1 }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ events: 'events must be a list of up to 5000 recorded events.' });
    const empty = await visitor.post('/api/commerce/fullstory/events', { sessionId, sequence: 0, events: [] });
    expect(empty.statusCode).toBe(400);
    expect(await db().selectFrom('replay_batches').selectAll().where('session_id', '=', sessionId).execute()).toEqual([]);
    const owner = await ownerVisitor(server);
    expect((await owner.get('/api/owner/replays?cursor=bogus')).statusCode).toBe(400);
  });

  it('pages through sessions started within one millisecond without skipping one (the cursor keeps microseconds)', async () => {
    const ids = Array.from({ length: 51 }, (_, index) => `µs-session-${String(index + 1).padStart(2, '0')}-${newId()}`);
    // 51 sessions a microsecond apart, all in one millisecond, newer than every other session: the page boundary falls inside it.
    await db().insertInto('replay_sessions').values(ids.map((id, index) => ({
      id, website_id: websiteId, analytics_id: `a-${id}`, started_at: `2099-01-01T00:00:00.000${String(index + 1).padStart(3, '0')}Z`,
      last_event_at: '2099-01-01T00:00:01Z', event_count: 1, byte_count: 10,
    }))).execute();
    try {
      const owner = await ownerVisitor(server, 'reporting');
      const first = (await owner.get('/api/owner/replays')).json() as { sessions: Array<{ id: string }>; nextCursor: string };
      expect(first.sessions.map((session) => session.id)).toEqual([...ids].reverse().slice(0, 50));
      const second = (await owner.get(`/api/owner/replays?cursor=${encodeURIComponent(first.nextCursor)}`)).json() as { sessions: Array<{ id: string }> };
      expect(second.sessions[0]?.id).toBe(ids[0]);
    } finally {
      await db().deleteFrom('replay_sessions').where('id', 'in', ids).execute();
    }
  });
});
