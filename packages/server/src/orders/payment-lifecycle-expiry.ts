import { announcePagesChanged } from '../page-cache';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findWebsiteById } from '../websites';
import { inTransaction } from '../db/transactions';
import type { PaidOrderContext } from './paid';
import { failPendingOrderIn, markOrderPaidIn } from './payment-lifecycle';
import { RepeatingJob } from '../jobs/repeating-job';

/**
 * The expiry of pending payments: an order whose payment is still pending at payment_expires_at is let go, so the
 * stock it holds can be sold again. Before that, the provider is asked to cancel the payment, so the shopper cannot
 * complete it afterwards; if the provider answers that it has already succeeded, the order is marked paid instead.
 */

/** What became of a pending payment the provider was asked to cancel. */
export type PendingPaymentOutcome =
  | { status: 'cancelled' }
  | { status: 'succeeded'; customerReference: string | null }
  /** Neither cancelled nor done (a bank debit in flight): the order waits for the provider's webhook. */
  | { status: 'processing' }
  /** The provider could not be asked (network, outage): tried again later. */
  | { status: 'unreachable'; message: string };

/** A provider that can cancel a pending payment (Stripe: a PaymentIntent). The built-in test mode never leaves one. */
export interface PendingPaymentCanceller {
  cancelPendingPayment(paymentReference: string): Promise<PendingPaymentOutcome>;
}

export interface PaymentExpiryOptions {
  /** By the orders' payment_provider name. An order of a provider not listed is expired without asking. */
  cancellers: Readonly<Record<string, PendingPaymentCanceller>>;
  /** What the paid-order steps need, when the provider says a payment succeeded after all. */
  paidContext: PaidOrderContext;
  /** How far a payment the provider could not cancel (processing, unreachable) is put off before it is looked at again. */
  postponeSeconds?: number;
}

export type ExpiryOutcome = 'expired' | 'paid' | 'postponed';

export const DEFAULT_POSTPONE_SECONDS = 300;

/**
 * Claims the most overdue pending payment of any website (FOR UPDATE SKIP LOCKED: two claimers, in one process or
 * several, never take the same order, and neither waits for the other), asks its provider to cancel, and expires it
 * or marks it paid, all in the claim's transaction. A process that dies half-way rolls back and leaves the order
 * to be claimed again. Answers undefined when nothing is due.
 */
export async function expireNextPendingPayment(
  db: Kysely<Database>,
  options: PaymentExpiryOptions,
  skipOrderIds: readonly string[] = [],
  /** Only this website's (the job takes the websites in turn); any website's when absent. */
  websiteId?: string,
): Promise<{ orderId: string; outcome: ExpiryOutcome } | undefined> {
  return inTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('orders')
      .select(['id', 'website_id', 'payment_provider', 'payment_reference'])
      .where('payment_status', '=', 'pending')
      .where('payment_expires_at', '<=', sql<Date>`now()`);
    if (websiteId !== undefined) query = query.where('website_id', '=', websiteId);
    if (skipOrderIds.length > 0) query = query.where('id', 'not in', skipOrderIds);
    const due = await query.orderBy('payment_expires_at').orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
    if (!due) return undefined;
    const website = await findWebsiteById(trx, due.website_id);
    if (!website) throw new Error(`Website ${due.website_id} of order ${due.id} is gone from the database.`);
    const canceller = options.cancellers[due.payment_provider];
    const answer: PendingPaymentOutcome = canceller ? await canceller.cancelPendingPayment(due.payment_reference) : { status: 'cancelled' };
    switch (answer.status) {
      case 'cancelled':
        await failPendingOrderIn(trx, website, { orderId: due.id }, 'expired');
        // Its stock can be sold again: the cached pages showing it sold out end when this commits.
        await announcePagesChanged(trx, website.id);
        return { orderId: due.id, outcome: 'expired' as const };
      case 'succeeded':
        await markOrderPaidIn(trx, website, { orderId: due.id, customerReference: answer.customerReference }, options.paidContext);
        await announcePagesChanged(trx, website.id);
        return { orderId: due.id, outcome: 'paid' as const };
      default: {
        const seconds = options.postponeSeconds ?? DEFAULT_POSTPONE_SECONDS;
        await trx
          .updateTable('orders')
          .set({ payment_expires_at: sql<Date>`now() + ${seconds}::int * interval '1 second'` })
          .where('id', '=', due.id)
          .execute();
        return { orderId: due.id, outcome: 'postponed' as const };
      }
    }
  });
}

export interface PaymentExpiryJobOptions extends PaymentExpiryOptions {
  /** Pause between rounds; 0 turns the background loop off (runOnce still works). */
  intervalMs?: number;
  /** Orders looked at per round, at most. */
  batchSize?: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

export const DEFAULT_PAYMENT_EXPIRY_INTERVAL_MS = 60_000;
const DEFAULT_PAYMENT_EXPIRY_BATCH = 20;

/** A copy in random order (Fisher–Yates): which website goes first changes from round to round. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * The websites with pending payments past their time: a skip scan of orders_pending_payment_website_idx, one probe per
 * website however many orders each holds.
 */
export async function websitesWithExpiredPayments(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ website_id: string }>`
    WITH RECURSIVE sites(website_id) AS (
      (SELECT website_id FROM orders WHERE payment_status = 'pending' AND payment_expires_at <= now() ORDER BY website_id LIMIT 1)
      UNION ALL
      SELECT (SELECT o.website_id FROM orders o WHERE o.payment_status = 'pending' AND o.payment_expires_at <= now() AND o.website_id > s.website_id
              ORDER BY o.website_id LIMIT 1)
      FROM sites s WHERE s.website_id IS NOT NULL
    )
    SELECT website_id FROM sites WHERE website_id IS NOT NULL`.execute(db);
  return rows.map((row) => row.website_id);
}

/**
 * The expiry job of one server process, for every website on its database. Every process may run it on the same
 * database (claims keep processes apart). A round takes the websites with expired payments in turn, in a random
 * order, one order each (its most overdue) until the batch is done (issue 32): a website with 10,000 pending payments
 * past their time (a bot holding stock) does not keep another website's stock held for the hours its own take, each
 * one a call to the provider. `start()` runs it in the background; tests call `runOnce()`.
 */
export class PaymentExpiryJob {
  /** Set by stop(): a round in flight ends after its current order. */
  #stopping = false;
  readonly #loop: RepeatingJob;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PaymentExpiryJobOptions,
  ) {
    // A full batch may mean more are due: the loop goes on at once.
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()).length >= (this.options.batchSize ?? DEFAULT_PAYMENT_EXPIRY_BATCH) }), {
      name: 'payment expiry', intervalMs: options.intervalMs ?? DEFAULT_PAYMENT_EXPIRY_INTERVAL_MS, log: options.log,
    });
  }

  /** One round: expires (or settles) due pending payments, one transaction each, the websites in turn. Answers what it did, by order. */
  async runOnce(): Promise<Array<{ orderId: string; outcome: ExpiryOutcome }>> {
    const done: Array<{ orderId: string; outcome: ExpiryOutcome }> = [];
    const batchSize = this.options.batchSize ?? DEFAULT_PAYMENT_EXPIRY_BATCH;
    const turns = shuffled(await websitesWithExpiredPayments(this.db));
    while (done.length < batchSize && turns.length > 0 && !this.#stopping) {
      const websiteId = turns.shift()!;
      // A postponed order is not due again until later; skipping it also keeps a round from looking at it twice.
      const next = await expireNextPendingPayment(this.db, this.options, done.map((entry) => entry.orderId), websiteId);
      // A website with nothing left (another process took its last one) leaves the turns; the others go round again.
      if (!next) continue;
      turns.push(websiteId);
      done.push(next);
      const log = this.options.log;
      if (next.outcome === 'postponed') log?.warn({ orderId: next.orderId }, 'pending payment could not be cancelled yet; looked at again later');
      else log?.info({ orderId: next.orderId, outcome: next.outcome }, 'pending payment settled by the expiry job');
    }
    return done;
  }

  start(): void {
    this.#stopping = false;
    this.#loop.start();
  }

  /** Stops after the order in flight. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#loop.stop();
  }
}
