// databases: both — its subject is the rollup's SQL: distinct visits per funnel step over one set of visits (a union of events and page views)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { computeDailyRollup } from './rollup';
import { BOT_AGENT, censusCookie, eventContent, FORM, formBody, productContext, SHOPPER_AGENT } from './test-traffic';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

interface Steps {
  agent: string;
  view?: boolean;
  add?: boolean;
  checkout?: boolean;
  /** Places an order; `tracked` also sends the order-confirmed page's purchase event, as the storefront does. */
  order?: 'tracked' | 'untracked';
}

/** One visit through the real calls, as far as `steps` say. */
async function visit(id: string, steps: Steps): Promise<void> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  const cookie = censusCookie(id);
  visitor.cookies.set('ss_cvr', cookie);
  const headers = { 'user-agent': steps.agent };
  const hit = (path: string) =>
    visitor.request({ method: 'POST', url: '/api/census/RecordHit', payload: formBody({ event: 'view', data: JSON.stringify({ url: path, referrer: '' }), ss_cvr: cookie }), headers: { ...headers, ...FORM }, sendCrumb: false });
  const event = async (eventSchemaName: string, fields: Record<string, unknown>) => {
    const answer = await visitor.request({ method: 'POST', url: '/api/v1/clanker/events', payload: { eventSchemaName, eventContent: JSON.stringify(eventContent(fields)) }, headers, sendCrumb: false });
    expect(answer.statusCode, answer.body).toBe(202);
  };
  const tote = productContext(demoProductId('canvas-tote'), 'Canvas Tote');
  expect((await hit('/shop')).statusCode).toBe(200);
  if (steps.view) await event('visit-product-page', { product: tote });
  if (steps.add) await event('add-to-cart', { product: tote, sku: 'TOTE', quantity: 1, currency: 'USD' });
  if (steps.checkout) expect((await hit('/checkout')).statusCode).toBe(200);
  if (steps.order) {
    const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: `${id}@funnel.test` });
    expect(placed.statusCode, placed.body).toBe(201);
    if (steps.order === 'tracked') {
      await event('purchase', { order_id: placed.json().order.id, revenue: { decimalValue: '22.00', currency: 'USD' }, products: [{ ...tote, quantity: 1 }] });
    }
  }
}

async function funnel() {
  // The day counted again now (the job would, a few minutes on).
  const website = (await findDefaultWebsite(server.database.db))!;
  await computeDailyRollup(server.database.db, website.id, today());
  const owner = await ownerVisitor(server, 'reporting');
  const answer = await owner.get(`/api/owner/analytics/summary?from=${today()}&to=${today()}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().funnel as { productViews: number; addToCart: number; checkout: number; orders: number };
}

const isMonotonic = ({ productViews, addToCart, checkout, orders }: Awaited<ReturnType<typeof funnel>>) =>
  productViews >= addToCart && addToCart >= checkout && checkout >= orders;

describe("the dashboard's funnel", () => {
  it('counts the visit of a visitor classified as a bot who orders at every step, and stays monotonic', async () => {
    // A shopper who browses and leaves; a bot that only crawls; a "bot" (its browser's agent says so) that buys.
    await visit('funnel-browser', { agent: SHOPPER_AGENT, view: true });
    await visit('funnel-crawler', { agent: BOT_AGENT, view: true });
    await visit('funnel-buyer', { agent: BOT_AGENT, view: true, add: true, checkout: true, order: 'tracked' });
    const counted = await funnel();
    expect(counted).toEqual({ productViews: 2, addToCart: 1, checkout: 1, orders: 1 });
  });

  it('never shows fewer visits at a step than orders: an order whose visit was not tracked reached every step', async () => {
    await visit('funnel-untracked', { agent: BOT_AGENT, order: 'untracked' });
    const counted = await funnel();
    expect(counted.orders).toBe(2);
    expect(isMonotonic(counted), JSON.stringify(counted)).toBe(true);
    expect(counted).toEqual({ productViews: 2, addToCart: 2, checkout: 2, orders: 2 });
  });
});
