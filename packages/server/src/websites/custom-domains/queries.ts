import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A website's domain row, with whether another website holds the same host verified. */
export interface DomainRow {
  host: string;
  verification_token: string;
  verified_at: Date | null;
  is_primary: boolean;
  created_at: Date;
  taken_elsewhere: boolean;
}

const takenElsewhere = sql<boolean>`exists (
  select 1 from website_domains other
  where other.host = d.host and other.website_id <> d.website_id and other.verified_at is not null
)`;

export async function listDomainRows(db: Db, websiteId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('website_domains as d')
    .select(['d.host', 'd.verification_token', 'd.verified_at', 'd.is_primary', 'd.created_at', takenElsewhere.as('taken_elsewhere')])
    .where('d.website_id', '=', websiteId)
    .orderBy('d.created_at')
    .orderBy('d.host')
    .execute();
}

export async function findDomainRow(db: Db, websiteId: string, host: string): Promise<DomainRow | undefined> {
  return db
    .selectFrom('website_domains as d')
    .select(['d.host', 'd.verification_token', 'd.verified_at', 'd.is_primary', 'd.created_at', takenElsewhere.as('taken_elsewhere')])
    .where('d.website_id', '=', websiteId)
    .where('d.host', '=', host)
    .executeTakeFirst();
}

/**
 * Holds the website's row until the transaction ends, so two domain changes of one website (adds past the limit,
 * two primaries) run one after the other. FOR NO KEY UPDATE: inserts elsewhere that reference the website (carts,
 * orders) take a key-share lock, which this one lets through.
 */
export async function lockWebsiteForDomains(trx: Transaction<Database>, websiteId: string): Promise<boolean> {
  return (await trx.selectFrom('websites').select('id').where('id', '=', websiteId).forNoKeyUpdate().executeTakeFirst()) !== undefined;
}

export async function countDomains(db: Db, websiteId: string): Promise<number> {
  const row = await db.selectFrom('website_domains').select(db.fn.countAll<string>().as('n')).where('website_id', '=', websiteId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isVerifiedElsewhere(db: Db, websiteId: string, host: string): Promise<boolean> {
  const row = await db
    .selectFrom('website_domains')
    .select('website_id')
    .where('host', '=', host)
    .where('verified_at', 'is not', null)
    .where('website_id', '<>', websiteId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDomain(db: Db, websiteId: string, host: string, token: string): Promise<void> {
  await db.insertInto('website_domains').values({ website_id: websiteId, host, verification_token: token }).execute();
}

/**
 * Marks the domain verified, if it still waits. The partial unique index on verified hosts decides a race
 * between two websites: the second one's update fails with a unique violation (the caller answers 409).
 */
export async function markDomainVerified(db: Db, websiteId: string, host: string): Promise<boolean> {
  const result = await db
    .updateTable('website_domains')
    .set({ verified_at: sql<Date>`now()` })
    .where('website_id', '=', websiteId)
    .where('host', '=', host)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Makes `host` the website's primary domain (null: none, the platform subdomain is primary). Run inside the website's lock. */
export async function setPrimaryDomain(trx: Transaction<Database>, websiteId: string, host: string | null): Promise<void> {
  // Clear first, then set: the one-primary index is checked row by row.
  await trx.updateTable('website_domains').set({ is_primary: false }).where('website_id', '=', websiteId).where('is_primary', '=', true).execute();
  if (host !== null) await trx.updateTable('website_domains').set({ is_primary: true }).where('website_id', '=', websiteId).where('host', '=', host).execute();
}

export async function deleteDomain(db: Db, websiteId: string, host: string): Promise<boolean> {
  const result = await db.deleteFrom('website_domains').where('website_id', '=', websiteId).where('host', '=', host).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The token to answer at `http://{host}/.well-known/vitrine-challenge/{token}`: only while the host is verified nowhere
 * and exactly one website waits to prove it. With two websites waiting, neither can prove it by HTTP (either could be
 * an impostor of a domain that already points at the platform): DNS decides.
 */
export async function waitingTokenFor(db: Db, host: string): Promise<string | undefined> {
  // Three rows are enough to tell: a verified one, or two waiting, refuses; fewer than three is every row.
  const rows = await db.selectFrom('website_domains').select(['verification_token', 'verified_at']).where('host', '=', host).limit(3).execute();
  if (rows.length !== 1 || rows[0]!.verified_at !== null) return undefined;
  return rows[0]!.verification_token;
}

/** Whether a verified custom domain names a live (not deleted) website: one indexed read (the TLS ask). */
export async function isLiveVerifiedDomain(db: Db, host: string): Promise<boolean> {
  const row = await db
    .selectFrom('website_domains as d')
    .innerJoin('websites as w', 'w.id', 'd.website_id')
    .select('w.id')
    .where('d.host', '=', host)
    .where('d.verified_at', 'is not', null)
    .where('w.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `{identifier}.{PLATFORM_DOMAIN}` names a live (not deleted) website (the TLS ask). */
export async function isLiveIdentifier(db: Db, identifier: string): Promise<boolean> {
  const row = await db.selectFrom('websites').select('id').where('identifier', '=', identifier).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}
