import type { Kysely } from 'kysely';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { notFound } from '../failures';
import { authorize } from '../authorize';
import { commercePreferencesOf, readPreferenceChanges, saveCommercePreferences, type CommercePreferences, type CommercePreferencesAnswer } from '../websites';

export const NO_SUCH_WEBSITE = 'No such website.';

/** The path names the website; this server answers only for the one it serves. */
function checkWebsiteId(website: Website, websiteId: string): void {
  if (websiteId !== website.id) throw notFound(NO_SUCH_WEBSITE);
}

/** GET /api/v1/commerce-preferences/{websiteId}. */
export async function getCommercePreferences(_db: Kysely<Database>, website: Website, actor: Actor, input: { websiteId: string }): Promise<CommercePreferencesAnswer> {
  authorize(actor, 'store-settings:read');
  checkWebsiteId(website, input.websiteId);
  return commercePreferencesOf(website);
}

/** PUT /api/v1/commerce-preferences/{websiteId}: merges the fields sent; an empty one is removed. */
export async function updateCommercePreferences(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { websiteId: string; preferences: CommercePreferences },
): Promise<CommercePreferencesAnswer> {
  authorize(actor, 'store-settings:write');
  checkWebsiteId(website, input.websiteId);
  const changes = readPreferenceChanges(website, input.preferences);
  return commercePreferencesOf(await saveCommercePreferences(db, website, changes));
}
