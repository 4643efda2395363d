import { isSoldOut } from '@vitrine/commerce';
import type { LoadedProduct } from '../catalog';

/** One variant of a loaded product as the storefront sees it, or undefined when the product has no such variant. */
export function variantOf(loaded: LoadedProduct, variantId: string) {
  const row = loaded.variants.find((variant) => variant.id === variantId);
  const json = loaded.item.structuredContent.variants.find((variant) => variant.id === variantId);
  return row && json ? { row, json } : undefined;
}

/** The storefront's own sold-out rule (commerce's isSoldOut), for one variant: digital and gift-card products never are. */
export function isVariantSoldOut(loaded: LoadedProduct, variantId: string): boolean {
  const variant = variantOf(loaded, variantId);
  if (!variant) return false;
  return isSoldOut({ ...loaded.item, structuredContent: { ...loaded.item.structuredContent, variants: [variant.json] } });
}

/** 'M / Navy': the variant's option values in the product's order (empty without options). */
export function variantLabel(optionValues: readonly { optionName: string; value: string }[]): string {
  return optionValues.map((option) => option.value).join(' / ');
}
