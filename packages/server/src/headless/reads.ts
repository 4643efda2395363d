import { sql, type Kysely } from 'kysely';
import {
  HEADLESS_LIMITS, HEADLESS_MESSAGES, PRODUCT_TYPES, type HeadlessCollectionJson, type HeadlessPageJson, type HeadlessPageQuery, type HeadlessPostJson,
  type HeadlessProductJson,
} from '@vitrine/contracts';
import { searchProducts, SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE } from '../catalog';
import type { Database, ProductImageRecord, Website } from '../db/schema';
import { invalid, notFound } from '../failures';
import { decodePageCursor, encodePageCursor, microsecondKey } from '../page-cursor';
import { hiddenProductTypes } from '../pages/offered-products';

/**
 * The headless API's reads (issue 37 item 3): what the storefront shows, in a frontend's shape. Read-only over the
 * catalog's and content's tables, every statement scoped by the website, as the product feed reads them
 * (api-keys/product-feed.ts): the domains' storefront reads answer the renderer's shapes, not these.
 *
 * Never shown: archived products and variants, membership (paywall) products, gift cards while the gift card feature
 * is off (pages/offered-products.ts: the storefront's rule); pages and posts that are not live (drafts, needing review,
 * private, scheduled for later), password-protected pages and member-area pages (and a blog that is either), folders
 * and courses. Stock is a state; the count only where the product page prints it (its scarcity line).
 */

type Db = Kysely<Database>;

export interface Shown<T> {
  items: T[];
  nextCursor: string | null;
  /** What the answer shows, for its Surrogate-Key header (page-cache/surrogate-keys.ts spelling). */
  keys: string[];
}

/** The page size asked for: 1 to 100, 20 when unsaid. */
export function pageSizeOf(query: HeadlessPageQuery): number {
  if (query.limit === undefined) return HEADLESS_LIMITS.defaultPageSize;
  const limit = Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > HEADLESS_LIMITS.maxPageSize) throw invalid(HEADLESS_MESSAGES.limit, { limit: HEADLESS_MESSAGES.limit });
  return limit;
}

/** A cursor of `length` parts, or a 400 (a client must not be sent silently back to the first page). */
function cursorOf(cursor: string | undefined, length: number): string[] | undefined {
  if (cursor === undefined) return undefined;
  const parts = decodePageCursor(cursor, length);
  if (!parts) throw invalid(HEADLESS_MESSAGES.cursor, { cursor: HEADLESS_MESSAGES.cursor });
  return parts;
}

function pageOf<Row, T>(rows: Row[], limit: number, keyOf: (row: Row) => string[], toJson: (row: Row) => T): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toJson), nextCursor: rows.length > limit && last ? encodePageCursor(keyOf(last)) : null };
}

const TYPE_NAMES: Record<number, HeadlessProductJson['type']> = {
  [PRODUCT_TYPES.physical]: 'physical', [PRODUCT_TYPES.digital]: 'digital', [PRODUCT_TYPES.service]: 'service', [PRODUCT_TYPES.giftCard]: 'gift-card',
};
/** Digital products and gift cards never run out. */
const NEVER_OUT_OF_STOCK = new Set<number>([PRODUCT_TYPES.digital, PRODUCT_TYPES.giftCard]);

const absolute = (origin: string, address: string) => {
  try {
    return new URL(address, origin).href;
  } catch {
    return address;
  }
};

// ---------------------------------------------------------------------------------------------
// Products

const PRODUCT_COLUMNS = [
  'products.id', 'products.url_id', 'products.title', 'products.excerpt', 'products.body', 'products.product_type', 'products.images', 'products.tags',
  'products.categories', 'products.merchandising', 'products.display_index', 'products.collection_id', 'collections.url_id as collection_url_id',
] as const;

async function offeredProducts(db: Db, website: Website) {
  const hidden = await hiddenProductTypes(db, website);
  return db
    .selectFrom('products')
    .innerJoin('collections', (join) => join.onRef('collections.id', '=', 'products.collection_id').onRef('collections.website_id', '=', 'products.website_id'))
    .select([...PRODUCT_COLUMNS])
    .where('products.website_id', '=', website.id)
    .where('products.archived_at', 'is', null)
    .where('products.product_type', 'not in', hidden);
}

type ProductRowRead = Awaited<ReturnType<Awaited<ReturnType<typeof offeredProducts>>['execute']>>[number];

async function productsJson(db: Db, website: Website, origin: string, rows: readonly ProductRowRead[]): Promise<HeadlessProductJson[]> {
  if (rows.length === 0) return [];
  const variants = await db
    .selectFrom('variants')
    .select(['id', 'product_id', 'sku', 'option_values', 'price_cents', 'sale_price_cents', 'on_sale', 'qty_in_stock', 'unlimited'])
    .where('website_id', '=', website.id)
    .where('product_id', 'in', rows.map((row) => row.id))
    .where('archived_at', 'is', null)
    .orderBy('product_id')
    .orderBy('display_index')
    .orderBy('id')
    .execute();
  const currency = website.currency;
  const money = (amount: number) => ({ amount: Number(amount), currency });
  return rows.map((product) => {
    const merchandising = (product.merchandising ?? {}) as Record<string, unknown>;
    // The product page prints the count only with its scarcity line on (storefront islands/product-view.ts).
    const countShown = merchandising.scarcityEnabled === true && typeof merchandising.scarcityText === 'string' && merchandising.scarcityText !== '';
    const images: ProductImageRecord[] = product.images ?? [];
    return {
      id: product.id,
      slug: product.url_id,
      path: `/${product.collection_url_id}/p/${product.url_id}`,
      title: product.title,
      excerpt: product.excerpt,
      description: product.body,
      type: TYPE_NAMES[product.product_type] ?? 'physical',
      collection: { id: product.collection_id, slug: product.collection_url_id },
      images: images.map((image) => ({ url: absolute(origin, image.assetUrl), alt: image.altText })),
      tags: product.tags ?? [],
      categories: product.categories ?? [],
      variants: variants
        .filter((variant) => variant.product_id === product.id)
        .map((variant) => {
          const endless = NEVER_OUT_OF_STOCK.has(product.product_type) || variant.unlimited;
          const left = Number(variant.qty_in_stock);
          const onSale = variant.on_sale && Number(variant.sale_price_cents) < Number(variant.price_cents);
          return {
            id: variant.id,
            sku: variant.sku,
            options: variant.option_values.map((option) => ({ name: option.optionName, value: option.value })),
            price: money(onSale ? variant.sale_price_cents : variant.price_cents),
            compareAtPrice: onSale ? money(variant.price_cents) : null,
            stock: { state: endless || left > 0 ? ('in_stock' as const) : ('out_of_stock' as const), quantity: !endless && countShown && left > 0 ? left : null },
          };
        }),
    };
  });
}

const productKeys = (websiteId: string, products: readonly HeadlessProductJson[]) => [
  `w-${websiteId}`,
  ...new Set(products.map((product) => `collection-${product.collection.id}`)),
  ...products.map((product) => `item-${product.id}`),
];

/** GET …/products: every offered product, by store, in each store's display order. */
export async function listProducts(db: Db, website: Website, origin: string, query: HeadlessPageQuery): Promise<Shown<HeadlessProductJson>> {
  const limit = pageSizeOf(query);
  const after = cursorOf(query.cursor, 3);
  let select = (await offeredProducts(db, website)).orderBy('products.collection_id').orderBy('products.display_index').orderBy('products.id').limit(limit + 1);
  if (after) select = select.where(sql<boolean>`(products.collection_id, products.display_index, products.id) > (${after[0]}, ${Number(after[1]) || 0}, ${after[2]})`);
  const rows = await select.execute();
  const page = pageOf(rows, limit, (row) => [row.collection_id, String(row.display_index), row.id], (row) => row);
  const items = await productsJson(db, website, origin, page.items);
  return { items, nextCursor: page.nextCursor, keys: [...productKeys(website.id, items), 'type-headless-products'] };
}

/** GET …/products/:ref: by id, else by URL slug (the first store's when two stores share one). */
export async function getProduct(db: Db, website: Website, origin: string, ref: string): Promise<{ product: HeadlessProductJson; keys: string[] }> {
  const rows = await (await offeredProducts(db, website))
    .where((eb) => eb.or([eb('products.id', '=', ref), eb('products.url_id', '=', ref)]))
    .orderBy(sql`products.id = ${ref}`, 'desc')
    .orderBy('products.collection_id')
    .limit(1)
    .execute();
  const [product] = await productsJson(db, website, origin, rows);
  if (!product) throw notFound(HEADLESS_MESSAGES.productNotFound);
  return { product, keys: productKeys(website.id, [product]) };
}

/** GET …/search?q=: the storefront search's order and rules, its pages of 48 named by the cursor. */
export async function searchCatalog(db: Db, website: Website, origin: string, query: { q: string; cursor?: string }): Promise<Shown<HeadlessProductJson>> {
  const after = cursorOf(query.cursor, 1);
  const page = after ? Number(after[0]) : 1;
  if (after && (!Number.isInteger(page) || page < 2 || page > SEARCH_MAX_PAGE)) throw invalid(HEADLESS_MESSAGES.cursor, { cursor: HEADLESS_MESSAGES.cursor });
  const results = await searchProducts(db, website, query.q, page, { hiddenProductTypes: await hiddenProductTypes(db, website) });
  const ids = results.items.map((item) => String(item.id));
  const rows = ids.length === 0 ? [] : await (await offeredProducts(db, website)).where('products.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = await productsJson(db, website, origin, ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
  const more = page * SEARCH_PAGE_SIZE < results.total && page < SEARCH_MAX_PAGE;
  return { items, nextCursor: more ? encodePageCursor([String(page + 1)]) : null, keys: [...productKeys(website.id, items), 'type-headless-search'] };
}

// ---------------------------------------------------------------------------------------------
// Collections (stores)

const collectionJson = (row: { id: string; url_id: string; title: string; description: string }): HeadlessCollectionJson => ({
  id: row.id, slug: row.url_id, path: `/${row.url_id}`, title: row.title, description: row.description,
});

const collections = (db: Db, website: Website) =>
  db.selectFrom('collections').select(['id', 'url_id', 'title', 'description', microsecondKey('created_at').as('created_key')]).where('website_id', '=', website.id);

/** GET …/collections: oldest first. */
export async function listCollections(db: Db, website: Website, query: HeadlessPageQuery): Promise<Shown<HeadlessCollectionJson>> {
  const limit = pageSizeOf(query);
  const after = cursorOf(query.cursor, 2);
  if (after && Number.isNaN(Date.parse(after[0]!))) throw invalid(HEADLESS_MESSAGES.cursor, { cursor: HEADLESS_MESSAGES.cursor });
  let select = collections(db, website).orderBy('created_at').orderBy('id').limit(limit + 1);
  if (after) select = select.where(sql<boolean>`(created_at, id) > (${after[0]}::timestamptz, ${after[1]})`);
  const page = pageOf(await select.execute(), limit, (row) => [row.created_key, row.id], collectionJson);
  return { ...page, keys: [`w-${website.id}`, ...page.items.map((item) => `collection-${item.id}`), 'type-headless-collections'] };
}

/** GET …/collections/:ref/products: the store and a page of its offered products in display order. */
export async function listCollectionProducts(
  db: Db, website: Website, origin: string, ref: string, query: HeadlessPageQuery,
): Promise<Shown<HeadlessProductJson> & { collection: HeadlessCollectionJson }> {
  const limit = pageSizeOf(query);
  const after = cursorOf(query.cursor, 2);
  const row = await collections(db, website).where((eb) => eb.or([eb('id', '=', ref), eb('url_id', '=', ref)])).orderBy(sql`id = ${ref}`, 'desc').executeTakeFirst();
  if (!row) throw notFound(HEADLESS_MESSAGES.collectionNotFound);
  let select = (await offeredProducts(db, website)).where('products.collection_id', '=', row.id).orderBy('products.display_index').orderBy('products.id').limit(limit + 1);
  if (after) select = select.where(sql<boolean>`(products.display_index, products.id) > (${Number(after[0]) || 0}, ${after[1]})`);
  const page = pageOf(await select.execute(), limit, (product) => [String(product.display_index), product.id], (product) => product);
  const items = await productsJson(db, website, origin, page.items);
  return { collection: collectionJson(row), items, nextCursor: page.nextCursor, keys: [...new Set([...productKeys(website.id, items), `collection-${row.id}`])] };
}

// ---------------------------------------------------------------------------------------------
// Pages and posts

/** Live, public, and neither password-protected nor in a member area (the rule for a page and for a post's blog). */
const publicLive = (table: 'site_pages' | 'site_items') => sql<boolean>`(
  ${sql.ref(`${table}.status`)} = 'published' OR (${sql.ref(`${table}.status`)} = 'scheduled' AND ${sql.ref(`${table}.publish_at`)} <= now())
) AND ${sql.ref(`${table}.deleted_at`)} IS NULL`;

const openPage = sql<boolean>`site_pages.kind NOT IN ('folder', 'course')
  AND NOT EXISTS (SELECT 1 FROM page_locks l WHERE l.page_id = site_pages.id AND l.website_id = site_pages.website_id)
  AND NOT EXISTS (SELECT 1 FROM member_area_pages m WHERE m.page_id = site_pages.id AND m.website_id = site_pages.website_id)`;

const pages = (db: Db, website: Website) =>
  db
    .selectFrom('site_pages')
    .select(['id', 'kind', 'url_id', 'title', 'description', 'seo_title', 'seo_description', 'body', 'is_home', 'updated_at'])
    .where('website_id', '=', website.id)
    .where(publicLive('site_pages'))
    .where(openPage);

const pageJson = (row: Awaited<ReturnType<ReturnType<typeof pages>['execute']>>[number]): HeadlessPageJson => ({
  id: row.id, slug: row.url_id, path: row.is_home ? '/' : `/${row.url_id}`, kind: row.kind, title: row.title, description: row.description,
  seo: { title: row.seo_title, description: row.seo_description }, updated: new Date(row.updated_at).getTime(), body: row.body,
});

/** GET …/pages: by URL slug. */
export async function listPages(db: Db, website: Website, query: HeadlessPageQuery): Promise<Shown<HeadlessPageJson>> {
  const limit = pageSizeOf(query);
  const after = cursorOf(query.cursor, 2);
  let select = pages(db, website).orderBy('url_id').orderBy('id').limit(limit + 1);
  if (after) select = select.where(sql<boolean>`(url_id, id) > (${after[0]}, ${after[1]})`);
  const page = pageOf(await select.execute(), limit, (row) => [row.url_id, row.id], pageJson);
  return { ...page, keys: [`w-${website.id}`, ...page.items.map((item) => `page-${item.id}`), 'type-headless-pages'] };
}

/** GET …/pages/:ref */
export async function getPage(db: Db, website: Website, ref: string): Promise<{ page: HeadlessPageJson; keys: string[] }> {
  const row = await pages(db, website).where((eb) => eb.or([eb('id', '=', ref), eb('url_id', '=', ref)])).orderBy(sql`id = ${ref}`, 'desc').executeTakeFirst();
  if (!row) throw notFound(HEADLESS_MESSAGES.pageNotFound);
  return { page: pageJson(row), keys: [`w-${website.id}`, `page-${row.id}`] };
}

/** When a post counts as posted (content/published.ts: first live, else its publish time). */
const postedAt = sql<Date>`coalesce(site_items.published_at, site_items.publish_at, site_items.created_at)`;
const postedKey = sql<string>`to_char(coalesce(site_items.published_at, site_items.publish_at, site_items.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const posts = (db: Db, website: Website) =>
  db
    .selectFrom('site_items')
    .innerJoin('site_pages', (join) => join.onRef('site_pages.id', '=', 'site_items.collection_id').onRef('site_pages.website_id', '=', 'site_items.website_id'))
    .select([
      'site_items.id', 'site_items.url_id', 'site_items.title', 'site_items.excerpt', 'site_items.author_name', 'site_items.tags', 'site_items.categories',
      'site_items.published_at', 'site_items.updated_at', 'site_items.body', 'site_pages.id as blog_id', 'site_pages.url_id as blog_url_id', 'site_pages.title as blog_title',
      postedKey.as('posted_key'),
    ])
    .where('site_items.website_id', '=', website.id)
    .where('site_items.record_type', '=', 1)
    .where('site_pages.kind', '=', 'blog')
    .where(publicLive('site_items'))
    .where(publicLive('site_pages'))
    .where(openPage);

const postJson = (row: Awaited<ReturnType<ReturnType<typeof posts>['execute']>>[number]): HeadlessPostJson => ({
  id: row.id, slug: row.url_id, path: `/${row.blog_url_id}/${row.url_id}`, blog: { id: row.blog_id, slug: row.blog_url_id, title: row.blog_title },
  title: row.title, excerpt: row.excerpt, author: row.author_name, tags: row.tags ?? [], categories: row.categories ?? [],
  published: row.published_at ? new Date(row.published_at).getTime() : null, updated: new Date(row.updated_at).getTime(), body: row.body,
});

/** GET …/posts: newest first across every public blog. */
export async function listPosts(db: Db, website: Website, query: HeadlessPageQuery): Promise<Shown<HeadlessPostJson>> {
  const limit = pageSizeOf(query);
  const after = cursorOf(query.cursor, 2);
  if (after && Number.isNaN(Date.parse(after[0]!))) throw invalid(HEADLESS_MESSAGES.cursor, { cursor: HEADLESS_MESSAGES.cursor });
  let select = posts(db, website).orderBy(postedAt, 'desc').orderBy('site_items.id', 'desc').limit(limit + 1);
  if (after) select = select.where(sql<boolean>`(${postedAt}, site_items.id) < (${after[0]}::timestamptz, ${after[1]})`);
  const page = pageOf(await select.execute(), limit, (row) => [row.posted_key, row.id], postJson);
  const blogs = new Set(page.items.map((item) => `page-${item.blog.id}`));
  return { ...page, keys: [`w-${website.id}`, ...blogs, ...page.items.map((item) => `item-${item.id}`), 'type-headless-posts'] };
}

/** GET …/posts/:ref: by id, else the newest post with that slug. */
export async function getPost(db: Db, website: Website, ref: string): Promise<{ post: HeadlessPostJson; keys: string[] }> {
  const row = await posts(db, website)
    .where((eb) => eb.or([eb('site_items.id', '=', ref), eb('site_items.url_id', '=', ref)]))
    .orderBy(sql`site_items.id = ${ref}`, 'desc')
    .orderBy(postedAt, 'desc')
    .executeTakeFirst();
  if (!row) throw notFound(HEADLESS_MESSAGES.postNotFound);
  return { post: postJson(row), keys: [`w-${website.id}`, `page-${row.blog_id}`, `item-${row.id}`] };
}
