import { isOnSale, priceView, type ProductItem, type Variant } from '@vitrine/commerce';
import type { ShownPriceJson } from '@vitrine/contracts';
import type { ProductRow, VariantRow } from '../db/schema';
import { moneyJson } from './money';
import { variantJson } from './product-item';

/**
 * The owner's lists show a price the way the storefront does (issue 31: the list showed the regular price,
 * the expanded row the sale price, neither said "Sale"): @vitrine/commerce's price line and sale rule, read
 * from the same product shape the storefront's islands read.
 */

type PricedProduct = Pick<ProductRow, 'product_type' | 'on_sale' | 'price_cents' | 'sale_price_cents'>;

export function pricedProductOf(product: PricedProduct, variants: readonly VariantRow[], currency: string): ProductItem {
  return {
    structuredContent: {
      productType: product.product_type,
      onSale: product.on_sale,
      priceMoney: moneyJson(Number(product.price_cents), currency),
      salePriceMoney: moneyJson(Number(product.sale_price_cents), currency),
      variants: variants.map((variant) => variantJson(variant, currency)),
    },
  };
}

/** The price as the product's card shows it (no variant chosen), or as its page shows it once `chosen` is. */
export function shownPriceOf(product: ProductItem, chosen?: Variant): ShownPriceJson {
  const view = priceView(product, chosen);
  const onSale = chosen ? view.compareAtCents !== null : isOnSale(product);
  return { from: view.from, priceCents: view.priceCents, compareAtCents: view.compareAtCents, onSale };
}
