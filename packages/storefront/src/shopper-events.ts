import { effectiveVariantPrice, fromPrice, productTypeOf, variantsOf, type CartEntry } from '@vitrine/commerce';
import { minorUnitsToDecimalString } from '@vitrine/format';
import { SHOPPER_EVENTS, type CartChangeDetail, type ProductContext } from '@vitrine/tracking/dom-events';
import type { ShoppingCart, StorefrontProduct } from './types';

/**
 * What the islands tell the shopper tracking client (@vitrine/tracking): DOM `CustomEvent`s on `document` with the
 * data the tracker's events carry. The islands never import the client (it loads later, on its own, once the page
 * is idle); the storefront's every-page script keeps what is dispatched before it arrives.
 *
 *   document.addEventListener('vitrine:add-to-cart', (event) => console.log(event.detail.sku, event.detail.quantity));
 */
export { SHOPPER_EVENTS };

export function dispatchShopperEvent(name: string, detail: object): void {
  if (typeof document === 'undefined' || typeof CustomEvent === 'undefined') return;
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

const decimal = (cents: number, currency: string) => ({ decimalValue: minorUnitsToDecimalString(Math.round(cents), currency) });

/** Storefront §3's Product context of a product item: id, name, productType, variants (sku, price, attributes), price. */
export function productContextOf(product: StorefrontProduct, currency: string): ProductContext {
  return {
    id: product.id ?? '',
    name: product.title ?? '',
    productType: productTypeOf(product),
    variants: variantsOf(product).map((variant) => ({
      sku: variant.sku ?? '',
      price: decimal(effectiveVariantPrice(variant), currency),
      attributes: variant.attributes ?? {},
    })),
    price: decimal(fromPrice(product), currency),
  };
}

/** The Product context of a cart line: the variant in the cart, at the price it was added for. */
export function cartEntryProductContext(entry: CartEntry, currency: string): ProductContext {
  const price = decimal(entry.purchasePriceCents, currency);
  return {
    id: entry.itemId,
    name: entry.title,
    productType: entry.productType,
    variants: [{ sku: entry.chosenVariant.sku, price, attributes: entry.chosenVariant.attributes ?? {} }],
    price,
  };
}

/** An add (quantity > 0) or a removal (quantity < 0) of a cart line's units, told as add-to-cart or remove-from-cart. */
export function dispatchCartLineChange(entry: CartEntry, quantityChange: number, currency: string, placement: string): void {
  if (quantityChange === 0) return;
  const detail: CartChangeDetail = {
    product: cartEntryProductContext(entry, currency),
    sku: entry.chosenVariant.sku,
    quantity: Math.abs(quantityChange),
    currency,
    placement,
  };
  dispatchShopperEvent(quantityChange > 0 ? SHOPPER_EVENTS.addToCart : SHOPPER_EVENTS.removeFromCart, detail);
}

/** The view-cart event's cart: its item count and subtotal. */
export function viewCartDetail(cart: ShoppingCart | null, currency: string) {
  const code = cart?.currency ?? currency;
  return { cart: { item_count: cart?.totalQuantity ?? 0, subtotal: { ...decimal(cart?.subtotalCents ?? 0, code), currency: code } } };
}
