/**
 * Hits and misses of the per-process caches (the catalog's, the site chrome, the popup, feature flags, experiment
 * rows), counted for the operator's /metrics (metrics/). Kept per database handle, like the caches themselves
 * (db/per-database-cache.ts): one process may hold several databases (the tests do), and each app scrapes only
 * its own. Counting is two integer increments; nothing else happens on the request's path.
 */
export class CacheCounts {
  hits = 0;
  misses = 0;

  hit(): void {
    this.hits += 1;
  }

  miss(): void {
    this.misses += 1;
  }
}

const byDatabase = new WeakMap<object, Map<string, CacheCounts>>();

/** The counts of the cache named `cache` on this database handle (made on first use; resolve it once where you can). */
export function cacheCountsFor(db: object, cache: string): CacheCounts {
  let caches = byDatabase.get(db);
  if (!caches) {
    caches = new Map();
    byDatabase.set(db, caches);
  }
  let counts = caches.get(cache);
  if (!counts) {
    counts = new CacheCounts();
    caches.set(cache, counts);
  }
  return counts;
}

/** Every cache counted on this database handle so far, by name. */
export function cacheCountsOf(db: object): ReadonlyMap<string, CacheCounts> {
  return byDatabase.get(db) ?? new Map();
}
