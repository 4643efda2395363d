/**
 * The analytics settings a server process reads from its environment (documented in the server README):
 * how long raw rows are kept, how often today's numbers are counted again, and the ingestion batches.
 */
export interface AnalyticsSettings {
  /** ANALYTICS_RETENTION_DAYS: raw hits, events, failed events, error groups and performance records older than this are deleted. */
  retentionDays: number;
  /** ANALYTICS_ROLLUP_INTERVAL_MS: today's rollup is recomputed this often (0: this process runs no analytics jobs). */
  rollupIntervalMs: number;
  /** After midnight (UTC), yesterday is counted once more after this settling time, then left final. */
  settleMs: number;
  /** How long a claimed rollup job stays claimed (a process that died leaves it to others after this). */
  claimSeconds: number;
  /** How often this process deletes raw rows past the retention. */
  retentionIntervalMs: number;
  /** The ingestion writer: a batch is written after this many milliseconds, or as soon as it holds maxRows rows. */
  batchDelayMs: number;
  batchMaxRows: number;
  /** Batches being committed at once by one process (the next one gathers meanwhile). */
  maxConcurrentBatches: number;
  /** Analytics calls per visitor (its ss_cvr id, else its address) per window, counted per process (visitor-budget.ts), on top of the edge's limit. */
  rateLimit: { max: number; windowMs: number };
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = {
  retentionDays: 90,
  rollupIntervalMs: 5 * 60_000,
  settleMs: 10 * 60_000,
  claimSeconds: 300,
  retentionIntervalMs: 60 * 60_000,
  batchDelayMs: 5,
  batchMaxRows: 500,
  maxConcurrentBatches: 2,
  rateLimit: { max: 240, windowMs: 60_000 },
};

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not '${text}'.`);
  return value;
}

/** Reads the ANALYTICS_* variables; a bad value stops the start with a clear message. */
export function analyticsSettingsFromEnv(env: NodeJS.ProcessEnv): AnalyticsSettings {
  const defaults = DEFAULT_ANALYTICS_SETTINGS;
  return {
    ...defaults,
    retentionDays: wholeNumber(env, 'ANALYTICS_RETENTION_DAYS', defaults.retentionDays, 1, 3650),
    rollupIntervalMs: wholeNumber(env, 'ANALYTICS_ROLLUP_INTERVAL_MS', defaults.rollupIntervalMs, 0, 86_400_000),
    batchDelayMs: wholeNumber(env, 'ANALYTICS_BATCH_DELAY_MS', defaults.batchDelayMs, 0, 1000),
    batchMaxRows: wholeNumber(env, 'ANALYTICS_BATCH_MAX_ROWS', defaults.batchMaxRows, 1, 10_000),
    rateLimit: { ...defaults.rateLimit, max: wholeNumber(env, 'ANALYTICS_RATE_LIMIT_MAX', defaults.rateLimit.max, 1, 1_000_000_000) },
  };
}

/** ANALYTICS_DISABLED=1 (or true, yes, on): the global disable flag, no storefront page of this server is tracked. */
export function analyticsDisabledByEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes|on)$/i.test(env.ANALYTICS_DISABLED?.trim() ?? '');
}
