import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The background jobs' queues as /metrics reports them: how many items are due now and how long the oldest has been
 * due. Each probe reads what its job's claim reads (the same conditions), through the partial index that claim
 * uses, and only when the metrics are scraped: nothing is counted on a request's path. Read-only: the queues stay
 * their domains' tables.
 */
export interface JobQueueState {
  queue: string;
  /** Items due now. */
  depth: number;
  /** Seconds since the oldest due item became due; 0 when none is. */
  oldestAgeSeconds: number;
}

export interface JobQueueSettings {
  /** How long after payment a review request is due (reviews/requests.ts). */
  reviewRequestDelayMs: number;
}

type Probe = (settings: JobQueueSettings) => RawBuilder<{ depth: number; oldest_age_seconds: number | null }>;

/** The queue name (the metric's `queue` label) and the read; `due` is when an item became due. */
const PROBES: ReadonlyArray<readonly [string, Probe]> = [
  // mail/worker.ts: pending mail whose attempt time has come, or a claim that ran out (a worker died).
  [
    'mail',
    () => sql`SELECT count(*)::int AS depth,
        EXTRACT(EPOCH FROM now() - min(CASE WHEN status = 'pending' THEN next_attempt_at ELSE locked_until END))::float8 AS oldest_age_seconds
      FROM mail_outbox
      WHERE status IN ('pending', 'sending')
        AND ((status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until <= now()))`,
  ],
  // orders/payment-lifecycle-expiry.ts: pending payments past their time, waiting to be let go.
  [
    'payment-expiry',
    () => sql`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM now() - min(payment_expires_at))::float8 AS oldest_age_seconds
      FROM orders WHERE payment_status = 'pending' AND payment_expires_at <= now()`,
  ],
  // subscriptions/renewals.ts: renewals due and not claimed by a live claim.
  [
    'subscription-renewals',
    () => sql`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM now() - min(next_renewal_at))::float8 AS oldest_age_seconds
      FROM subscriptions
      WHERE status IN ('active', 'past_due') AND next_renewal_at <= now() AND (locked_until IS NULL OR locked_until <= now())`,
  ],
  // reviews/requests.ts: waiting requests whose delay after payment has passed.
  [
    'review-requests',
    ({ reviewRequestDelayMs }) => sql`SELECT count(*)::int AS depth,
        EXTRACT(EPOCH FROM now() - (min(paid_at) + make_interval(secs => ${reviewRequestDelayMs / 1000}::float8)))::float8 AS oldest_age_seconds
      FROM review_requests
      WHERE status = 'waiting' AND paid_at <= now() - make_interval(secs => ${reviewRequestDelayMs / 1000}::float8)`,
  ],
  // storage/removal-sweep.ts: objects of deleted things (a product's pictures and file, lessons' videos), due for removal.
  [
    'object-removals',
    () => sql`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM now() - min(not_before))::float8 AS oldest_age_seconds
      FROM object_removals WHERE not_before <= now()`,
  ],
  // courses/video-sweep.ts: videos of deleted lessons, waiting for the object-removal sweep's feeder to queue them.
  [
    'lesson-video-sweep',
    () => sql`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM now() - min(si.deleted_at))::float8 AS oldest_age_seconds
      FROM lesson_videos lv JOIN site_items si ON si.id = lv.item_id
      WHERE si.deleted_at IS NOT NULL`,
  ],
  // analytics/jobs.ts: days whose rollup is due and not claimed by a live claim.
  [
    'analytics-rollups',
    () => sql`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM now() - min(due_at))::float8 AS oldest_age_seconds
      FROM analytics_rollup_jobs
      WHERE due_at IS NOT NULL AND due_at <= now() AND (locked_until IS NULL OR locked_until <= now())`,
  ],
];

export const JOB_QUEUES: readonly string[] = PROBES.map(([queue]) => queue);

/**
 * Every queue's state, read one after the other (PGlite runs one statement at a time anyway). A probe that fails
 * is left out and reported to `onError`, so one broken read never fails the whole scrape.
 */
export async function readJobQueues(
  db: Kysely<Database>,
  settings: JobQueueSettings,
  onError: (queue: string, error: unknown) => void,
): Promise<JobQueueState[]> {
  const states: JobQueueState[] = [];
  for (const [queue, probe] of PROBES) {
    try {
      const { rows } = await probe(settings).execute(db);
      const row = rows[0];
      states.push({ queue, depth: Number(row?.depth ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest_age_seconds ?? 0)) });
    } catch (error) {
      onError(queue, error);
    }
  }
  return states;
}
