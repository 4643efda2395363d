/**
 * The analytics domain (issue 15): census hits, tracker events, failed events, JavaScript error groups and
 * performance records (raw, appended in batches, kept ANALYTICS_RETENTION_DAYS), daily rollups and their jobs,
 * and the owner's summary. Tables analytics_* (migration 018).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';
import type { AnalyticsIngest } from './ingest';
import { AnalyticsJobs, type AnalyticsJobsOptions } from './jobs';
import { PageLoadIds } from './page-load-ids';
import { DEFAULT_ANALYTICS_SETTINGS, type AnalyticsSettings } from './settings';
import { VisitorBudget } from './visitor-budget';
import { AnalyticsWriter, type AnalyticsWriterOptions } from './writer';

export { registerAnalyticsRoutes, registerOwnerAnalyticsRoutes } from './routes';
export { analyticsDisabledByEnvironment, analyticsSettingsFromEnv, DEFAULT_ANALYTICS_SETTINGS, type AnalyticsSettings } from './settings';
export { AnalyticsWriter, type AnalyticsWriterOptions, type AnalyticsTable } from './writer';
export { AnalyticsJobs, claimNextRollupJob, runRollupJob, scheduleRollup, deleteExpiredAnalytics, nextRunAfter } from './jobs';
export { computeDailyRollup } from './rollup';
export { getAnalyticsSummary } from './summary';
export { recordExperimentExposureEvent } from './server-events';
export type { AnalyticsIngest } from './ingest';

export interface AnalyticsOptions {
  settings?: Partial<AnalyticsSettings>;
  /** Overrides of the batch writer (tests count its statements with onStatement). */
  writer?: Partial<AnalyticsWriterOptions>;
  log?: AnalyticsJobsOptions['log'];
}

/** One process's analytics: the batch writer and what the calls need, and the job runner (started by the app once it listens). */
export interface Analytics {
  /** The settings in force (defaults, then the options'). */
  settings: AnalyticsSettings;
  ingest: AnalyticsIngest;
  writer: AnalyticsWriter;
  jobs: AnalyticsJobs;
  /** Stops the jobs and writes what is gathered (before the database closes). */
  close(): Promise<void>;
}

export async function createAnalytics(db: Kysely<Database>, options: AnalyticsOptions = {}): Promise<Analytics> {
  const settings: AnalyticsSettings = { ...DEFAULT_ANALYTICS_SETTINGS, ...options.settings };
  const writer = new AnalyticsWriter(db, {
    batchDelayMs: settings.batchDelayMs,
    batchMaxRows: settings.batchMaxRows,
    maxConcurrentBatches: settings.maxConcurrentBatches,
    ...options.writer,
  });
  const jobs = new AnalyticsJobs(db, { settings, log: options.log });
  const ingest: AnalyticsIngest = {
    writer,
    pageLoadIds: new PageLoadIds(await loadServerSecret(db, 'analytics-page-load')),
    budget: new VisitorBudget(settings.rateLimit.max, settings.rateLimit.windowMs),
  };
  return {
    settings,
    ingest,
    writer,
    jobs,
    close: async () => {
      await jobs.stop();
      await writer.close();
    },
  };
}
