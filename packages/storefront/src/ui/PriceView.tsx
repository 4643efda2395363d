import type { PriceView as PriceLine } from '@vitrine/commerce';
import { visuallyHidden } from './styles';

/**
 * A product's price line: "from $45.00" while the choice is incomplete; the price; or the sale price,
 * the regular price struck through and "You save $10.00". The struck price is named for screen readers
 * ('Regular price'), since a strike-through is not announced.
 */
export function PriceView({ view, money }: { view: PriceLine; money: (cents: number) => string }) {
  if (view.compareAtCents !== null) {
    return (
      <p className="vitrine-price vitrine-price--sale">
        <span className="vitrine-price-current">
          <span className="visually-hidden" style={visuallyHidden}>Sale price </span>
          {money(view.priceCents)}
        </span>{' '}
        <s className="vitrine-price-compare">
          <span className="visually-hidden" style={visuallyHidden}>Regular price </span>
          {money(view.compareAtCents)}
        </s>{' '}
        <span className="vitrine-price-saved">You save {money(view.savedCents)}</span>
      </p>
    );
  }
  return (
    <p className="vitrine-price">
      {view.from ? <span className="vitrine-price-from">from </span> : null}
      <span className="vitrine-price-current">{money(view.priceCents)}</span>
    </p>
  );
}
