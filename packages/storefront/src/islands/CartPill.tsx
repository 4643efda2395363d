import { cartPill, isCartPillAllowed } from '@vitrine/commerce';
import { useCart } from '../cart/store';
import type { ShoppingCart, StoreLocale } from '../types';
import { CartIcon } from '../ui/CartIcon';
import { toBcp47 } from '../ui/money';
import { floatingPill } from '../ui/styles';

export interface CartPillProps extends StoreLocale {
  cart?: ShoppingCart | null;
  /** The page's path; the pill never shows on /cart. */
  pathname?: string;
  expressCheckout?: boolean;
  customCart?: boolean;
}

const EMPTY = { totalQuantity: 0, subtotalCents: 0 };

/**
 * The floating link to /cart: count, item/items and the subtotal; hidden when the cart is empty. It sits in its
 * own labelled landmark (the layout puts it after the footer), so no content is left outside a landmark; the
 * landmark is hidden with the pill, so an empty cart adds none.
 */
export function CartPill({ cart: initialCart, pathname, expressCheckout, customCart, currency = 'USD', locale = 'en-US' }: CartPillProps) {
  const cart = useCart(initialCart);
  if (!isCartPillAllowed({ pathname, expressCheckout, customCart })) return null;
  const view = cartPill(cart ?? EMPTY, cart?.currency ?? currency, toBcp47(locale));
  return (
    <aside className="vitrine-cart-pill-region" aria-label="Your cart" hidden={view.hidden}>
      <a className="vitrine-cart-pill" href="/cart" hidden={view.hidden} style={floatingPill}>
        <CartIcon size={20} />
        <span className="vitrine-cart-pill-count">{view.countText}</span>{' '}
        <span className="vitrine-cart-pill-label">{view.label}</span>{' '}
        <span className="vitrine-cart-pill-subtotal">{view.subtotalText}</span>
      </a>
    </aside>
  );
}
