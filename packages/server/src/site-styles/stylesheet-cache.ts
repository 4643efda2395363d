/**
 * Compiled stylesheets by (database, website, content hash), at most `capacity` per database, the least recently
 * used forgotten first. Keyed by the content's hash, an entry can never go stale: a publish makes a new hash (and
 * pages name it from the website row, which every process re-reads within WEBSITE_FRESH_MS), so nothing needs
 * forgetting on publish — the old entry just ages out.
 */
export const STYLESHEET_CACHE_CAPACITY = 500;

export class StylesheetCache {
  readonly #byDatabase = new WeakMap<object, Map<string, string>>();

  constructor(private readonly capacity: number = STYLESHEET_CACHE_CAPACITY) {}

  get(db: object, websiteId: string, hash: string): string | undefined {
    const entries = this.#byDatabase.get(db);
    const key = `${websiteId}:${hash}`;
    const css = entries?.get(key);
    if (css !== undefined) {
      entries!.delete(key);
      entries!.set(key, css);
    }
    return css;
  }

  set(db: object, websiteId: string, hash: string, css: string): void {
    let entries = this.#byDatabase.get(db);
    if (!entries) this.#byDatabase.set(db, (entries = new Map()));
    entries.set(`${websiteId}:${hash}`, css);
    while (entries.size > this.capacity) entries.delete(entries.keys().next().value!);
  }

  size(db: object): number {
    return this.#byDatabase.get(db)?.size ?? 0;
  }
}
