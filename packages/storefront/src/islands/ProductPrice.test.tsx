// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedVariantStore } from '../cart/selected-variant';
import { cartStore } from '../cart/store';
import { cart, entry, fakeResponse, flushPromises, product, variant } from '../test-support/fixtures';
import { ProductForm } from './ProductForm';
import { ProductPrice } from './ProductPrice';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  cartStore.reset();
  selectedVariantStore.reset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usd = (value: string) => ({ currency: 'USD', value });
/** The demo Linen Shirt's shape: S 45.00, M 48.00 (M / Navy on sale at 38.00 here). */
const shirt = () =>
  product({}, {
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      variant({ id: 'a', sku: 'S-W', attributes: { Size: 'S', Color: 'White' }, priceMoney: usd('45.00') }),
      variant({ id: 'b', sku: 'S-N', attributes: { Size: 'S', Color: 'Navy' }, priceMoney: usd('45.00') }),
      variant({ id: 'c', sku: 'M-W', attributes: { Size: 'M', Color: 'White' }, priceMoney: usd('48.00') }),
      variant({ id: 'd', sku: 'M-N', attributes: { Size: 'M', Color: 'Navy' }, priceMoney: usd('48.00'), onSale: true, salePriceMoney: usd('38.00') }),
    ],
  });
const choose = (option: string, value: string) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: option })).getByRole('radio', { name: value }));
const priceLine = () => document.querySelector('.vitrine-product-price')!.textContent;

describe('ProductPrice', () => {
  it("shows the from-price until the choice is complete, then the chosen variant's price", () => {
    const item = shirt();
    render(<><ProductPrice product={item} /><ProductForm product={item} /></>);
    expect(priceLine()).toBe('from $38.00');
    choose('Size', 'M');
    expect(priceLine()).toBe('from $38.00');
    choose('Color', 'White');
    expect(priceLine()).toBe('$48.00');
    choose('Size', 'S');
    expect(priceLine()).toBe('$45.00');
  });

  it('shows a sale price beside the struck regular price, and the amount saved', () => {
    const item = shirt();
    render(<><ProductPrice product={item} /><ProductForm product={item} /></>);
    choose('Size', 'M');
    choose('Color', 'Navy');
    expect(priceLine()).toBe('Sale price $38.00 Regular price $48.00 You save $10.00');
    expect(document.querySelector('.vitrine-product-price s')?.textContent).toBe('Regular price $48.00');
  });

  it("words a subscription's price as the server gave it, with the price filled in", () => {
    render(<ProductPrice product={product({}, { isSubscribable: true, variants: [variant({ priceMoney: usd('18.00') })] })} priceWording="{price} every month" />);
    expect(priceLine()).toBe('$18.00 every month');
    cleanup();
    render(<ProductPrice product={product({}, { isSubscribable: true })} priceWording="Unavailable" />);
    expect(priceLine()).toBe('Unavailable');
  });

  it('shows a single on-sale product at once', () => {
    render(<ProductPrice product={product({}, { variants: [variant({ priceMoney: usd('30.00'), onSale: true, salePriceMoney: usd('22.00') })] })} />);
    expect(screen.getByText('You save $8.00')).toBeTruthy();
  });
});

describe('ProductForm: quantity stepper, cart states and events', () => {
  it('steps the quantity with named − and + buttons within 1–9999', () => {
    render(<ProductForm product={product()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('2');
    expect(minus.disabled).toBe(false);
    fireEvent.change(input, { target: { value: '9999' } });
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('hides the add-to-cart wrapper while the cart loads, and shows it at once when there is no cart', () => {
    const { container } = render(<ProductForm product={product()} cart={null} />);
    const bar = container.querySelector('.vitrine-add-to-cart-bar') as HTMLElement;
    expect(bar.hidden).toBe(false);
    act(() => cartStore.setStatus('loading'));
    expect(bar.hidden).toBe(true);
    act(() => cartStore.setCart(cart()));
    expect(bar.hidden).toBe(false);
  });

  it('fires a recalculation start and end around an add (end carries the cart, or ok: false when refused)', async () => {
    const seen: { type: string; detail: Record<string, unknown> }[] = [];
    const listen = (event: Event) => seen.push({ type: event.type, detail: (event as CustomEvent).detail });
    document.addEventListener('vitrine:cart-recalculation-start', listen);
    document.addEventListener('vitrine:cart-recalculation-end', listen);
    try {
      const added = cart([entry()]);
      fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: added, newlyAdded: added.entries[0] }));
      fetchMock.mockResolvedValueOnce(fakeResponse(400, { message: 'No.' }));
      render(<ProductForm product={product()} />);
      fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await flushPromises();
      expect(seen.map((event) => event.type)).toEqual(['vitrine:cart-recalculation-start', 'vitrine:cart-recalculation-end']);
      expect(seen[1]!.detail).toEqual({ reason: 'add', ok: true, cart: added });
    } finally {
      document.removeEventListener('vitrine:cart-recalculation-start', listen);
      document.removeEventListener('vitrine:cart-recalculation-end', listen);
    }
  });

  it('opens the cart drawer after an add: lines, subtotal, Checkout and View cart; Escape closes it', async () => {
    const added = cart([entry({ quantity: 2, chosenVariant: { sku: 'SKU-1', attributes: { Size: 'M' } } })]);
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: added, newlyAdded: added.entries[0] }));
    render(<ProductForm product={product()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    const drawer = screen.getByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByText('Linen Shirt')).toBeTruthy();
    expect(within(drawer).getByText('Size: M')).toBeTruthy();
    expect(drawer.querySelector('.vitrine-drawer-subtotal')?.textContent).toBe('Subtotal $25.00');
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(within(drawer).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(drawer.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull();
  });

  it("the cart drawer says what is missing for free shipping, as the cart page does", async () => {
    const added = { ...cart([entry()]), freeShippingShortfallCents: 2500, freeShippingNudge: 'Add $25.00 for free shipping' };
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: added, newlyAdded: added.entries[0] }));
    render(<ProductForm product={product()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    const drawer = screen.getByRole('dialog', { name: 'Your cart' });
    expect(drawer.querySelector('.vitrine-cart-nudge')?.textContent).toBe('Add $25.00 for free shipping');
  });

  it('opens no drawer when asked not to (the quick view)', async () => {
    const added = cart([entry()]);
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: added, newlyAdded: added.entries[0] }));
    render(<ProductForm product={product()} cartDrawer={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
