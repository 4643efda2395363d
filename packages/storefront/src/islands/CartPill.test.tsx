// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartStore } from '../cart/store';
import { cart, entry } from '../test-support/fixtures';
import { CartPill } from './CartPill';
import { HeaderCartIndicator } from './HeaderCartIndicator';

// Files share one page (vitest runs them with isolate: false): islands another file hydrated may still sit in the
// body, listening to the same cart store, so each test starts from an empty body.
beforeEach(() => {
  cartStore.reset();
  document.body.innerHTML = '';
});
afterEach(cleanup);

const pill = () => document.querySelector<HTMLAnchorElement>('.vitrine-cart-pill');

describe('CartPill', () => {
  it('is hidden when the cart is empty, with its landmark', () => {
    render(<CartPill cart={cart()} pathname="/shop" />);
    expect(pill()?.hidden).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('sits in its own landmark, named, so nothing of it is outside a landmark', () => {
    render(<CartPill cart={cart([entry({ purchasePriceCents: 2000 })])} pathname="/shop" />);
    const region = screen.getByRole('complementary', { name: 'Your cart' });
    expect(within(region).getByRole('link', { name: '1 item $20' })).toBeTruthy();
  });

  it("shows '1 item' and the subtotal without trailing zero fractions, linking to /cart", () => {
    render(<CartPill cart={cart([entry({ purchasePriceCents: 2000 })])} pathname="/shop" />);
    const link = screen.getByRole('link', { name: '1 item $20' });
    expect(link.getAttribute('href')).toBe('/cart');
  });

  it("keeps non-zero fractions and says 'items' for more than one", () => {
    render(<CartPill cart={cart([entry({ quantity: 2, purchasePriceCents: 1250 })])} />);
    expect(screen.getByRole('link', { name: '2 items $25' })).toBeTruthy();
    cleanup();
    render(<CartPill cart={cart([entry({ quantity: 3, purchasePriceCents: 1250 })])} />);
    expect(screen.getByRole('link', { name: '3 items $37.50' })).toBeTruthy();
  });

  it("shows '100+' above 100 and the exact count at 100", () => {
    render(<CartPill cart={cart([entry({ quantity: 100, purchasePriceCents: 100 })])} />);
    expect(screen.getByRole('link').textContent).toBe('100 items $100');
    cleanup();
    render(<CartPill cart={cart([entry({ quantity: 101, purchasePriceCents: 100 })])} />);
    expect(screen.getByRole('link').textContent).toBe('100+ items $101');
  });

  it('accepts a site locale written with an underscore', () => {
    render(<CartPill cart={cart([entry({ quantity: 1, purchasePriceCents: 123400 })])} locale="en_US" />);
    expect(screen.getByRole('link', { name: '1 item $1,234' })).toBeTruthy();
  });

  it.each([
    ['on the cart page', { pathname: '/cart' }],
    ['on the checkout page', { pathname: '/checkout' }],
    ['on the subscription checkout', { pathname: '/checkout/subscription' }],
    ['on the order confirmation', { pathname: '/checkout/order-confirmed' }],
    ['in express-checkout mode', { expressCheckout: true }],
    ['with a custom cart', { customCart: true }],
  ])('is not rendered %s', (_where, place) => {
    const { container } = render(<CartPill cart={cart([entry()])} {...place} />);
    expect(container.innerHTML).toBe('');
  });

  it('updates live when another island adds to the shared cart', () => {
    render(<CartPill cart={cart()} pathname="/shop/p/linen-shirt" />);
    expect(pill()?.hidden).toBe(true);
    act(() => cartStore.setCart(cart([entry({ quantity: 2 })])));
    expect(screen.getByRole('link', { name: '2 items $25' })).toBeTruthy();
  });
});

describe('HeaderCartIndicator', () => {
  it('is a bag icon named with count and subtotal in the page money format, marked empty at zero, with no badge', () => {
    const { container } = render(<HeaderCartIndicator cart={cart()} />);
    const link = screen.getByRole('link', { name: 'Cart, 0 items, $0.00' });
    expect(link.getAttribute('data-empty')).toBe('true');
    expect(link.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(container.querySelector('.vitrine-cart-indicator-badge')).toBeNull();
  });

  it('shows the count badge and drops the empty marker once the cart has items, live', () => {
    render(<HeaderCartIndicator cart={null} />);
    act(() => cartStore.setCart(cart([entry({ quantity: 2 })])));
    const link = screen.getByRole('link', { name: 'Cart, 2 items, $25.00' });
    expect(link.getAttribute('data-empty')).toBe('false');
    expect(link.querySelector('.vitrine-cart-indicator-badge')?.textContent).toBe('2');
  });

  it("is uninitialised until the first sync: named 'Cart', busy, no badge", () => {
    render(<HeaderCartIndicator />);
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link.getAttribute('data-state')).toBe('uninitialised');
    expect(link.getAttribute('aria-busy')).toBe('true');
    act(() => cartStore.setCart(cart([entry()])));
    expect(screen.getByRole('link', { name: 'Cart, 1 item, $12.50' }).getAttribute('data-state')).toBe('loaded');
  });
});
