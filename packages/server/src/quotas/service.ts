import type { Kysely, Transaction } from 'kysely';
import type { Database, WebsiteQuotasTable } from '../db/schema';
import { invalid, notFound } from '../failures';
import { findWebsiteById } from '../websites';
import { QUOTA_KINDS, QUOTA_MESSAGES, QuotaReached, quotaDefaultsFromEnv, type QuotaKind, type QuotaLimits } from './limits';
import { secondsUntilAMailAgesOut, usedOf } from './usage';

type Db = Kysely<Database> | Transaction<Database>;

/** The website_quotas column of each kind. */
const COLUMN_OF = {
  products: 'max_products',
  storageBytes: 'max_storage_bytes',
  contributors: 'max_contributors',
  mailsPerDay: 'max_mails_per_day',
} as const satisfies Record<QuotaKind, keyof WebsiteQuotasTable>;

type QuotaRow = { [Column in (typeof COLUMN_OF)[QuotaKind]]: string | number | null };

const QUOTA_COLUMNS = Object.values(COLUMN_OF);

/** The platform's defaults (QUOTA_* in the environment): read at each look, they cost nothing and follow the process. */
const platformDefaults = (): QuotaLimits => quotaDefaultsFromEnv(process.env);

/** The limit that applies: the website's own, else the platform's default; null: unlimited. */
function limitIn(row: QuotaRow | undefined, kind: QuotaKind, defaults: QuotaLimits): number | null {
  const own = row?.[COLUMN_OF[kind]];
  return own === null || own === undefined ? defaults[kind] : Number(own);
}

/**
 * Takes `amount` of a website's quota inside the caller's transaction, or refuses (QuotaReached: 403, 413 or 429,
 * naming the limit) and the caller's transaction rolls back with nothing written. Without a limit (the one-site
 * default) it costs one primary-key read and locks nothing. With one it locks the website's quota row (made on first
 * need) FOR UPDATE before it counts: two creates at the limit wait for each other, and the second counts the first's
 * row, so they cannot both pass. Callers take it before the create's other locks, or after only rows no path locks
 * after a quota row (the invitation an invite replaces), so the locks never meet in two orders.
 */
export async function takeQuota(trx: Transaction<Database>, websiteId: string, kind: QuotaKind, amount: number): Promise<void> {
  const refusal = await refusalFor(trx, websiteId, kind, amount);
  if (refusal) throw refusal;
}

/** takeQuota's question without the refusal: is there room for `amount` (under the same lock)? */
export async function hasQuotaRoom(trx: Transaction<Database>, websiteId: string, kind: QuotaKind, amount: number): Promise<boolean> {
  return (await refusalFor(trx, websiteId, kind, amount)) === undefined;
}

/**
 * How many more of `kind` the website may take now, under the same lock as takeQuota (held to the caller's commit):
 * null when it has no limit. A batch (a campaign's round) asks once instead of once per message.
 */
export async function quotaRoom(trx: Transaction<Database>, websiteId: string, kind: QuotaKind): Promise<number | null> {
  const defaults = platformDefaults();
  if (limitIn(await quotaRowOf(trx, websiteId), kind, defaults) === null) return null;
  const limit = limitIn(await lockedQuotaRowOf(trx, websiteId), kind, defaults);
  if (limit === null) return null;
  return Math.max(0, limit - (await usedOf(trx, websiteId, kind)));
}

async function refusalFor(trx: Transaction<Database>, websiteId: string, kind: QuotaKind, amount: number): Promise<QuotaReached | undefined> {
  // What uses nothing more (a replacement by a smaller file) is never refused, even past a lowered limit.
  if (amount <= 0) return undefined;
  const defaults = platformDefaults();
  const unlocked = await quotaRowOf(trx, websiteId);
  if (limitIn(unlocked, kind, defaults) === null) return undefined;
  const row = await lockedQuotaRowOf(trx, websiteId);
  // Read again under the lock: the operator may have changed it meanwhile.
  const limit = limitIn(row, kind, defaults);
  if (limit === null) return undefined;
  const used = await usedOf(trx, websiteId, kind);
  if (used + amount <= limit) return undefined;
  return new QuotaReached(kind, limit, kind === 'mailsPerDay' ? await secondsUntilAMailAgesOut(trx, websiteId) : undefined);
}

const quotaRowOf = (db: Db, websiteId: string) => db.selectFrom('website_quotas').select(QUOTA_COLUMNS).where('website_id', '=', websiteId).executeTakeFirst();

async function lockedQuotaRowOf(trx: Transaction<Database>, websiteId: string): Promise<QuotaRow> {
  const lock = () => trx.selectFrom('website_quotas').select(QUOTA_COLUMNS).where('website_id', '=', websiteId).forUpdate().executeTakeFirst();
  const found = await lock();
  if (found) return found;
  // A website limited only by the platform's defaults gets its (empty) row now, to have something to lock.
  await trx.insertInto('website_quotas').values({ website_id: websiteId }).onConflict((conflict) => conflict.column('website_id').doNothing()).execute();
  return (await lock())!;
}

/** Per kind: what the website uses, its limit (null: none), and where the limit comes from. */
export type WebsiteUsage = Record<QuotaKind, { used: number; limit: number | null; limitFrom: 'website' | 'platform' | 'none' }>;

/**
 * What a website uses of each quota and what it may (the operator's `npm run platform -- usage ID` and operator page).
 * Unknown website: not-found.
 */
export async function websiteUsage(db: Kysely<Database>, websiteId: string): Promise<WebsiteUsage> {
  if (!(await findWebsiteById(db, websiteId))) throw notFound(QUOTA_MESSAGES.noWebsite);
  const defaults = platformDefaults();
  const row = await quotaRowOf(db, websiteId);
  const usage = {} as WebsiteUsage;
  for (const kind of QUOTA_KINDS) {
    const own = row?.[COLUMN_OF[kind]];
    const limit = limitIn(row, kind, defaults);
    usage[kind] = {
      used: await usedOf(db, websiteId, kind),
      limit,
      limitFrom: own !== null && own !== undefined ? 'website' : limit !== null ? 'platform' : 'none',
    };
  }
  return usage;
}

/**
 * Sets some of a website's quotas (the operator's): a whole number of 0 or more, or null for the platform's default;
 * a kind left out keeps its value. A quota lowered below what is used refuses further creates, and takes nothing away.
 * Answers the usage as it now is. Bad values are refused together (invalid, naming each); unknown website: not-found.
 */
export async function setWebsiteQuotas(db: Kysely<Database>, websiteId: string, quotas: Partial<Record<QuotaKind, number | null>>): Promise<WebsiteUsage> {
  const errors: Record<string, string> = {};
  const changes: Partial<Record<(typeof COLUMN_OF)[QuotaKind], number | null>> = {};
  for (const [kind, value] of Object.entries(quotas)) {
    if (!(QUOTA_KINDS as readonly string[]).includes(kind)) errors[kind] = QUOTA_MESSAGES.unknownKind;
    else if (value !== null && value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) errors[kind] = QUOTA_MESSAGES.invalid;
    else if (value !== undefined) changes[COLUMN_OF[kind as QuotaKind]] = value;
  }
  if (Object.keys(errors).length > 0) throw invalid(Object.values(errors)[0]!, errors);
  if (!(await findWebsiteById(db, websiteId))) throw notFound(QUOTA_MESSAGES.noWebsite);
  await db
    .insertInto('website_quotas')
    .values({ website_id: websiteId, ...changes })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({ ...changes, updated_at: new Date() }))
    .execute();
  return websiteUsage(db, websiteId);
}
