import type { Kysely } from 'kysely';
import type { Collection, Database, ProductRow, Website } from '../db/schema';
import { findCollectionByUrlId, findProductBySlug, listRelatedProducts, type CollectionWithSeoImage, type ProductItemJson } from '../catalog';
import { findFooterNewsletterForm, type StoredForm } from '../forms';
import { cacheCountsFor, type CacheCounts } from '../cache-counts';

/**
 * How long one process may keep reading the site's structure from memory: collections by address,
 * product addresses, the navigation. Several processes each keep their own copy, so a change made
 * through any of them (or straight in the database) shows everywhere within this time. Nothing a
 * shopper changes is kept here: carts, stock, prices, orders, sessions and crumbs are read every time.
 */
export const CATALOG_CACHE_TTL_MS = 5_000;

/** Entries per table; past this (addresses made up by crawlers), the table starts over. */
const MAX_ENTRIES = 1_000;

/** Values that expire TTL ms after they were read; concurrent misses of one key share one read. */
export class ExpiringCache<V> {
  readonly #entries = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Where its hits and misses are counted (cache-counts.ts, read by /metrics); none in tests of the cache alone. */
    private readonly counts?: CacheCounts,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const time = this.now();
    const cached = this.#entries.get(key);
    if (cached && cached.expires > time) {
      this.counts?.hit();
      return cached.value;
    }
    this.counts?.miss();
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    const value = load();
    this.#entries.set(key, { expires: time + this.ttlMs, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}

export interface StoreLink {
  title: string;
  url: string;
}

/** Product collections (stores) are collection type 13. */
export const STORE_COLLECTION_TYPE = 13;

/** The site structure pages read on every request, kept per process for CATALOG_CACHE_TTL_MS, per website. */
export class CatalogCache {
  readonly #collections: ExpiringCache<CollectionWithSeoImage | undefined>;
  readonly #productIds: ExpiringCache<string | undefined>;
  readonly #stores: ExpiringCache<Collection[]>;
  readonly #related: ExpiringCache<ProductItemJson[]>;
  readonly #footerNewsletter: ExpiringCache<StoredForm | undefined>;

  // Content pages are not kept here: they are read on each request, so a publish shows at once everywhere.
  constructor(private readonly db: Kysely<Database>) {
    // Each table counted under its own name on /metrics (vitrine_cache_requests_total{cache=…}).
    const counted = <V>(name: string) => new ExpiringCache<V>(CATALOG_CACHE_TTL_MS, Date.now, cacheCountsFor(db, name));
    this.#collections = counted('catalog-collections');
    this.#productIds = counted('catalog-product-addresses');
    this.#stores = counted('catalog-stores');
    this.#related = counted('catalog-related-products');
    this.#footerNewsletter = counted('catalog-footer-newsletter');
  }

  /**
   * Forgets everything read so far: the owner's catalog calls run it after each write, so this process
   * serves the change on its next request (other processes within CATALOG_CACHE_TTL_MS).
   */
  forgetAll(): void {
    this.#collections.clear();
    this.#productIds.clear();
    this.#stores.clear();
    this.#related.clear();
    this.#footerNewsletter.clear();
  }

  /** The newsletter form every page's footer shows: read on every page, so kept like the navigation. */
  footerNewsletter(websiteId: string): Promise<StoredForm | undefined> {
    return this.#footerNewsletter.get(websiteId, () => findFooterNewsletterForm(this.db, websiteId));
  }

  collectionByUrlId(websiteId: string, urlId: string): Promise<CollectionWithSeoImage | undefined> {
    if (urlId.length > 200) return Promise.resolve(undefined);
    return this.#collections.get(`${websiteId}/${urlId}`, () => findCollectionByUrlId(this.db, websiteId, urlId));
  }

  /** The id of the product at /{collection}/p/{slug}: an address, not the product (its stock is read fresh). */
  productIdBySlug(websiteId: string, collectionId: string, slug: string): Promise<string | undefined> {
    if (slug.length > 200) return Promise.resolve(undefined);
    return this.#productIds.get(`${websiteId}/${collectionId}/${slug}`, async () => {
      const product = await findProductBySlug(this.db, websiteId, collectionId, slug);
      return product?.id;
    });
  }

  /**
   * The related products shown under a product (catalog/related.ts): reading them costs as much as the
   * rest of the page, so a process keeps each product's list for the cache's lifetime. Their cards'
   * sold-out marks may lag stock by that much; the product's own form always reads stock fresh.
   */
  relatedProducts(website: Website, product: Pick<ProductRow, 'id' | 'collection_id' | 'tags'>): Promise<ProductItemJson[]> {
    return this.#related.get(`${website.id}/${product.id}`, () => listRelatedProducts(this.db, website, product));
  }

  /** Every store collection, oldest first (the first is the home page's and "Shop now"'s). */
  stores(websiteId: string): Promise<Collection[]> {
    return this.#stores.get(websiteId, () =>
      this.db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('type', '=', STORE_COLLECTION_TYPE)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    );
  }
}
