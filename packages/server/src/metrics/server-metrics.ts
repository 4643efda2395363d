import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { cacheCountsOf } from '../cache-counts';
import { databasePoolStateOf, type DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { BusiestWebsites, OTHER_WEBSITES } from './busiest-websites';
import { readJobQueues, type JobQueueSettings, type JobQueueState } from './job-queues';

/** Every metric's name starts with this (the process metrics too: vitrine_process_cpu_seconds_total, …). */
export const METRIC_PREFIX = 'vitrine_';

/** The names and types /metrics exports (the README lists them). */
export const METRIC_NAMES = {
  requestDuration: 'vitrine_http_request_duration_seconds',
  websiteRequests: 'vitrine_website_requests_total',
  cacheRequests: 'vitrine_cache_requests_total',
  cacheHitRatio: 'vitrine_cache_hit_ratio',
  jobQueueDepth: 'vitrine_job_queue_depth',
  jobQueueOldestAge: 'vitrine_job_queue_oldest_age_seconds',
  databaseConnections: 'vitrine_database_connections',
  databaseMaxConnections: 'vitrine_database_connections_max',
} as const;

/** Websites with a request-count series of their own; the rest count as website="other". */
export const BUSIEST_WEBSITES_SHOWN = 20;

/** The route label of a request no route matched (the router's 404): the raw path never becomes a label. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface ServerMetricsOptions {
  db: Kysely<Database>;
  databaseKind?: DatabaseKind;
  jobQueues: JobQueueSettings;
  /** Also export Node's process metrics (CPU, memory, event-loop lag, GC; prom-client's defaults): main.ts turns it on. */
  processMetrics?: boolean;
  /** Where a failed read of a queue is reported (the scrape goes on without it). */
  log?: { warn(details: object, message: string): void };
}

/**
 * The operator's metrics of one app (registry and all): requests by route pattern, method and status class, the
 * busiest websites' request counts, the per-process caches' hits and misses, the job queues and the database's
 * connections. Only the request observation runs per request; everything else is read when /metrics is scraped.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  /** One child per (method, route, status class): a request costs one map lookup and one observation. */
  readonly #requestChildren = new Map<string, Histogram.Internal<'method' | 'route' | 'status_class'>>();
  readonly #websites = new BusiestWebsites(BUSIEST_WEBSITES_SHOWN);

  constructor(options: ServerMetricsOptions) {
    const { db, registry } = { db: options.db, registry: this.registry };
    this.#requestDuration = new Histogram({
      name: METRIC_NAMES.requestDuration,
      help: 'Time from receiving a request to sending its answer, by routed URL pattern, method and status class; its _count is the request count.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const websites = this.#websites;
    new Counter({
      name: METRIC_NAMES.websiteRequests,
      help: `Requests served for a website, for the ${BUSIEST_WEBSITES_SHOWN} busiest websites of this process (counted since each became one of them); website="${OTHER_WEBSITES}" counts the rest.`,
      labelNames: ['website'] as const,
      registers: [registry],
      collect() {
        const { websites: shown, other } = websites.settle();
        this.reset();
        for (const [website, count] of shown) this.inc({ website }, count);
        this.inc({ website: OTHER_WEBSITES }, other);
      },
    });
    new Counter({
      name: METRIC_NAMES.cacheRequests,
      help: 'Reads of the per-process caches (catalog, site chrome, popup, feature flags, experiment rows), by cache and result (hit or miss).',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of cacheCountsOf(db)) {
          this.inc({ cache, result: 'hit' }, counts.hits);
          this.inc({ cache, result: 'miss' }, counts.misses);
        }
      },
    });
    new Gauge({
      name: METRIC_NAMES.cacheHitRatio,
      help: 'Share of the per-process caches\' reads answered from memory since the process started, by cache.',
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of cacheCountsOf(db)) {
          const reads = counts.hits + counts.misses;
          if (reads > 0) this.set({ cache }, counts.hits / reads);
        }
      },
    });
    // The registry collects every metric at once: both queue gauges share one read of the queues per scrape.
    let reading: Promise<JobQueueState[]> | undefined;
    const readQueues = () =>
      (reading ??= readJobQueues(db, options.jobQueues, (queue, error) => options.log?.warn({ err: error, queue }, 'metrics: a job queue could not be read')).finally(() => {
        reading = undefined;
      }));
    new Gauge({
      name: METRIC_NAMES.jobQueueDepth,
      help: 'Background job items due now, by queue (mail, payment-expiry, subscription-renewals, review-requests, lesson-video-sweep, analytics-rollups).',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const states = await readQueues();
        this.reset();
        for (const state of states) this.set({ queue: state.queue }, state.depth);
      },
    });
    new Gauge({
      name: METRIC_NAMES.jobQueueOldestAge,
      help: 'Seconds since the oldest due item of a background job queue became due (0: none is waiting).',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const states = await readQueues();
        this.reset();
        for (const state of states) this.set({ queue: state.queue }, state.oldestAgeSeconds);
      },
    });
    new Gauge({
      name: METRIC_NAMES.databaseConnections,
      help: 'Database connections by state: open (idle and busy), idle, and waiting (queries waiting for one). PGlite has one connection.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        const pool = databasePoolStateOf(db);
        if (!pool) {
          this.set({ state: 'open' }, options.databaseKind === 'pglite' || options.databaseKind === undefined ? 1 : 0);
          return;
        }
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: METRIC_NAMES.databaseMaxConnections,
      help: 'Connections the database pool may open (PGlite: 1).',
      registers: [registry],
      collect() {
        this.set(databasePoolStateOf(db)?.max ?? 1);
      },
    });
    if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  }

  /**
   * One answered request: `route` is the routed URL pattern (undefined when no route matched), never the raw path,
   * so the label values stay as many as the routes; `websiteId` when the request was served for a website.
   */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number, websiteId: string | undefined): void {
    const routeLabel = route ?? UNMATCHED_ROUTE;
    const statusClass = statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : 'other';
    const key = `${method} ${statusClass} ${routeLabel}`;
    let child = this.#requestChildren.get(key);
    if (!child) {
      child = this.#requestDuration.labels({ method, route: routeLabel, status_class: statusClass });
      this.#requestChildren.set(key, child);
    }
    child.observe(seconds);
    if (websiteId !== undefined) this.#websites.record(websiteId);
  }

  /** The text Prometheus scrapes, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
