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

/**
 * Claims due messages: pending ones whose time has come, and 'sending' ones whose claim ran out (their
 * process died). FOR UPDATE SKIP LOCKED: two workers, in one process or several, never claim the same
 * message, and neither waits for the other.
 */
const CLAIM_SQL = `
  UPDATE mail_outbox m
  SET status = 'sending', attempts = m.attempts + 1, locked_until = now() + $2::int * interval '1 second'
  FROM (
    SELECT id FROM mail_outbox
    WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until <= now())
    ORDER BY next_attempt_at, id
    LIMIT $1::int
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.id = due.id
  RETURNING m.id, m.website_id, m.kind, m.from_address, m.to_address, m.subject, m.text_body, m.html_body, m.headers, m.attempts`;

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
