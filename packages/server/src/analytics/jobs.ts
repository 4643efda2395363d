import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { deleteExpiredReplays } from '../session-replay';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { computeDailyRollup, dayBounds } from './rollup';
import { DEFAULT_ANALYTICS_SETTINGS, type AnalyticsSettings } from './settings';
import { utcDay } from './writer';

/**
 * The rollup jobs: one row per (website, UTC day) in analytics_rollup_jobs, made by the batch writer when the day's
 * first row arrives. Any process claims a due job with FOR UPDATE SKIP LOCKED (two claimers never take the same
 * job, and neither waits), recomputes the day and replaces its rollup in one transaction that also releases the
 * claim, only if the claim is still its own. A day is recomputed every `rollupIntervalMs` while it lasts, once more
 * `settleMs` after its midnight, then left final (due_at NULL). A process that dies mid-job leaves the claim to
 * run out (claimSeconds) and another process takes the job over; recomputing is idempotent, so nothing is counted
 * twice whoever computes it and however often.
 */

export interface ClaimedRollupJob {
  websiteId: string;
  day: string;
  claimToken: string;
  attempts: number;
}

const CLAIM_SQL = `
  UPDATE analytics_rollup_jobs j
  SET locked_until = now() + $1::int * interval '1 second', claim_token = $2, attempts = j.attempts + 1
  FROM (
    SELECT website_id, day FROM analytics_rollup_jobs
    WHERE due_at <= now() AND (locked_until IS NULL OR locked_until <= now())
    ORDER BY due_at, day, website_id
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE j.website_id = due.website_id AND j.day = due.day
  RETURNING j.website_id, j.day, j.claim_token, j.attempts`;

/** Claims the most overdue job, if any is due and unclaimed. */
export async function claimNextRollupJob(db: Kysely<Database>, claimSeconds = DEFAULT_ANALYTICS_SETTINGS.claimSeconds): Promise<ClaimedRollupJob | undefined> {
  const token = randomBytes(12).toString('base64url');
  const { rows } = await db.executeQuery<{ website_id: string; day: string; claim_token: string; attempts: number }>(CompiledQuery.raw(CLAIM_SQL, [claimSeconds, token]));
  const row = rows[0];
  return row ? { websiteId: row.website_id, day: row.day, claimToken: row.claim_token, attempts: row.attempts } : undefined;
}

/** When a day should be counted again after a run at `now`: every interval while it lasts, once after it settles, then never (null). */
export function nextRunAfter(day: string, now: Date, settings: Pick<AnalyticsSettings, 'rollupIntervalMs' | 'settleMs'>): Date | null {
  const { until } = dayBounds(day);
  const settled = until.getTime() + settings.settleMs;
  if (now.getTime() >= settled) return null;
  const next = now.getTime() + Math.max(1000, settings.rollupIntervalMs);
  return new Date(next > until.getTime() ? settled : next);
}

export type RollupOutcome = 'computed' | 'lost-claim';

/**
 * Runs a claimed job: the day's rollup replaced and the job released in one transaction, only while the claim is
 * still this one (a claim that ran out and was taken over is left to its new holder: 'lost-claim').
 */
export async function runRollupJob(
  db: Kysely<Database>,
  job: ClaimedRollupJob,
  settings: Pick<AnalyticsSettings, 'rollupIntervalMs' | 'settleMs'> = DEFAULT_ANALYTICS_SETTINGS,
  now = () => new Date(),
): Promise<RollupOutcome> {
  return inTransaction(db, async (trx) => {
    const held = await trx
      .selectFrom('analytics_rollup_jobs')
      .select('day')
      .where('website_id', '=', job.websiteId)
      .where('day', '=', job.day)
      .where('claim_token', '=', job.claimToken)
      .forUpdate()
      .executeTakeFirst();
    if (!held) return 'lost-claim';
    const computedAt = now();
    await computeDailyRollup(trx, job.websiteId, job.day, computedAt);
    await trx
      .updateTable('analytics_rollup_jobs')
      .set({ locked_until: null, claim_token: null, computed_at: computedAt, last_error: null, due_at: nextRunAfter(job.day, computedAt, settings) })
      .where('website_id', '=', job.websiteId)
      .where('day', '=', job.day)
      .execute();
    return 'computed';
  });
}

/** Marks a day to be counted (again) as soon as a worker is free: a backfill, or a test. */
export async function scheduleRollup(db: Kysely<Database>, websiteId: string, day: string): Promise<void> {
  await db
    .insertInto('analytics_rollup_jobs')
    .values({ website_id: websiteId, day, due_at: sql<Date>`now()` })
    .onConflict((conflict) => conflict.columns(['website_id', 'day']).doUpdateSet({ due_at: sql<Date>`now()` }))
    .execute();
}

/** Deletes raw rows older than the retention, a slice at a time (short transactions). Answers how many went. */
export async function deleteExpiredAnalytics(db: Kysely<Database>, retentionDays: number, now = new Date(), sliceSize = 10_000): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let deleted = 0;
  for (const table of ['analytics_hits', 'analytics_events', 'analytics_failed_events', 'analytics_performance'] as const) {
    for (;;) {
      const result = await sql`
        DELETE FROM ${sql.table(table)} WHERE id IN (SELECT id FROM ${sql.table(table)} WHERE received_at < ${cutoff} LIMIT ${sliceSize})`.execute(db);
      const count = Number(result.numAffectedRows ?? 0);
      deleted += count;
      if (count < sliceSize) break;
    }
  }
  const errors = await db.deleteFrom('analytics_js_errors').where('day', '<', utcDay(cutoff)).executeTakeFirst();
  // Recorded sessions (issue 19) follow the same retention.
  const replays = await deleteExpiredReplays(db, cutoff);
  return deleted + Number(errors.numDeletedRows ?? 0) + replays;
}

export interface AnalyticsJobsOptions {
  settings?: Partial<AnalyticsSettings>;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
  now?: () => Date;
}

/**
 * The analytics jobs of one server process: claims and runs due rollups (one at a time), and now and then deletes
 * raw rows past the retention. Every process may run it on the same database. `start()` runs it in the
 * background; tests call `runOnce()` / `runDue()`.
 */
export class AnalyticsJobs {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;
  #lastRetentionMs = 0;
  readonly settings: AnalyticsSettings;
  readonly #now: () => Date;
  /** Jobs this runner computed (tests read it). */
  computed = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AnalyticsJobsOptions = {},
  ) {
    this.settings = { ...DEFAULT_ANALYTICS_SETTINGS, ...options.settings };
    this.#now = options.now ?? (() => new Date());
  }

  /** Claims one due job and runs it; answers whether there was one. A job that fails is released to run again later. */
  async runOnce(): Promise<boolean> {
    const job = await claimNextRollupJob(this.db, this.settings.claimSeconds);
    if (!job) return false;
    try {
      if ((await runRollupJob(this.db, job, this.settings, this.#now)) === 'computed') this.computed += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ websiteId: job.websiteId, day: job.day, err: error }, 'analytics rollup failed; it will be tried again');
      await this.db
        .updateTable('analytics_rollup_jobs')
        .set({ locked_until: null, claim_token: null, last_error: message.slice(0, 1000), due_at: new Date(this.#now().getTime() + 60_000) })
        .where('website_id', '=', job.websiteId)
        .where('day', '=', job.day)
        .where('claim_token', '=', job.claimToken)
        .execute();
    }
    return true;
  }

  /** Runs due jobs until none is left (at most `limit`); answers how many ran. */
  async runDue(limit = 1000): Promise<number> {
    let ran = 0;
    while (ran < limit && (await this.runOnce())) ran += 1;
    return ran;
  }

  async deleteExpired(): Promise<number> {
    return deleteExpiredAnalytics(this.db, this.settings.retentionDays, this.#now());
  }

  start(): void {
    if (!this.#stopped || this.settings.rollupIntervalMs === 0) return;
    this.#stopped = false;
    const loop = async () => {
      if (this.#stopped) return;
      let busy = false;
      try {
        this.#running = this.runOnce();
        busy = (await this.#running) as boolean;
        const now = this.#now().getTime();
        if (!busy && now - this.#lastRetentionMs >= this.settings.retentionIntervalMs) {
          this.#lastRetentionMs = now;
          this.#running = this.deleteExpired();
          const deleted = (await this.#running) as number;
          if (deleted > 0) this.options.log?.info({ deleted, retentionDays: this.settings.retentionDays }, 'analytics rows past the retention deleted');
        }
      } catch (error) {
        this.options.log?.warn({ err: error }, 'analytics jobs round failed; trying again');
      }
      // Busy: the next due job at once; idle: look again in a few seconds (a job due in between waits that long).
      if (!this.#stopped) this.#timer = setTimeout(() => void loop(), busy ? 0 : Math.min(5000, this.settings.rollupIntervalMs));
    };
    void loop();
  }

  /** Stops after the job in flight (its rollup is written, or not at all, before this resolves). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }
}
