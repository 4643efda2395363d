import { sql, type Kysely } from 'kysely';
import { hasAnyWebsite, insertWebsite, type NewWebsite } from '../websites';
import type { Database, ProductImageRecord } from '../db/schema';
import { stableId } from '../ids';
import { addBundledImages, bundledImageAssetUrl, bundledImageFilename, type BundledPicture } from '../images';
import { DEMO_COLLECTION, demoAssetsDir, DEMO_IMAGE_SIZE, DEMO_PRODUCTS, DEMO_WEBSITE, type DemoImage, type DemoProduct, type DemoVariant } from './demo-store';
import { productColumns, variantColumns, type ProductRecord, type VariantRecord } from './product-rows';

const SEED_LOCK_ID = 71_624_004;

/** The id of a demo image, stable across databases like every other demo id (per website: its identifier is in it). */
export const demoImageId = (file: string, websiteIdentifier: string = DEMO_WEBSITE.identifier) => stableId(`image:${websiteIdentifier}:${file}`);

export function demoImageRecord(image: DemoImage, websiteIdentifier: string = DEMO_WEBSITE.identifier): ProductImageRecord {
  const id = demoImageId(image.file, websiteIdentifier);
  return {
    id,
    assetUrl: bundledImageAssetUrl({ id, source: image.file }),
    altText: image.altText ?? '',
    title: image.title ?? '',
    body: image.body ?? '',
    filename: bundledImageFilename(image.file),
    originalSize: DEMO_IMAGE_SIZE,
  };
}

/** A demo product as the catalog stores it (the same write path as the owner's products). */
function demoProductRecord(product: DemoProduct, websiteIdentifier: string): ProductRecord {
  return {
    urlId: product.slug,
    title: product.title,
    excerpt: product.excerpt,
    body: '',
    productType: product.productType,
    onSale: product.onSale ?? false,
    isSubscribable: product.isSubscribable ?? false,
    subscriptionPlan: product.subscriptionPlan ?? null,
    additionalFieldsForm: (product.additionalFieldsForm as { id: string } | undefined) ?? null,
    useCustomAddButtonText: product.useCustomAddButtonText ?? false,
    customAddButtonText: product.customAddButtonText ?? '',
    variantOptionOrdering: product.variantOptionOrdering ?? [],
    merchandising: product.merchandising ?? {},
    tags: product.tags ?? [],
    categories: [],
    images: product.images.map((image) => demoImageRecord(image, websiteIdentifier)),
  };
}

function demoVariantRecord(variant: DemoVariant, websiteIdentifier: string): VariantRecord {
  return {
    sku: variant.sku,
    optionValues: variant.options ?? [],
    priceCents: variant.priceCents,
    salePriceCents: variant.salePriceCents ?? 0,
    onSale: variant.onSale ?? false,
    qtyInStock: variant.qtyInStock ?? 0,
    unlimited: variant.unlimited ?? false,
    imageIds: variant.image ? [demoImageId(variant.image, websiteIdentifier)] : [],
    weightGrams: variant.weightGrams ?? null,
  };
}

/**
 * Each demo picture once, for the images domain: its rows are written at seed time (size and colour data
 * read from the SVG) and each PNG original is drawn into the image store on its first request.
 */
function demoPictures(websiteIdentifier: string): BundledPicture[] {
  const images = new Map<string, DemoImage>();
  for (const product of DEMO_PRODUCTS) for (const image of product.images) if (!images.has(image.file)) images.set(image.file, image);
  return [...images.values()].map((image) => ({ id: demoImageId(image.file, websiteIdentifier), source: image.file, altText: image.altText, title: image.title, body: image.body }));
}

/**
 * Seeds the demo store when the database holds no website yet. Safe when several processes start at
 * once: an advisory lock makes the check-and-insert atomic. Ids are derived from names, so the demo
 * store has the same ids on every database. Returns whether it seeded.
 */
export async function seedDemoStore(
  db: Kysely<Database>,
  options: {
    /** More of the demo from other domains (restock sign-ups…), written in the same transaction through their fronts. */
    alsoSeed?: (trx: Kysely<Database>, websiteId: string) => Promise<void>;
    /** Told when the database turned out empty and seeding begins (a start prints it). */
    onSeeding?: () => void;
  } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Starting processes queue here for as long as the first one migrates or seeds: no lock timeout.
    await sql`SET LOCAL lock_timeout = 0`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    if (await hasAnyWebsite(trx)) return false;
    options.onSeeding?.();

    const websiteId = stableId(`website:${DEMO_WEBSITE.identifier}`);
    await writeDemoStore(trx, { id: websiteId, ...DEMO_WEBSITE });
    await options.alsoSeed?.(trx, websiteId);
    return true;
  });
}

/**
 * The demo store of a website: its row, pictures, the Shop collection and the sample products, in the caller's
 * transaction. Ids derive from the website's identifier, so the demo of `demo` and the sample content of a new
 * website never collide. The platform's "start with sample content" writes the same (platform/create-website.ts).
 */
export async function writeDemoStore(trx: Kysely<Database>, website: NewWebsite & { id: string }): Promise<void> {
  const { id: websiteId, identifier } = website;
  // The website row is the websites domain's: created through its front.
  await insertWebsite(trx, website);
  // The pictures are the images domain's, recorded through its front and served at /images/….
  await addBundledImages(trx, websiteId, demoAssetsDir, demoPictures(identifier));
  const collectionId = stableId(`collection:${identifier}:${DEMO_COLLECTION.urlId}`);
  await trx
    .insertInto('collections')
    .values({ id: collectionId, website_id: websiteId, url_id: DEMO_COLLECTION.urlId, title: DEMO_COLLECTION.title, description: DEMO_COLLECTION.description, type: 13 })
    .execute();
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const productId = stableId(`product:${identifier}:${product.slug}`);
    const record = demoProductRecord(product, identifier);
    const variants = product.variants.map((variant) => demoVariantRecord(variant, identifier));
    await trx
      .insertInto('products')
      .values({ id: productId, website_id: websiteId, collection_id: collectionId, display_index: index, ...productColumns(record, variants) })
      .execute();
    await trx
      .insertInto('variants')
      .values(
        variants.map((variant, variantIndex) => ({
          id: stableId(`variant:${identifier}:${variant.sku}`),
          website_id: websiteId,
          product_id: productId,
          qty_in_stock: variant.qtyInStock,
          ...variantColumns(variant, variantIndex),
        })),
      )
      .execute();
  }
}

/** An empty store for a website that starts without sample content: the Shop collection only, in the caller's transaction. */
export async function writeEmptyStore(trx: Kysely<Database>, websiteId: string, identifier: string): Promise<string> {
  const collectionId = stableId(`collection:${identifier}:${DEMO_COLLECTION.urlId}`);
  await trx
    .insertInto('collections')
    .values({ id: collectionId, website_id: websiteId, url_id: DEMO_COLLECTION.urlId, title: 'Shop', description: '', type: 13 })
    .execute();
  return collectionId;
}
