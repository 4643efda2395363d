// databases: one — the toggles' and flags' answers; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';

let server: TestServer;
let websiteId: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer();
  websiteId = (await findDefaultWebsite(db()))!.id;
  await db()
    .insertInto('experiments')
    .values([
      { id: 'exp-hero', website_id: websiteId, name: 'hero-copy', experiment_type: 'AB_TEST', variants: JSON.stringify([{ name: 'control', weight: 0 }, { name: 'bold', weight: 100 }]), status: 'running' },
      {
        id: 'exp-phones',
        website_id: websiteId,
        name: 'phones-only',
        experiment_type: 'AB_TEST',
        variants: JSON.stringify([{ name: 'a', weight: 50 }, { name: 'b', weight: 50 }]),
        segment: JSON.stringify({ name: 'Phones', rules: { devices: ['phone'] } }),
        status: 'running',
      },
    ])
    .execute();
});
afterAll(async () => server?.close());

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function visitor(userAgent = DESKTOP): Promise<TestVisitor> {
  const shopper = new TestVisitor(server.app);
  await shopper.request({ method: 'GET', url: '/shop', headers: { 'user-agent': userAgent } });
  shopper.cookies.set('SS_ANALYTICS_ID', `analytics-${newId()}`);
  return shopper;
}
const expose = (shopper: TestVisitor, name: string, userAgent = DESKTOP) =>
  shopper.request({ method: 'POST', url: '/api/experiments/exposures', payload: { name }, headers: { 'user-agent': userAgent, referer: 'http://shop.test/shop' } });

describe('POST /api/experiments/exposures', () => {
  it('records a bucketed visitor once, as an experiment-exposure event', async () => {
    const shopper = await visitor();
    const first = await expose(shopper, 'hero-copy');
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ recorded: true });
    expect((await expose(shopper, 'hero-copy')).json()).toEqual({ recorded: false });
    const analyticsId = shopper.cookies.get('SS_ANALYTICS_ID')!;
    expect(await db().selectFrom('experiment_exposures').select(['experiment_id', 'variant']).where('analytics_id', '=', analyticsId).execute()).toEqual([
      { experiment_id: 'exp-hero', variant: 'bold' },
    ]);
    const events = await db().selectFrom('analytics_events').select(['schema_name', 'tracker', 'content', 'page_path']).where('analytics_id', '=', analyticsId).execute();
    expect(events).toEqual([
      {
        schema_name: 'experiment-exposure',
        tracker: 'server',
        page_path: '/shop',
        content: { experiment: { name: 'hero-copy', experimentType: 'AB_TEST', variant: 'bold', segmentName: null, containsError: false } },
      },
    ]);
  });

  it('records nothing outside the segment, for bots, without an analytics id, or for an unknown experiment', async () => {
    const desktop = await visitor();
    expect((await expose(desktop, 'phones-only')).json()).toEqual({ recorded: false });
    const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const phone = await visitor(phoneAgent);
    expect((await expose(phone, 'phones-only', phoneAgent)).json()).toEqual({ recorded: true });
    const bot = await visitor('Googlebot/2.1 (+http://www.google.com/bot.html)');
    expect((await expose(bot, 'hero-copy', 'Googlebot/2.1 (+http://www.google.com/bot.html)')).json()).toEqual({ recorded: false });
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit('/shop');
    // (the page set an analytics id: a browser that refused it has none)
    anonymous.cookies.delete('SS_ANALYTICS_ID');
    expect((await expose(anonymous, 'hero-copy')).json()).toEqual({ recorded: false });
    expect((await expose(await visitor(), 'no-such-test')).json()).toEqual({ recorded: false });
    expect((await expose(await visitor(), 'x'.repeat(65))).statusCode).toBe(400);
  });
});
