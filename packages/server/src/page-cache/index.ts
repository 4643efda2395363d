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
