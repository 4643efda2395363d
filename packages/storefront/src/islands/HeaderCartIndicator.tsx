import { cartCountText } from '@vitrine/commerce';
import { useCart } from '../cart/store';
import type { ShoppingCart, StoreLocale } from '../types';
import { formatCents } from '../ui/money';

export interface HeaderCartIndicatorProps extends StoreLocale {
  cart?: ShoppingCart | null;
}

/** The header's cart link: count and subtotal, marked empty at zero (spec: cart indicator). */
export function HeaderCartIndicator({ cart: initialCart, currency = 'USD', locale = 'en-US' }: HeaderCartIndicatorProps) {
  const cart = useCart(initialCart);
  const count = cart?.totalQuantity ?? 0;
  const subtotal = formatCents(cart?.subtotalCents ?? 0, cart?.currency ?? currency, locale, { trimZeroFractions: true });
  const empty = count === 0;
  const countText = cartCountText(count);
  return (
    <a
      className={empty ? 'vitrine-cart-indicator vitrine-cart-indicator--empty' : 'vitrine-cart-indicator'}
      href="/cart"
      data-empty={empty ? 'true' : 'false'}
    >
      {/* The visible words are the accessible name ('Cart, 3 items, $135'): no aria-label to drift from them. */}
      <span className="vitrine-cart-indicator-label">Cart,</span>{' '}
      <span className="vitrine-cart-indicator-count">{countText}</span>{' '}
      <span className="vitrine-cart-indicator-unit">{count === 1 ? 'item,' : 'items,'}</span>{' '}
      <span className="vitrine-cart-indicator-subtotal">{subtotal}</span>
    </a>
  );
}
