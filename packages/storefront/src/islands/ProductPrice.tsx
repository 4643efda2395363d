import { findVariantBySku, priceView } from '@vitrine/commerce';
import { useSelectedSku } from '../cart/selected-variant';
import type { StoreLocale, StorefrontProduct } from '../types';
import { formatCents } from '../ui/money';
import { PriceView } from '../ui/PriceView';

export interface ProductPriceProps extends StoreLocale {
  product: StorefrontProduct;
}

/**
 * The product page's price line. It follows the variant the shopper has chosen in the product form of
 * the same product (the from-price shows only while the choice is incomplete), and reads the same
 * price the installment line splits.
 */
export function ProductPrice({ product, currency = 'USD', locale = 'en-US' }: ProductPriceProps) {
  const sku = useSelectedSku(product.id);
  const variant = sku === undefined ? undefined : findVariantBySku(product, sku);
  const money = (cents: number) => formatCents(cents, currency, locale);
  return (
    <div className="vitrine-product-price" aria-live="polite">
      <PriceView view={priceView(product, variant)} money={money} />
    </div>
  );
}
