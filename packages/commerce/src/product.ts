import { moneyToCents } from './prices';
import { ProductType, type ProductItem, type StoreSettings, type Variant } from './types';

/** Stock of an unlimited variant, as the storefront reports it. */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

/** The product type as a number; unknown or missing types read as -1. */
export function productTypeOf(product: ProductItem): number {
  const raw = product.structuredContent?.productType;
  const type = typeof raw === 'string' ? Number.parseInt(raw, 10) : raw;
  return typeof type === 'number' && Number.isFinite(type) ? type : -1;
}

/** The variants; anything but a list (product JSON is not always checked) reads as none. */
export function variantsOf(product: ProductItem): Variant[] {
  const variants = product.structuredContent?.variants;
  return Array.isArray(variants) ? variants : [];
}

/** Digital and gift-card products carry their price on the product, not on variants. */
function pricedOnProduct(type: number): boolean {
  return type === ProductType.DIGITAL;
}

/** Physical, service and unknown types are priced and stocked per variant. */
function stockedPerVariant(type: number): boolean {
  return type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD;
}

export function variantPrice(variant: Variant): number {
  return moneyToCents(variant.priceMoney, variant.price ?? 0);
}

export function variantSalePrice(variant: Variant): number {
  return moneyToCents(variant.salePriceMoney, variant.salePrice ?? 0);
}

/** What the shopper pays for one unit of the variant. */
export function effectiveVariantPrice(variant: Variant): number {
  return variant.onSale ? variantSalePrice(variant) : variantPrice(variant);
}

export function isVariantInStock(variant: Variant): boolean {
  return variant.unlimited === true || (variant.qtyInStock ?? 0) > 0;
}

/** Units a shopper could buy of this variant right now. */
export function variantStock(variant: Variant): number {
  return variant.unlimited ? UNLIMITED_STOCK : Math.max(0, variant.qtyInStock ?? 0);
}

/**
 * Sold out: a stocked product whose every variant has neither unlimited stock
 * nor a positive quantity. Digital products and gift cards never sell out.
 */
export function isSoldOut(product: ProductItem): boolean {
  if (!stockedPerVariant(productTypeOf(product))) return false;
  return !variantsOf(product).some(isVariantInStock);
}

/** On sale: any variant on sale, or, for digital products, the product's own flag. */
export function isOnSale(product: ProductItem): boolean {
  const type = productTypeOf(product);
  if (pricedOnProduct(type)) return product.structuredContent?.onSale === true;
  if (type === ProductType.PHYSICAL || type === ProductType.SERVICE) {
    return variantsOf(product).some((v) => v.onSale === true);
  }
  return false;
}

/** The mark a product shows in grids: sold out wins over sale. */
export function productStatus(product: ProductItem): 'sold-out' | 'sale' | null {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return null;
}

/** More than one variant, for any product but a digital one (whose price and file are on the product). */
export function hasVariants(product: ProductItem): boolean {
  return productTypeOf(product) !== ProductType.DIGITAL && variantsOf(product).length > 1;
}

/** Whether the variants' effective prices differ (so grids show "from"). */
export function hasVariedPrices(product: ProductItem): boolean {
  const type = productTypeOf(product);
  if (!stockedPerVariant(type) && type !== ProductType.GIFT_CARD) return false;
  if (type < 0) return false;
  const variants = variantsOf(product);
  if (variants.length < 2) return false;
  const first = effectiveVariantPrice(variants[0]!);
  for (let i = 1; i < variants.length; i++) {
    if (effectiveVariantPrice(variants[i]!) !== first) return true;
  }
  return false;
}

/** The smallest (or largest) of `price` over the variants that `include` accepts; 0 when none does. */
function extremePrice(
  variants: readonly Variant[],
  price: (variant: Variant) => number,
  pick: 'min' | 'max',
  include?: (variant: Variant) => boolean,
): number {
  let result: number | undefined;
  for (const variant of variants) {
    if (include && !include(variant)) continue;
    const value = price(variant);
    if (result === undefined || (pick === 'min' ? value < result : value > result)) result = value;
  }
  return result ?? 0;
}

/** The lowest effective price in minor units: what "from {price}" shows. */
export function fromPrice(product: ProductItem): number {
  const type = productTypeOf(product);
  const content = product.structuredContent;
  if (pricedOnProduct(type)) {
    return content?.onSale ? moneyToCents(content.salePriceMoney) : moneyToCents(content?.priceMoney);
  }
  if (type < 0) return 0;
  return extremePrice(variantsOf(product), effectiveVariantPrice, 'min');
}

/** The highest regular (not sale) price in minor units. */
export function normalPrice(product: ProductItem): number {
  const type = productTypeOf(product);
  if (pricedOnProduct(type)) return moneyToCents(product.structuredContent?.priceMoney);
  if (type < 0) return 0;
  return extremePrice(variantsOf(product), variantPrice, 'max');
}

/** The lowest sale price among variants on sale, in minor units; 0 when nothing is on sale. */
export function salePrice(product: ProductItem): number {
  const type = productTypeOf(product);
  const content = product.structuredContent;
  if (pricedOnProduct(type)) return content?.onSale ? moneyToCents(content.salePriceMoney) : 0;
  if (type < 0) return 0;
  return extremePrice(variantsOf(product), variantSalePrice, 'min', (v) => v.onSale === true);
}

/** Units left across all variants; unlimited (and never-stocked types) count as the maximum safe integer. */
export function totalStockRemaining(product: ProductItem): number {
  const type = productTypeOf(product);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return UNLIMITED_STOCK;
  if (type < 0) return 0;
  let total = 0;
  for (const variant of variantsOf(product)) {
    if (variant.unlimited) return UNLIMITED_STOCK;
    total += Math.max(0, variant.qtyInStock ?? 0);
  }
  return total;
}

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * The options a shopper chooses between, in the product's option order
 * (`variantOptionOrdering`, else the order the variants name them), each with
 * its distinct values in the order the merchant listed the variants. Values are
 * never sorted: a text sort reads "M, S" or "$100.00, $25.00, $50.00". A single
 * variant offers no choice.
 */
export function variantOptions(product: ProductItem): VariantOption[] {
  const variants = variantsOf(product);
  if (variants.length <= 1) return [];
  const ordering = product.structuredContent?.variantOptionOrdering ?? [];
  const names = ordering.length > 0
    ? ordering
    : [...new Set(variants.flatMap((v) => Object.keys(v.attributes ?? {})))];
  return names.map((name) => {
    const values = new Set<string>();
    for (const variant of variants) {
      const value = variant.attributes?.[name];
      if (value !== undefined) values.add(value);
    }
    return { name, values: [...values] };
  });
}

/** The variant whose attributes match every chosen option; with one variant, that one. */
export function findVariant(product: ProductItem, selectedOptions: Record<string, string>): Variant | undefined {
  const variants = variantsOf(product);
  if (variants.length === 1) return variants[0];
  return variants.find((variant) => {
    const attributes = variant.attributes ?? {};
    const names = Object.keys(attributes);
    return names.length > 0 && names.every((name) => selectedOptions[name] === attributes[name]);
  });
}

export function findVariantBySku(product: ProductItem, sku: string): Variant | undefined {
  return variantsOf(product).find((variant) => variant.sku === sku);
}

export function isMultipleQuantityAllowedForServices(settings: StoreSettings | undefined): boolean {
  return settings?.multipleQuantityAllowedForServices !== false;
}

/**
 * The quantity input shows for physical products (and services when the store
 * allows several), never for subscriptions, and only when more than one unit
 * could be bought.
 */
export function isQuantityInputVisible(
  product: ProductItem,
  settings: StoreSettings | undefined,
  availableStock: number,
): boolean {
  if (product.structuredContent?.isSubscribable) return false;
  const type = productTypeOf(product);
  const typeAllows = type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && isMultipleQuantityAllowedForServices(settings));
  return typeAllows && availableStock > 1;
}

export const BUTTON_LABELS = {
  addToCart: 'Add to Cart',
  /** What the template engine's add-to-cart-btn formatter writes by default. */
  templateDefault: 'Add To Cart',
  purchase: 'Purchase',
  subscribe: 'Subscribe',
  adding: 'Adding…',
  added: 'Added!',
  quickView: 'Quick View',
  soldOut: 'sold out',
  sale: 'sale',
} as const;

/**
 * The add-to-cart button's idle label. A merchant's custom text wins because
 * they chose it for this product; otherwise subscriptions say Subscribe and
 * express checkout says Purchase.
 */
export function addToCartLabel(product: ProductItem, options: { expressCheckout?: boolean } = {}): string {
  const content = product.structuredContent;
  if (content?.useCustomAddButtonText && content.customAddButtonText?.trim()) return content.customAddButtonText;
  if (content?.isSubscribable) return BUTTON_LABELS.subscribe;
  if (options.expressCheckout) return BUTTON_LABELS.purchase;
  return BUTTON_LABELS.addToCart;
}

/** Merchants can sell subscriptions of physical and service products only. */
export function isMerchantSubscribableType(type: number): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}

/** The product page button's label when what is chosen cannot be bought (a verb-less state, not the grid's mark). */
export const SOLD_OUT_BUTTON_LABEL = 'Sold Out';

/** The sold-out button's label: the store's custom sold-out text when it sets one, else 'Sold Out'. */
export function soldOutButtonLabel(customSoldOutText?: string | null): string {
  return customSoldOutText?.trim() || SOLD_OUT_BUTTON_LABEL;
}

/** What a product page's price line shows, in minor units. */
export interface PriceView {
  /** True while the shopper's choice is incomplete and the variants' prices differ: "from {priceCents}". */
  from: boolean;
  /** What one unit costs (the sale price when on sale). */
  priceCents: number;
  /** The regular price, struck through, when on sale for less; otherwise null. */
  compareAtCents: number | null;
  /** compareAtCents − priceCents when on sale; otherwise 0. */
  savedCents: number;
}

function onSaleView(priceCents: number, regularCents: number): PriceView {
  return regularCents > priceCents
    ? { from: false, priceCents, compareAtCents: regularCents, savedCents: regularCents - priceCents }
    : { from: false, priceCents, compareAtCents: null, savedCents: 0 };
}

/**
 * The price line for what is chosen: the chosen variant's price (and its sale price with the regular
 * one to strike through), or, before a complete choice, the from-price when the variants differ.
 */
export function priceView(product: ProductItem, chosen: Variant | undefined): PriceView {
  const type = productTypeOf(product);
  const content = product.structuredContent;
  if (pricedOnProduct(type)) {
    const regular = moneyToCents(content?.priceMoney);
    return content?.onSale ? onSaleView(moneyToCents(content.salePriceMoney), regular) : onSaleView(regular, regular);
  }
  const variants = variantsOf(product);
  const variant = chosen ?? (variants.length === 1 ? variants[0] : undefined);
  if (variant) {
    const regular = variantPrice(variant);
    return variant.onSale && type !== ProductType.GIFT_CARD ? onSaleView(variantSalePrice(variant), regular) : onSaleView(regular, regular);
  }
  if (hasVariedPrices(product)) return { from: true, priceCents: fromPrice(product), compareAtCents: null, savedCents: 0 };
  if (isOnSale(product) && type !== ProductType.GIFT_CARD) return onSaleView(salePrice(product), normalPrice(product));
  const lowest = fromPrice(product);
  return onSaleView(lowest, lowest);
}
