import { sql, type Kysely, type Transaction } from 'kysely';
import type { OwnerProductJson, OwnerVariantJson, ProductBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, ProductRow, VariantRow, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { productImageRecords } from '../images';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { authorize } from '../authorize';
import { STORE_COLLECTION_TYPE } from './stores';
import { productColumns, variantColumns, type ProductRecord } from './product-rows';
import { checkProduct, nextUnusedUrlId, urlIdOf, type CheckedProduct } from './product-rules';
import { seoColumnsOf, seoFieldsJson, type SeoInput } from './seo-fields';
import { takeQuota } from '../quotas';
import { recordAddressMove } from '../redirects';
import { recordProductDeletedWebhook, recordProductWebhook } from './webhook-events';

type Db = Kysely<Database> | Transaction<Database>;

export const MANAGE_MESSAGES = {
  productNotFound: 'No such product.',
  refused: 'Please correct the highlighted fields.',
  noStore: 'No such store.',
  noStoreYet: 'Create a store first.',
  urlIdTaken: 'Another product already has this urlId.',
  skuTaken: 'Another product has a variant with this sku.',
  notThisProductsVariant: "This variant is not one of this product's.",
  notThisProductsImage: "Name only this product's images.",
  unknownImage: 'Name only pictures uploaded to this website.',
  /** The social picture of a product is one of its own pictures (its page shows it). */
  seoImageNotThisProducts: "Choose one of this product's pictures as its social picture.",
  changedMeanwhile: 'This product was changed at the same time. Please reload it and try again.',
} as const;

/** A kept variant's sku for the moment its product is rewritten (no sku can hold this character). */
const MOVING_SKU_PREFIX = '\u0001moving:';

/** PostgreSQL's unique_violation and foreign_key_violation. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23503';

// ---------------------------------------------------------------------------------------------
// Reading

export function ownerVariantJson(variant: VariantRow): OwnerVariantJson {
  return {
    id: variant.id,
    sku: variant.sku,
    optionValues: variant.option_values,
    priceCents: Number(variant.price_cents),
    salePriceCents: Number(variant.sale_price_cents),
    onSale: variant.on_sale,
    qtyInStock: variant.qty_in_stock,
    unlimited: variant.unlimited,
    imageIds: variant.image_ids,
    weightGrams: variant.weight_grams,
  };
}

export function ownerProductJson(product: ProductRow, variants: readonly VariantRow[], storeUrlId: string): OwnerProductJson {
  return {
    id: product.id,
    storeId: product.collection_id,
    productType: product.product_type,
    title: product.title,
    urlId: product.url_id,
    fullUrl: productPathOf(storeUrlId, product.url_id),
    excerpt: product.excerpt,
    body: product.body,
    onSale: product.on_sale,
    variantOptionOrdering: product.variant_option_ordering,
    variants: variants.map(ownerVariantJson),
    isSubscribable: product.is_subscribable,
    subscriptionPlan: product.subscription_plan ?? null,
    additionalFieldsForm: product.additional_fields_form ?? null,
    useCustomAddButtonText: product.use_custom_add_button_text,
    customAddButtonText: product.custom_add_button_text,
    merchandising: product.merchandising,
    tags: product.tags,
    categories: product.categories,
    images: (product.images ?? []).map(({ id, assetUrl, altText, title, body, filename, originalSize }) => ({ id, assetUrl, altText, title, body, filename, originalSize })),
    archivedAt: product.archived_at ? new Date(product.archived_at).toISOString() : null,
    ...seoFieldsJson(product, (product.images ?? []).find((image) => image.id === product.seo_image_id)?.assetUrl),
  };
}

/**
 * One product, archived or not, with its variants on sale, as the owner sees it; undefined when unknown here. The
 * variants archived by a reshape of its options are left out: only the orders and carts that name them read them.
 */
export async function readOwnerProduct(db: Db, websiteId: string, productId: string): Promise<OwnerProductJson | undefined> {
  const product = await db
    .selectFrom('products')
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .selectAll('products')
    .select('collections.url_id as store_url_id')
    .where('products.website_id', '=', websiteId)
    .where('products.id', '=', productId)
    .executeTakeFirst();
  if (!product) return undefined;
  const variants = await db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', '=', product.id)
    .where('archived_at', 'is', null)
    .orderBy('display_index')
    .orderBy('id')
    .execute();
  const { store_url_id: storeUrlId, ...row } = product;
  return ownerProductJson(row as ProductRow, variants, storeUrlId);
}

/** GET /api/owner/products/:productId */
export async function getOwnerProduct(db: Kysely<Database>, website: Website, actor: Actor, input: { productId: string }) {
  authorize(actor, 'catalog:read');
  const product = await readOwnerProduct(db, website.id, input.productId);
  if (!product) throw notFound(MANAGE_MESSAGES.productNotFound);
  return { product };
}

// ---------------------------------------------------------------------------------------------
// Writing: one path for create, edit and the CSV import

export interface ProductWrite {
  checked: CheckedProduct;
  /** Given by the owner; made from the title when absent on a new product, kept on an edit. */
  urlId?: string;
  /** The store; the oldest store when absent on a new product, kept on an edit. */
  storeId?: string;
  /** The product's images, replacing its own (the CSV import's Image Src); kept when absent. */
  images?: ProductRecord['images'];
  /** Uploaded pictures of the website, replacing the product's images (the owner's calls); kept when absent. */
  imageIds?: string[];
  /** The page head's fields (the owner's calls); each kept when absent. */
  seo?: SeoInput;
}

async function resolveStoreId(trx: Transaction<Database>, websiteId: string, storeId: string | undefined): Promise<string> {
  let query = trx.selectFrom('collections').select('id').where('website_id', '=', websiteId).where('type', '=', STORE_COLLECTION_TYPE);
  query = storeId !== undefined ? query.where('id', '=', storeId) : query.orderBy('created_at').orderBy('id');
  const store = await query.executeTakeFirst();
  if (!store) throw storeId !== undefined ? invalid(MANAGE_MESSAGES.noStore, { storeId: MANAGE_MESSAGES.noStore }) : conflict(MANAGE_MESSAGES.noStoreYet);
  return store.id;
}

async function takenProductUrlIds(trx: Transaction<Database>, websiteId: string, base: string, exceptProductId?: string): Promise<Set<string>> {
  let query = trx
    .selectFrom('products')
    .select('url_id')
    .where('website_id', '=', websiteId)
    .where((eb) => eb.or([eb('url_id', '=', base), eb('url_id', 'like', `${base.replace(/[\\%_]/g, '\\$&')}-%`)]));
  if (exceptProductId) query = query.where('id', '<>', exceptProductId);
  return new Set((await query.execute()).map((row) => row.url_id));
}

/** A product's address on the storefront: `/{store}/p/{urlId}`. */
export const productPathOf = (storeUrlId: string, urlId: string): string => `/${storeUrlId}/p/${urlId}`;

/** Fails with every field error at once; nothing has been written when it throws. */
function refuse(errors: Record<string, string>, kind: 'invalid' | 'conflict' = 'invalid'): never {
  throw (kind === 'invalid' ? invalid : conflict)(Object.values(errors)[0] ?? MANAGE_MESSAGES.refused, errors);
}

/** The skus among `skus` that a variant on sale of another product already has (an archived one gives its sku up). */
async function skusOfOtherProducts(trx: Transaction<Database>, websiteId: string, skus: readonly string[], productId: string | undefined): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  let query = trx.selectFrom('variants').select('sku').where('website_id', '=', websiteId).where('sku', 'in', skus).where('archived_at', 'is', null);
  if (productId) query = query.where('product_id', '<>', productId);
  return new Set((await query.execute()).map((row) => row.sku));
}

/**
 * Writes a new product (no `productId`) or replaces one, inside the caller's transaction. Field errors
 * that need the database (store, urlId, skus, variant and image ids) are all reported together.
 */
export async function saveProduct(trx: Transaction<Database>, websiteId: string, productId: string | undefined, write: ProductWrite): Promise<{ id: string; created: boolean }> {
  const { checked } = write;
  // A new product takes one of the website's product quota first (its lock before any other; 403 at the limit).
  if (!productId) await takeQuota(trx, websiteId, 'products', 1);
  const errors: Record<string, string> = {};
  const existing = productId
    ? await trx.selectFrom('products').selectAll().where('website_id', '=', websiteId).where('id', '=', productId).forUpdate().executeTakeFirst()
    : undefined;
  if (productId && !existing) throw notFound(MANAGE_MESSAGES.productNotFound);
  const existingVariants = existing
    ? await trx.selectFrom('variants').select(['id', 'sku']).where('product_id', '=', existing.id).where('archived_at', 'is', null).orderBy('display_index').execute()
    : [];

  const collectionId = write.storeId !== undefined || !existing ? await resolveStoreId(trx, websiteId, write.storeId) : existing.collection_id;

  let urlId: string;
  if (write.urlId !== undefined) {
    urlId = write.urlId;
    if ((await takenProductUrlIds(trx, websiteId, urlId, existing?.id)).has(urlId)) errors.urlId = MANAGE_MESSAGES.urlIdTaken;
  } else if (existing) urlId = existing.url_id;
  else {
    const base = urlIdOf(checked.record.title) || 'product';
    urlId = nextUnusedUrlId(base, await takenProductUrlIds(trx, websiteId, base));
  }

  const taken = await skusOfOtherProducts(trx, websiteId, checked.variants.map((variant) => variant.sku), existing?.id);
  const ownVariantIds = new Set(existingVariants.map((variant) => variant.id));
  let images = write.images ?? (existing ? (existing.images as ProductRecord['images']) : []);
  if (write.imageIds !== undefined) {
    // Locked FOR SHARE by the images domain: a picture cannot be deleted while this product takes it.
    images = await productImageRecords(trx, websiteId, [...new Set(write.imageIds)]);
    if (images.length < new Set(write.imageIds).size) errors.imageIds = MANAGE_MESSAGES.unknownImage;
  }
  const imageIds = new Set(images.map((image) => image.id));
  const seo = seoColumnsOf(write.seo ?? {});
  // A social picture no longer among the product's pictures is dropped with them; naming one that is not is refused.
  if (write.seo?.seoImageId && !imageIds.has(write.seo.seoImageId)) errors.seoImageId = MANAGE_MESSAGES.seoImageNotThisProducts;
  else if (seo.seo_image_id === undefined && existing?.seo_image_id && !imageIds.has(existing.seo_image_id)) seo.seo_image_id = null;
  checked.variants.forEach((variant, index) => {
    if (taken.has(variant.sku)) errors[`variants.${index}.sku`] = MANAGE_MESSAGES.skuTaken;
    if (variant.id !== undefined && !ownVariantIds.has(variant.id)) errors[`variants.${index}.id`] = MANAGE_MESSAGES.notThisProductsVariant;
    if (variant.imageIds.some((id) => !imageIds.has(id))) errors[`variants.${index}.imageIds`] = MANAGE_MESSAGES.notThisProductsImage;
  });
  if (Object.keys(errors).length > 0) refuse(errors, errors.urlId || Object.values(errors).includes(MANAGE_MESSAGES.skuTaken) ? 'conflict' : 'invalid');

  const record: ProductRecord = { ...checked.record, urlId, images };
  const columns = { ...productColumns(record, checked.variants), ...seo };
  const id = existing?.id ?? newId();
  if (existing) {
    await trx.updateTable('products').set({ ...columns, collection_id: collectionId }).where('id', '=', id).execute();
    // A product on sale that changes address (its urlId or its store) keeps its old one working: a 301 (redirects/).
    if (existing.archived_at === null && (existing.url_id !== urlId || existing.collection_id !== collectionId)) {
      const stores = new Map((await trx.selectFrom('collections').select(['id', 'url_id']).where('id', 'in', [existing.collection_id, collectionId]).execute()).map((store) => [store.id, store.url_id]));
      await recordAddressMove(trx, websiteId, productPathOf(stores.get(existing.collection_id)!, existing.url_id), productPathOf(stores.get(collectionId)!, urlId));
    }
  } else {
    const last = await trx.selectFrom('products').select((eb) => eb.fn.max('display_index').as('last')).where('collection_id', '=', collectionId).executeTakeFirst();
    await trx
      .insertInto('products')
      .values({ id, website_id: websiteId, collection_id: collectionId, display_index: (last?.last ?? -1) + 1, ...columns })
      .execute();
  }

  // Variants: removed ones go first (their skus may be reused), then the kept ones move aside to
  // temporary skus (two variants may swap skus), then each is written in its new place.
  const keptIds = new Set(checked.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const removed = existingVariants.filter((variant) => !keptIds.has(variant.id)).map((variant) => variant.id);
  for (const variantId of removed) await retireVariant(trx, variantId);
  if (keptIds.size > 0) {
    await trx.updateTable('variants').set({ sku: sql<string>`${MOVING_SKU_PREFIX}::text || id` }).where('id', 'in', [...keptIds]).execute();
  }
  for (const [index, variant] of checked.variants.entries()) {
    if (variant.id !== undefined) {
      await trx.updateTable('variants').set(variantColumns(variant, index)).where('id', '=', variant.id).execute();
    } else {
      await trx
        .insertInto('variants')
        .values({ id: newId(), website_id: websiteId, product_id: id, qty_in_stock: variant.qtyInStock, ...variantColumns(variant, index) })
        .execute();
    }
  }
  await recordProductWebhook(trx, websiteId, existing ? 'product.updated' : 'product.created', id);
  return { id, created: !existing };
}

/**
 * Takes a variant off its product: deleted when nothing points at it, else archived (a cart, an order, a restock
 * sign-up or a subscription keeps reading it; it is never sold, listed or counted again). The database decides
 * what "points at" means — every foreign key to variants, present and future — by refusing the delete, inside a
 * savepoint so that the refusal does not end the owner's transaction. The delete also waits for a shopper's
 * transaction that is inserting a line for this variant, then sees it: no reference slips between look and delete.
 */
async function retireVariant(trx: Transaction<Database>, variantId: string): Promise<'deleted' | 'archived'> {
  await sql`SAVEPOINT retire_variant`.execute(trx);
  try {
    await trx.deleteFrom('variants').where('id', '=', variantId).execute();
    await sql`RELEASE SAVEPOINT retire_variant`.execute(trx);
    return 'deleted';
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    await sql`ROLLBACK TO SAVEPOINT retire_variant`.execute(trx);
    await trx.updateTable('variants').set({ archived_at: sql<Date>`now()` }).where('id', '=', variantId).execute();
    return 'archived';
  }
}

/** Runs a product write in one transaction, turning a lost race on a unique key into a clear 409. */
async function writeProduct(db: Kysely<Database>, websiteId: string, productId: string | undefined, write: ProductWrite): Promise<string> {
  try {
    return await inTransaction(db, async (trx) => (await saveProduct(trx, websiteId, productId, write)).id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MANAGE_MESSAGES.changedMeanwhile);
    throw error;
  }
}

function checkedOrRefused(body: ProductBody, creating: boolean): CheckedProduct {
  const { product, errors } = checkProduct(body, { creating });
  if (Object.keys(errors).length > 0) refuse(errors);
  return product;
}

/** POST /api/owner/products */
export async function createProduct(db: Kysely<Database>, website: Website, actor: Actor, body: ProductBody) {
  authorize(actor, 'catalog:write');
  const checked = checkedOrRefused(body, true);
  const id = await writeProduct(db, website.id, undefined, { checked, urlId: body.urlId, storeId: body.storeId, imageIds: body.imageIds, seo: body });
  return { product: (await readOwnerProduct(db, website.id, id))! };
}

/** PUT /api/owner/products/:productId */
export async function updateProduct(db: Kysely<Database>, website: Website, actor: Actor, input: ProductBody & { productId: string }) {
  authorize(actor, 'catalog:write');
  const { productId, ...body } = input;
  const checked = checkedOrRefused(body, false);
  await writeProduct(db, website.id, productId, { checked, urlId: body.urlId, storeId: body.storeId, imageIds: body.imageIds, seo: body });
  return { product: (await readOwnerProduct(db, website.id, productId))! };
}

/** POST …/archive and …/restore: archiving takes the product off the storefront; restoring brings it back as it was. */
export async function setProductArchived(db: Kysely<Database>, website: Website, actor: Actor, input: { productId: string; archived: boolean }) {
  authorize(actor, 'catalog:write');
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('products').select('archived_at').where('website_id', '=', website.id).where('id', '=', input.productId).forUpdate().executeTakeFirst();
    if (!before) throw notFound(MANAGE_MESSAGES.productNotFound);
    await trx
      .updateTable('products')
      // Archiving an archived product keeps its first archive time.
      .set((eb) => ({ archived_at: input.archived ? eb.fn.coalesce('archived_at', eb.fn<Date>('now')) : null }))
      .where('id', '=', input.productId)
      .execute();
    // Only a change is an event: archiving an archived product tells no one again.
    if (input.archived && before.archived_at === null) await recordProductDeletedWebhook(trx, website.id, input.productId);
    if (!input.archived && before.archived_at !== null) await recordProductWebhook(trx, website.id, 'product.updated', input.productId);
  });
  return { product: (await readOwnerProduct(db, website.id, input.productId))! };
}
