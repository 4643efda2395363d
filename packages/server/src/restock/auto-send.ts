import type { Kysely } from 'kysely';
import { isSoldOut } from '@vitrine/commerce';
import { systemActor } from '../actor';
import type { Database, Website } from '../db/schema';
import { isFailure } from '../failures';
import { loadServerSecret } from '../http/server-secrets';
import { DEFAULT_MAIL_FROM, UnsubscribeTokens, type MailSettings } from '../mail';
import { findDefaultWebsite, findLiveWebsitesWithSettingOn } from '../websites';
import { sendRestockNotices } from './owner-service';

/** How often the poller looks for restocked variants unless RESTOCK_AUTO_SEND_INTERVAL_MS says otherwise. */
export const DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS = 30_000;
const MAX_INTERVAL_MS = 86_400_000;

/** The store's commerce preference `restockAutoSend` (off unless it is exactly true). */
/** The website setting that turns automatic restock notices on. */
export const RESTOCK_AUTO_SEND_SETTING = 'restockAutoSend';
export const isRestockAutoSendOn = (website: Website): boolean => website.settings[RESTOCK_AUTO_SEND_SETTING] === true;

/**
 * RESTOCK_AUTO_SEND_INTERVAL_MS: milliseconds between two looks (30 s by default); 0 turns the poller off in
 * this process. Anything else stops the start at once, like the other settings read from the environment.
 */
export function restockAutoSendIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const text = env.RESTOCK_AUTO_SEND_INTERVAL_MS?.trim();
  if (!text) return DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > MAX_INTERVAL_MS) {
    throw new Error(`RESTOCK_AUTO_SEND_INTERVAL_MS must be a whole number of milliseconds from 0 (off) to ${MAX_INTERVAL_MS}, not '${text}'.`);
  }
  return value;
}

/**
 * The groups (product, variant) of a website that have waiting sign-ups and whose variant is back in stock
 * by the storefront's own rule (commerce's isSoldOut, as the owner's group list says `inStock`). Archived
 * products are left out: their page is gone, so there is nothing to link to.
 */
export async function findRestockedGroups(db: Kysely<Database>, website: Website): Promise<{ productId: string; variantId: string }[]> {
  const rows = await db
    .selectFrom('restock_signups as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('variants as v', 'v.id', 's.variant_id')
    .select(['s.product_id', 's.variant_id', 'p.product_type', 'v.qty_in_stock', 'v.unlimited'])
    .where('s.website_id', '=', website.id)
    .where('s.notified_at', 'is', null)
    .where('p.archived_at', 'is', null)
    // An archived variant (options reshaped) is never sold again: its sign-ups wait for nothing.
    .where('v.archived_at', 'is', null)
    .groupBy(['s.product_id', 's.variant_id', 'p.product_type', 'v.qty_in_stock', 'v.unlimited'])
    .orderBy('s.product_id')
    .orderBy('s.variant_id')
    .execute();
  return rows
    .filter((row) => !isSoldOut({ structuredContent: { productType: row.product_type, variants: [{ qtyInStock: row.qty_in_stock, unlimited: row.unlimited }] } }))
    .map((row) => ({ productId: row.product_id, variantId: row.variant_id }));
}

export interface RestockAutoSendOptions {
  /** Pause between two looks (RESTOCK_AUTO_SEND_INTERVAL_MS). */
  intervalMs?: number;
  /** The website this process serves (WEBSITE; the oldest one when omitted): its PUBLIC_URL is the one links point to. */
  websiteIdentifier?: string;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/**
 * Sends restock notices without the owner pressing send, for a store whose `restockAutoSend` preference is
 * on: each look reads the website afresh (a changed preference counts from the next look), finds the groups
 * back in stock and sends each through sendRestockNotices, the owner's own race-safe send. Its conditional
 * update marks each sign-up notified once, so several processes polling at once, or a poller racing an owner
 * pressing send, still write one notice per sign-up. The catalog is not told about sign-ups (it must not
 * import restock): the poller notices stock changes by looking.
 */
export class RestockAutoSender {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;
  readonly #intervalMs: number;
  readonly #actor = systemActor('restock-auto-send');

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailSettings,
    private readonly options: RestockAutoSendOptions = {},
  ) {
    this.#intervalMs = options.intervalMs ?? DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS;
  }

  /** One look: answers how many notices it wrote to the outbox (0 with the preference off). */
  async runOnce(): Promise<number> {
    // One-site mode with WEBSITE set serves that website only; otherwise every live website that turned it on.
    const websites = this.options.websiteIdentifier
      ? [await findDefaultWebsite(this.db, this.options.websiteIdentifier)].filter((website): website is Website => website !== undefined && isRestockAutoSendOn(website))
      : await findLiveWebsitesWithSettingOn(this.db, RESTOCK_AUTO_SEND_SETTING);
    let notified = 0;
    for (const website of websites) notified += await this.#sendFor(website);
    return notified;
  }

  async #sendFor(website: Website): Promise<number> {
    let notified = 0;
    for (const group of await findRestockedGroups(this.db, website)) {
      try {
        notified += (await sendRestockNotices(this.db, website, this.#actor, group, this.mail)).notified;
      } catch (error) {
        // Sold out again, or archived, between the look and the send: the group waits for a later look.
        if (!isFailure(error)) throw error;
        this.options.log?.info({ ...group, reason: error.message }, 'restock auto-send left a group waiting');
      }
    }
    if (notified > 0) this.options.log?.info({ websiteId: website.id, notified }, 'restock notices sent automatically');
    return notified;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const loop = async () => {
      if (this.#stopped) return;
      try {
        this.#running = this.runOnce();
        await this.#running;
      } catch (error) {
        this.options.log?.warn({ err: error }, 'restock auto-send round failed; trying again');
      }
      if (!this.#stopped) this.#timer = setTimeout(() => void loop(), this.#intervalMs);
    };
    void loop();
  }

  /** Stops after the look in flight (its notices are in the outbox, or not at all, before this resolves). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }
}

/**
 * The poller as the server process runs it (main.ts): undefined when RESTOCK_AUTO_SEND_INTERVAL_MS is 0.
 * Its mail settings are the app's (MAIL_FROM, PUBLIC_URL, the shared 'mail' secret that signs unsubscribe
 * links), so an automatic notice is the same message as one the owner sends.
 */
export async function createRestockAutoSender(
  db: Kysely<Database>,
  settings: { env: NodeJS.ProcessEnv; publicUrl: string; mailFrom?: string; websiteIdentifier?: string; log?: RestockAutoSendOptions['log'] },
): Promise<RestockAutoSender | undefined> {
  const intervalMs = restockAutoSendIntervalFromEnv(settings.env);
  if (intervalMs === 0) return undefined;
  const mail: MailSettings = {
    from: settings.mailFrom ?? DEFAULT_MAIL_FROM,
    publicUrl: settings.publicUrl.replace(/\/$/, ''),
    unsubscribeTokens: new UnsubscribeTokens(await loadServerSecret(db, 'mail')),
  };
  return new RestockAutoSender(db, mail, { intervalMs, websiteIdentifier: settings.websiteIdentifier, log: settings.log });
}
