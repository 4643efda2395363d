import { EN_ADD_TO_CART, EN_ERROR_DIALOG_TITLES } from '@vitrine/format/catalogs/en';
import { fillPlaceholders } from '@vitrine/format/catalogs/fill';
import {
  findVariantBySku, isMultipleQuantityAllowedForServices, productTypeOf, variantOptions, variantsOf,
} from './product';
import { ProductType, type ProductItem, type RuleProduct, type StoreSettings, type Variant } from './types';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

/** Every add-to-cart string the shopper can see, worded as the storefront spec gives them. */
// Filled once; the pure wrapper lets a bundle that never reads them leave them out (no property reads kept).
export const ADD_TO_CART_MESSAGES = /* @__PURE__ */ (() => ({
    ...EN_ADD_TO_CART,
    quantityOutOfRange: fillPlaceholders(EN_ADD_TO_CART.quantityOutOfRange, { min: MIN_QUANTITY, max: MAX_QUANTITY }),
  }) as const)();

export const ERROR_DIALOG_TITLES = EN_ERROR_DIALOG_TITLES;

export function errorDialogTitle(product: ProductItem, options: { expressCheckout?: boolean } = {}): string {
  if (productTypeOf(product) === ProductType.GIFT_CARD) return ERROR_DIALOG_TITLES.giftCard;
  if (options.expressCheckout) return ERROR_DIALOG_TITLES.purchaseItem;
  return ERROR_DIALOG_TITLES.addItem;
}

/** The button's timings in milliseconds (storefront spec, section 4 and 9). */
export const ADD_BUTTON_TIMINGS = {
  addedAfterMs: 1000,
  idleAfterAddedMs: 2000,
  idleAfterErrorMs: 1000,
} as const;

/** 'Please select the Size option.' / '… the Size and Color options.' / '… the Size, Color and Fit options.' */
export function missingOptionsMessage(optionNames: readonly string[]): string {
  if (optionNames.length === 0) return '';
  if (optionNames.length === 1) return `Please select the ${optionNames[0]} option.`;
  const last = optionNames[optionNames.length - 1];
  const list = optionNames.slice(0, -1).join(', ');
  return `Please select the ${list} and ${last} options.`;
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/** Reads a quantity typed by a shopper or sent by a client: numeric, whole, 1–9999. */
export function parseQuantity(input: unknown): QuantityCheck {
  let value: number;
  if (typeof input === 'number') {
    value = input;
  } else if (typeof input === 'string' && /^\s*-?[0-9]+(\.[0-9]+)?\s*$/.test(input)) {
    // Plain decimal digits only: Number() would also read '0x10' as 16 and '1e3' as 1000.
    value = Number(input.trim());
  } else {
    return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotNumber };
  }
  if (!Number.isFinite(value)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(value)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotWhole };
  if (value < MIN_QUANTITY || value > MAX_QUANTITY) {
    return { ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange };
  }
  return { ok: true, quantity: value };
}

/** Stocked product types; digital goods and gift cards have no stock to run out of. */
function tracksStock(product: RuleProduct): boolean {
  const type = productTypeOf(product);
  return type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD;
}

/**
 * Before the additional-fields form opens, a product passes if any stock record
 * is unlimited or holds more than the shopper already has in the cart.
 */
export function hasStockBeyondCart(
  stock: readonly { unlimited?: boolean; qtyInStock?: number }[],
  quantityInCart: number,
): boolean {
  return stock.some((record) => record.unlimited === true || (record.qtyInStock ?? 0) > quantityInCart);
}

function hasEnoughStock(variant: Variant, quantityInCart: number, quantity: number): boolean {
  return variant.unlimited === true || (variant.qtyInStock ?? 0) >= quantityInCart + quantity;
}

export interface AddToCartRequest {
  product: RuleProduct;
  /** Options the shopper picked, by option name. Used to name the ones still missing. */
  selectedOptions?: Record<string, string>;
  /** The chosen variant, when the caller already resolved one. */
  variant?: Variant;
  /** Or the sku the client sent; resolved against the product. */
  sku?: string;
  quantity: unknown;
  /** Units of the same variant already in the cart. */
  quantityInCart?: number;
  /** The store's settings: whether services may be bought several at a time. */
  settings?: StoreSettings;
}

export type AddToCartCheck =
  | { ok: true; variant: Variant; quantity: number }
  | { ok: false; message: string; field?: 'options' | 'variant' | 'quantity' | 'stock' };

/**
 * The add-to-cart checks, in the order a shopper meets them. The browser runs
 * them for an instant message; the server runs them again inside the
 * transaction that writes the entry.
 */
export function validateAddToCart(request: AddToCartRequest): AddToCartCheck {
  const { product } = request;
  const quantityInCart = request.quantityInCart ?? 0;
  const selected = request.selectedOptions ?? {};
  let variant = request.variant ?? (request.sku !== undefined ? findVariantBySku(product, request.sku) : undefined);
  if (!variant && request.sku === undefined && variantsOf(product).length === 1) variant = variantsOf(product)[0];

  if (productTypeOf(product) === ProductType.GIFT_CARD && !variant) {
    return { ok: false, message: ADD_TO_CART_MESSAGES.giftCardDenomination, field: 'variant' };
  }
  if (!variant && request.sku === undefined) {
    const missing = variantOptions(product).map((o) => o.name).filter((name) => !selected[name]);
    if (missing.length > 0) return { ok: false, message: missingOptionsMessage(missing), field: 'options' };
  }
  if (!variant) return { ok: false, message: ADD_TO_CART_MESSAGES.variantUnavailable, field: 'variant' };

  const hasAdditionalFields = Boolean(product.structuredContent?.additionalFieldsFormId);
  if (hasAdditionalFields && tracksStock(product) && !hasStockBeyondCart([variant], quantityInCart)) {
    return { ok: false, message: ADD_TO_CART_MESSAGES.notEnoughStock, field: 'stock' };
  }

  const quantity = parseQuantity(request.quantity);
  if (!quantity.ok) return { ok: false, message: quantity.message, field: 'quantity' };

  if (
    productTypeOf(product) === ProductType.SERVICE &&
    !isMultipleQuantityAllowedForServices(request.settings) &&
    quantityInCart + quantity.quantity > 1
  ) {
    return { ok: false, message: ADD_TO_CART_MESSAGES.singleServiceOnly, field: 'quantity' };
  }
  if (tracksStock(product) && !hasEnoughStock(variant, quantityInCart, quantity.quantity)) {
    return { ok: false, message: ADD_TO_CART_MESSAGES.notEnoughStock, field: 'stock' };
  }
  return { ok: true, variant, quantity: quantity.quantity };
}
