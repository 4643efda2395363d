// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COLLECTOR_VERSION,
  createPerformanceBatch,
  isOwnImage,
  isTimingInBounds,
  PERFORMANCE_LIMITS,
  PERFORMANCE_MESSAGES,
  PERFORMANCE_PATHS,
  startPerformanceCollector,
  type PerformanceRecord,
} from './performance-collector';
import type { Metric } from 'web-vitals';
import { resetBrowser, stubNetwork, type NetworkStub } from './test-support/browser';

/** web-vitals' callbacks, captured: the tests report metrics themselves (happy-dom paints nothing). */
const vitals = vi.hoisted(() => ({ callbacks: new Map<string, (metric: object) => void>() }));
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: object) => void) => vitals.callbacks.set(name, callback);
  return { onFCP: on('FCP'), onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onTTFB: on('TTFB') };
});

const metric = (name: Metric['name'], value: number) => ({ name, value, delta: value, id: `v5-${name}`, navigationType: 'navigate' as const });

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetBrowser('/shop/p/linen-shirt');
  vitals.callbacks.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('what the collector keeps (platform §5, §9)', () => {
  it('drops timing values outside 0 to 2147483647', () => {
    expect(PERFORMANCE_LIMITS.maxTiming).toBe(2_147_483_647);
    for (const value of [0, 1, 2_147_483_647]) expect(isTimingInBounds(value)).toBe(true);
    for (const value of [-1, -0.001, 2_147_483_648, Number.NaN, Number.POSITIVE_INFINITY, '5' as unknown as number]) expect(isTimingInBounds(value)).toBe(false);

    const sent: PerformanceRecord[][] = [];
    const batch = createPerformanceBatch({ pageLoadId: 'load-1', send: (records) => sent.push(records), now: () => 42 });
    batch.metric(metric('LCP', -5));
    batch.metric(metric('LCP', 2_147_483_648));
    batch.metric(metric('LCP', 2_147_483_647));
    batch.metric(metric('CLS', 0.05));
    batch.flush();
    expect(sent[0]!.map((record) => record.data.value)).toEqual([2_147_483_647, 0.05]);
  });

  it('grades each metric with platform §9’s thresholds and stamps the collector version 4.8.0', () => {
    const sent: PerformanceRecord[][] = [];
    const batch = createPerformanceBatch({ pageLoadId: 'load-1', send: (records) => sent.push(records), now: () => 42 });
    batch.metric(metric('FCP', 1800));
    batch.metric(metric('INP', 350));
    batch.metric(metric('TTFB', 1801));
    batch.flush();
    expect(COLLECTOR_VERSION).toBe('4.8.0');
    expect(sent[0]).toEqual([
      { app: 'vitrine-storefront', event: 'web-vital', pageLoadId: 'load-1', ts: 42, data: { name: 'FCP', value: 1800, delta: 1800, id: 'v5-FCP', navigationType: 'navigate', rating: 'good', pagePath: '/shop/p/linen-shirt', collectorVersion: '4.8.0' } },
      { app: 'vitrine-storefront', event: 'web-vital', pageLoadId: 'load-1', ts: 42, data: { name: 'INP', value: 350, delta: 350, id: 'v5-INP', navigationType: 'navigate', rating: 'needs-improvement', pagePath: '/shop/p/linen-shirt', collectorVersion: '4.8.0' } },
      { app: 'vitrine-storefront', event: 'web-vital', pageLoadId: 'load-1', ts: 42, data: { name: 'TTFB', value: 1801, delta: 1801, id: 'v5-TTFB', navigationType: 'navigate', rating: 'poor', pagePath: '/shop/p/linen-shirt', collectorVersion: '4.8.0' } },
    ]);
  });

  it('measures only our own images (server/src/images and the demo store’s pictures)', () => {
    const origin = location.origin;
    expect(isOwnImage('/images/img-1/shirt.jpg?format=500w')).toBe(true);
    expect(isOwnImage(`${origin}/assets/demo/linen-shirt.png`)).toBe(true);
    expect(isOwnImage('/assets/theme/favicon.svg')).toBe(false);
    expect(isOwnImage('https://cdn.example.com/images/img-1/shirt.jpg')).toBe(false);
    expect(isOwnImage('/shop/images/x.jpg')).toBe(false);

    const sent: PerformanceRecord[][] = [];
    const batch = createPerformanceBatch({ pageLoadId: 'load-1', send: (records) => sent.push(records), now: () => 1 });
    const entry = { startTime: 10, duration: 120, responseEnd: 130, transferSize: 5000, decodedBodySize: 5000 };
    batch.image({ ...entry, name: `${origin}/images/img-1/shirt.jpg?format=500w` });
    batch.image({ ...entry, name: 'https://cdn.example.com/images/img-1/shirt.jpg' });
    batch.image({ ...entry, name: `${origin}/images/img-2/hat.jpg`, startTime: -3 });
    batch.image({ ...entry, name: `${origin}/images/img-3/bag.jpg`, duration: 3e9 });
    batch.flush();
    expect(sent[0]!.map((record) => record.data)).toEqual([
      { url: '/images/img-1/shirt.jpg?format=500w', startTime: 10, duration: 120, responseEnd: 130, transferSize: 5000, decodedBodySize: 5000, pagePath: '/shop/p/linen-shirt', collectorVersion: '4.8.0' },
      { url: '/images/img-2/hat.jpg', duration: 120, responseEnd: 130, transferSize: 5000, decodedBodySize: 5000, pagePath: '/shop/p/linen-shirt', collectorVersion: '4.8.0' },
    ]);
  });
});

describe('the collector’s life (platform §4, §7, §8)', () => {
  let network: NetworkStub;
  beforeEach(() => {
    vi.useFakeTimers();
    network = stubNetwork();
    network.json = { pageLoadId: 'load-1' };
  });
  const records = () => network.sent.filter((request) => request.url === PERFORMANCE_PATHS.records).map((request) => JSON.parse(request.body) as PerformanceRecord[]);

  it('asks GET /api/performance/settings for the page load id, then follows FCP, LCP, INP, CLS and TTFB (no FID)', async () => {
    const batch = await startPerformanceCollector();
    expect(batch).not.toBeNull();
    expect(network.sent[0]).toMatchObject({ url: '/api/performance/settings', method: 'GET' });
    expect([...vitals.callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });

  it('sends 30 s after load, as text by beacon: [{ app, data, event, pageLoadId, ts }]', async () => {
    await startPerformanceCollector();
    vitals.callbacks.get('TTFB')!(metric('TTFB', 80));
    vitals.callbacks.get('FCP')!(metric('FCP', 900));
    await vi.advanceTimersByTimeAsync(PERFORMANCE_LIMITS.flushAfterLoadMs - 1);
    expect(records()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(PERFORMANCE_LIMITS.flushAfterLoadMs).toBe(30_000);
    const sent = network.sent.filter((request) => request.url === PERFORMANCE_PATHS.records);
    expect(sent.map((request) => request.via)).toEqual(['beacon']);
    const [batch] = records();
    expect(batch!.map((record) => [record.event, record.data.name])).toEqual([['web-vital', 'TTFB'], ['web-vital', 'FCP']]);
    expect(Object.keys(batch![0]!).sort()).toEqual(['app', 'data', 'event', 'pageLoadId', 'ts']);
    expect(batch![0]!.pageLoadId).toBe('load-1');
  });

  it('sends on page hide, by fetch as text when there is no beacon', async () => {
    network.beacon = false;
    await startPerformanceCollector();
    vitals.callbacks.get('LCP')!(metric('LCP', 1200));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: string }).visibilityState;
    const sent = network.sent.filter((request) => request.url === PERFORMANCE_PATHS.records);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ via: 'fetch', method: 'POST' });
    expect(sent[0]!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    // pagehide too, with what came after; nothing is sent twice.
    vitals.callbacks.get('CLS')!(metric('CLS', 0.02));
    window.dispatchEvent(new Event('pagehide'));
    expect(records().map((batch) => batch.map((record) => record.data.name))).toEqual([['LCP'], ['CLS']]);
  });

  it('waits for metrics up to 60 s after load, then stops', async () => {
    const batch = await startPerformanceCollector();
    await vi.advanceTimersByTimeAsync(PERFORMANCE_LIMITS.metricWaitMs - 1);
    vitals.callbacks.get('INP')!(metric('INP', 90));
    expect(batch!.stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(PERFORMANCE_LIMITS.metricWaitMs).toBe(60_000);
    expect(batch!.stopped).toBe(true);
    vitals.callbacks.get('CLS')!(metric('CLS', 0.3));
    window.dispatchEvent(new Event('pagehide'));
    expect(records().flat().map((record) => record.data.name)).toEqual(['INP']);
  });

  it("stops with 'Unable to resolve pageLoadId' when the settings carry none", async () => {
    network.json = { somethingElse: true };
    await expect(startPerformanceCollector()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Unable to resolve pageLoadId');
    expect(PERFORMANCE_MESSAGES.noPageLoadId).toBe('Unable to resolve pageLoadId');
    expect(vitals.callbacks.size).toBe(0);
  });

  it('stops on an unexpected status', async () => {
    network.status = 503;
    await expect(startPerformanceCollector()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Unable to load performance settings: HTTP Status 503');
    expect(vitals.callbacks.size).toBe(0);
  });

  it('stops when the settings take longer than 30 s', async () => {
    network.hang.add(PERFORMANCE_PATHS.settings);
    let result: unknown = 'pending';
    void startPerformanceCollector().then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(PERFORMANCE_LIMITS.settingsTimeoutMs - 1);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(PERFORMANCE_LIMITS.settingsTimeoutMs).toBe(30_000);
    expect(result).toBeNull();
    expect(warn).toHaveBeenCalledWith('Performance settings timed out');
    expect(vitals.callbacks.size).toBe(0);
  });
});
