import type { Kysely, Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Collection, Database, ProductRow, VariantRow, Website } from '../db/schema';
import { productItemJson, type ProductItemJson } from './product-item';

type Db = Kysely<Database> | Transaction<Database>;

export async function findCollectionByUrlId(db: Db, websiteId: string, urlId: string): Promise<Collection | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('url_id', '=', urlId)
    .executeTakeFirst();
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
    .executeTakeFirst();
}

export async function listVariants(db: Db, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('display_index')
    .execute();
}

/**
 * One product as the Squarespace-shaped item, or undefined when the id is unknown on this website.
 * One round trip: the variants come along as a JSON array (the add-to-cart path reads this on every call).
 */
export async function loadProductItem(
  db: Db,
  website: Website,
  productId: string,
): Promise<{ product: ProductRow; variants: VariantRow[]; item: ProductItemJson } | undefined> {
  const row = await db
    .selectFrom('products')
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .selectAll('products')
    .select((eb) => [
      'collections.url_id as collection_url_id',
      jsonArrayFrom(
        eb.selectFrom('variants').selectAll('variants').whereRef('variants.product_id', '=', 'products.id').orderBy('variants.display_index'),
      ).as('variant_rows'),
    ])
    .where('products.website_id', '=', website.id)
    .where('products.id', '=', productId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { collection_url_id: collectionUrlId, variant_rows: variantRows, ...product } = row;
  // JSON carries the same columns; bigint money arrives as JSON numbers.
  const variants = variantRows as unknown as VariantRow[];
  return { product, variants, item: productItemJson(product, variants, website, collectionUrlId) };
}

/** Every product of a store collection, in display order, as items. */
export async function listCollectionItems(db: Db, website: Website, collection: Collection): Promise<ProductItemJson[]> {
  const products = await db
    .selectFrom('products')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('collection_id', '=', collection.id)
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
