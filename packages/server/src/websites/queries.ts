import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Website, WebsiteSettings } from '../db/schema';


type Db = Kysely<Database> | Transaction<Database>;

/** Settings to change; null removes a setting. */
export type WebsiteSettingsChanges = { [K in keyof WebsiteSettings]?: WebsiteSettings[K] | null };

export async function findWebsiteById(db: Db, websiteId: string): Promise<Website | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
}

/** The website a server process serves by default: the one named, else the oldest. */
export async function findDefaultWebsite(db: Db, identifier?: string): Promise<Website | undefined> {
  let query = db.selectFrom('websites').selectAll().orderBy('created_at').orderBy('id').limit(1);
  if (identifier) query = query.where('identifier', '=', identifier);
  return query.executeTakeFirst();
}

/** A website with the host its verified primary domain has, if any (host resolution; websites/host-resolver.ts). */
export interface WebsiteWithPrimaryHost {
  website: Website;
  primaryHost: string | null;
}

function withPrimaryHost(row: (Website & { primary_host: string | null }) | undefined): WebsiteWithPrimaryHost | undefined {
  if (!row) return undefined;
  const { primary_host: primaryHost, ...website } = row;
  return { website, primaryHost };
}

/** The website at `{identifier}.{PLATFORM_DOMAIN}`, deleted ones included (the caller decides): one indexed read. */
export async function findWebsiteByIdentifier(db: Db, identifier: string): Promise<WebsiteWithPrimaryHost | undefined> {
  const row = await db
    .selectFrom('websites as w')
    .selectAll('w')
    .select((eb) =>
      eb.selectFrom('website_domains as p').select('p.host').whereRef('p.website_id', '=', 'w.id').where('p.is_primary', '=', true).as('primary_host'),
    )
    .where('w.identifier', '=', identifier)
    .executeTakeFirst();
  return withPrimaryHost(row);
}

/** The website holding this verified custom domain: one indexed read (the partial unique index on verified hosts). */
export async function findWebsiteByCustomDomain(db: Db, host: string): Promise<WebsiteWithPrimaryHost | undefined> {
  const row = await db
    .selectFrom('website_domains as d')
    .innerJoin('websites as w', 'w.id', 'd.website_id')
    .selectAll('w')
    .select((eb) =>
      eb.selectFrom('website_domains as p').select('p.host').whereRef('p.website_id', '=', 'w.id').where('p.is_primary', '=', true).as('primary_host'),
    )
    .where('d.host', '=', host)
    .where('d.verified_at', 'is not', null)
    .executeTakeFirst();
  return withPrimaryHost(row);
}

export interface NewWebsite {
  id: string;
  identifier: string;
  siteTitle: string;
  /** The site's tagline (migration 040); none when absent. */
  siteTagline?: string;
  currency: string;
  locale: string;
  timeZone: string;
  captchaSiteKey: string | null;
  settings: WebsiteSettings;
}

/** Creates a website row (the demo seed, and later store creation), in the caller's transaction. */
export async function insertWebsite(db: Db, website: NewWebsite): Promise<void> {
  await db
    .insertInto('websites')
    .values({
      id: website.id,
      identifier: website.identifier,
      site_title: website.siteTitle,
      site_tagline: website.siteTagline ?? '',
      currency: website.currency,
      locale: website.locale,
      time_zone: website.timeZone,
      captcha_site_key: website.captchaSiteKey,
      settings: JSON.stringify(website.settings),
    })
    .execute();
}

/**
 * The live websites (neither suspended nor deleted) whose boolean setting is on: background jobs that serve every
 * website look them up this way (restock auto-send). Oldest first, so each round takes them in one order.
 */
export async function findLiveWebsitesWithSettingOn(db: Db, setting: string): Promise<Website[]> {
  return db
    .selectFrom('websites')
    .selectAll()
    .where(sql<boolean>`(settings ->> ${setting}) = 'true'`)
    .where('suspended_at', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Is there any website yet (a fresh database has none)? */
export async function hasAnyWebsite(db: Db): Promise<boolean> {
  return (await db.selectFrom('websites').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Merges settings into the stored ones (a key set to null is removed) and answers the new row. */
export async function mergeWebsiteSettings(db: Db, websiteId: string, changes: WebsiteSettingsChanges): Promise<Website | undefined> {
  const removed = Object.keys(changes).filter((key) => changes[key] === null);
  const kept = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null && value !== undefined));
  return db
    .updateTable('websites')
    .set({ settings: sql`(settings || ${JSON.stringify(kept)}::jsonb) - ${removed}::text[]` as unknown as string })
    .where('id', '=', websiteId)
    .returningAll()
    .executeTakeFirst();
}
