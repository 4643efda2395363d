import { CATALOG_LIMITS, LIMITS, PRODUCT_TYPES } from '@vitrine/contracts';
import { spreadsheetSafe } from '../spreadsheet-safe';
import { fractionDigitsOf, minorUnitsToDecimalString } from './money';

/**
 * Shopify's product CSV, the format most merchants already have: one row per variant (and per extra
 * image), the rows of a product sharing its Handle, the first carrying the product's own fields. Pure:
 * reading a row, grouping rows into products, and writing a product back as rows.
 *
 * Mapping (the spec leaves it to us):
 * - Handle ↔ urlId; Title, Body (HTML), Tags (comma-separated) ↔ the same fields.
 * - Type ↔ the product type when it names one (Physical, Digital, Service, Gift Card; any case); Shopify's
 *   free-text types (`Shirts`) mean physical. `Gift Card` TRUE means a gift card whatever Type says.
 * - Published FALSE, or Status `draft` or `archived`, ↔ archived; the export writes Status `active` or
 *   `archived` and Published TRUE/FALSE.
 * - Option1–3 Name/Value ↔ variantOptionOrdering and each variant's option values; Shopify's `Title` /
 *   `Default Title` (its single-variant marker) means no options.
 * - Variant Price and Variant Compare At Price: Shopify's Price is what the shopper pays and Compare At the
 *   higher "was" price. So a Compare At above the Price means on sale: our price = Compare At, sale price =
 *   Price; otherwise our price = Price and no sale. The export writes the reverse.
 * - Variant Grams ↔ the variant's weight (empty on import keeps an existing variant's weight).
 * - Variant Inventory Qty ↔ stock; a `Variant Inventory Tracker` column present and empty ↔ unlimited.
 * - Image Src (a http(s) URL or a path from /), Image Position, Image Alt Text ↔ the product's images,
 *   kept as references (nothing is downloaded); Variant Image ↔ the variant's image.
 * - Vendor and the other Shopify columns are read as nothing and written empty; subscription plans, the
 *   form, merchandising and categories stay as they are on an existing product.
 */

export const CSV_COLUMNS = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value',
  'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Price', 'Variant Compare At Price',
  'Variant Requires Shipping', 'Gift Card', 'Image Src', 'Image Position', 'Image Alt Text', 'Variant Image', 'Status',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRow = Partial<Record<string, string>>;

export const CSV_MESSAGES = {
  handle: `Handle must be 1–${CATALOG_LIMITS.urlIdLength} lowercase letters, digits and hyphens.`,
  title: `Title must be 1–${CATALOG_LIMITS.titleLength} characters on the first row of each product.`,
  body: `Body (HTML) must be at most ${CATALOG_LIMITS.bodyLength} characters.`,
  tag: `Each tag must be at most ${CATALOG_LIMITS.tagLength} characters.`,
  tooManyTags: `A product may have at most ${CATALOG_LIMITS.tagsPerProduct} tags.`,
  sku: `Variant SKU is required (1–${LIMITS.skuLength} characters): every variant needs one.`,
  price: (digits: number) => `Variant Price must be an amount such as ${digits === 0 ? '19' : `19.${'9'.repeat(digits)}`}.`,
  compareAt: (digits: number) => `Variant Compare At Price must be empty or an amount such as ${digits === 0 ? '25' : `25.${'0'.repeat(digits)}`}.`,
  tooExpensive: `Amounts must be at most ${CATALOG_LIMITS.maxPriceCents} in minor units.`,
  grams: `Variant Grams must be empty or a whole number from 0 to ${CATALOG_LIMITS.maxWeightGrams}.`,
  qty: `Variant Inventory Qty must be empty or a whole number from 0 to ${CATALOG_LIMITS.maxStock}.`,
  option: `Option names and values must be at most ${CATALOG_LIMITS.optionTextLength} characters, each value with its name.`,
  imageSrc: 'Image Src must be an http(s) URL or a path starting with / (at most 2083 characters).',
  imagePosition: 'Image Position must be empty or a whole number from 1 to 250.',
  altText: `Image Alt Text must be at most ${CATALOG_LIMITS.textLength} characters.`,
  variantImage: 'Variant Image must be one of the product\'s Image Src.',
  boolean: (column: string) => `${column} must be TRUE or FALSE.`,
  status: 'Status must be active, draft or archived.',
  otherProductFields: 'Only the first row of a product carries its Title, Body, Type, Tags, Published and Status.',
  handleAgain: 'The rows of a product must follow each other: this Handle appeared earlier.',
  tooManyVariants: `A product may have at most ${CATALOG_LIMITS.variantsPerProduct} variants.`,
  tooManyImages: 'A product may have at most 250 images.',
  missingColumns: 'The file needs at least the columns Handle, Title, Variant SKU and Variant Price.',
  empty: 'The file has no products.',
  nul: 'This cell holds a NUL character, which cannot be stored.',
} as const;

/** Shopify's single-variant marker. */
const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' };
const URL_MAX_LENGTH = 2083;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A cell, trimmed, without the apostrophe the export puts before a formula-like value (see spreadsheetSafe). */
const text = (row: CsvRow, column: CsvColumn) => (row[column] ?? '').trim().replace(/^'(?=[=+\-@])/, '');

/** A decimal amount ('19.99', '19') in minor units, or undefined when it is not one. */
export function parseAmount(value: string, fractionDigits: number): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > fractionDigits) return undefined;
  return Number(match[1]) * 10 ** fractionDigits + Number(fraction.padEnd(fractionDigits, '0') || '0');
}

function parseBoolean(value: string): boolean | undefined {
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

const PRODUCT_TYPE_NAMES: Record<string, 1 | 2 | 3 | 4 | 5> = { physical: 1, digital: 2, service: 3, 'gift card': 4, membership: 5 };
export const PRODUCT_TYPE_LABELS: Record<number, string> = { 1: 'Physical', 2: 'Digital', 3: 'Service', 4: 'Gift Card', 5: 'Membership' };

export interface CsvImage {
  src: string;
  position: number | undefined;
  altText: string;
}

export interface CsvVariant {
  row: number;
  sku: string;
  optionValues: Array<{ optionName: string; value: string }>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  imageSrc: string;
  /** Grams; undefined when the row leaves Variant Grams empty. */
  weightGrams?: number;
}

export interface CsvProduct {
  /** The spreadsheet row of its first line (the header is row 1). */
  row: number;
  handle: string;
  title: string;
  body: string;
  productType: 1 | 2 | 3 | 4 | 5;
  tags: string[];
  archived: boolean;
  optionNames: string[];
  variants: CsvVariant[];
  images: CsvImage[];
}

export interface RefusedRow {
  row: number;
  column: string;
  message: string;
}

/**
 * Builds products from rows as they come (one call per row), collecting every refused row. The rows of a
 * product follow each other, as Shopify writes them.
 */
export class CsvProductReader {
  readonly products: CsvProduct[] = [];
  readonly refused: RefusedRow[] = [];
  readonly #seenHandles = new Set<string>();
  readonly #fractionDigits: number;
  /** Whether the file has the column: only then does an empty tracker mean unlimited stock. */
  #hasTrackerColumn = false;
  /** Rows under a header without the needed columns are not read (the header is the one refused row). */
  #headerOk = true;

  constructor(currency: string) {
    this.#fractionDigits = fractionDigitsOf(currency);
  }

  #refuse(row: number, column: string, message: string): void {
    this.refused.push({ row, column, message });
  }

  /** Checks the header row: the columns a product needs. */
  checkHeader(columns: readonly string[]): boolean {
    const ok = ['Handle', 'Title', 'Variant SKU', 'Variant Price'].every((column) => columns.includes(column));
    if (!ok) this.#refuse(1, 'Handle', CSV_MESSAGES.missingColumns);
    this.#headerOk = ok;
    this.#hasTrackerColumn = columns.includes('Variant Inventory Tracker');
    return ok;
  }

  add(row: CsvRow, rowNumber: number): void {
    if (!this.#headerOk) return;
    const withNul = Object.entries(row).find(([, value]) => value?.includes('\u0000'));
    if (withNul) {
      this.#refuse(rowNumber, withNul[0], CSV_MESSAGES.nul);
      return;
    }
    const handle = text(row, 'Handle');
    if (!HANDLE.test(handle) || handle.length > CATALOG_LIMITS.urlIdLength) {
      this.#refuse(rowNumber, 'Handle', CSV_MESSAGES.handle);
      return;
    }
    let product = this.products.at(-1);
    if (product?.handle !== handle) {
      if (this.#seenHandles.has(handle)) {
        this.#refuse(rowNumber, 'Handle', CSV_MESSAGES.handleAgain);
        return;
      }
      this.#seenHandles.add(handle);
      product = this.#startProduct(row, rowNumber, handle);
      this.products.push(product);
    } else {
      for (const column of ['Title', 'Body (HTML)', 'Type', 'Tags', 'Published', 'Status'] as const) {
        if (text(row, column) !== '') this.#refuse(rowNumber, column, CSV_MESSAGES.otherProductFields);
      }
    }
    this.#addImage(product, row, rowNumber);
    if (text(row, 'Variant SKU') !== '' || text(row, 'Variant Price') !== '' || text(row, 'Option1 Value') !== '') {
      this.#addVariant(product, row, rowNumber, product.variants.length === 0);
    }
  }

  #startProduct(row: CsvRow, rowNumber: number, handle: string): CsvProduct {
    const title = text(row, 'Title');
    if (title === '' || title.length > CATALOG_LIMITS.titleLength) this.#refuse(rowNumber, 'Title', CSV_MESSAGES.title);
    const body = row['Body (HTML)'] ?? '';
    if (body.length > CATALOG_LIMITS.bodyLength) this.#refuse(rowNumber, 'Body (HTML)', CSV_MESSAGES.body);

    const tags = [...new Set(text(row, 'Tags').split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
    if (tags.some((tag) => tag.length > CATALOG_LIMITS.tagLength)) this.#refuse(rowNumber, 'Tags', CSV_MESSAGES.tag);
    else if (tags.length > CATALOG_LIMITS.tagsPerProduct) this.#refuse(rowNumber, 'Tags', CSV_MESSAGES.tooManyTags);

    const giftCard = text(row, 'Gift Card') === '' ? false : parseBoolean(text(row, 'Gift Card'));
    if (giftCard === undefined) this.#refuse(rowNumber, 'Gift Card', CSV_MESSAGES.boolean('Gift Card'));
    const productType = giftCard ? PRODUCT_TYPES.giftCard : (PRODUCT_TYPE_NAMES[text(row, 'Type').toLowerCase()] ?? PRODUCT_TYPES.physical);

    const published = text(row, 'Published') === '' ? true : parseBoolean(text(row, 'Published'));
    if (published === undefined) this.#refuse(rowNumber, 'Published', CSV_MESSAGES.boolean('Published'));
    const status = text(row, 'Status').toLowerCase() || 'active';
    if (!['active', 'draft', 'archived'].includes(status)) this.#refuse(rowNumber, 'Status', CSV_MESSAGES.status);

    const optionNames: string[] = [];
    for (const n of [1, 2, 3] as const) {
      const name = text(row, `Option${n} Name`);
      if (name === '') break;
      if (name.length > CATALOG_LIMITS.optionTextLength) this.#refuse(rowNumber, `Option${n} Name`, CSV_MESSAGES.option);
      optionNames.push(name);
    }
    const singleVariantMarker = optionNames.length === 1 && optionNames[0] === DEFAULT_OPTION.name && text(row, 'Option1 Value') === DEFAULT_OPTION.value;
    return {
      row: rowNumber,
      handle,
      title,
      body,
      productType,
      tags,
      archived: published === false || status === 'draft' || status === 'archived',
      optionNames: singleVariantMarker ? [] : optionNames,
      variants: [],
      images: [],
    };
  }

  #addImage(product: CsvProduct, row: CsvRow, rowNumber: number): void {
    const src = text(row, 'Image Src');
    if (src === '') return;
    if (!isImageReference(src)) {
      this.#refuse(rowNumber, 'Image Src', CSV_MESSAGES.imageSrc);
      return;
    }
    const positionText = text(row, 'Image Position');
    const position = positionText === '' ? undefined : /^[1-9]\d{0,2}$/.test(positionText) && Number(positionText) <= 250 ? Number(positionText) : NaN;
    if (Number.isNaN(position)) this.#refuse(rowNumber, 'Image Position', CSV_MESSAGES.imagePosition);
    const altText = text(row, 'Image Alt Text');
    if (altText.length > CATALOG_LIMITS.textLength) this.#refuse(rowNumber, 'Image Alt Text', CSV_MESSAGES.altText);
    if (product.images.some((image) => image.src === src)) return;
    if (product.images.length >= 250) this.#refuse(rowNumber, 'Image Src', CSV_MESSAGES.tooManyImages);
    else product.images.push({ src, position, altText });
  }

  #addVariant(product: CsvProduct, row: CsvRow, rowNumber: number, first: boolean): void {
    if (product.variants.length >= CATALOG_LIMITS.variantsPerProduct) {
      this.#refuse(rowNumber, 'Variant SKU', CSV_MESSAGES.tooManyVariants);
      return;
    }
    const sku = text(row, 'Variant SKU');
    if (sku === '' || sku.length > LIMITS.skuLength) this.#refuse(rowNumber, 'Variant SKU', CSV_MESSAGES.sku);

    const digits = this.#fractionDigits;
    const price = parseAmount(text(row, 'Variant Price'), digits);
    if (price === undefined) this.#refuse(rowNumber, 'Variant Price', CSV_MESSAGES.price(digits));
    const compareText = text(row, 'Variant Compare At Price');
    const compareAt = compareText === '' ? undefined : parseAmount(compareText, digits);
    if (compareText !== '' && compareAt === undefined) this.#refuse(rowNumber, 'Variant Compare At Price', CSV_MESSAGES.compareAt(digits));
    if ((price ?? 0) > CATALOG_LIMITS.maxPriceCents) this.#refuse(rowNumber, 'Variant Price', CSV_MESSAGES.tooExpensive);
    if ((compareAt ?? 0) > CATALOG_LIMITS.maxPriceCents) this.#refuse(rowNumber, 'Variant Compare At Price', CSV_MESSAGES.tooExpensive);

    const gramsText = text(row, 'Variant Grams');
    // Shopify writes whole grams; a spreadsheet may have turned them into "250.0".
    const grams = gramsText === '' ? undefined : /^\d{1,10}(\.0+)?$/.test(gramsText) && Number(gramsText) <= CATALOG_LIMITS.maxWeightGrams ? Math.trunc(Number(gramsText)) : null;
    if (grams === null) this.#refuse(rowNumber, 'Variant Grams', CSV_MESSAGES.grams);

    const qtyText = text(row, 'Variant Inventory Qty');
    const qty = qtyText === '' ? 0 : /^\d{1,10}$/.test(qtyText) && Number(qtyText) <= CATALOG_LIMITS.maxStock ? Number(qtyText) : undefined;
    if (qty === undefined) this.#refuse(rowNumber, 'Variant Inventory Qty', CSV_MESSAGES.qty);

    const optionValues = product.optionNames.map((optionName, index) => {
      const column = `Option${index + 1} Value` as CsvColumn;
      const value = text(row, column);
      // Continuation rows leave the names out (Shopify writes them on the first row only).
      const nameHere = text(row, `Option${index + 1} Name` as CsvColumn);
      if (value === '' || value.length > CATALOG_LIMITS.optionTextLength || (!first && nameHere !== '' && nameHere !== optionName)) {
        this.#refuse(rowNumber, column, CSV_MESSAGES.option);
      }
      return { optionName, value };
    });

    const onSale = compareAt !== undefined && price !== undefined && compareAt > price;
    product.variants.push({
      row: rowNumber,
      sku,
      optionValues,
      priceCents: onSale ? compareAt : (price ?? 0),
      salePriceCents: onSale ? price : 0,
      onSale,
      qtyInStock: qty ?? 0,
      unlimited: this.#hasTrackerColumn && text(row, 'Variant Inventory Tracker') === '',
      imageSrc: text(row, 'Variant Image'),
      weightGrams: grams ?? undefined,
    });
  }
}

export function isImageReference(src: string): boolean {
  if (src.length > URL_MAX_LENGTH || /\s/.test(src)) return false;
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Export

export interface ExportProduct {
  urlId: string;
  title: string;
  body: string;
  productType: number;
  tags: string[];
  archived: boolean;
  optionNames: string[];
  variants: Array<{ sku: string; optionValues: Array<{ optionName: string; value: string }>; priceCents: number; salePriceCents: number; onSale: boolean; qtyInStock: number; unlimited: boolean; imageSrc: string; weightGrams: number | null }>;
  images: Array<{ src: string; altText: string }>;
}

/**
 * A product as Shopify's rows: its fields and first variant on the first row, then a row per variant or image.
 * Text a spreadsheet would run as a formula gets a leading apostrophe (spreadsheetSafe).
 */
export function productCsvRows(product: ExportProduct, currency: string): Array<Record<CsvColumn, string>> {
  const money = (cents: number) => minorUnitsToDecimalString(cents, currency);
  const count = Math.max(product.variants.length, product.images.length, 1);
  const rows: Array<Record<CsvColumn, string>> = [];
  for (let index = 0; index < count; index++) {
    const row = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ''])) as Record<CsvColumn, string>;
    row.Handle = product.urlId;
    if (index === 0) {
      row.Title = spreadsheetSafe(product.title);
      row['Body (HTML)'] = product.body;
      row.Type = PRODUCT_TYPE_LABELS[product.productType] ?? '';
      row.Tags = product.tags.map(spreadsheetSafe).join(', ');
      row.Published = product.archived ? 'FALSE' : 'TRUE';
      row.Status = product.archived ? 'archived' : 'active';
      row['Gift Card'] = product.productType === PRODUCT_TYPES.giftCard ? 'TRUE' : 'FALSE';
      if (product.optionNames.length === 0) {
        row['Option1 Name'] = DEFAULT_OPTION.name;
        row['Option1 Value'] = DEFAULT_OPTION.value;
      }
    }
    const variant = product.variants[index];
    if (variant) {
      variant.optionValues.forEach((option, n) => {
        if (index === 0) row[`Option${n + 1} Name` as CsvColumn] = spreadsheetSafe(option.optionName);
        row[`Option${n + 1} Value` as CsvColumn] = spreadsheetSafe(option.value);
      });
      row['Variant SKU'] = spreadsheetSafe(variant.sku);
      row['Variant Grams'] = variant.weightGrams === null ? '' : String(variant.weightGrams);
      row['Variant Inventory Tracker'] = variant.unlimited ? '' : 'shopify';
      row['Variant Inventory Qty'] = variant.unlimited ? '' : String(variant.qtyInStock);
      row['Variant Price'] = money(variant.onSale ? variant.salePriceCents : variant.priceCents);
      row['Variant Compare At Price'] = variant.onSale ? money(variant.priceCents) : '';
      row['Variant Requires Shipping'] = product.productType === PRODUCT_TYPES.physical ? 'TRUE' : 'FALSE';
      row['Variant Image'] = variant.imageSrc;
    }
    const image = product.images[index];
    if (image) {
      row['Image Src'] = image.src;
      row['Image Position'] = String(index + 1);
      row['Image Alt Text'] = spreadsheetSafe(image.altText);
    }
    rows.push(row);
  }
  return rows;
}
