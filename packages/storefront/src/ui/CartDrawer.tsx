import type { CSSProperties } from 'react';
import { imageUrlAtWidth } from '@vitrine/format';
import type { ShoppingCart } from '../types';
import { Modal } from './Modal';

/** The drawer's panel: the full height of the window, on its right edge. */
const drawerPanel: CSSProperties = {
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(420px, 100vw)',
  maxWidth: 'none',
  maxHeight: 'none',
  borderRadius: 0,
  display: 'flex',
  flexDirection: 'column',
};

export interface CartDrawerProps {
  cart: ShoppingCart;
  money: (cents: number) => string;
  onClose: () => void;
}

/**
 * The cart drawer that opens after an add: a modal dialog on the right (focus moves in and stays inside,
 * Escape, the close button or a click outside close it and focus goes back to the add button) with the
 * lines, the subtotal, and Checkout and View cart links. The pill and /cart stay as they are.
 */
export function CartDrawer({ cart, money, onClose }: CartDrawerProps) {
  return (
    <Modal title="Your cart" onClose={onClose} className="vitrine-cart-drawer" panelStyle={drawerPanel} closeLabel="Close cart">
      <ul className="vitrine-drawer-lines">
        {cart.entries.map((entry) => {
          const attributes = Object.entries(entry.chosenVariant.attributes ?? {});
          return (
            <li key={entry.id} className="vitrine-drawer-line">
              {entry.imageUrl ? (
                <img className="vitrine-drawer-line-image" src={imageUrlAtWidth(entry.imageUrl, 100)} alt="" width={64} height={64} />
              ) : (
                <span className="vitrine-drawer-line-image" aria-hidden="true" />
              )}
              <span className="vitrine-drawer-line-info">
                <span className="vitrine-drawer-line-title">{entry.title}</span>
                {attributes.length > 0 ? (
                  <span className="vitrine-drawer-line-variant">{attributes.map(([name, value]) => `${name}: ${value}`).join(', ')}</span>
                ) : null}
                <span className="vitrine-drawer-line-quantity">Quantity: {entry.quantity}</span>
              </span>
              <span className="vitrine-drawer-line-total">{money(entry.subTotal)}</span>
            </li>
          );
        })}
      </ul>
      <div className="vitrine-drawer-footer">
        <p className="vitrine-drawer-subtotal">
          <span>Subtotal</span> <span>{money(cart.subtotalCents)}</span>
        </p>
        {/* The server's words and money ("Add $12.00 for free shipping"), as on the cart page. */}
        {cart.freeShippingNudge ? <p className="vitrine-cart-nudge">{cart.freeShippingNudge}</p> : null}
        <a className="vitrine-drawer-checkout" href="/checkout">
          Checkout
        </a>
        <a className="vitrine-drawer-view" href="/cart">
          View cart
        </a>
      </div>
    </Modal>
  );
}
