import type { AnalyticsSummaryReply } from '@vitrine/contracts';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import type { OwnerAppBoot } from '../boot';

export const BOOT: OwnerAppBoot = {
  owner: { siteUser: { id: 'u1', email: 'owner@example.com' }, role: 1, roleName: 'admin', permissions: ['reports:read'] } as OwnerAppBoot['owner'],
  website: { id: 'w1', title: 'Test Shop', locale: 'en-US', currency: 'USD', timeZone: 'UTC' },
  xsrfToken: 'xsrf-from-boot',
};

const money = (value: string) => ({ value, currency: 'USD' });
const totals = (over: Partial<AnalyticsSummaryReply['totals']> = {}): AnalyticsSummaryReply['totals'] => ({
  visits: 0, uniqueVisitors: 0, uniqueVisitorsExact: true, pageViews: 0, productViews: 0, addToCart: 0, checkouts: 0, orders: 0,
  revenue: money('0.00'), conversionRate: 0, botHits: 0, ...over,
});

/** A summary of a range with the days given (figures for each), against a previous period. */
export function summaryOf(range: { from: string; to: string }, over: Partial<AnalyticsSummaryReply> = {}): AnalyticsSummaryReply {
  return {
    range: { ...range, days: 1 },
    previousRange: { from: '2026-02-22', to: '2026-02-28' },
    totals: totals({ visits: 12, uniqueVisitors: 10, pageViews: 30, productViews: 8, addToCart: 4, checkouts: 2, orders: 1, revenue: money('45.00'), conversionRate: 0.0833 }),
    previous: totals({ visits: 8, uniqueVisitors: 8, pageViews: 30, orders: 0, revenue: money('0.00'), conversionRate: 0 }),
    series: [{ day: range.from, visits: 12, uniqueVisitors: 10, pageViews: 30, orders: 1, revenue: money('45.00'), computedAt: null }],
    funnel: { productViews: 8, addToCart: 4, checkout: 2, orders: 1 },
    topPages: [{ path: '/', count: 20 }],
    products: [{ productId: 'p1', name: 'Linen Shirt', views: 8, addToCart: 4 }],
    referrers: [{ host: 'example.org', count: 3 }],
    devices: { types: [{ name: 'desktop', count: 12 }], browsers: [{ name: 'Chrome', count: 12 }], operatingSystems: [{ name: 'Linux', count: 12 }] },
    webVitals: [{ metric: 'LCP', p75: 2600, rating: 'needs-improvement', samples: 5, pages: [] }],
    jsErrors: [],
    ...over,
  } as AnalyticsSummaryReply;
}

export interface FakeServer {
  client: OwnerBrowserClient;
  calls: string[];
}

/**
 * An owner client whose fetch answers from `answer(method, url)`: a body (200), `{ status, body }`, or a thrown
 * error (no answer at all). Every call is recorded as 'METHOD /path?query'.
 */
export function fakeServer(answer: (method: string, url: string) => unknown): FakeServer {
  const calls: string[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${input}`);
    const result = await answer(method, input);
    const { status, body } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}
