// The page cache's front (issue 35): what a shared cache may keep of a page answer, and the keys to purge it by.
export {
  DEFAULT_PAGE_CACHE_SETTINGS,
  ifNoneMatchHits,
  isShareablePage,
  pageCacheControl,
  pageCacheSettingsFromEnvironment,
  PERSONAL_PAGE_COOKIES,
  PERSONAL_TEMPLATES,
  strongEtagOf,
  type PageCacheSettings,
  type PageShareFacts,
} from './cache-policy';
export { MAX_SURROGATE_KEYS, surrogateKeysOf } from './surrogate-keys';
export { pageCacheKeyOf } from './cache-key';
export { mayChangePages } from './page-changes';
export { RenderedPageCache, type CachedPage, type PageCacheTicket, type RenderedPageCacheOptions } from './rendered-page-cache';
export { announcePagesChanged, PAGE_CHANGES_CHANNEL, pgliteChangeFeed, postgresChangeFeed, type PageChange, type PageChangeFeed } from './change-feed';
export { httpCdnPurger, type CdnPurger } from './cdn-purge';
export { PAGE_CACHE_HEADER, rememberPage, registerPageCache } from './routes';
export { pageCacheFromEnvironment } from './settings';
export { RedisPageStore } from './redis-page-store';
