// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { InventoryReply, InventoryRowJson } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { INVENTORY_ROUTES } from './inventory-api';
import { useDebouncedSearch } from './ProductsScreen';
import { DEFAULT_INVENTORY_STATE, inventoryQuery, parseStock, readInventoryState, withSearch, withSort, writeInventoryState } from './inventory-state';

const shirt: InventoryRowJson = {
  id: 'p1',
  title: 'Linen Shirt',
  productType: 1,
  storeId: 's1',
  archived: false,
  priceCents: 4500,
  totalStock: 12,
  unlimited: false,
  shownPrice: { from: false, priceCents: 4500, compareAtCents: null, onSale: false },
  variants: [
    { id: 'v1', sku: 'LS-S-WHITE', optionValues: [{ optionName: 'Size', value: 'S' }, { optionName: 'Color', value: 'White' }], priceCents: 4500, salePriceCents: 0, onSale: false, qtyInStock: 5, unlimited: false, imageIds: [], weightGrams: null, shownPrice: { from: false, priceCents: 4500, compareAtCents: null, onSale: false } },
    { id: 'v2', sku: 'LS-M-WHITE', optionValues: [{ optionName: 'Size', value: 'M' }, { optionName: 'Color', value: 'White' }], priceCents: 4500, salePriceCents: 0, onSale: false, qtyInStock: 7, unlimited: false, imageIds: [], weightGrams: null, shownPrice: { from: false, priceCents: 4500, compareAtCents: null, onSale: false } },
  ],
};

describe('the inventory state in the address', () => {
  it('reads defaults and known values, ignoring unknown ones', () => {
    expect(readInventoryState(new URLSearchParams(''))).toEqual(DEFAULT_INVENTORY_STATE);
    expect(readInventoryState(new URLSearchParams('q=shirt&sort=stock&direction=desc&cursor=abc'))).toEqual({ q: 'shirt', sort: 'stock', direction: 'desc', cursor: 'abc' });
    expect(readInventoryState(new URLSearchParams('sort=colour&direction=up'))).toEqual(DEFAULT_INVENTORY_STATE);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeInventoryState(DEFAULT_INVENTORY_STATE).toString()).toBe('');
    const state = { q: 'linen shirt', sort: 'price' as const, direction: 'desc' as const, cursor: 'c1' };
    expect(writeInventoryState(state).toString()).toBe('q=linen+shirt&sort=price&direction=desc&cursor=c1');
    expect(readInventoryState(writeInventoryState(state))).toEqual(state);
  });

  it('starts again at the first page on a new search or sort; the same sort flips its direction', () => {
    const paged = { q: 'shirt', sort: 'name' as const, direction: 'asc' as const, cursor: 'c1' };
    expect(withSearch(paged, 'shirt ')).toBe(paged);
    expect(withSearch(paged, 'linen')).toEqual({ ...paged, q: 'linen', cursor: '' });
    expect(withSort(paged, 'name')).toEqual({ ...paged, direction: 'desc', cursor: '' });
    expect(withSort(paged, 'stock')).toEqual({ ...paged, sort: 'stock', direction: 'asc', cursor: '' });
    expect(withSort(paged, 'stock', 'desc')).toEqual({ ...paged, sort: 'stock', direction: 'desc', cursor: '' });
    expect(inventoryQuery({ ...DEFAULT_INVENTORY_STATE, q: '  ' })).toEqual({ sort: 'name', direction: 'asc' });
  });

  it('accepts whole stock numbers from 0 to 1 000 000 000 only', () => {
    expect(parseStock('0')).toBe(0);
    expect(parseStock(' 12 ')).toBe(12);
    expect(parseStock('1000000000')).toBe(1_000_000_000);
    for (const text of ['', '-1', '1.5', '1e3', 'ten', '1000000001']) expect(parseStock(text)).toBeNull();
  });

  it('names calls the contracts have', () => {
    for (const route of Object.values(INVENTORY_ROUTES)) {
      expect(Object.values(ROUTE_CONTRACTS).some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });
});

describe('the inventory panel', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function renderProducts(answer: Parameters<typeof fakeServer>[0], permissions: string[] = ['catalog:read', 'catalog:write']) {
    const server = fakeServer(answer);
    const boot = { ...BOOT, owner: { ...BOOT.owner, permissions } } as typeof BOOT;
    render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
    return server;
  }

  it('shows the price the storefront shows, the same in the list and the expanded row: Sale, the sale price, the regular one struck (issue 31)', async () => {
    const onSale = { from: false, priceCents: 3900, compareAtCents: 4500, onSale: true };
    const regular = { from: false, priceCents: 4500, compareAtCents: null, onSale: false };
    // One variant on sale: the card shows "from" the lowest price with the Sale mark, as the store grid does.
    const sale: InventoryRowJson = {
      ...shirt,
      shownPrice: { from: true, priceCents: 3900, compareAtCents: null, onSale: true },
      variants: [{ ...shirt.variants[0]!, onSale: true, salePriceCents: 3900, shownPrice: onSale }, { ...shirt.variants[1]!, shownPrice: regular }],
    };
    const blanket: InventoryRowJson = { ...shirt, id: 'p2', title: 'Wool Blanket', shownPrice: onSale, variants: [{ ...shirt.variants[0]!, id: 'v3', sku: 'WB', onSale: true, salePriceCents: 3900, shownPrice: onSale }] };
    renderProducts(() => ({ products: [sale, blanket], nextCursor: null }) satisfies InventoryReply);
    await act(async () => navigate('/config/products'));
    const shirtRow = (await screen.findByRole('rowheader', { name: /Linen Shirt/ })).closest('tr')!;
    expect(within(shirtRow).getByText('Sale')).toBeTruthy();
    expect(within(shirtRow).getByText('from $39.00')).toBeTruthy();
    const blanketRow = screen.getByRole('rowheader', { name: /Wool Blanket/ }).closest('tr')!;
    expect(within(blanketRow).getByText('Sale')).toBeTruthy();
    expect(within(blanketRow).getByText('$39.00')).toBeTruthy();
    expect(blanketRow.querySelector('s')!.textContent).toBe('Regular price $45.00');

    fireEvent.click(screen.getByRole('button', { name: 'Variants of Linen Shirt' }));
    const variants = await screen.findByRole('table', { name: 'Variants of Linen Shirt' });
    const white = within(variants).getByRole('row', { name: /LS-S-WHITE/ });
    expect(within(white).getByText('Sale')).toBeTruthy();
    expect(within(white).getByText('$39.00')).toBeTruthy();
    expect(white.querySelector('s')!.textContent).toBe('Regular price $45.00');
    const medium = within(variants).getByRole('row', { name: /LS-M-WHITE/ });
    expect(within(medium).queryByText('Sale')).toBeNull();
    expect(within(medium).getByText('$45.00')).toBeTruthy();
  });

  it('shows a viewer the stock as numbers, with nothing to change', async () => {
    const server = renderProducts(() => ({ products: [shirt], nextCursor: null }) satisfies InventoryReply, ['catalog:read']);
    await act(async () => navigate('/config/products'));
    fireEvent.click(await screen.findByRole('button', { name: 'Variants of Linen Shirt' }));
    const variants = await screen.findByRole('table', { name: 'Variants of Linen Shirt' });
    expect(within(variants).queryByRole('spinbutton')).toBeNull();
    expect(within(variants).queryByRole('button')).toBeNull();
    expect(within(variants).getByRole('row', { name: /LS-S-WHITE/ }).textContent).toContain('5');
    expect(server.calls.every((call) => call.startsWith('GET '))).toBe(true);
  });

  it('lists products, sorts through the address, expands a product and saves a variant stock, refetching the list', async () => {
    let stock = 5;
    const server = renderProducts((method, url) => {
      if (method === 'PUT') {
        stock = 9;
        return { variantId: 'v1', productId: 'p1', sku: 'LS-S-WHITE', qtyInStock: 9, unlimited: false };
      }
      return { products: [{ ...shirt, variants: [{ ...shirt.variants[0]!, qtyInStock: stock }, shirt.variants[1]!] }], nextCursor: 'next1' } satisfies InventoryReply;
    });
    await act(async () => navigate('/config/products'));
    const expander = await screen.findByRole('button', { name: 'Variants of Linen Shirt' });
    expect(server.calls).toContain('GET /api/owner/products?sort=name&direction=asc');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'stock' } });
    await waitFor(() => expect(window.location.search).toBe('?sort=stock'));
    await waitFor(() => expect(server.calls).toContain('GET /api/owner/products?sort=stock&direction=asc'));

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.location.search).toBe('?sort=stock&cursor=next1'));

    expect(expander.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Variants of Linen Shirt' }));
    const variants = await screen.findByRole('table', { name: 'Variants of Linen Shirt' });
    const input = within(variants).getByLabelText('Stock of Linen Shirt S / White') as HTMLInputElement;
    expect(input.value).toBe('5');
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.click(within(variants).getByRole('button', { name: 'Save stock of Linen Shirt S / White' }));
    expect(await within(variants).findByText('Saved: 9 in stock.')).toBeTruthy();
    expect(server.calls).toContain('PUT /api/owner/variants/v1/stock');
    const lists = server.calls.filter((call) => call.startsWith('GET /api/owner/products?sort=stock&direction=asc&cursor=next1'));
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    await waitFor(() => expect(server.calls.filter((call) => call.startsWith('GET /api/owner/products?sort=stock&direction=asc&cursor=next1')).length).toBe(2));
  });

  it("shows the server's refusal beside the stock, and refuses a number that is not whole without calling", async () => {
    const server = renderProducts((method) => (method === 'PUT' ? { status: 403, body: { message: 'Your role does not allow this.' } } : { products: [shirt], nextCursor: null }));
    await act(async () => navigate('/config/products'));
    fireEvent.click(await screen.findByRole('button', { name: 'Variants of Linen Shirt' }));
    const input = await screen.findByLabelText('Stock of Linen Shirt M / White');
    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save stock of Linen Shirt M / White' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Stock is a whole number from 0 to 1,000,000,000.');
    expect(server.calls.some((call) => call.startsWith('PUT'))).toBe(false);
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save stock of Linen Shirt M / White' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your role does not allow this.'));
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('sends the search on Enter and writes it in the address; says when nothing matches', async () => {
    const server = renderProducts((_method, url) => ({ products: url.includes('q=') ? [] : [shirt], nextCursor: null }));
    await act(async () => navigate('/config/products'));
    await screen.findByRole('button', { name: 'Variants of Linen Shirt' });
    const search = screen.getByLabelText('Search products');
    fireEvent.change(search, { target: { value: 'sock' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(window.location.search).toBe('?q=sock'));
    expect(await screen.findByRole('heading', { name: 'No products match “sock”' })).toBeTruthy();
    expect(server.calls).toContain('GET /api/owner/products?q=sock&sort=name&direction=asc');
  });

  it('applies the search text only once typing pauses, and follows the address when it changes', () => {
    vi.useFakeTimers();
    const applied: string[] = [];
    const apply = (q: string) => applied.push(q);
    const { result, rerender } = renderHook(({ current }) => useDebouncedSearch(current, apply, 300), { initialProps: { current: '' } });
    act(() => result.current[1]('s'));
    act(() => result.current[1]('sh'));
    act(() => vi.advanceTimersByTime(299));
    expect(applied).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(applied).toEqual(['sh']);
    rerender({ current: 'linen' });
    expect(result.current[0]).toBe('linen');
    act(() => vi.advanceTimersByTime(1000));
    expect(applied).toEqual(['sh']);
  });

  it("says 'Unable to load results' with 'Network error' when no answer comes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProducts(() => {
      throw new TypeError('Failed to fetch');
    });
    await act(async () => navigate('/config/products'));
    expect(await screen.findByRole('heading', { name: 'Unable to load results' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
  }, 15_000);
});
