import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { Actor } from '../actor';
import type { Database, VariantRow, Website } from '../db/schema';
import { authorize } from '../authorize';
import { CSV_COLUMNS, productCsvRows, type CsvColumn, type ExportProduct } from './csv-format';

/** Products read per query while streaming: memory stays flat however large the catalog. */
export const EXPORT_BATCH_SIZE = 200;

async function* productBatches(db: Kysely<Database>, website: Website): AsyncGenerator<ExportProduct[]> {
  let after: string | undefined;
  for (;;) {
    let query = db
      .selectFrom('products')
      .select(['id', 'url_id', 'title', 'body', 'product_type', 'tags', 'archived_at', 'variant_option_ordering', 'images'])
      .where('website_id', '=', website.id)
      .orderBy('id')
      .limit(EXPORT_BATCH_SIZE);
    if (after) query = query.where('id', '>', after);
    const products = await query.execute();
    if (products.length === 0) return;
    const variants = await db.selectFrom('variants').selectAll().where('product_id', 'in', products.map((product) => product.id)).where('archived_at', 'is', null).orderBy('display_index').orderBy('id').execute();
    const byProduct = new Map<string, VariantRow[]>();
    for (const variant of variants) byProduct.set(variant.product_id, [...(byProduct.get(variant.product_id) ?? []), variant]);
    yield products.map((product) => {
      const srcOf = new Map(product.images.map((image) => [image.id, image.assetUrl]));
      return {
        urlId: product.url_id,
        title: product.title,
        body: product.body,
        productType: product.product_type,
        tags: product.tags,
        archived: product.archived_at !== null,
        optionNames: product.variant_option_ordering,
        variants: (byProduct.get(product.id) ?? []).map((variant) => ({
          sku: variant.sku,
          optionValues: variant.option_values,
          priceCents: Number(variant.price_cents),
          salePriceCents: Number(variant.sale_price_cents),
          onSale: variant.on_sale,
          qtyInStock: variant.qty_in_stock,
          unlimited: variant.unlimited,
          imageSrc: srcOf.get(variant.image_ids[0] ?? '') ?? '',
          weightGrams: variant.weight_grams,
        })),
        images: product.images.map((image) => ({ src: image.assetUrl, altText: image.altText })),
      };
    });
    if (products.length < EXPORT_BATCH_SIZE) return;
    after = products.at(-1)!.id;
  }
}

async function* csvRecords(db: Kysely<Database>, website: Website): AsyncGenerator<Record<CsvColumn, string>> {
  for await (const batch of productBatches(db, website)) {
    for (const product of batch) yield* productCsvRows(product, website.currency);
  }
}

/**
 * GET /api/owner/products/export.csv: every product (archived ones with Status archived), in Shopify's
 * product CSV, streamed in batches. The import reads it back unchanged. Image URLs are written as the
 * product holds them (paths from / are this site's).
 */
export function exportProductsCsv(db: Kysely<Database>, website: Website, actor: Actor): Readable {
  // Export is with import in the matrix (owner-roles.ts): a whole-catalog download is for those who manage it.
  authorize(actor, 'catalog:write');
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS] });
  // pipeline destroys the CSV stream if a read fails part-way: the download ends short, never looks whole.
  pipeline(Readable.from(csvRecords(db, website)), csv, () => {});
  return csv;
}
