import type { Kysely } from 'kysely';
import { SITE_SETTINGS_MESSAGES, type TrackingSettingsBody, type TrackingSettingsJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { updateWebsiteSettings } from '../websites';

/**
 * The website's tracking switches (issue 15): `analyticsDisabled` (no page loads the shopper tracking client) and
 * `analyticsCookieRestrictions` (the client clears the analytics cookies and tracks nothing). They are website
 * settings (websites.settings), read by every storefront page's tracking context (pages/tracking-context.ts), so
 * a change is served on this process's next request and within WEBSITE_FRESH_MS by the others. Site settings, not
 * commerce preferences: site:read / site:write, like navigation and the header and footer.
 */

export interface TrackingSettingsConfig {
  /** The server's ANALYTICS_DISABLED, answered so the owner sees why nothing is tracked whatever the switch. */
  serverDisabled: boolean;
}

function trackingSettingsOf(website: Website, config: TrackingSettingsConfig): TrackingSettingsJson {
  return {
    analyticsDisabled: website.settings.analyticsDisabled === true,
    analyticsCookieRestrictions: website.settings.analyticsCookieRestrictions === true,
    serverDisabled: config.serverDisabled,
  };
}

/** GET /api/owner/site-settings/tracking. */
export async function getTrackingSettings(_db: Kysely<Database>, website: Website, actor: Actor, config: TrackingSettingsConfig): Promise<TrackingSettingsJson> {
  authorize(actor, 'site:read');
  return trackingSettingsOf(website, config);
}

/**
 * PUT /api/owner/site-settings/tracking: sets the switches sent (booleans, checked by the contract) and keeps the
 * other; a body with neither is refused. Off is the default, so a switch turned off is removed from the settings rather than stored as false.
 */
export async function updateTrackingSettings(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: TrackingSettingsBody,
  config: TrackingSettingsConfig,
): Promise<TrackingSettingsJson> {
  authorize(actor, 'site:write');
  if (input.analyticsDisabled === undefined && input.analyticsCookieRestrictions === undefined) throw invalid(SITE_SETTINGS_MESSAGES.trackingEmpty);
  const changes: Record<string, true | null> = {};
  if (input.analyticsDisabled !== undefined) changes.analyticsDisabled = input.analyticsDisabled ? true : null;
  if (input.analyticsCookieRestrictions !== undefined) changes.analyticsCookieRestrictions = input.analyticsCookieRestrictions ? true : null;
  return trackingSettingsOf(await updateWebsiteSettings(db, website, actor, changes), config);
}
