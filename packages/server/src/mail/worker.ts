import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DeliveryError, type MailTransport } from './transport';

export interface MailWorkerOptions {
  /** Messages claimed per round. */
  batchSize?: number;
  /** Pause between rounds when nothing was due. */
  pollMs?: number;
  /** How long a claim lasts: a process killed mid-send leaves the message to be claimed again after it. */
  claimSeconds?: number;
  /** Attempts before a message is given up ('failed'). */
  maxAttempts?: number;
  /** The wait after the first failure; each later one doubles (at most an hour). */
  backoffBaseMs?: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

interface ClaimedMail {
  id: string;
  /** Null for the platform's own mail (outbox.ts enqueuePlatformMail). */
  website_id: string | null;
  kind: 'transactional' | 'marketing';
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
}

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export const backoffMs = (baseMs: number, attempts: number) => Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));

/** A message is due: pending and its time has come, or being sent by a process whose claim ran out (it died). */
const DUE = (alias: string) => `${alias}.status IN ('pending', 'sending')
    AND ((${alias}.status = 'pending' AND ${alias}.next_attempt_at <= now()) OR (${alias}.status = 'sending' AND ${alias}.locked_until <= now()))`;

/**
 * Claims due messages, fairly across websites (issue 32): a website with 10,000 queued messages does not hold back
 * another's password reset. One statement:
 * - `sites`: the websites with due mail, found by a skip scan of mail_outbox_fair_due_idx (one probe per website,
 *   however many messages each has queued);
 * - `chosen`: of those, the `$1` (batch size) served longest ago, never-served ones first (mail_website_turns);
 * - `due`: from each chosen website an equal share of the batch (all of it when only one has mail: one-site mode
 *   claims as many per round as before), transactional before marketing, then the most overdue first. FOR UPDATE
 *   SKIP LOCKED: two workers, in one process or several, never claim the same message, and neither waits for the
 *   other;
 * - the platform's own mail (no website) is claimed beside them, a turn of its own;
 * - then the claimed messages are marked, and each website's turn is recorded (in website order, so two claims
 *   lock turn rows in one order).
 */
const CLAIM_SQL = `
  WITH RECURSIVE sites(website_id) AS (
    (SELECT m.website_id FROM mail_outbox m WHERE ${DUE('m')} ORDER BY m.website_id LIMIT 1)
    UNION ALL
    SELECT (SELECT m.website_id FROM mail_outbox m WHERE ${DUE('m')} AND m.website_id > s.website_id ORDER BY m.website_id LIMIT 1)
    FROM sites s WHERE s.website_id IS NOT NULL
  ),
  chosen AS (
    SELECT s.website_id FROM sites s LEFT JOIN mail_website_turns t ON t.website_id = s.website_id
    WHERE s.website_id IS NOT NULL
    ORDER BY t.last_claimed_at NULLS FIRST, s.website_id
    LIMIT $1::int
  ),
  due AS (
    SELECT picked.id FROM chosen c
    CROSS JOIN LATERAL (
      SELECT m.id FROM mail_outbox m
      WHERE m.website_id = c.website_id AND ${DUE('m')}
      ORDER BY (m.kind = 'marketing'), m.next_attempt_at, m.id
      LIMIT (SELECT ceil($1::numeric / count(*))::int FROM chosen)
      FOR UPDATE SKIP LOCKED
    ) picked
    UNION ALL
    -- The platform's own mail (sign-up confirmations, its password resets: website_id null) takes a turn of its own
    -- in every claim, up to half a batch; a website's backlog never holds it back either.
    SELECT platform.id FROM (
      SELECT m.id FROM mail_outbox m
      WHERE m.website_id IS NULL AND ${DUE('m')}
      ORDER BY m.next_attempt_at, m.id
      LIMIT greatest(1, $1::int / 2)
      FOR UPDATE SKIP LOCKED
    ) platform
  ),
  claimed AS (
    UPDATE mail_outbox m
    SET status = 'sending', attempts = m.attempts + 1, locked_until = now() + $2::int * interval '1 second'
    -- By primary key: the planner cannot foresee the shares' LIMIT, and would otherwise join the whole outbox.
    WHERE m.id = ANY (ARRAY(SELECT id FROM due))
    RETURNING m.id, m.website_id, m.kind, m.from_address, m.to_address, m.subject, m.text_body, m.html_body, m.headers, m.attempts, m.next_attempt_at
  ),
  turns AS (
    INSERT INTO mail_website_turns (website_id, last_claimed_at)
    SELECT website_id, clock_timestamp() FROM (SELECT DISTINCT website_id FROM claimed WHERE website_id IS NOT NULL) served ORDER BY website_id
    ON CONFLICT (website_id) DO UPDATE SET last_claimed_at = excluded.last_claimed_at
  )
  SELECT id, website_id, kind, from_address, to_address, subject, text_body, html_body, headers, attempts FROM claimed
  -- Sent in this order: transactional first, then the websites taken in turn (each one's first, each one's second…).
  ORDER BY (kind = 'marketing'), row_number() OVER (PARTITION BY website_id, (kind = 'marketing') ORDER BY next_attempt_at, id), next_attempt_at, id`;

/** Delivers the outbox. `start()` runs it in the background; tests call `runOnce()`. */
export class MailWorker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;
  readonly #options: Required<Omit<MailWorkerOptions, 'log'>> & Pick<MailWorkerOptions, 'log'>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    options: MailWorkerOptions = {},
  ) {
    this.#options = { batchSize: 10, pollMs: 1000, claimSeconds: 120, maxAttempts: 8, backoffBaseMs: 30_000, ...options };
  }

  /** One round: claims up to a batch of due messages and delivers each. Answers how many it claimed. */
  async runOnce(): Promise<number> {
    const { rows } = await this.db.executeQuery<ClaimedMail>(CompiledQuery.raw(CLAIM_SQL, [this.#options.batchSize, this.#options.claimSeconds]));
    for (const mail of rows) await this.#deliver(mail);
    return rows.length;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const loop = async () => {
      if (this.#stopped) return;
      let claimed = 0;
      try {
        this.#running = this.runOnce();
        claimed = (await this.#running) as number;
      } catch (error) {
        this.#options.log?.warn({ err: error }, 'mail worker round failed; trying again');
      }
      if (!this.#stopped) this.#timer = setTimeout(() => void loop(), claimed > 0 ? 0 : this.#options.pollMs);
    };
    void loop();
  }

  /** Stops after the round in flight (its messages are marked before this resolves). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  async #deliver(mail: ClaimedMail): Promise<void> {
    // The suppression list is a website's; the platform's own mail (no website) is always transactional.
    const websiteId = mail.website_id;
    const suppression =
      websiteId === null
        ? undefined
        : await this.db.selectFrom('mail_suppressions').select('reason').where('website_id', '=', websiteId).where('email', '=', mail.to_address).executeTakeFirst();
    if (suppression && (suppression.reason === 'hard-bounce' || mail.kind === 'marketing')) {
      await this.#finish(mail, { status: 'suppressed', last_error: `suppressed: ${suppression.reason}` });
      return;
    }
    try {
      await this.transport.send({
        id: mail.id,
        from: mail.from_address,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        headers: mail.headers,
      });
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const message = error instanceof Error ? error.message : String(error);
      if (permanent && websiteId !== null) {
        // The receiving server refused the address: no mail to it any more.
        await this.db
          .insertInto('mail_suppressions')
          .values({ website_id: websiteId, email: mail.to_address, reason: 'hard-bounce' })
          .onConflict((conflict) => conflict.columns(['website_id', 'email']).doUpdateSet({ reason: 'hard-bounce' }))
          .execute();
      }
      const givingUp = permanent || mail.attempts >= this.#options.maxAttempts;
      this.#options.log?.warn({ mailId: mail.id, attempts: mail.attempts, givingUp, error: message }, 'mail delivery failed');
      await this.#finish(
        mail,
        givingUp
          ? { status: 'failed', last_error: message }
          : { status: 'pending', last_error: message, next_attempt_at: new Date(Date.now() + backoffMs(this.#options.backoffBaseMs, mail.attempts)) },
      );
      return;
    }
    await this.#finish(mail, { status: 'sent', sent_at: new Date(), last_error: null });
  }

  /** Records the outcome, only while the claim is still this one (same attempt number). */
  async #finish(
    mail: ClaimedMail,
    outcome: { status: 'sent' | 'pending' | 'failed' | 'suppressed'; last_error: string | null; sent_at?: Date; next_attempt_at?: Date },
  ): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ ...outcome, locked_until: null })
      .where('id', '=', mail.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', mail.attempts)
      .execute();
  }
}
