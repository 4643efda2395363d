import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { notFound } from '../failures';
import { notifyWebsiteChanged } from '../websites';
import { purgeNextDeletedWebsite, purgePlan, type WebsiteFileStores } from './purge';

/**
 * The platform operator's actions on a website (`npm run platform -- sites …`, the operator page). Each one tells
 * this process's host cache at once; other processes see it within half a second (websites/host-resolver.ts).
 */

/** How long a deleted website can still be brought back before its rows and files are removed for good. */
export const DELETE_GRACE_DAYS = 30;

export const OPERATOR_MESSAGES = {
  notFound: 'No website has this id or identifier.',
} as const;

/** A website by id or identifier, deleted ones included. */
export async function findWebsiteForOperator(db: Kysely<Database>, idOrIdentifier: string): Promise<Website> {
  const website = await db
    .selectFrom('websites')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrIdentifier), eb('identifier', '=', idOrIdentifier)]))
    .executeTakeFirst();
  if (!website) throw notFound(OPERATOR_MESSAGES.notFound);
  return website;
}

async function setMarks(db: Kysely<Database>, idOrIdentifier: string, marks: Partial<Pick<Website, 'suspended_at' | 'deleted_at'>>): Promise<Website> {
  const website = await findWebsiteForOperator(db, idOrIdentifier);
  const changed = await db.updateTable('websites').set(marks).where('id', '=', website.id).returningAll().executeTakeFirstOrThrow();
  notifyWebsiteChanged(website.id);
  return changed;
}

/** Suspended: every host of the website answers a plain 503 until it is resumed. Nothing is removed. */
export const suspendWebsite = (db: Kysely<Database>, idOrIdentifier: string) => setMarks(db, idOrIdentifier, { suspended_at: new Date() });
export const resumeWebsite = (db: Kysely<Database>, idOrIdentifier: string) => setMarks(db, idOrIdentifier, { suspended_at: null });

/** Deleted, softly: its hosts answer like unknown ones at once; restorable until the grace period ends. */
export const deleteWebsite = (db: Kysely<Database>, idOrIdentifier: string) => setMarks(db, idOrIdentifier, { deleted_at: new Date() });
export const restoreWebsite = (db: Kysely<Database>, idOrIdentifier: string) => setMarks(db, idOrIdentifier, { deleted_at: null });

/**
 * Removes for good every website deleted more than `graceDays` ago: rows, then files (platform/purge.ts), one
 * website at a time, each claimed FOR UPDATE SKIP LOCKED, so the background job of several processes and the CLI
 * never purge one twice. Answers the identifiers this call removed.
 */
export async function purgeDeletedWebsites(
  db: Kysely<Database>,
  files: WebsiteFileStores,
  options: { graceDays?: number; now?: Date; limit?: number } = {},
): Promise<string[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceDays ?? DELETE_GRACE_DAYS) * 86_400_000);
  const plan = await purgePlan(db);
  const purged: string[] = [];
  while (purged.length < (options.limit ?? Infinity)) {
    const website = await purgeNextDeletedWebsite(db, files, cutoff, plan);
    if (!website) break;
    notifyWebsiteChanged(website.id);
    purged.push(website.identifier);
  }
  return purged;
}

/** The websites, oldest first, with their state; `after` (an identifier) pages on. */
export async function listWebsitesForOperator(db: Kysely<Database>, options: { after?: string; limit?: number } = {}) {
  let query = db.selectFrom('websites').select(['id', 'identifier', 'site_title', 'created_at', 'suspended_at', 'deleted_at']).orderBy('identifier').limit(options.limit ?? 100);
  if (options.after) query = query.where('identifier', '>', options.after);
  return query.execute();
}
