import { announcePagesChanged } from '../page-cache';
import { randomUUID } from 'node:crypto';
import { recordSubscriptionWebhook } from './webhook-events';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { afterRenewalFailure, cycleDueDate, nextRenewalDate } from '@vitrine/commerce/subscriptions';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { newId } from '../ids';
import type { MailSettings } from '../mail';
import { endMembershipsOfSubscription, endMembershipsOfSubscriptionAt } from '../members';
import { findWebsiteById } from '../websites';
import { enqueueCancelledMail, enqueuePaymentFailedMail, enqueueRenewedMail, type SubscriptionMailContext } from './mail';
import { manageLinksFor } from './manage-links';
import { RenewalRefused, type RenewalOrderRecorder } from './renewal-port';
import type { SubscriptionRow } from './subscription-json';
import { RepeatingJob } from '../jobs/repeating-job';

export interface RenewalJobOptions {
  /** Subscriptions claimed per round. */
  batchSize?: number;
  /** Pause between rounds when nothing was due (default a minute). */
  intervalMs?: number;
  /** How long a claim lasts: a process that dies mid-renewal leaves the subscription to another after it. */
  claimSeconds?: number;
  /** Mail settings: without them nothing is mailed (tests that do not look at mail). */
  mail?: MailSettings;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

export type RenewalOutcome = 'renewed' | 'completed' | 'retry' | 'cancelled' | 'skipped' | 'error';

export interface RenewalRound {
  claimed: number;
  outcomes: Record<string, RenewalOutcome>;
}

/** A subscription is due: live, its renewal time passed, and no claim on it (or one that ran out). */
const DUE = (alias: string) =>
  `${alias}.status IN ('active', 'past_due') AND ${alias}.next_renewal_at <= now() AND (${alias}.locked_until IS NULL OR ${alias}.locked_until <= now())`;

/**
 * Claims due subscriptions (live, next_renewal_at passed, no claim or one that ran out) for this round, fairly across
 * websites (issue 32): a website whose 50,000 subscriptions all renew on the same day does not hold back another's
 * renewal for the hours its own take. The websites with due renewals are found by a skip scan of
 * subscriptions_fair_due_idx (one probe each); up to `$1` of them are taken in a random order (every one of them
 * each round while there are no more than the batch size; past that each has the same chance every round) and each
 * gives an equal share of the batch, most overdue first.
 * FOR UPDATE SKIP LOCKED: two claimers, in one process or several, never claim the same row, and a row a renewal is
 * working on (locked by its transaction) is skipped. The claim is committed at once, so it outlives a crash: the row
 * waits until locked_until passes, then any process claims it again.
 */
const CLAIM_SQL = `
  WITH RECURSIVE sites(website_id) AS (
    (SELECT s.website_id FROM subscriptions s WHERE ${DUE('s')} ORDER BY s.website_id LIMIT 1)
    UNION ALL
    SELECT (SELECT s.website_id FROM subscriptions s WHERE ${DUE('s')} AND s.website_id > w.website_id ORDER BY s.website_id LIMIT 1)
    FROM sites w WHERE w.website_id IS NOT NULL
  ),
  chosen AS (
    SELECT website_id FROM sites WHERE website_id IS NOT NULL ORDER BY random() LIMIT $1::int
  ),
  due AS (
    SELECT picked.id FROM chosen c
    CROSS JOIN LATERAL (
      SELECT s.id FROM subscriptions s
      WHERE s.website_id = c.website_id AND ${DUE('s')}
      ORDER BY s.next_renewal_at, s.id
      LIMIT (SELECT ceil($1::numeric / count(*))::int FROM chosen)
      FOR UPDATE SKIP LOCKED
    ) picked
  )
  UPDATE subscriptions s
  SET locked_until = now() + $2::int * interval '1 second', claim_token = $3, attempts = s.attempts + 1
  -- By primary key: the planner cannot foresee the shares' LIMIT, and would otherwise join every subscription.
  WHERE s.id = ANY (ARRAY(SELECT id FROM due))
  RETURNING s.id`;

/** Charges subscription renewals on schedule. `start()` runs it in the background; tests call `runOnce()`. */
export class SubscriptionRenewalJob {
  readonly #options: Required<Pick<RenewalJobOptions, 'batchSize' | 'intervalMs' | 'claimSeconds'>> & RenewalJobOptions;
  readonly #loop: RepeatingJob;

  constructor(
    private readonly db: Kysely<Database>,
    /** Buys a cycle: the orders domain's renewal order, charged through the payment provider (orders/renewal-order.ts). */
    private readonly recordRenewalOrder: RenewalOrderRecorder,
    options: RenewalJobOptions = {},
  ) {
    this.#options = { batchSize: 20, intervalMs: 60_000, claimSeconds: 300, ...options };
    // Anything claimed may mean more are due (a round takes a share per website, so it can end short of a batch): on at once.
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()).claimed > 0 }), {
      name: 'subscription renewal', intervalMs: this.#options.intervalMs, log: this.#options.log,
    });
  }

  /** One round: claims up to a batch of due subscriptions and renews each. */
  async runOnce(): Promise<RenewalRound> {
    const claimToken = randomUUID();
    const { rows } = await this.db.executeQuery<{ id: string }>(
      CompiledQuery.raw(CLAIM_SQL, [this.#options.batchSize, this.#options.claimSeconds, claimToken]),
    );
    const outcomes: Record<string, RenewalOutcome> = {};
    for (const { id } of rows) outcomes[id] = await this.renew(id, claimToken);
    return { claimed: rows.length, outcomes };
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops after the round in flight. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /**
   * Renews one claimed subscription. In one transaction, under the row's lock: the row is read again (still ours,
   * still live, still due — a cancel committed since is seen here and nothing is charged), the renewal order is
   * bought (stock, the charge keyed by subscription and cycle, the order), the cycle recorded and the next date set.
   * If that transaction dies after the charge (a crash), it rolls back, the claim runs out, and the next claimer
   * charges with the same idempotency key: the provider answers the first charge, so the shopper pays once. A refusal
   * (no stock, declined) rolls back too, and is recorded in a transaction of its own.
   */
  async renew(subscriptionId: string, claimToken: string): Promise<RenewalOutcome> {
    const mail = this.#options.mail ? { mail: this.#options.mail, links: await manageLinksFor(this.db) } : undefined;
    try {
      return await inTransaction(this.db, (trx) => this.#renewLocked(trx, subscriptionId, claimToken, mail));
    } catch (error) {
      if (!(error instanceof RenewalRefused)) {
        // Left claimed: tried again once the claim runs out.
        this.#options.log?.warn({ err: error, subscriptionId }, 'subscription renewal failed; it will be tried again');
        return 'error';
      }
      return inTransaction(this.db, (trx) => this.#recordFailure(trx, subscriptionId, claimToken, error.message, mail));
    }
  }

  async #lockClaimed(trx: Transaction<Database>, subscriptionId: string, claimToken: string): Promise<{ row: SubscriptionRow; website: Website } | undefined> {
    const row = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .where('claim_token', '=', claimToken)
      .where('status', 'in', ['active', 'past_due'])
      .where(sql<boolean>`next_renewal_at <= now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    const website = await findWebsiteById(trx, row.website_id);
    return website ? { row, website } : undefined;
  }

  async #renewLocked(trx: Transaction<Database>, subscriptionId: string, claimToken: string, mail: SubscriptionMailContext | undefined): Promise<RenewalOutcome> {
    const locked = await this.#lockClaimed(trx, subscriptionId, claimToken);
    if (!locked) return 'skipped';
    const { row, website } = locked;
    const cycle = row.cycles_billed + 1;
    const { order } = await this.recordRenewalOrder(
      trx,
      website,
      {
        subscriptionId: row.id,
        firstOrderId: row.first_order_id,
        cycle,
        email: row.email,
        currency: row.currency.trim(),
        productId: row.product_id,
        variantId: row.variant_id,
        sku: row.sku,
        productName: row.product_name,
        quantity: row.quantity,
        unitPriceCents: Number(row.unit_price_cents),
        plan: row.plan,
        firstPaymentReference: row.payment_reference,
        customerReference: row.customer_reference,
      },
    );
    // The renewal took stock: cached pages showing it end when this commits.
    await announcePagesChanged(trx, website.id);
    await trx
      .insertInto('subscription_renewals')
      .values({
        id: newId(),
        website_id: website.id,
        subscription_id: row.id,
        cycle,
        attempt: row.failed_attempts + 1,
        status: 'paid',
        order_id: order.id,
        reference: order.payment_reference,
      })
      .execute();
    const next = nextRenewalDate(row.started_at, { billingPeriod: row.plan.billingPeriod, numBillingCycles: row.total_cycles }, cycle);
    const renewed = await trx
      .updateTable('subscriptions')
      .set({
        cycles_billed: cycle,
        failed_attempts: 0,
        status: next ? 'active' : 'completed',
        next_renewal_at: next,
        completed_at: next ? null : sql<Date>`now()`,
        locked_until: null,
        claim_token: null,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The last cycle is billed: a membership it bought lasts to the end of the period that cycle paid for.
    if (!next) await endMembershipsOfSubscriptionAt(trx, website.id, row.id, cycleDueDate(row.started_at, row.plan.billingPeriod, cycle + 1));
    if (mail) {
      await enqueueRenewedMail(trx, website, mail, renewed, {
        id: order.id, orderNumber: order.order_number, totalCents: Number(order.grand_total_cents), testMode: order.test_mode,
      });
    }
    await recordSubscriptionWebhook(trx, website.id, 'subscription.renewed', renewed, order.id);
    return next ? 'renewed' : 'completed';
  }

  /** A refused renewal: recorded, then retried after 1, 3, 5 days (past due meanwhile), or cancelled on the 4th. */
  async #recordFailure(trx: Transaction<Database>, subscriptionId: string, claimToken: string, message: string, mail: SubscriptionMailContext | undefined): Promise<RenewalOutcome> {
    const locked = await this.#lockClaimed(trx, subscriptionId, claimToken);
    if (!locked) return 'skipped';
    const { row, website } = locked;
    const failures = row.failed_attempts + 1;
    await trx
      .insertInto('subscription_renewals')
      .values({ id: newId(), website_id: website.id, subscription_id: row.id, cycle: row.cycles_billed + 1, attempt: failures, status: 'failed', message })
      .execute();
    const outcome = afterRenewalFailure(new Date(), failures);
    const changed = await trx
      .updateTable('subscriptions')
      .set(
        outcome.kind === 'retry'
          ? { status: 'past_due', failed_attempts: failures, next_renewal_at: outcome.retryAt, locked_until: null, claim_token: null }
          : { status: 'cancelled', failed_attempts: failures, next_renewal_at: null, cancelled_at: sql<Date>`now()`, cancelled_by: 'payment', locked_until: null, claim_token: null },
      )
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The last failed retry cancels it: a membership it bought (members/) ends too.
    if (outcome.kind !== 'retry') {
      await endMembershipsOfSubscription(trx, website.id, row.id);
      await recordSubscriptionWebhook(trx, website.id, 'subscription.cancelled', changed);
    }
    if (mail) {
      if (outcome.kind === 'retry') await enqueuePaymentFailedMail(trx, website, mail, changed, message, outcome.retryAt);
      else await enqueueCancelledMail(trx, website, mail, changed, 'payment');
    }
    return outcome.kind === 'retry' ? 'retry' : 'cancelled';
  }
}
