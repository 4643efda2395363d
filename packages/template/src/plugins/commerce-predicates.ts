// Commerce predicates: thin adapters over @vitrine/commerce (one implementation of each shop rule).
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut, type ProductItem } from '@vitrine/commerce';
import type { Predicate } from '../runtime';

const asProduct = (node: unknown): ProductItem => (node !== null && typeof node === 'object' ? (node as ProductItem) : ({} as ProductItem));

export const COMMERCE_PREDICATES: Record<string, Predicate> = {
  'has-variants?': (n) => hasVariants(asProduct(n)),
  'on-sale?': (n) => isOnSale(asProduct(n)),
  'sold-out?': (n) => isSoldOut(asProduct(n)),
  'varied-prices?': (n) => hasVariedPrices(asProduct(n)),
};
