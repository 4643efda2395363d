import { parse } from 'csv-parse';
import type { Kysely, Transaction } from 'kysely';
import { CATALOG_LIMITS, type ImportReply, type ProductBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, ProductImageRecord, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, isFailure } from '../failures';
import { newId } from '../ids';
import { authorize } from '../authorize';
import { CSV_MESSAGES, CsvProductReader, type CsvProduct, type RefusedRow } from './csv-format';
import { isWooCommerceHeader, WooCommerceProductReader, wooCommercePathOf } from './woocommerce-csv';
import { productPathOf, readOwnerProduct, saveProduct } from './manage';
import { recordImportedAddress } from '../redirects';
import { checkProduct } from './product-rules';
import { isQuotaReached } from '../quotas';

/**
 * POST /api/owner/products/import: a product CSV in Shopify's format (csv-format.ts), read as it
 * streams in, checked row by row, then written in one transaction. All or nothing: a file with any
 * refused row writes nothing, and the answer names every refused row (`errors`, keyed `row N: Column`,
 * the header being row 1, as a spreadsheet numbers them).
 */

export const CSV_IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${CATALOG_LIMITS.csvMaxBytes / 1024 / 1024} MB. Split it and import each part.`,
  notCsv: (detail: string) => `The file is not valid CSV: ${detail}`,
  refused: (count: number) => `${count} ${count === 1 ? 'row was' : 'rows were'} refused; nothing was imported.`,
} as const;

/** Counts the bytes as they arrive and stops the upload past the limit. */
async function* bounded(chunks: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<Buffer | string> {
  let total = 0;
  for await (const chunk of chunks) {
    total += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (total > maxBytes) throw invalid(CSV_IMPORT_MESSAGES.tooLarge);
    yield chunk;
  }
}

/** What reads a file's rows into products: Shopify's (csv-format.ts) or WooCommerce's (woocommerce-csv.ts), told by the header. */
interface ProductReader {
  readonly products: CsvProduct[];
  readonly refused: RefusedRow[];
  checkHeader(columns: readonly string[]): boolean;
  add(row: Record<string, string>, rowNumber: number): void;
  finish?(): void;
}

type CsvSource = 'shopify' | 'woocommerce';

/** The product's address on the platform the file came from: redirected to its page here (redirects/). */
const OLD_PATH_OF: Record<CsvSource, (handle: string) => string> = { shopify: (handle) => `/products/${handle}`, woocommerce: wooCommercePathOf };

/** Reads every row into products, collecting refused rows; fails only when the file is not CSV at all. */
async function readProducts(chunks: AsyncIterable<Buffer | string>, currency: string): Promise<{ reader: ProductReader; source: CsvSource }> {
  let reader: ProductReader = new CsvProductReader(currency);
  let source: CsvSource = 'shopify';
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const columns = header.map((column) => column.trim());
      if (isWooCommerceHeader(columns)) {
        reader = new WooCommerceProductReader(currency);
        source = 'woocommerce';
      }
      reader.checkHeader(columns);
      return columns;
    },
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: CATALOG_LIMITS.bodyLength * 4,
  });
  const feeding = (async () => {
    try {
      for await (const chunk of bounded(chunks, CATALOG_LIMITS.csvMaxBytes)) {
        if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let rowNumber = 1;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      rowNumber += 1;
      reader.add(record, rowNumber);
    }
  } catch (error) {
    if (isFailure(error)) throw error;
    const detail = error instanceof Error ? error.message.replace(/^Invalid (Record Length|Opening Quote|Closing Quote): /, '') : 'unreadable';
    throw invalid(CSV_IMPORT_MESSAGES.notCsv(detail.slice(0, 200)));
  } finally {
    await feeding;
  }
  reader.finish?.();
  return { reader, source };
}

/** Which CSV column a field error of the product rules or the write is about. */
function refusedRowOf(product: CsvProduct, field: string, message: string): RefusedRow {
  const variantField = /^variants\.(\d+)\.(\w+)$/.exec(field);
  if (variantField) {
    const variant = product.variants[Number(variantField[1])];
    const column = { sku: 'Variant SKU', id: 'Variant SKU', optionValues: 'Option1 Value', salePriceCents: 'Variant Compare At Price', imageIds: 'Variant Image' }[variantField[2]!] ?? 'Variant SKU';
    return { row: variant?.row ?? product.row, column, message };
  }
  const column: Record<string, string> = { urlId: 'Handle', tags: 'Tags', title: 'Title', variantOptionOrdering: 'Option1 Name', isSubscribable: 'Type', subscriptionPlan: 'Type' };
  if (field === 'variants') return { row: product.row, column: product.productType === 2 ? 'Type' : 'Option1 Name', message };
  return { row: product.row, column: column[field] ?? 'Handle', message };
}

/** A refusal of the product rules named by WooCommerce's column instead of Shopify's (woocommerce-csv.ts). */
const WOOCOMMERCE_COLUMN_OF: Record<string, string> = {
  Handle: 'Name', Title: 'Name', 'Variant SKU': 'SKU', 'Option1 Name': 'Attribute 1 name', 'Option1 Value': 'Attribute 1 value(s)',
  'Variant Compare At Price': 'Sale price', 'Variant Price': 'Regular price', 'Variant Image': 'Images',
};
const inColumnsOf = (source: CsvSource, refused: RefusedRow[]): RefusedRow[] =>
  source === 'shopify' ? refused : refused.map((entry) => ({ ...entry, column: WOOCOMMERCE_COLUMN_OF[entry.column] ?? entry.column }));

/** The product's images from the file, in Image Position order, keeping the ids of images it already had. */
function imagesOf(product: CsvProduct, existing: readonly ProductImageRecord[]): ProductImageRecord[] {
  const ordered = product.images
    .map((image, index) => ({ image, order: image.position ?? CATALOG_LIMITS.variantsPerProduct + index }))
    .sort((a, b) => a.order - b.order)
    .map(({ image }) => image);
  return ordered.map((image) => {
    const before = existing.find((record) => record.assetUrl === image.src);
    return {
      id: before?.id ?? newId(),
      assetUrl: image.src,
      altText: image.altText,
      title: before?.title ?? '',
      body: before?.body ?? '',
      filename: decodeURIComponent(image.src.split(/[?#]/)[0]!.split('/').pop() ?? '').slice(0, 200) || 'image',
      originalSize: before?.originalSize ?? '',
    };
  });
}

/** Writes one product of the file; answers its refused rows (nothing written for it then). */
async function importProduct(trx: Transaction<Database>, website: Website, product: CsvProduct, source: CsvSource): Promise<{ refused: RefusedRow[]; created: boolean }> {
  const found = await trx.selectFrom('products').select(['id', 'images']).where('website_id', '=', website.id).where('url_id', '=', product.handle).executeTakeFirst();
  const current = found ? await readOwnerProduct(trx, website.id, found.id) : undefined;
  const images = product.images.length > 0 ? imagesOf(product, found?.images ?? []) : undefined;
  const imageIdOf = (src: string) => (images ?? found?.images ?? []).find((image) => image.assetUrl === src)?.id;

  const refused: RefusedRow[] = [];
  const body: ProductBody = {
    // What the file does not carry stays as it is on an existing product.
    ...(current
      ? {
          onSale: current.onSale,
          isSubscribable: current.isSubscribable && product.productType === current.productType,
          subscriptionPlan: (current.subscriptionPlan as ProductBody['subscriptionPlan']) ?? null,
          additionalFieldsForm: (current.additionalFieldsForm as ProductBody['additionalFieldsForm']) ?? null,
          useCustomAddButtonText: current.useCustomAddButtonText,
          customAddButtonText: current.customAddButtonText,
          merchandising: current.merchandising as ProductBody['merchandising'],
          categories: current.categories,
          excerpt: current.excerpt,
        }
      : {}),
    productType: product.productType,
    title: product.title,
    body: product.body,
    tags: product.tags,
    variantOptionOrdering: product.optionNames,
    variants: product.variants.map((variant) => {
      const imageId = variant.imageSrc ? imageIdOf(variant.imageSrc) : undefined;
      if (variant.imageSrc && !imageId) refused.push({ row: variant.row, column: 'Variant Image', message: CSV_MESSAGES.variantImage });
      const before = current?.variants.find((candidate) => candidate.sku === variant.sku);
      return {
        ...(before ? { id: before.id } : {}),
        sku: variant.sku,
        optionValues: variant.optionValues,
        priceCents: variant.priceCents,
        salePriceCents: variant.salePriceCents,
        onSale: variant.onSale,
        qtyInStock: variant.qtyInStock,
        unlimited: variant.unlimited,
        imageIds: imageId ? [imageId] : [],
        // An empty Variant Grams keeps what the variant weighs (an export from elsewhere rarely has it).
        ...(variant.weightGrams !== undefined ? { weightGrams: variant.weightGrams } : {}),
      };
    }),
  };
  if (body.variants.length === 0) return { refused: [{ row: product.row, column: 'Variant SKU', message: CSV_MESSAGES.sku }], created: false };

  const { product: checked, errors } = checkProduct(body, { creating: !current });
  refused.push(...Object.entries(errors).map(([field, message]) => refusedRowOf(product, field, message)));
  if (refused.length > 0) return { refused, created: false };

  try {
    const { id, created } = await saveProduct(trx, website.id, current?.id, { checked, urlId: product.handle, ...(images ? { images } : {}) });
    // The file's stock is the stock (an edit leaves existing variants' stock alone; an import sets it).
    for (const variant of checked.variants) {
      if (variant.id) await trx.updateTable('variants').set({ qty_in_stock: variant.qtyInStock }).where('id', '=', variant.id).execute();
    }
    await trx
      .updateTable('products')
      .set((eb) => ({ archived_at: product.archived ? eb.fn.coalesce('archived_at', eb.fn<Date>('now')) : null }))
      .where('id', '=', id)
      .execute();
    // The product's address on the platform the file came from (Shopify's `/products/{handle}`, WooCommerce's
    // `/product/{slug}/`) sends its visitors here: the shop keeps its links and rankings.
    const store = await trx.selectFrom('collections').innerJoin('products', 'products.collection_id', 'collections.id').select('collections.url_id').where('products.id', '=', id).executeTakeFirstOrThrow();
    await recordImportedAddress(trx, website.id, OLD_PATH_OF[source](product.handle), productPathOf(store.url_id, product.handle));
    return { refused: [], created };
  } catch (error) {
    // A quota reached refuses the whole file as it is (403), not as a row's mistake.
    if (!isFailure(error) || isQuotaReached(error)) throw error;
    // The write's own checks refuse before writing anything, so the import can go on to report the rest.
    return { refused: Object.entries(error.errors ?? { variants: error.message }).map(([field, message]) => refusedRowOf(product, field, message)), created: false };
  }
}

/**
 * Shopify's collection pages (`/collections`, `/collections/{handle}`, `/collections/all`): its product CSV does not
 * say which collections a product was in, so they all lead to the store the file was imported into (the first
 * product's). A collection-scoped product address (`/collections/{handle}/products/{product}`) is answered by the
 * product's own rule first (redirects/rules.ts), so it reaches the product, not the store.
 */
async function recordShopifyCollectionAddresses(trx: Transaction<Database>, websiteId: string, firstHandle: string): Promise<void> {
  const store = await trx
    .selectFrom('collections')
    .innerJoin('products', 'products.collection_id', 'collections.id')
    .select('collections.url_id')
    .where('products.website_id', '=', websiteId)
    .where('products.url_id', '=', firstHandle)
    .executeTakeFirst();
  if (!store) return;
  await recordImportedAddress(trx, websiteId, '/collections', `/${store.url_id}`);
  await recordImportedAddress(trx, websiteId, '/collections/*', `/${store.url_id}`);
}

export async function importProductsCsv(db: Kysely<Database>, website: Website, actor: Actor, chunks: AsyncIterable<Buffer | string>): Promise<ImportReply> {
  authorize(actor, 'catalog:write');
  const { reader, source } = await readProducts(chunks, website.currency);
  const refuse = (refused: readonly RefusedRow[]): never => {
    const errors: Record<string, string> = {};
    for (const { row, column, message } of [...refused].sort((a, b) => a.row - b.row)) errors[`row ${row}: ${column}`] ??= message;
    throw invalid(CSV_IMPORT_MESSAGES.refused(new Set(refused.map((entry) => entry.row)).size), errors);
  };
  if (reader.refused.length > 0) refuse(reader.refused);
  if (reader.products.length === 0) throw invalid(CSV_MESSAGES.empty);

  try {
    return await inTransaction(db, async (trx) => {
      const refused: RefusedRow[] = [];
      let created = 0;
      let updated = 0;
      for (const product of reader.products) {
        const result = await importProduct(trx, website, product, source);
        refused.push(...inColumnsOf(source, result.refused));
        if (result.refused.length === 0) {
          if (result.created) created += 1;
          else updated += 1;
        }
      }
      if (refused.length > 0) refuse(refused);
      if (source === 'shopify') await recordShopifyCollectionAddresses(trx, website.id, reader.products[0]!.handle);
      return { created, updated, variants: reader.products.reduce((sum, product) => sum + product.variants.length, 0) };
    });
  } catch (error) {
    // Another write took a sku or an address meanwhile: nothing of the file was kept.
    if ((error as { code?: unknown } | null)?.code === '23505') throw conflict('A product was changed while the file was imported; nothing was imported. Please try again.');
    throw error;
  }
}
