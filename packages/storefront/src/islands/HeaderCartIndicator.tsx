import { cartCountText } from '@vitrine/commerce';
import { useCart, useCartStatus } from '../cart/store';
import type { ShoppingCart, StoreLocale } from '../types';
import { CartIcon } from '../ui/CartIcon';
import { formatCents } from '../ui/money';
import { visuallyHidden } from '../ui/styles';

export interface HeaderCartIndicatorProps extends StoreLocale {
  cart?: ShoppingCart | null;
}

/**
 * The header's cart link: a bag icon with a count badge. Its accessible name says the count and the
 * subtotal ('Cart, 3 items, $135.00'), in the page's one money format. Until the first sync with the
 * cart (a page rendered without it), it is `data-state="uninitialised"`, named 'Cart', with no badge.
 */
export function HeaderCartIndicator({ cart: initialCart, currency = 'USD', locale = 'en-US' }: HeaderCartIndicatorProps) {
  const cart = useCart(initialCart);
  const status = useCartStatus(initialCart);
  const known = status === 'loaded' || cart !== null;
  const count = cart?.totalQuantity ?? 0;
  const subtotal = formatCents(cart?.subtotalCents ?? 0, cart?.currency ?? currency, locale);
  const empty = count === 0;
  const countText = cartCountText(count);
  const classes = ['vitrine-cart-indicator'];
  if (empty) classes.push('vitrine-cart-indicator--empty');
  if (!known) classes.push('vitrine-cart-indicator--uninitialised');
  return (
    <a
      className={classes.join(' ')}
      href="/cart"
      data-empty={empty ? 'true' : 'false'}
      data-state={known ? 'loaded' : 'uninitialised'}
      aria-busy={known ? undefined : true}
    >
      <CartIcon />
      {known && !empty ? (
        <span className="vitrine-cart-indicator-badge" aria-hidden="true">
          {countText}
        </span>
      ) : null}
      {/* The name, in words: the icon and badge are decoration for it. */}
      <span className="vitrine-cart-indicator-name" style={visuallyHidden}>
        {known ? `Cart, ${countText} ${count === 1 ? 'item' : 'items'}, ${subtotal}` : 'Cart'}
      </span>
    </a>
  );
}
