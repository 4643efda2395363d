// Commerce predicates: thin adapters over @vitrine/commerce (one implementation of each shop rule).
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from '@vitrine/commerce';
import type { Predicate } from '../runtime';

import { commerceRule } from './commerce';

export const COMMERCE_PREDICATES: Record<string, Predicate> = {
  'has-variants?': (n, _args, s) => commerceRule(s, n, hasVariants),
  'on-sale?': (n, _args, s) => commerceRule(s, n, isOnSale),
  'sold-out?': (n, _args, s) => commerceRule(s, n, isSoldOut),
  'varied-prices?': (n, _args, s) => commerceRule(s, n, hasVariedPrices),
};
