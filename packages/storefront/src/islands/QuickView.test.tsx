// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../cart/store';
import { fakeResponse, flushPromises, shirtWithOptions } from '../test-support/fixtures';
import { QuickView } from './QuickView';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  cartStore.reset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QuickView', () => {
  it("is a 'Quick View' button named after its product, fetching nothing until opened", () => {
    render(<QuickView productUrl="/shop/p/linen-shirt" title="Linen Shirt" />);
    expect(screen.getByRole('button', { name: 'Quick View: Linen Shirt' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens a dialog with the product form from the page context, once', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { item: shirtWithOptions(), websiteSettings: { storeSettings: {} } }));
    render(<QuickView productUrl="/shop/p/linen-shirt" title="Linen Shirt" />);
    fireEvent.click(screen.getByRole('button', { name: 'Quick View: Linen Shirt' }));
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/shop/p/linen-shirt?format=json');
    const dialog = screen.getByRole('dialog', { name: 'Linen Shirt' });
    expect(within(dialog).getAllByRole('radiogroup').length).toBeGreaterThan(0);
    expect(dialog.querySelector('.vitrine-product-price')?.textContent).toBe('$12.50'); // the price line follows the choice
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View full details of Linen Shirt' }).getAttribute('href')).toBe('/shop/p/linen-shirt');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quick View: Linen Shirt' }));
    await flushPromises();
    expect(screen.getByRole('dialog', { name: 'Linen Shirt' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says what went wrong when the product cannot be loaded', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<QuickView productUrl="/shop/p/linen-shirt" title="Linen Shirt" />);
    fireEvent.click(screen.getByRole('button', { name: 'Quick View: Linen Shirt' }));
    await flushPromises();
    expect(screen.getByRole('alert').textContent).toBe('Please check your internet connection.');
  });
});
