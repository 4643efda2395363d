import { findVariantBySku, priceView } from '@vitrine/commerce';
import { useSelectedSku } from '../cart/selected-variant';
import type { StoreLocale, StorefrontProduct } from '../types';
import { formatCents } from '../ui/money';
import { PriceView } from '../ui/PriceView';

export interface ProductPriceProps extends StoreLocale {
  product: StorefrontProduct;
  /**
   * A subscription's line as the server worded it with the format library, the price left as `{price}`
   * ('{price} every month'); 'Unavailable' for a plan it cannot word.
   */
  priceWording?: string;
}

/**
 * The product page's price line. It follows the variant the shopper has chosen in the product form of
 * the same product (the from-price shows only while the choice is incomplete), and reads the same
 * price the installment line splits.
 */
export function ProductPrice({ product, priceWording, currency = 'USD', locale = 'en-US' }: ProductPriceProps) {
  const sku = useSelectedSku(product.id);
  const variant = sku === undefined ? undefined : findVariantBySku(product, sku);
  const money = (cents: number) => formatCents(cents, currency, locale);
  const view = priceView(product, variant);
  if (priceWording !== undefined) {
    return (
      <div className="vitrine-product-price" aria-live="polite">
        <p className="vitrine-price vitrine-price--subscription">
          {view.from ? <span className="vitrine-price-from">from </span> : null}
          {priceWording.replace('{price}', money(view.priceCents))}
        </p>
      </div>
    );
  }
  return (
    <div className="vitrine-product-price" aria-live="polite">
      <PriceView view={view} money={money} />
    </div>
  );
}
