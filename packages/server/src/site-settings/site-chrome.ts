import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { cacheCountsFor, type CacheCounts } from '../cache-counts';
import { onContentChanged } from '../content';
import { sanitiseHtml } from './html-sanitiser';
import { defaultMainNavigation, headerLinksOf, layoutLinksOf, MAIN_NAVIGATION } from './navigation-rules';
import { listLinkTargets } from './link-targets';
import { loadShownFooter, type ShownFooter } from './footer';
import { loadShownAnnouncement, type ShownAnnouncement } from './announcement';
import { listNavigations, listStoresForLinks, readHeaderFooter } from './queries';

/**
 * What the theme shows around every page from the site settings: the main navigation's links and the
 * owner's header and footer HTML. Read per process and kept CHROME_FRESH_MS, like the website row
 * (websites/cache.ts), so a product page pays nothing but a lookup. A change saved in this process is
 * seen on the next request (notifySiteChromeChanged); one saved by another process within CHROME_FRESH_MS.
 */
export const CHROME_FRESH_MS = 1000;

export interface SiteChrome {
  /** The main navigation as header links; undefined when the site has navigations but no main one. */
  navigation: Array<{ title: string; url: string }> | undefined;
  headerHtml: string;
  footerHtml: string;
  /** The footer's columns of links, social links and legal text (footer.ts): the owner's, or made from the site's pages. */
  footer: ShownFooter;
  /** The announcement bar above the header (announcement.ts), or null: none. */
  announcement: ShownAnnouncement | null;
}

type Listener = (websiteId: string) => void;
const listeners = new Set<Listener>();

/** Tells every chrome cache in this process that a website's navigation, header or footer changed. */
export function notifySiteChromeChanged(websiteId: string): void {
  for (const listener of listeners) listener(websiteId);
}

// A page published, unpublished or deleted changes which of its links the header shows.
onContentChanged(notifySiteChromeChanged);

/** Reads the chrome from the database (no cache). */
export async function loadSiteChrome(db: Kysely<Database>, websiteId: string): Promise<SiteChrome> {
  const [navigations, stores, linkTargets, headerFooter, footer, announcement] = await Promise.all([
    listNavigations(db, websiteId),
    listStoresForLinks(db, websiteId),
    // Stores and the pages visitors can open: a draft page's link stays out of the header until it is live.
    listLinkTargets(db, websiteId, { liveOnly: true }),
    readHeaderFooter(db, websiteId),
    loadShownFooter(db, websiteId),
    loadShownAnnouncement(db, websiteId),
  ]);
  const storesById = new Map(linkTargets.map((target) => [target.id, target]));
  const main = navigations.length === 0 ? defaultMainNavigation(stores) : navigations.find((n) => n.fieldName === MAIN_NAVIGATION)?.items;
  return {
    navigation: main ? headerLinksOf(layoutLinksOf(main, storesById), storesById) : undefined,
    // Stored sanitised; sanitised again here (once per read) so a stricter sanitiser covers old rows too.
    headerHtml: sanitiseHtml(headerFooter.header),
    footerHtml: sanitiseHtml(headerFooter.footer),
    footer,
    announcement,
  };
}

/** Exported for tests (a clock of their own); pages use readSiteChrome. */
export class SiteChromeCache {
  readonly #entries = new Map<string, { chrome: Promise<SiteChrome>; readAt: number }>();
  readonly #counts: CacheCounts;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    listeners.add((websiteId) => this.#entries.delete(websiteId));
    this.#counts = cacheCountsFor(db, 'site-chrome');
  }

  get(websiteId: string): Promise<SiteChrome> {
    const time = this.now();
    const entry = this.#entries.get(websiteId);
    if (entry && time - entry.readAt < CHROME_FRESH_MS) {
      this.#counts.hit();
      return entry.chrome;
    }
    this.#counts.miss();
    const chrome = loadSiteChrome(this.db, websiteId);
    const next = { chrome, readAt: time };
    this.#entries.set(websiteId, next);
    // A failed read is not kept: the next request tries again.
    chrome.catch(() => {
      if (this.#entries.get(websiteId) === next) this.#entries.delete(websiteId);
    });
    return chrome;
  }
}

/** One cache per database handle (every app of this process on that database shares it). */
const caches = new WeakMap<Kysely<Database>, SiteChromeCache>();

/** The site chrome for a page: at most CHROME_FRESH_MS old, concurrent pages sharing one read. */
export function readSiteChrome(db: Kysely<Database>, websiteId: string): Promise<SiteChrome> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SiteChromeCache(db);
    caches.set(db, cache);
  }
  return cache.get(websiteId);
}
