import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Collection, Database, ProductRow, ProductsTable, VariantRow, Website } from '../db/schema';
import { productItemJson, type ProductItemJson } from './product-item';
import { imageAssetUrl } from '../images';

type Db = Kysely<Database> | Transaction<Database>;

/** A collection with its social picture's address (migration 036), for the store page's head. */
export type CollectionWithSeoImage = Collection & { seo_image_url: string | null };

export async function findCollectionByUrlId(db: Db, websiteId: string, urlId: string): Promise<CollectionWithSeoImage | undefined> {
  const row = await db
    .selectFrom('collections')
    .leftJoin('images', (join) => join.onRef('images.id', '=', 'collections.seo_image_id').onRef('images.website_id', '=', 'collections.website_id'))
    .selectAll('collections')
    .select('images.filename as seo_image_filename')
    .where('collections.website_id', '=', websiteId)
    .where('collections.url_id', '=', urlId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { seo_image_filename: filename, ...collection } = row;
  return { ...collection, seo_image_url: collection.seo_image_id && filename ? imageAssetUrl(collection.seo_image_id, filename) : null };
}

export async function findProductBySlug(
  db: Db,
  websiteId: string,
  collectionId: string,
  slug: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', slug)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

export async function listVariants(db: Db, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .where('archived_at', 'is', null)
    .orderBy('product_id')
    .orderBy('display_index')
    .execute();
}

/** A product as the server works with it: its row, its variants in display order, and its item JSON. */
export interface LoadedProduct {
  product: ProductRow;
  variants: VariantRow[];
  item: ProductItemJson;
}

/** Every product column but the search document (migration 005), which only search reads. */
const PRODUCT_JSON_COLUMNS = [
  'id', 'website_id', 'collection_id', 'url_id', 'title', 'excerpt', 'body', 'asset_url', 'product_type', 'price_cents',
  'sale_price_cents', 'on_sale', 'is_subscribable', 'subscription_plan', 'additional_fields_form_id', 'additional_fields_form',
  'use_custom_add_button_text', 'custom_add_button_text', 'variant_option_ordering', 'merchandising', 'images', 'tags',
  'option_values_text', 'display_index', 'created_at', 'archived_at', 'categories', 'seo_title', 'seo_description', 'seo_image_id',
] as const satisfies readonly (keyof ProductsTable)[];
// A column added to the table must be added above (or excluded here): this fails to compile otherwise.
type MissingProductColumn = Exclude<keyof ProductsTable, (typeof PRODUCT_JSON_COLUMNS)[number] | 'search_document'>;
const productColumnsComplete: MissingProductColumn extends never ? true : MissingProductColumn = true;
void productColumnsComplete;

/**
 * The one product read, as SQL: the product (website `websiteParam`, id `productParam`; null when archived) with its
 * collection's address and its variants on sale (not archived) in display order, as one JSON value (null when unknown).
 * Other statements embed it (add to cart reads it together with the locked cart). The columns are
 * named rather than `p.*`, and the value is `json` rather than `jsonb`: converting the search
 * document to jsonb and normalising the whole value cost the product page about a third of this read.
 */
export const productJsonSelect = (websiteParam: string, productParam: string) => `(SELECT row_to_json(item) FROM (
    SELECT ${PRODUCT_JSON_COLUMNS.map((column) => `p.${column}`).join(', ')}, col.url_id AS collection_url_id,
      COALESCE((SELECT json_agg(v ORDER BY v.display_index) FROM variants v WHERE v.product_id = p.id AND v.archived_at IS NULL), '[]') AS variant_rows
    FROM products p JOIN collections col ON col.id = p.collection_id
    WHERE p.website_id = ${websiteParam} AND p.id = ${productParam} AND p.archived_at IS NULL
  ) item)`;

/** What productJsonSelect answers: every product column (timestamps as text), the address and the variants. */
export type ProductJsonValue = Omit<ProductRow, 'created_at' | 'search_document'> & { created_at: string; collection_url_id: string; variant_rows: VariantRow[] };

/** The rows of a productJsonSelect value (timestamps turned back into dates). */
export function productRowsOf(json: ProductJsonValue): { product: ProductRow; variants: VariantRow[]; collectionUrlId: string } {
  const { collection_url_id: collectionUrlId, variant_rows: variants, ...row } = json;
  return { product: { ...row, search_document: null, created_at: new Date(row.created_at) }, variants, collectionUrlId };
}

export function loadedProductOf(json: ProductJsonValue, website: Website): LoadedProduct {
  const { product, variants, collectionUrlId } = productRowsOf(json);
  return { product, variants, item: productItemJson(product, variants, website, collectionUrlId) };
}

const LOAD_PRODUCT = `SELECT ${productJsonSelect('$1', '$2')} AS product_json`;

/** One product's rows, or undefined when the id is unknown on this website: one round trip. */
export async function loadProductRows(db: Db, websiteId: string, productId: string): Promise<ReturnType<typeof productRowsOf> | undefined> {
  const { rows } = await db.executeQuery<{ product_json: ProductJsonValue | null }>(CompiledQuery.raw(LOAD_PRODUCT, [websiteId, productId]));
  const json = rows[0]?.product_json;
  return json ? productRowsOf(json) : undefined;
}

/** One product with its item JSON, or undefined when the id is unknown on this website: one round trip. */
export async function loadProductItem(db: Db, website: Website, productId: string): Promise<LoadedProduct | undefined> {
  const rows = await loadProductRows(db, website.id, productId);
  return rows ? { product: rows.product, variants: rows.variants, item: productItemJson(rows.product, rows.variants, website, rows.collectionUrlId) } : undefined;
}

/** Every product of a store collection, in display order, as items. */
export async function listCollectionItems(db: Db, website: Website, collection: Collection): Promise<ProductItemJson[]> {
  const products = await db
    .selectFrom('products')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('collection_id', '=', collection.id)
    .where('archived_at', 'is', null)
    .orderBy('display_index')
    .orderBy('id')
    .execute();
  const variants = await listVariants(db, products.map((product) => product.id));
  const byProduct = new Map<string, VariantRow[]>();
  for (const variant of variants) {
    const list = byProduct.get(variant.product_id) ?? [];
    list.push(variant);
    byProduct.set(variant.product_id, list);
  }
  return products.map((product) => productItemJson(product, byProduct.get(product.id) ?? [], website, collection.url_id));
}

/**
 * The products of a store collection with these ids, as items, in the ids' order (the shop's filtered page:
 * catalog/facets.ts picks and orders the ids). An id of another website or collection, or archived, is left out.
 */
export async function listCollectionItemsByIds(db: Db, website: Website, collection: Collection, ids: readonly string[]): Promise<ProductItemJson[]> {
  if (ids.length === 0) return [];
  const products = await db
    .selectFrom('products')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('collection_id', '=', collection.id)
    .where('id', 'in', ids)
    .where('archived_at', 'is', null)
    .execute();
  const variants = await listVariants(db, products.map((product) => product.id));
  const byProduct = new Map<string, VariantRow[]>();
  for (const variant of variants) {
    const list = byProduct.get(variant.product_id) ?? [];
    list.push(variant);
    byProduct.set(variant.product_id, list);
  }
  const byId = new Map(products.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    return product ? [productItemJson(product, byProduct.get(product.id) ?? [], website, collection.url_id)] : [];
  });
}
