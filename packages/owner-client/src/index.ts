/**
 * @vitrine/owner-client: the framework-free client the owner app (and any script) calls the owner API
 * through. Typed from @vitrine/contracts; the crumb and the site user's XSRF token on every change; the
 * platform spec's owner-side behaviours (commerce preferences cache, store creation, logout retry).
 */
export { OwnerClient, createOwnerClient, type CallAnswer, type CallInput, type CreatedStore, type NewStore, type OwnerClientOptions } from './client';
export {
  CommercePreferencesCache,
  isEmptyPreferenceValue,
  mergePreferences,
  type CommercePreferences,
  type CommercePreferencesRemote,
  type PreferencesListener,
} from './commerce-preferences';
export { MainNavigationMissingError, OWNER_CLIENT_MESSAGES, OwnerApiError, StoreCreationError, isOwnerApiError } from './errors';
export {
  CRUMB_COOKIE,
  CRUMB_HEADER,
  DEFAULT_CRUMB_PAGE,
  OwnerHttp,
  SITE_USER_XSRF_HEADER,
  SITE_USER_XSRF_STORAGE_KEY,
  browserTokenStore,
  memoryTokenStore,
  type OwnerHttpOptions,
  type SendOptions,
  type TokenStore,
} from './http';
export { mainNavigationOf, navigationItemsOf, withStoreLink, type SiteLayoutEntry } from './navigation';
export { pathOf, queryStringOf, type QueryValue } from './paths';
export {
  FALLBACK_STORE_TITLE,
  MASKED_PASSWORD,
  checkCategories,
  checkTags,
  checkUrl,
  invalidUrlMessage,
  isMaskedPassword,
  isValidUrl,
  maskedFieldValue,
  rootCategoryName,
  storeUrlId,
  withoutMaskedFields,
  type CheckedLabels,
} from './rules';
export { SITE_USER_INFO_COOKIE, parseSiteUserInfo, type SiteUserInfo } from './site-user-info';
export { CookieJar } from './cookie-jar';
export { readCookie } from './cookies';
