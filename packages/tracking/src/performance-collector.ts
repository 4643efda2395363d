import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { pagePath } from './skip-rules';
import { beacon, post } from './transport';
import { rateWebVital, type WebVitalName } from './web-vitals-thresholds';

/**
 * The performance collector (platform §4, §5, §7, §8, §9), started by the tracking client (in its chunk, with
 * web-vitals): the page load's id from the page view's call (else `GET /api/performance/settings`), then web-vitals' FCP, LCP, INP, CLS and TTFB (FID
 * is retired from the library: INP replaces it) and the timings of our own images, sent as
 * `POST /api/performance/records` on page hide, or 30 s after load; metrics arriving later than 60 s after load are
 * no longer waited for.
 */
export const PERFORMANCE_PATHS = { settings: '/api/performance/settings', records: '/api/performance/records' } as const;

export const PERFORMANCE_LIMITS = {
  settingsTimeoutMs: 30_000,
  flushAfterLoadMs: 30_000,
  metricWaitMs: 60_000,
  /** Timing values outside 0…2147483647 are dropped (platform §5). */
  maxTiming: 2_147_483_647,
} as const;

export const COLLECTOR_VERSION = '4.8.0';
/** The `app` of every record. */
export const PERFORMANCE_APP = 'vitrine-storefront';

/** Platform §8's reasons the collector stops (the timeout and status wordings are ours). */
export const PERFORMANCE_MESSAGES = {
  noPageLoadId: 'Unable to resolve pageLoadId',
  timeout: 'Performance settings timed out',
  status: (status: number) => `Unable to load performance settings: HTTP Status ${status}`,
} as const;

/**
 * Where our pictures are served (server/src/images: `/images/{id}/{filename}`; the demo store's under
 * `/assets/demo/`): only those are measured (platform §5: "only images on the platform image CDNs").
 */
export const OWN_IMAGE_PATHS = ['/images/', '/assets/demo/'] as const;

export interface PerformanceRecord {
  app: string;
  data: Record<string, unknown>;
  event: 'web-vital' | 'image';
  pageLoadId: string;
  ts: number;
}

export function isTimingInBounds(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= PERFORMANCE_LIMITS.maxTiming;
}

/** An image URL of our own origin under one of our image paths. */
export function isOwnImage(url: string, origin: string = location.origin): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && OWN_IMAGE_PATHS.some((path) => parsed.pathname.startsWith(path));
  } catch {
    return false;
  }
}

/** The page load's id, or a rejection with the reason the collector stops. */
export async function fetchPerformanceSettings(timeoutMs: number = PERFORMANCE_LIMITS.settingsTimeoutMs): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(PERFORMANCE_PATHS.settings, { credentials: 'same-origin', signal: abort.signal });
  } catch {
    throw new Error(abort.signal.aborted ? PERFORMANCE_MESSAGES.timeout : PERFORMANCE_MESSAGES.status(0));
  } finally {
    clearTimeout(timer);
  }
  if (response.status !== 200) throw new Error(PERFORMANCE_MESSAGES.status(response.status));
  const settings = (await response.json().catch(() => null)) as { pageLoadId?: unknown } | null;
  if (typeof settings?.pageLoadId !== 'string' || settings.pageLoadId === '') throw new Error(PERFORMANCE_MESSAGES.noPageLoadId);
  return settings.pageLoadId;
}

/** Records as text (platform §7: "by beacon or XHR as text"), by beacon, else fetch; silently. */
export function sendPerformanceRecords(records: PerformanceRecord[]): void {
  const body = JSON.stringify(records);
  if (!beacon(PERFORMANCE_PATHS.records, body)) post(PERFORMANCE_PATHS.records, body, 'text/plain;charset=UTF-8').catch(() => undefined);
}

export interface PerformanceBatch {
  metric(metric: Pick<Metric, 'name' | 'value' | 'delta' | 'id' | 'navigationType'>): void;
  image(entry: Pick<PerformanceResourceTiming, 'name' | 'startTime' | 'duration' | 'responseEnd' | 'transferSize' | 'decodedBodySize'>): void;
  /** Sends what was collected (nothing when empty). */
  flush(): void;
  /** Sends what was collected and accepts nothing more. */
  stop(): void;
  readonly stopped: boolean;
}

export interface PerformanceBatchOptions {
  pageLoadId: string;
  send?: (records: PerformanceRecord[]) => void;
  now?: () => number;
  origin?: string;
}

export function createPerformanceBatch({ pageLoadId, send = sendPerformanceRecords, now = Date.now, origin }: PerformanceBatchOptions): PerformanceBatch {
  const records: PerformanceRecord[] = [];
  let stopped = false;
  const add = (event: PerformanceRecord['event'], data: Record<string, unknown>) => {
    if (!stopped) records.push({ app: PERFORMANCE_APP, data: { ...data, pagePath: pagePath(), collectorVersion: COLLECTOR_VERSION }, event, pageLoadId, ts: now() });
  };
  const flush = () => {
    if (records.length > 0) send(records.splice(0));
  };
  return {
    metric({ name, value, delta, id, navigationType }) {
      // CLS is a score, the others milliseconds: one bound for all (a CLS never comes near it).
      if (!isTimingInBounds(value)) return;
      add('web-vital', { name, value, delta, id, navigationType, rating: rateWebVital(name as WebVitalName, value) });
    },
    image(entry) {
      if (!isOwnImage(entry.name, origin) || !isTimingInBounds(entry.duration)) return;
      const url = new URL(entry.name, origin ?? location.origin);
      const data: Record<string, unknown> = { url: url.pathname + url.search };
      // Each timing out of bounds is dropped; the record goes only with its duration.
      for (const key of ['startTime', 'duration', 'responseEnd', 'transferSize', 'decodedBodySize'] as const) {
        if (isTimingInBounds(entry[key])) data[key] = entry[key];
      }
      add('image', data);
    },
    flush,
    stop() {
      flush();
      stopped = true;
    },
    get stopped() {
      return stopped;
    },
  };
}

/** How long ago the page finished loading (0 while it has not). */
function sinceLoad(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation && navigation.loadEventEnd > 0 ? performance.now() - navigation.loadEventEnd : 0;
}

/**
 * Starts collecting for this page; resolves once the settings are known (or the collector stopped: the reason is
 * warned). Returns the batch, or null when it stopped.
 */
export async function startPerformanceCollector(given?: Promise<string | null>): Promise<PerformanceBatch | null> {
  let pageLoadId: string;
  try {
    // The page view's call answers the id (page-view.ts); the settings call only where there was none (/search) or
    // it failed.
    pageLoadId = (await given) ?? (await fetchPerformanceSettings());
  } catch (error) {
    console.warn((error as Error).message);
    return null;
  }
  const batch = createPerformanceBatch({ pageLoadId });
  for (const on of [onFCP, onLCP, onINP, onCLS, onTTFB]) on(batch.metric);
  // As `data-tracking` says what the client decided: tests and people can see the collector is listening.
  document.documentElement.dataset.performance = 'collecting';
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) if (entry.initiatorType === 'img') batch.image(entry);
    });
    observer.observe({ type: 'resource', buffered: true });
  } catch {
    // no resource timing: the web vitals still go
  }
  // After web-vitals' own listeners (registered above), so the metrics reported on hide are in the batch.
  const onHide = () => {
    if (document.visibilityState === 'hidden') batch.flush();
  };
  document.addEventListener('visibilitychange', onHide);
  addEventListener('pagehide', batch.flush);
  const elapsed = sinceLoad();
  setTimeout(batch.flush, Math.max(0, PERFORMANCE_LIMITS.flushAfterLoadMs - elapsed));
  setTimeout(() => {
    observer?.disconnect();
    document.removeEventListener('visibilitychange', onHide);
    removeEventListener('pagehide', batch.flush);
    batch.stop();
    document.documentElement.dataset.performance = 'stopped';
  }, Math.max(0, PERFORMANCE_LIMITS.metricWaitMs - elapsed));
  return batch;
}
