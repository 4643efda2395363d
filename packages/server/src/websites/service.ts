import type { Kysely } from 'kysely';
import type { Actor } from '../actor';
import type { Database, Website, WebsiteSettings } from '../db/schema';
import type { WebsiteSettingsChanges } from './queries';

import { notFound } from '../failures';
import { notifyWebsiteChanged } from './changes';
import { mergeWebsiteSettings } from './queries';

/**
 * Changes some of a website's settings (null removes one). Every process serves the change on its
 * next request (this one at once, the others within WEBSITE_FRESH_MS). Who may call this is the
 * owner side's business; today the seed and tests do.
 */
export async function updateWebsiteSettings(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  changes: WebsiteSettingsChanges,
): Promise<Website> {
  const updated = await mergeWebsiteSettings(db, website.id, changes);
  if (!updated) throw notFound('That website no longer exists.');
  notifyWebsiteChanged(website.id);
  return updated;
}
