/** The websites domain: the website rows and their settings (and the site's identity), read live through a per-process cache. */
export { WebsiteCache, WEBSITE_FRESH_MS } from './cache';
export { notifyWebsiteChanged } from './changes';
export { findDefaultWebsite, findWebsiteById, hasAnyWebsite, insertWebsite, type NewWebsite, type WebsiteSettingsChanges } from './queries';
export { updateWebsiteSettings } from './service';
export { lockWebsiteRow, siteIdentityOf, writeWebsiteIdentity, type IdentityPicture, type SiteIdentity, type WebsiteIdentityRow } from './identity';
export {
  commercePreferencesOf,
  COMMERCE_PREFERENCE_MESSAGES,
  isEmptyPreference,
  readPreferenceChanges,
  saveCommercePreferences,
  type CommercePreferences,
  type CommercePreferencesAnswer,
} from './commerce-preferences';
