import { describe, expect, test } from 'vitest';
import type { AnalyticsSummaryReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwner, todayUtc } from './support/owner';
import { addToCart, chooseOptions, openProduct, visit } from './support/shop';
import { eventTaken, recordTrackingCalls } from './support/tracking';

// A real visit counted end to end (issue 15): the tracking client in Chromium sends the census hits and
// the shopping events, the server keeps them, the rollup job counts them, and the owner's summary reports
// the visit, its funnel, a thrown error grouped and the web vitals sent when the page was hidden.

let setupToken = '';

const shop = useShop({
  // Today's numbers are counted again every second instead of every five minutes.
  env: { ANALYTICS_ROLLUP_INTERVAL_MS: '1000' },
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/** Polls the owner's summary for today until `ready` holds (the rollup runs every second). */
async function summaryWhen(owner: HttpVisitor, ready: (summary: AnalyticsSummaryReply) => boolean): Promise<AnalyticsSummaryReply> {
  const deadline = Date.now() + 30_000;
  let last: AnalyticsSummaryReply | undefined;
  while (Date.now() < deadline) {
    const answer = await owner.call(shop.url, 'GET', `/api/owner/analytics/summary?from=${todayUtc()}&to=${todayUtc()}`);
    expect(answer.status).toBe(200);
    last = answer.body as AnalyticsSummaryReply;
    if (ready(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the summary never showed what was expected; last: ${JSON.stringify({ totals: last?.totals, jsErrors: last?.jsErrors, webVitals: last?.webVitals })}`);
}

const waitForSent = (sent: string[], entry: string) =>
  expect.poll(() => sent, { timeout: 15_000 }).toContain(entry);
const waitForEvent = (sent: string[], name: string) => expect.poll(() => eventTaken(sent, name), { timeout: 15_000 }).toBe(true);

describe('a visit is counted', () => {
  test('home → product → add to cart → cart: the hits, the events, the funnel, an error and the web vitals reach the owner', async () => {
    const { page } = shop;
    const sent = recordTrackingCalls(page);

    // A page view is one call (issue 35): the hit and its page-view event together, no settings read.
    await visit(page, '/');
    await waitForSent(sent, '/api/census/page-view 200');
    await waitForEvent(sent, 'page-view');
    expect(sent.filter((line) => line.startsWith('/api/'))).toEqual(['/api/census/page-view 200']);

    await openProduct(page, 'linen-shirt');
    await waitForEvent(sent, 'visit-product-page');
    await chooseOptions(page, { Size: 'S', Color: 'White' });
    await addToCart(page);
    await waitForSent(sent, 'event add-to-cart 202');

    // A script error on the page, twice: the reporter sends it, the server groups the two.
    await page.evaluate(() => {
      for (let i = 0; i < 2; i++) setTimeout(() => { throw new Error('e2e: the gift wrap widget broke'); }, 0);
    });
    await waitForSent(sent, '/api/events/RecordJavascriptErrors 200');

    const beforeCart = sent.length;
    await visit(page, '/cart');
    await waitForEvent(sent, 'view-cart');
    // Closing the tab hides the page: the collector sends what web-vitals measured by beacon at page hide. The
    // page is gone, so its 30-second timer cannot be what sends them: the owner's summary below shows they came.
    // Its pageLoadId came with the page view's answer: it listens once it has it.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.performance), { timeout: 15_000 }).toBe('collecting');
    await page.close({ runBeforeUnload: true });

    // Nothing the page sent was refused, and no page asked for the performance settings.
    expect(sent.filter((line) => !/ 20[02]$/.test(line))).toEqual([]);
    expect(sent.filter((line) => line.startsWith('/api/performance/settings'))).toEqual([]);
    expect(sent.slice(beforeCart)).toContain('/api/census/page-view 200');

    const owner = await signedInOwner(shop.url, setupToken);
    const summary = await summaryWhen(owner, (s) => s.totals.pageViews >= 3 && s.jsErrors.length > 0 && s.webVitals.some((row) => row.pages.some((one) => one.path === '/cart')));
    expect(summary.totals).toMatchObject({ visits: 1, uniqueVisitors: 1, pageViews: 3, productViews: 1, addToCart: 1, botHits: 0 });
    expect(summary.funnel).toMatchObject({ productViews: 1, addToCart: 1 });
    expect(summary.topPages.map((row) => row.path).sort()).toEqual(['/', '/cart', '/shop/p/linen-shirt']);
    expect(summary.products).toEqual([expect.objectContaining({ name: 'Linen Shirt', views: 1, addToCart: 1 })]);
    expect(summary.devices.browsers.map((row) => row.name)).toContain('Chrome');
    expect(summary.jsErrors).toEqual([expect.objectContaining({ message: expect.stringContaining('e2e: the gift wrap widget broke'), count: 2 })]);
    const cartVitals = summary.webVitals.filter((row) => row.pages.some((one) => one.path === '/cart')).map((row) => row.metric);
    expect(cartVitals).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
    expect(shop.consoleErrors).toEqual([]);
  }, 120_000);
});
