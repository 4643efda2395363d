import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { PerDatabaseCache } from '../db/per-database-cache';
import { cacheCountsFor } from '../cache-counts';
import { listExperimentRows, type ExperimentRow } from './queries';

/**
 * Every page view builds the visitor's experiment configuration from the website's experiment rows (its own and
 * the platform's). They change rarely, so each process keeps them for EXPERIMENT_ROWS_CACHE_MS, as it keeps the
 * feature flags; a change made through this process's calls forgets them at once (definitions-service.ts), and
 * another process's change (another server, the operator's shell) is seen within that time. Exposures re-read
 * them fresh (page-configuration.ts recordExposure).
 */
export const EXPERIMENT_ROWS_CACHE_MS = 2_000;

const cache = new PerDatabaseCache<{ rows: ExperimentRow[]; readAt: number }>();

export async function experimentRowsForPages(db: Kysely<Database>, websiteId: string, now = Date.now()): Promise<ExperimentRow[]> {
  const cached = cache.get(db, websiteId);
  const counts = cacheCountsFor(db, 'experiment-rows');
  if (cached && now - cached.readAt >= 0 && now - cached.readAt < EXPERIMENT_ROWS_CACHE_MS) {
    counts.hit();
    return cached.rows;
  }
  counts.miss();
  const rows = await listExperimentRows(db, websiteId);
  cache.set(db, websiteId, { rows, readAt: now });
  return rows;
}

/** Forgets every website's rows of this database: a platform-wide change reaches all of them (and tests that write rows directly). */
export function forgetExperimentRows(db: Kysely<Database>): void {
  cache.clear(db);
}
