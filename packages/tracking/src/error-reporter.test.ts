// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, ERROR_REPORTER_LIMITS, JAVASCRIPT_ERRORS_PATH, sendErrorReports, type ErrorReport } from './error-reporter';
import { resetBrowser, stubNetwork } from './test-support/browser';

const error = (n: number, stack = `Error: boom ${n}\n    at f (/assets/storefront/client.js:1:${n})`) => ({ message: `boom ${n}`, stack, source: '/assets/storefront/client.js', line: 1, column: n });

let batches: ErrorReport[][];
beforeEach(() => {
  resetBrowser('/shop/');
  vi.useFakeTimers();
  batches = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const reporter = () => createErrorReporter({ websiteId: 'website-1', send: (reports) => batches.push(reports), now: () => 1234 });

describe('the JavaScript error reporter (storefront §7, §9)', () => {
  it('has the spec’s four limits', () => {
    expect(ERROR_REPORTER_LIMITS).toEqual({ perPage: 20, queued: 10, stackCharacters: 5000, debounceMs: 1000 });
  });

  it('sends debounced by 1 s: each new error waits another second', () => {
    const errors = reporter();
    errors.report(error(1));
    vi.advanceTimersByTime(999);
    errors.report(error(2));
    vi.advanceTimersByTime(999);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((report) => report.data.message)).toEqual(['boom 1', 'boom 2']);
  });

  it('keeps at most 10 waiting: the 11th is dropped', () => {
    const errors = reporter();
    const accepted = Array.from({ length: 11 }, (_, n) => errors.report(error(n)));
    expect(accepted).toEqual([...Array(10).fill(true), false]);
    vi.advanceTimersByTime(1000);
    expect(batches[0]).toHaveLength(10);
  });

  it('reports at most 20 per page', () => {
    const errors = reporter();
    const accepted: boolean[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < 10; n += 1) accepted.push(errors.report(error(round * 10 + n)));
      vi.advanceTimersByTime(1000);
    }
    expect(accepted.filter(Boolean)).toHaveLength(20);
    expect(batches.map((batch) => batch.length)).toEqual([10, 10]);
  });

  it('cuts a stack at 5,000 characters', () => {
    const errors = reporter();
    errors.report(error(1, 'x'.repeat(7000)));
    errors.report(error(2, 'y'.repeat(5000)));
    vi.advanceTimersByTime(1000);
    expect((batches[0]![0]!.data.stack as string).length).toBe(5000);
    expect(batches[0]![1]!.data.stack).toBe('y'.repeat(5000));
  });

  it('reports { event, data, timestamp } with the page and the error', () => {
    const errors = reporter();
    errors.report({ ...error(3), rejection: true });
    errors.flush();
    expect(batches[0]).toEqual([
      {
        event: 'javascript-error',
        data: {
          message: 'boom 3',
          stack: error(3).stack,
          source: '/assets/storefront/client.js',
          line: 1,
          column: 3,
          rejection: true,
          websiteId: 'website-1',
          pagePath: '/shop',
          userAgent: navigator.userAgent,
        },
        timestamp: 1234,
      },
    ]);
    errors.flush();
    expect(batches).toHaveLength(1);
  });

  it('posts JSON to RecordJavascriptErrors with the crumb header, several requests past 60 KB', async () => {
    const network = stubNetwork();
    document.cookie = 'crumb=crumb-1;Path=/';
    const reports = Array.from({ length: 10 }, (_, n) => ({ event: 'javascript-error', data: { message: `m${n}`, stack: 's'.repeat(5000), pad: 'p'.repeat(2000) }, timestamp: n }));
    sendErrorReports(reports.slice(0, 2));
    sendErrorReports(reports);
    await vi.advanceTimersByTimeAsync(0);
    expect(network.sent.map((request) => request.url)).toEqual(Array(3).fill(JAVASCRIPT_ERRORS_PATH));
    expect(network.sent[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'x-csrf-token': 'crumb-1' });
    expect(JSON.parse(network.sent[0]!.body)).toEqual(reports.slice(0, 2));
    expect([...JSON.parse(network.sent[1]!.body), ...JSON.parse(network.sent[2]!.body)]).toEqual(reports);
    for (const request of network.sent) expect(request.body.length).toBeLessThan(60_000);
  });
});
