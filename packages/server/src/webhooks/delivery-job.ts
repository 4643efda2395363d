import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { WEBHOOK_LIMITS } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { newId } from '../ids';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import { postWebhook, type AttemptOutcome, type OutgoingPolicy } from './outgoing';
import { openWebhookSecret, signedHeaders } from './signing';

/** At least once, for three days: then the delivery is given up and its endpoint switched off. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** The wait after the first failure; each later one is four times longer, at most 12 hours (about 11 attempts in 3 days). */
export const DEFAULT_BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 12 * 60 * 60 * 1000;

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export const webhookBackoffMs = (baseMs: number, attempts: number) => Math.min(BACKOFF_CAP_MS, baseMs * 4 ** Math.max(0, attempts - 1));

export interface WebhookDeliveryOptions {
  policy: OutgoingPolicy;
  /** Seals and opens the endpoints' secrets (signing.ts). */
  sealKey: Buffer;
  /**
   * Tells the website's admins an endpoint was switched off, inside the transaction that switches it off (app.ts
   * mails them: a port, since mail/ reaches this domain through newsletter/ and may not be imported back).
   */
  notifySwitchedOff?: (trx: Transaction<Database>, notice: SwitchedOffNotice) => Promise<void>;
  batchSize?: number;
  /** How long a claim lasts: a process killed mid-send leaves the delivery to be claimed again after it. */
  claimSeconds?: number;
  backoffBaseMs?: number;
  retryWindowMs?: number;
  /** The pause between rounds when nothing was due; 0 never starts the loop (tests drive runOnce). */
  intervalMs?: number;
  log?: JobLog;
}

/** What the admins are told when an endpoint is switched off. */
export interface SwitchedOffNotice {
  websiteId: string;
  endpointId: string;
  url: string;
  /** The last attempt's failure, in the owner's words. */
  reason: string;
  retryDays: number;
}

interface ClaimedDelivery {
  id: string;
  website_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  body: string;
}

/** A delivery is due: pending and its time has come, or claimed by a process whose claim ran out (it died). */
const DUE = (alias: string) => `${alias}.status IN ('pending', 'sending')
    AND ((${alias}.status = 'pending' AND ${alias}.next_attempt_at <= now()) OR (${alias}.status = 'sending' AND ${alias}.locked_until <= now()))
    AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = ${alias}.endpoint_id AND e.enabled)`;

/**
 * Claims due deliveries of switched-on endpoints, fairly across websites as mail's outbox is (mail/worker.ts): one
 * website's backlog of 10,000 deliveries holds back another website's event by one claim at most. One statement:
 * - `sites`: the websites with due deliveries, found by a skip scan of webhook_deliveries_fair_due_idx (one probe
 *   per website, however many deliveries each has queued);
 * - `chosen`: of those, the `$1` (batch size) served longest ago, never-served ones first (webhook_website_turns);
 * - `candidates`: from each chosen website its most overdue deliveries (20 shares' worth), FOR UPDATE SKIP LOCKED:
 *   two workers, in one process or several, never claim the same delivery, and neither waits for the other;
 * - `due`: from each website an equal share of the batch (all of it when only one has deliveries due), each
 *   endpoint's first before any endpoint's second and at most `$3` per endpoint, so one endpoint's burst, or a slow
 *   receiver's backlog, does not fill the website's share either;
 * - the claim itself (status 'sending', attempts + 1, locked_until) is the same statement, so it is taken before any
 *   request is made; then each website's turn is recorded (in website order, so two claims lock turn rows in one order).
 */
const CLAIM_SQL = `
  WITH RECURSIVE sites(website_id) AS (
    (SELECT d.website_id FROM webhook_deliveries d WHERE ${DUE('d')} ORDER BY d.website_id LIMIT 1)
    UNION ALL
    SELECT (SELECT d.website_id FROM webhook_deliveries d WHERE ${DUE('d')} AND d.website_id > s.website_id ORDER BY d.website_id LIMIT 1)
    FROM sites s WHERE s.website_id IS NOT NULL
  ),
  chosen AS (
    SELECT s.website_id FROM sites s LEFT JOIN webhook_website_turns t ON t.website_id = s.website_id
    WHERE s.website_id IS NOT NULL
    ORDER BY t.last_claimed_at NULLS FIRST, s.website_id
    LIMIT $1::int
  ),
  share AS (SELECT ceil($1::numeric / greatest(count(*), 1))::int AS size FROM chosen),
  candidates AS (
    SELECT picked.* FROM chosen c
    CROSS JOIN LATERAL (
      SELECT d.id, d.website_id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
      WHERE d.website_id = c.website_id AND ${DUE('d')}
      ORDER BY d.next_attempt_at, d.id
      LIMIT (SELECT size * 20 FROM share)
      FOR UPDATE OF d SKIP LOCKED
    ) picked
  ),
  turns AS (
    SELECT id, website_id, next_attempt_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS turn FROM candidates
  ),
  ranked AS (
    SELECT id, row_number() OVER (PARTITION BY website_id ORDER BY turn, next_attempt_at, id) AS place FROM turns WHERE turn <= $3::int
  ),
  due AS (
    SELECT id FROM ranked WHERE place <= (SELECT size FROM share)
  ),
  claimed AS (
    UPDATE webhook_deliveries d
    SET status = 'sending', attempts = d.attempts + 1, locked_until = now() + $2::int * interval '1 second'
    -- By primary key: the planner cannot foresee the shares' LIMIT, and would otherwise join the whole queue.
    WHERE d.id = ANY (ARRAY(SELECT id FROM due))
    RETURNING d.id, d.website_id, d.endpoint_id, d.event_id, d.attempts, d.created_at
  ),
  served AS (
    INSERT INTO webhook_website_turns (website_id, last_claimed_at)
    SELECT website_id, clock_timestamp() FROM (SELECT DISTINCT website_id FROM claimed) claimed_sites ORDER BY website_id
    ON CONFLICT (website_id) DO UPDATE SET last_claimed_at = excluded.last_claimed_at
  )
  SELECT c.*, e.url, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at, ev.body
  FROM claimed c
  JOIN webhook_endpoints e ON e.id = c.endpoint_id
  JOIN webhook_events ev ON ev.id = c.event_id`;

/** At most this many deliveries of one endpoint in one round. */
export const PER_ENDPOINT_PER_ROUND = 3;

/**
 * Delivers the webhook queue (webhook_deliveries), in every listening process: each round claims a batch, POSTs
 * each delivery signed with the endpoint's secret (and the previous one during a rotation's grace), records the
 * attempt in the log, and marks the delivery delivered (any 2xx), or due again after a backoff, or — past the
 * three-day window — failed, which switches the endpoint off and mails the website's admins.
 */
export class WebhookDeliveryJob {
  readonly #options: Required<Omit<WebhookDeliveryOptions, 'notifySwitchedOff' | 'log'>> & Pick<WebhookDeliveryOptions, 'notifySwitchedOff' | 'log'>;
  #loop: RepeatingJob;

  constructor(private readonly db: Kysely<Database>, options: WebhookDeliveryOptions) {
    this.#options = {
      ...options,
      batchSize: options.batchSize ?? 10,
      claimSeconds: options.claimSeconds ?? 60,
      backoffBaseMs: options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
      retryWindowMs: options.retryWindowMs ?? RETRY_WINDOW_MS,
      intervalMs: options.intervalMs ?? 1000,
    };
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()).claimed >= this.#options.batchSize }), {
      name: 'webhook delivery',
      intervalMs: this.#options.intervalMs,
      log: options.log,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One round: answers how many deliveries it claimed and how many of them were delivered. */
  async runOnce(nowMs = Date.now()): Promise<{ claimed: number; delivered: number }> {
    const { rows } = await this.db.executeQuery<ClaimedDelivery>(CompiledQuery.raw(CLAIM_SQL, [this.#options.batchSize, this.#options.claimSeconds, PER_ENDPOINT_PER_ROUND]));
    // The batch's requests go out together: one slow receiver does not hold the others for its 10 s.
    const outcomes = await Promise.all(rows.map((delivery) => this.#deliver(delivery, nowMs)));
    return { claimed: rows.length, delivered: outcomes.filter(Boolean).length };
  }

  async #deliver(delivery: ClaimedDelivery, nowMs: number): Promise<boolean> {
    const secrets = [openWebhookSecret(this.#options.sealKey, delivery.secret_sealed)];
    if (delivery.previous_secret_sealed && delivery.previous_secret_expires_at && delivery.previous_secret_expires_at.getTime() > nowMs) {
      secrets.push(openWebhookSecret(this.#options.sealKey, delivery.previous_secret_sealed));
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(secrets, delivery.event_id, timestamp, delivery.body);
    let outcome: AttemptOutcome;
    try {
      outcome = await postWebhook(delivery.url, delivery.body, headers, this.#options.policy, WEBHOOK_LIMITS.responseExcerptBytes);
    } catch (error) {
      outcome = { status: null, body: '', error: error instanceof Error ? error.message : String(error), durationMs: 0 };
    }
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    await this.db
      .insertInto('webhook_delivery_attempts')
      .values({
        id: newId(),
        website_id: delivery.website_id,
        delivery_id: delivery.id,
        attempt: delivery.attempts,
        response_status: outcome.status,
        // The answer's text as the database can keep it (no NUL).
        response_body: outcome.body.replace(/\u0000/g, ''),
        duration_ms: outcome.durationMs,
        error: outcome.error ?? (delivered ? null : `Answered ${outcome.status}.`),
      })
      .execute();
    if (delivered) {
      await this.#finish(delivery, { status: 'delivered', finished_at: new Date() });
      return true;
    }
    const nextAt = Date.now() + webhookBackoffMs(this.#options.backoffBaseMs, delivery.attempts);
    if (nextAt - delivery.created_at.getTime() <= this.#options.retryWindowMs) {
      await this.#finish(delivery, { status: 'pending', next_attempt_at: new Date(nextAt) });
      return false;
    }
    const finished = await this.#finish(delivery, { status: 'failed', finished_at: new Date() });
    if (finished) await this.#switchOff(delivery, outcome.error ?? `Answered ${outcome.status}.`);
    return false;
  }

  /** Records the outcome, only while the claim is still this one (same attempt number). */
  async #finish(delivery: ClaimedDelivery, outcome: { status: 'delivered' | 'pending' | 'failed'; next_attempt_at?: Date; finished_at?: Date }): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ ...outcome, locked_until: null })
      .where('id', '=', delivery.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', delivery.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Persistent failure: the endpoint is switched off (its other waiting deliveries are given up with it, so
   * switching it on again does not fire a backlog of days-old events; "Resend" sends any of them), and the
   * admins are told by mail, once: only the statement that switches it off sends it.
   */
  async #switchOff(delivery: ClaimedDelivery, reason: string): Promise<void> {
    const retryDays = Math.round(this.#options.retryWindowMs / 86_400_000);
    const disabledReason = `Deliveries failed for ${retryDays} days; the last attempt: ${reason}`;
    await this.db.transaction().execute(async (trx) => {
      const switched = await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: disabledReason, updated_at: new Date() })
        .where('id', '=', delivery.endpoint_id)
        .where('enabled', '=', true)
        .executeTakeFirst();
      if (Number(switched.numUpdatedRows) !== 1) return;
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', finished_at: new Date(), locked_until: null })
        .where('endpoint_id', '=', delivery.endpoint_id)
        .where('status', '=', 'pending')
        .execute();
      await this.#options.notifySwitchedOff?.(trx, { websiteId: delivery.website_id, endpointId: delivery.endpoint_id, url: delivery.url, reason, retryDays });
    });
    this.#options.log?.warn({ endpointId: delivery.endpoint_id, websiteId: delivery.website_id }, 'webhook endpoint switched off after persistent failure');
  }
}
