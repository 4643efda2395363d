import { sql, type Kysely } from 'kysely';
import { hasAnyWebsite, insertWebsite } from '../websites';
import type { Database, ProductImageRecord } from '../db/schema';
import { stableId } from '../ids';
import { DEMO_ASSET_PREFIX, DEMO_COLLECTION, DEMO_IMAGE_SIZE, DEMO_PRODUCTS, DEMO_WEBSITE, type DemoImage } from './demo-store';

const SEED_LOCK_ID = 71_624_004;

/** The id of a demo image, stable across databases like every other demo id. */
export const demoImageId = (file: string) => stableId(`image:${DEMO_WEBSITE.identifier}:${file}`);

export function demoImageRecord(image: DemoImage): ProductImageRecord {
  return {
    id: demoImageId(image.file),
    assetUrl: `${DEMO_ASSET_PREFIX}${image.file}`,
    altText: image.altText ?? '',
    title: image.title ?? '',
    body: image.body ?? '',
    filename: image.file,
    originalSize: DEMO_IMAGE_SIZE,
  };
}

/**
 * Seeds the demo store when the database holds no website yet. Safe when several processes start at
 * once: an advisory lock makes the check-and-insert atomic. Ids are derived from names, so the demo
 * store has the same ids on every database. Returns whether it seeded.
 */
export async function seedDemoStore(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Starting processes queue here for as long as the first one migrates or seeds: no lock timeout.
    await sql`SET LOCAL lock_timeout = 0`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    if (await hasAnyWebsite(trx)) return false;

    // The website row is the websites domain's: created through its front.
    const websiteId = stableId(`website:${DEMO_WEBSITE.identifier}`);
    await insertWebsite(trx, { id: websiteId, ...DEMO_WEBSITE });

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
      const firstVariant = product.variants[0];
      const images = product.images.map(demoImageRecord);
      await trx
        .insertInto('products')
        .values({
          id: productId,
          website_id: websiteId,
          collection_id: collectionId,
          url_id: product.slug,
          title: product.title,
          excerpt: product.excerpt,
          // The main image is also the product's asset (the cart shows it beside each entry).
          asset_url: images[0]?.assetUrl ?? null,
          images: JSON.stringify(images),
          product_type: product.productType,
          price_cents: firstVariant.priceCents,
          sale_price_cents: firstVariant.salePriceCents ?? 0,
          on_sale: product.onSale ?? false,
          is_subscribable: product.isSubscribable ?? false,
          subscription_plan: product.subscriptionPlan ? JSON.stringify(product.subscriptionPlan) : null,
          additional_fields_form_id: product.additionalFieldsForm
            ? (product.additionalFieldsForm as { id: string }).id
            : null,
          additional_fields_form: product.additionalFieldsForm ? JSON.stringify(product.additionalFieldsForm) : null,
          use_custom_add_button_text: product.useCustomAddButtonText ?? false,
          custom_add_button_text: product.customAddButtonText ?? '',
          variant_option_ordering: JSON.stringify(product.variantOptionOrdering ?? []),
          merchandising: JSON.stringify(product.merchandising ?? {}),
          tags: JSON.stringify(product.tags ?? []),
          display_index: index,
        })
        .execute();
      await trx
        .insertInto('variants')
        .values(
          product.variants.map((variant, variantIndex) => ({
            id: stableId(`variant:${DEMO_WEBSITE.identifier}:${variant.sku}`),
            website_id: websiteId,
            product_id: productId,
            sku: variant.sku,
            option_values: JSON.stringify(variant.options ?? []),
            price_cents: variant.priceCents,
            sale_price_cents: variant.salePriceCents ?? 0,
            on_sale: variant.onSale ?? false,
            qty_in_stock: variant.qtyInStock ?? 0,
            unlimited: variant.unlimited ?? false,
            image_ids: JSON.stringify(variant.image ? [demoImageId(variant.image)] : []),
            display_index: variantIndex,
          })),
        )
        .execute();
    }
    return true;
  });
}
