import { sql, type Kysely } from 'kysely';
import { hasAnyWebsite, insertWebsite } from '../websites';
import type { Database, ProductImageRecord } from '../db/schema';
import { stableId } from '../ids';
import { addBundledImages, bundledImageAssetUrl, bundledImageFilename, type BundledPicture } from '../images';
import { DEMO_COLLECTION, demoAssetsDir, DEMO_IMAGE_SIZE, DEMO_PRODUCTS, DEMO_WEBSITE, type DemoImage, type DemoProduct, type DemoVariant } from './demo-store';
import { productColumns, variantColumns, type ProductRecord, type VariantRecord } from './product-rows';

const SEED_LOCK_ID = 71_624_004;

/** The id of a demo image, stable across databases like every other demo id. */
export const demoImageId = (file: string) => stableId(`image:${DEMO_WEBSITE.identifier}:${file}`);

export function demoImageRecord(image: DemoImage): ProductImageRecord {
  return {
    id: demoImageId(image.file),
    assetUrl: bundledImageAssetUrl({ id: demoImageId(image.file), source: image.file }),
    altText: image.altText ?? '',
    title: image.title ?? '',
    body: image.body ?? '',
    filename: bundledImageFilename(image.file),
    originalSize: DEMO_IMAGE_SIZE,
  };
}

/** A demo product as the catalog stores it (the same write path as the owner's products). */
function demoProductRecord(product: DemoProduct): ProductRecord {
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
    images: product.images.map(demoImageRecord),
  };
}

function demoVariantRecord(variant: DemoVariant): VariantRecord {
  return {
    sku: variant.sku,
    optionValues: variant.options ?? [],
    priceCents: variant.priceCents,
    salePriceCents: variant.salePriceCents ?? 0,
    onSale: variant.onSale ?? false,
    qtyInStock: variant.qtyInStock ?? 0,
    unlimited: variant.unlimited ?? false,
    imageIds: variant.image ? [demoImageId(variant.image)] : [],
    weightGrams: variant.weightGrams ?? null,
  };
}

/**
 * Each demo picture once, for the images domain: its rows are written at seed time (size and colour data
 * read from the SVG) and each PNG original is drawn into the image store on its first request.
 */
function demoPictures(): BundledPicture[] {
  const images = new Map<string, DemoImage>();
  for (const product of DEMO_PRODUCTS) for (const image of product.images) if (!images.has(image.file)) images.set(image.file, image);
  return [...images.values()].map((image) => ({ id: demoImageId(image.file), source: image.file, altText: image.altText, title: image.title, body: image.body }));
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

    // The website row is the websites domain's: created through its front.
    const websiteId = stableId(`website:${DEMO_WEBSITE.identifier}`);
    await insertWebsite(trx, { id: websiteId, ...DEMO_WEBSITE });
    // The pictures are the images domain's, recorded through its front and served at /images/….
    await addBundledImages(trx, websiteId, demoAssetsDir, demoPictures());

    const collectionId = stableId(`collection:${DEMO_WEBSITE.identifier}:${DEMO_COLLECTION.urlId}`);
    await trx
      .insertInto('collections')
      .values({
        id: collectionId,
        website_id: websiteId,
        url_id: DEMO_COLLECTION.urlId,
        title: DEMO_COLLECTION.title,
        description: DEMO_COLLECTION.description,
        type: 13,
      })
      .execute();

    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const productId = stableId(`product:${DEMO_WEBSITE.identifier}:${product.slug}`);
      const record = demoProductRecord(product);
      const variants = product.variants.map(demoVariantRecord);
      await trx
        .insertInto('products')
        .values({ id: productId, website_id: websiteId, collection_id: collectionId, display_index: index, ...productColumns(record, variants) })
        .execute();
      await trx
        .insertInto('variants')
        .values(
          variants.map((variant, variantIndex) => ({
            id: stableId(`variant:${DEMO_WEBSITE.identifier}:${variant.sku}`),
            website_id: websiteId,
            product_id: productId,
            qty_in_stock: variant.qtyInStock,
            ...variantColumns(variant, variantIndex),
          })),
        )
        .execute();
    }
    await options.alsoSeed?.(trx, websiteId);
    return true;
  });
}
