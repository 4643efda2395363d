/** The websites domain: the website rows and their settings (and the site's identity), read live through a per-process cache. */
export { WebsiteCache, WEBSITE_FRESH_MS } from './cache';
export { WebsiteResolver, HOST_CACHE_CAPACITY, type HostAnswer } from './host-resolver';
export { normalHostOf, hostKindOf, isWebsiteIdentifier, isCustomDomainName, RESERVED_IDENTIFIERS, WEBSITE_IDENTIFIER_PATTERN, type HostKind } from './hosts';
export { notifyWebsiteChanged } from './changes';
export { findDefaultWebsite, findLiveWebsitesWithSettingOn, findWebsiteById, findWebsiteByIdentifier, findWebsiteByCustomDomain, type WebsiteWithPrimaryHost, hasAnyWebsite, insertWebsite, type NewWebsite, type WebsiteSettingsChanges } from './queries';
export { updateWebsiteSettings } from './service';
export { lockWebsiteRow, siteIdentityOf, writeWebsiteIdentity, writeWebsiteSiteStyles, type IdentityPicture, type SiteIdentity, type WebsiteIdentityRow } from './identity';
export {
  commercePreferencesOf,
  COMMERCE_PREFERENCE_MESSAGES,
  isEmptyPreference,
  readPreferenceChanges,
  saveCommercePreferences,
  type CommercePreferences,
  type CommercePreferencesAnswer,
} from './commerce-preferences';
export {
  customDomainSettings,
  customDomainOptionsFromEnv,
  DEFAULT_TLS_ASK_ALLOW,
  type CustomDomainOptions,
  type CustomDomainSettings,
} from './custom-domains/settings';
export { dnsDomainResolver, type DomainResolver } from './custom-domains/dns';
export { parseAddressList, addressKindOf, type AddressList, type AddressKind } from './custom-domains/address-ranges';
export { installmentContext } from './installment-context';
