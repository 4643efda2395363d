import { CATALOG_LIMITS, LIMITS } from '@vitrine/contracts';
import { CSV_MESSAGES, isImageReference, parseAmount, type CsvProduct, type CsvRow, type CsvVariant, type RefusedRow } from './csv-format';
import { fractionDigitsOf } from './money';
import { urlIdOf } from './product-rules';

/**
 * WooCommerce's product CSV (Products → Export in WordPress), read into the same products as Shopify's file
 * (csv-format.ts) and imported the same way, all or nothing. Pure. Mapping (decided here; README "CSV import"):
 * - Name, Description, Tags (comma-separated) ↔ title, body, tags. The address (urlId) is the `Slug` column when the
 *   file has one (an export plugin's), else made from the Name as WordPress makes a slug; the product's old address
 *   `/product/{slug}/` is redirected to its page here (csv-import.ts).
 * - Type `simple` is one variant; `variable` takes its `variation` rows (their Parent is `id:{ID}` or the parent's
 *   SKU, wherever they are in the file), each a variant with its Attribute N value(s) as option values under the
 *   parent's Attribute N names (at most three). `virtual` or `downloadable` in Type make a service or a digital
 *   product. `grouped` and `external` products have no counterpart and are refused.
 * - Regular price is the price; a lower Sale price puts the variant on sale. Stock is the stock; an empty Stock with
 *   In stock? 1 is unlimited stock, with 0 none. Weight (kg) is the weight. SKU is the variant's SKU: WooCommerce lets
 *   it be empty, so an empty one becomes `WC-{ID}`.
 * - Published 1 is live; 0 (draft) and -1 (private) are archived. Images (comma-separated URLs) are the pictures, kept
 *   as references like Shopify's Image Src. The other columns are read as nothing.
 */

export const WOOCOMMERCE_COLUMNS = ['ID', 'Type', 'SKU', 'Name', 'Regular price'] as const;

export const WOOCOMMERCE_MESSAGES = {
  missingColumns: 'A WooCommerce file needs at least the columns ID, Type, SKU, Name and Regular price.',
  type: 'Type must be simple, variable or variation (optionally with virtual or downloadable); grouped and external products cannot be imported.',
  name: `Name must be 1–${CATALOG_LIMITS.titleLength} characters.`,
  slug: `The address made from the Name (or the Slug column) must be 1–${CATALOG_LIMITS.urlIdLength} lowercase letters, digits and hyphens.`,
  slugAgain: 'Another product of the file has the same address (Slug, or one made from the same Name).',
  parent: 'Parent must name a variable product of the file (id:ID or its SKU).',
  noVariations: 'A variable product needs at least one variation row.',
  price: (digits: number) => `Regular price must be an amount such as ${digits === 0 ? '19' : `19.${'9'.repeat(digits)}`}.`,
  salePrice: (digits: number) => `Sale price must be empty or an amount such as ${digits === 0 ? '15' : `15.${'0'.repeat(digits)}`}.`,
  stock: `Stock must be empty or a whole number from 0 to ${CATALOG_LIMITS.maxStock}.`,
  inStock: 'In stock? must be empty, 1 or 0.',
  weight: 'Weight (kg) must be empty or a number such as 0.25.',
  published: 'Published must be empty, 1, 0 or -1.',
  attribute: `Attribute names and values must be at most ${CATALOG_LIMITS.optionTextLength} characters, a variation's value given for each of its product's attributes.`,
  image: 'Images must be http(s) URLs separated by commas.',
} as const;

/** Whether a header row is WooCommerce's (Shopify's has Handle). */
export const isWooCommerceHeader = (columns: readonly string[]): boolean => !columns.includes('Handle') && WOOCOMMERCE_COLUMNS.every((column) => columns.includes(column));

/** WooCommerce's address of a product: `/product/{slug}/`. */
export const wooCommercePathOf = (slug: string): string => `/product/${slug}/`;

const cell = (row: CsvRow, column: string) => (row[column] ?? '').trim().replace(/^'(?=[=+\-@])/, '');
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface StoredRow {
  row: number;
  values: CsvRow;
}

/** The rows gathered as they stream in; `finish()` makes products of them (variations may come before their parent). */
export class WooCommerceProductReader {
  products: CsvProduct[] = [];
  readonly refused: RefusedRow[] = [];
  readonly #rows: StoredRow[] = [];
  readonly #fractionDigits: number;
  #headerOk = true;

  constructor(currency: string) {
    this.#fractionDigits = fractionDigitsOf(currency);
  }

  #refuse(row: number, column: string, message: string): void {
    this.refused.push({ row, column, message });
  }

  checkHeader(columns: readonly string[]): boolean {
    this.#headerOk = WOOCOMMERCE_COLUMNS.every((column) => columns.includes(column));
    if (!this.#headerOk) this.#refuse(1, 'Type', WOOCOMMERCE_MESSAGES.missingColumns);
    return this.#headerOk;
  }

  add(values: CsvRow, row: number): void {
    if (!this.#headerOk) return;
    const withNul = Object.entries(values).find(([, value]) => value?.includes('\u0000'));
    if (withNul) this.#refuse(row, withNul[0], CSV_MESSAGES.nul);
    else this.#rows.push({ row, values });
  }

  finish(): void {
    const types = new Map(this.#rows.map((stored) => [stored, cell(stored.values, 'Type').toLowerCase().split(',').map((part) => part.trim())]));
    const parents = this.#rows.filter((stored) => !types.get(stored)!.includes('variation'));
    const parentKey = new Map<string, StoredRow>();
    for (const parent of parents) {
      if (cell(parent.values, 'ID')) parentKey.set(`id:${cell(parent.values, 'ID')}`, parent);
      if (cell(parent.values, 'SKU')) parentKey.set(cell(parent.values, 'SKU'), parent);
    }
    const variationsOf = new Map<StoredRow, StoredRow[]>();
    for (const stored of this.#rows) {
      if (!types.get(stored)!.includes('variation')) continue;
      const parent = parentKey.get(cell(stored.values, 'Parent'));
      if (!parent || !types.get(parent)!.includes('variable')) this.#refuse(stored.row, 'Parent', WOOCOMMERCE_MESSAGES.parent);
      else variationsOf.set(parent, [...(variationsOf.get(parent) ?? []), stored]);
    }
    const slugs = new Set<string>();
    for (const parent of parents) {
      const product = this.#product(parent, types.get(parent)!, variationsOf.get(parent) ?? []);
      if (!product) continue;
      if (slugs.has(product.handle)) this.#refuse(parent.row, 'Name', WOOCOMMERCE_MESSAGES.slugAgain);
      slugs.add(product.handle);
      this.products.push(product);
    }
  }

  #product(parent: StoredRow, type: string[], variations: StoredRow[]): CsvProduct | undefined {
    const { row, values } = parent;
    const kind = type.find((part) => part === 'simple' || part === 'variable');
    if (!kind || type.some((part) => part === 'grouped' || part === 'external')) {
      this.#refuse(row, 'Type', WOOCOMMERCE_MESSAGES.type);
      return undefined;
    }
    const title = cell(values, 'Name');
    if (title === '' || title.length > CATALOG_LIMITS.titleLength) this.#refuse(row, 'Name', WOOCOMMERCE_MESSAGES.name);
    const handle = cell(values, 'Slug') || urlIdOf(title);
    if (!HANDLE.test(handle) || handle.length > CATALOG_LIMITS.urlIdLength) this.#refuse(row, cell(values, 'Slug') ? 'Slug' : 'Name', WOOCOMMERCE_MESSAGES.slug);
    const body = values['Description'] ?? '';
    if (body.length > CATALOG_LIMITS.bodyLength) this.#refuse(row, 'Description', CSV_MESSAGES.body);
    const tags = [...new Set(cell(values, 'Tags').split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
    if (tags.some((tag) => tag.length > CATALOG_LIMITS.tagLength)) this.#refuse(row, 'Tags', CSV_MESSAGES.tag);
    else if (tags.length > CATALOG_LIMITS.tagsPerProduct) this.#refuse(row, 'Tags', CSV_MESSAGES.tooManyTags);
    const published = cell(values, 'Published') || '1';
    if (!['1', '0', '-1'].includes(published)) this.#refuse(row, 'Published', WOOCOMMERCE_MESSAGES.published);
    const images = cell(values, 'Images').split(',').map((src) => src.trim()).filter((src) => src !== '');
    if (images.some((src) => !isImageReference(src))) this.#refuse(row, 'Images', WOOCOMMERCE_MESSAGES.image);

    const optionNames: string[] = [];
    if (kind === 'variable') {
      for (const n of [1, 2, 3]) {
        const name = cell(values, `Attribute ${n} name`);
        if (name === '') continue;
        if (name.length > CATALOG_LIMITS.optionTextLength) this.#refuse(row, `Attribute ${n} name`, WOOCOMMERCE_MESSAGES.attribute);
        optionNames.push(name);
      }
      if (variations.length === 0) this.#refuse(row, 'Type', WOOCOMMERCE_MESSAGES.noVariations);
      if (variations.length > CATALOG_LIMITS.variantsPerProduct) this.#refuse(row, 'Type', CSV_MESSAGES.tooManyVariants);
    }
    const variants = kind === 'simple' ? [this.#variant(parent, [])] : variations.map((variation) => this.#variant(variation, optionNames));
    return {
      row,
      handle,
      title,
      body,
      productType: type.includes('downloadable') ? 2 : type.includes('virtual') ? 3 : 1,
      tags,
      archived: published !== '1',
      optionNames,
      variants,
      images: images.filter(isImageReference).slice(0, 250).map((src, index) => ({ src, position: index + 1, altText: '' })),
    };
  }

  #variant({ row, values }: StoredRow, optionNames: readonly string[]): CsvVariant {
    const digits = this.#fractionDigits;
    const sku = cell(values, 'SKU') || (cell(values, 'ID') ? `WC-${cell(values, 'ID')}` : '');
    if (sku === '' || sku.length > LIMITS.skuLength) this.#refuse(row, 'SKU', CSV_MESSAGES.sku);
    const price = parseAmount(cell(values, 'Regular price'), digits);
    if (price === undefined || price > CATALOG_LIMITS.maxPriceCents) this.#refuse(row, 'Regular price', WOOCOMMERCE_MESSAGES.price(digits));
    const saleText = cell(values, 'Sale price');
    const sale = saleText === '' ? undefined : parseAmount(saleText, digits);
    if (saleText !== '' && sale === undefined) this.#refuse(row, 'Sale price', WOOCOMMERCE_MESSAGES.salePrice(digits));
    const stockText = cell(values, 'Stock');
    const stock = stockText === '' ? undefined : /^\d{1,10}$/.test(stockText) && Number(stockText) <= CATALOG_LIMITS.maxStock ? Number(stockText) : NaN;
    if (Number.isNaN(stock)) this.#refuse(row, 'Stock', WOOCOMMERCE_MESSAGES.stock);
    const inStock = cell(values, 'In stock?') || '1';
    if (inStock !== '1' && inStock !== '0') this.#refuse(row, 'In stock?', WOOCOMMERCE_MESSAGES.inStock);
    const weightText = cell(values, 'Weight (kg)');
    const grams = weightText === '' ? undefined : /^\d{1,7}(\.\d{1,3})?$/.test(weightText) ? Math.round(Number(weightText) * 1000) : NaN;
    if (Number.isNaN(grams) || (grams ?? 0) > CATALOG_LIMITS.maxWeightGrams) this.#refuse(row, 'Weight (kg)', WOOCOMMERCE_MESSAGES.weight);
    const optionValues = optionNames.map((optionName, index) => {
      const value = cell(values, `Attribute ${index + 1} value(s)`);
      if (value === '' || value.length > CATALOG_LIMITS.optionTextLength) this.#refuse(row, `Attribute ${index + 1} value(s)`, WOOCOMMERCE_MESSAGES.attribute);
      return { optionName, value };
    });
    const onSale = sale !== undefined && price !== undefined && sale < price;
    return {
      row,
      sku,
      optionValues,
      priceCents: price ?? 0,
      salePriceCents: onSale ? sale : 0,
      onSale,
      qtyInStock: stock === undefined || Number.isNaN(stock) ? 0 : stock,
      unlimited: stock === undefined && inStock === '1',
      imageSrc: '',
      ...(grams !== undefined && !Number.isNaN(grams) ? { weightGrams: grams } : {}),
    };
  }
}
