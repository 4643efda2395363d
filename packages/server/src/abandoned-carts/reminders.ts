import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import { enqueueMailIfQuotaAllows, renderSiteMail, siteUrlOf, unsubscribeHeaders, unsubscribeUrl, type MailSettings } from '../mail';
import { cartRestoreLinksFor, RESTORE_LINK_LIFETIME_MS, type CartRestoreLinks } from './links';

/** A cart idle for longer than this past its delay is left alone: a reminder weeks later would be noise. */
export const REMINDER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type ReminderOutcome = 'sent' | 'purchased' | 'suppressed' | 'empty' | 'off' | 'quota';

export interface AbandonedCartJobOptions {
  mail?: MailSettings;
  /** The pause between rounds (ABANDONED_CART_INTERVAL_MS); 0 never starts the loop (tests drive runOnce). */
  intervalMs?: number;
  batchSize?: number;
  log?: JobLog;
}

/**
 * Abandoned-cart reminders (issue 38 item 3), in two steps that each hold up against a second process doing the same:
 *  1. queue — for each website that turned reminders on, the carts with an email given at checkout, idle past the
 *     delay, not bought, with lines, to an address not suppressed, get their row in abandoned_cart_reminders: the
 *     cart is its primary key (ON CONFLICT DO NOTHING), so a cart is queued once, ever, whoever queues it;
 *  2. send — each queued row is taken in a transaction of its own with FOR UPDATE SKIP LOCKED, then its cart row is
 *     locked (placing an order locks it too: lockCartToPurchase), the rules are read again — bought since, suppressed
 *     since, emptied, switched off — and either the mail is written to the outbox and the row marked sent, or the row
 *     is marked skipped, in that one transaction. Two processes never take one row; a crash leaves it queued.
 */
export class AbandonedCartJob {
  readonly #options: Required<Pick<AbandonedCartJobOptions, 'intervalMs' | 'batchSize'>> & AbandonedCartJobOptions;
  readonly #loop: RepeatingJob;

  constructor(private readonly db: Kysely<Database>, options: AbandonedCartJobOptions = {}) {
    this.#options = { intervalMs: 5 * 60_000, batchSize: 50, ...options };
    this.#loop = new RepeatingJob(async () => {
      const { sent } = await this.runOnce();
      return { moreWaiting: Object.keys(sent).length >= this.#options.batchSize };
    }, { name: 'abandoned cart', intervalMs: this.#options.intervalMs, log: this.#options.log });
  }

  /** One round: queue what is due, then send up to a batch. */
  async runOnce(now: Date = new Date()): Promise<{ queued: number; sent: Record<string, ReminderOutcome> }> {
    const queued = await this.queueDue(now);
    return { queued, sent: await this.sendQueued(now) };
  }

  /** Step 1: the due carts' rows (at most a batch per website); answers how many rows this call made. */
  async queueDue(now: Date = new Date()): Promise<number> {
    const websites = await this.db.selectFrom('abandoned_cart_settings').select(['website_id', 'delay_hours', 'enabled_at']).where('delay_hours', 'is not', null).execute();
    let made = 0;
    for (const { website_id: websiteId, delay_hours: delayHours, enabled_at: enabledAt } of websites) {
      const idleSince = new Date(now.getTime() - delayHours! * HOUR_MS);
      // Carts left since reminders were switched on, and not longer ago than the window.
      const windowStart = idleSince.getTime() - REMINDER_WINDOW_MS;
      const oldest = new Date(enabledAt ? Math.max(windowStart, enabledAt.getTime()) : windowStart);
      const inserted = await sql<{ cart_id: string }>`
        INSERT INTO abandoned_cart_reminders (cart_id, website_id, email)
        SELECT c.id, c.website_id, lower(btrim(c.checkout->>'email'))
        FROM carts c
        WHERE c.website_id = ${websiteId} AND c.kind = 'standard' AND c.is_purchased = false
          AND c.updated_at <= ${idleSince} AND c.updated_at > ${oldest}
          AND coalesce(btrim(c.checkout->>'email'), '') <> ''
          AND EXISTS (SELECT 1 FROM cart_entries e WHERE e.cart_id = c.id AND e.website_id = c.website_id)
          AND NOT EXISTS (SELECT 1 FROM abandoned_cart_reminders r WHERE r.cart_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.website_id = c.website_id AND s.email = lower(btrim(c.checkout->>'email')))
        ORDER BY c.updated_at
        LIMIT ${this.#options.batchSize}
        ON CONFLICT (cart_id) DO NOTHING
        RETURNING cart_id`.execute(this.db);
      made += inserted.rows.length;
    }
    return made;
  }

  /** Step 2: up to a batch of queued reminders, each sent or skipped once; answers each cart's outcome. */
  async sendQueued(now: Date = new Date()): Promise<Record<string, ReminderOutcome>> {
    const outcomes: Record<string, ReminderOutcome> = {};
    const mail = this.#options.mail;
    if (!mail) return outcomes;
    // Read before any transaction opens: on PGlite (one connection) a read on `db` inside one would wait forever.
    const links = await cartRestoreLinksFor(this.db);
    for (let taken = 0; taken < this.#options.batchSize; taken += 1) {
      const done = await inTransaction(this.db, (trx) => this.#sendNext(trx, mail, links, now));
      if (!done) break;
      outcomes[done.cartId] = done.outcome;
    }
    return outcomes;
  }

  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #sendNext(trx: Transaction<Database>, mail: MailSettings, links: CartRestoreLinks, now: Date): Promise<{ cartId: string; outcome: ReminderOutcome } | undefined> {
    const reminder = await trx.selectFrom('abandoned_cart_reminders').select(['cart_id', 'website_id', 'email'])
      .where('status', '=', 'queued').orderBy('created_at').limit(1).forUpdate().skipLocked().executeTakeFirst();
    if (!reminder) return undefined;
    const outcome = await this.#mail(trx, mail, links, reminder, now);
    await trx.updateTable('abandoned_cart_reminders')
      .set(outcome === 'sent' ? { status: 'sent', sent_at: now } : { status: 'skipped', skip_reason: outcome })
      .where('cart_id', '=', reminder.cart_id)
      .execute();
    return { cartId: reminder.cart_id, outcome };
  }

  async #mail(trx: Transaction<Database>, mail: MailSettings, links: CartRestoreLinks, reminder: { cart_id: string; website_id: string; email: string }, now: Date): Promise<ReminderOutcome> {
    // The cart's row lock: an order being placed from this cart finishes first (and we see it bought), or waits for us.
    const cart = await trx.selectFrom('carts').select(['id', 'is_purchased']).where('id', '=', reminder.cart_id).where('website_id', '=', reminder.website_id).forUpdate().executeTakeFirst();
    if (!cart || cart.is_purchased) return 'purchased';
    const setting = await trx.selectFrom('abandoned_cart_settings').select('delay_hours').where('website_id', '=', reminder.website_id).executeTakeFirst();
    if (!setting?.delay_hours) return 'off';
    const suppressed = await trx.selectFrom('mail_suppressions').select('email').where('website_id', '=', reminder.website_id).where('email', '=', reminder.email).executeTakeFirst();
    if (suppressed) return 'suppressed';
    const lines = await trx.selectFrom('cart_entries as e').innerJoin('products as p', 'p.id', 'e.product_id')
      .select(['p.title', 'e.quantity']).where('e.cart_id', '=', cart.id).where('e.website_id', '=', reminder.website_id).orderBy('e.created_at').execute();
    if (lines.length === 0) return 'empty';
    const website = await trx.selectFrom('websites').selectAll().where('id', '=', reminder.website_id).executeTakeFirstOrThrow();
    const siteUrl = siteUrlOf(mail, website);
    const unsubscribe = unsubscribeUrl(siteUrl, mail.unsubscribeTokens.issue(website.id, reminder.email));
    const rendered = await renderSiteMail(trx, 'abandoned-cart', website, {
      items: lines.map((line) => ({ quantity: line.quantity, productName: line.title })),
      restoreUrl: `${siteUrl}${links.path(website.id, cart.id, new Date(now.getTime() + RESTORE_LINK_LIFETIME_MS))}`,
    }, { publicUrl: siteUrl, unsubscribeUrl: unsubscribe });
    // Marketing mail: the worker holds it back from an address that unsubscribes before it goes; past the website's
    // mails-a-day quota it is skipped rather than refused (the round goes on with the next cart).
    const queued = await enqueueMailIfQuotaAllows(trx, website, mail.from, { kind: 'marketing', template: 'abandoned-cart', to: reminder.email, headers: unsubscribeHeaders(unsubscribe), ...rendered });
    return queued ? 'sent' : 'quota';
  }
}
