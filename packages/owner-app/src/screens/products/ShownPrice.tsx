import type { ShownPriceJson } from '@vitrine/contracts';
import { INVENTORY_TEXTS } from './texts';

/**
 * A price as the storefront shows it (the server works it out with @vitrine/commerce's rules): "from $39.00"
 * while the variants' prices differ, the sale price with the regular one struck through, and the "Sale"
 * mark. The struck price is named for screen readers, since a strike-through is not announced.
 */
export function ShownPrice({ price, money }: { price: ShownPriceJson; money: (cents: number) => string }) {
  const amount = price.from ? INVENTORY_TEXTS.from(money(price.priceCents)) : money(price.priceCents);
  return (
    <span className="shown-price">
      {price.onSale ? <span className="inventory-badge inventory-badge--sale">{INVENTORY_TEXTS.sale}</span> : null}{' '}
      <span className="shown-price-current">{amount}</span>
      {price.compareAtCents !== null ? (
        <>
          {' '}
          <s className="shown-price-regular">
            <span className="visually-hidden">{INVENTORY_TEXTS.regularPrice} </span>
            {money(price.compareAtCents)}
          </s>
        </>
      ) : null}
    </span>
  );
}
