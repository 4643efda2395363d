import type { Kysely, Selectable, Transaction } from 'kysely';
import { formatDate } from '@vitrine/format';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { isFeatureOn } from '../experiments';
import { enqueueMail, renderMail, siteUrlOf, type MailSettings } from '../mail';
import { REVIEW_LINK_LIFETIME_MS, reviewLinksFor, type ReviewRequestLinks } from './links';
import { RepeatingJob } from '../jobs/repeating-job';

/** Lines a buyer may review: what they bought, but not a gift card (a code, not a product to rate). */
export const isReviewableLine = (line: { line_kind: string }): boolean => line.line_kind !== 'gift-card';

/** The delay before a paid order's review-request mail: a week, unless REVIEW_REQUEST_DELAY_MINUTES says. */
export const DEFAULT_REVIEW_REQUEST_DELAY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A paid order's review request, in the transaction that records the payment (called from orders/paid.ts
 * onOrderPaid): written only while native product reviews (flag 66) are on and the order has a line to review.
 * Once per order (its id is the key): a second call does nothing.
 */
export async function requestReviewsForOrder(
  trx: Transaction<Database>, website: Website, order: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[],
): Promise<void> {
  if (!items.some(isReviewableLine)) return;
  if (!(await isFeatureOn(trx, website.id, 'nativeProductReviews'))) return;
  await trx
    .insertInto('review_requests')
    .values({ order_id: order.id, website_id: website.id })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

export interface ReviewRequestJobOptions {
  /** Where the mail comes from and where its links point; without it the job mails nothing (tests that do not mail). */
  mail?: MailSettings;
  /** How long after the payment the mail goes (7 days by default; tests and e2e use 0). */
  delayMs?: number;
  /** How often the job looks for due requests (a minute by default). */
  intervalMs?: number;
  batchSize?: number;
  log?: { warn: (object: object, message: string) => void };
}

/** REVIEW_REQUEST_DELAY_MINUTES and REVIEW_REQUEST_INTERVAL_MS from the environment (app.ts's defaults). */
export function reviewRequestSettingsFromEnv(env: NodeJS.ProcessEnv): Pick<ReviewRequestJobOptions, 'delayMs' | 'intervalMs'> {
  const minutes = env.REVIEW_REQUEST_DELAY_MINUTES;
  const interval = env.REVIEW_REQUEST_INTERVAL_MS;
  const settings: Pick<ReviewRequestJobOptions, 'delayMs' | 'intervalMs'> = {};
  if (minutes !== undefined && minutes !== '') {
    if (!/^[0-9]{1,7}$/.test(minutes)) throw new Error('REVIEW_REQUEST_DELAY_MINUTES must be a whole number of minutes.');
    settings.delayMs = Number(minutes) * 60_000;
  }
  if (interval !== undefined && interval !== '') {
    if (!/^[0-9]{1,9}$/.test(interval) || Number(interval) < 100) throw new Error('REVIEW_REQUEST_INTERVAL_MS must be a whole number of milliseconds, at least 100.');
    settings.intervalMs = Number(interval);
  }
  return settings;
}

export type ReviewRequestOutcome = 'mailed' | 'skipped';

/**
 * Mails review requests once their delay has passed. Each request is taken in a transaction of its own with
 * `FOR UPDATE SKIP LOCKED` and its mail is written to the outbox in that transaction, which also marks it mailed: two
 * processes never take the same request, and a process that dies mid-way leaves it waiting for the next round.
 * `start()` runs it in the background (app.ts, when the server listens); tests call `runOnce()`.
 */
export class ReviewRequestJob {
  readonly #options: Required<Pick<ReviewRequestJobOptions, 'delayMs' | 'intervalMs' | 'batchSize'>> & ReviewRequestJobOptions;
  readonly #loop: RepeatingJob;

  constructor(private readonly db: Kysely<Database>, options: ReviewRequestJobOptions = {}) {
    this.#options = { delayMs: DEFAULT_REVIEW_REQUEST_DELAY_MS, intervalMs: 60_000, batchSize: 20, ...options };
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: Object.keys(await this.runOnce()).length >= this.#options.batchSize }), {
      name: 'review request', intervalMs: this.#options.intervalMs, log: this.#options.log,
    });
  }

  /** One round: up to a batch of due requests, each mailed (or skipped) once. */
  async runOnce(now: Date = new Date()): Promise<Record<string, ReviewRequestOutcome>> {
    const outcomes: Record<string, ReviewRequestOutcome> = {};
    if (!this.#options.mail) return outcomes;
    // Read before any transaction opens: on PGlite (one connection) a read on `db` inside one would wait forever.
    const links = await reviewLinksFor(this.db);
    for (let taken = 0; taken < this.#options.batchSize; taken += 1) {
      const done = await inTransaction(this.db, (trx) => this.#mailNext(trx, links, now));
      if (!done) break;
      outcomes[done.orderId] = done.outcome;
    }
    return outcomes;
  }

  async #mailNext(trx: Transaction<Database>, links: ReviewRequestLinks, now: Date): Promise<{ orderId: string; outcome: ReviewRequestOutcome } | undefined> {
    const dueBefore = new Date(now.getTime() - this.#options.delayMs);
    const request = await trx
      .selectFrom('review_requests')
      .select(['order_id', 'website_id'])
      .where('status', '=', 'waiting')
      .where('paid_at', '<=', dueBefore)
      .orderBy('paid_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!request) return undefined;
    const outcome = await this.#mail(trx, links, request.website_id, request.order_id, now);
    await trx
      .updateTable('review_requests')
      .set({ status: outcome, mailed_at: outcome === 'mailed' ? now : null })
      .where('order_id', '=', request.order_id)
      .execute();
    return { orderId: request.order_id, outcome };
  }

  async #mail(trx: Transaction<Database>, links: ReviewRequestLinks, websiteId: string, orderId: string, now: Date): Promise<ReviewRequestOutcome> {
    const mail = this.#options.mail!;
    const website = await trx.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
    if (!website || !(await isFeatureOn(trx, websiteId, 'nativeProductReviews'))) return 'skipped';
    const order = await trx.selectFrom('orders').select(['id', 'email', 'order_number']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const lines = (await trx.selectFrom('order_items').select(['product_name', 'line_kind']).where('order_id', '=', orderId).orderBy('position').execute())
      .filter(isReviewableLine);
    if (lines.length === 0) return 'skipped';
    const expiresAt = new Date(now.getTime() + REVIEW_LINK_LIFETIME_MS);
    const rendered = renderMail('review-request', website, {
      orderNumber: order.order_number,
      lines: lines.map((line) => ({ productName: line.product_name })),
      reviewUrl: `${siteUrlOf(mail, website)}${links.path(websiteId, orderId, expiresAt)}`,
      expiresLabel: formatDate(expiresAt, { locale: website.locale, timeZone: website.time_zone }),
    }, { publicUrl: siteUrlOf(mail, website) });
    await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'review-request', to: order.email, ...rendered, dailyQuota: 'exempt' });
    return 'mailed';
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops after the round in flight. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
