import {
  findVariant,
  isSoldOut,
  totalStockRemaining,
  UNLIMITED_STOCK,
  variantStock,
  type ShoppingCart,
  type Variant,
} from '@vitrine/commerce';
import type { ProductImage, StorefrontProduct } from '../types';

/** The image to show for the chosen variant: its first own image, else the product's first, else its asset. */
export function imageForVariant(product: StorefrontProduct, variant: Variant | undefined): ProductImage | null {
  const images = product.items ?? [];
  for (const id of variant?.imageIds ?? []) {
    const image = images.find((candidate) => candidate.id === id);
    if (image) return image;
  }
  if (images[0]) return images[0];
  return product.assetUrl ? { id: 'asset', assetUrl: product.assetUrl, title: product.title } : null;
}

/** Units of this variant already in the cart. */
export function quantityInCart(cart: ShoppingCart | null, itemId: string | undefined, sku: string | undefined): number {
  if (!cart || itemId === undefined || sku === undefined) return 0;
  return cart.entries
    .filter((entry) => entry.itemId === itemId && entry.chosenVariant.sku === sku)
    .reduce((sum, entry) => sum + entry.quantity, 0);
}

/** Units the shopper could buy: of the chosen variant, or of the whole product before a choice. */
export function availableStock(product: StorefrontProduct, variant: Variant | undefined): number {
  return variant ? variantStock(variant) : totalStockRemaining(product);
}

/** Sold out for what is on screen: the chosen variant when there is one, else the product (commerce's rule either way). */
export function isSelectionSoldOut(product: StorefrontProduct, variant: Variant | undefined): boolean {
  if (!variant) return isSoldOut(product);
  return isSoldOut({ ...product, structuredContent: { ...product.structuredContent, variants: [variant] } });
}

/**
 * The merchant's scarcity line ("Only {qty} left in stock") when scarcity is on:
 * for the chosen variant, or before a choice only if shown by default, and
 * never for unlimited or empty stock.
 */
export function scarcityMessage(product: StorefrontProduct, variant: Variant | undefined): string | null {
  if (!product.scarcityEnabled || !product.scarcityText) return null;
  if (!variant && !product.scarcityShownByDefault) return null;
  const stock = availableStock(product, variant);
  if (stock <= 0 || stock >= UNLIMITED_STOCK) return null;
  return product.scarcityText.replaceAll('{qty}', String(stock)).replaceAll('{quantity}', String(stock));
}

export { findVariant };
