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
