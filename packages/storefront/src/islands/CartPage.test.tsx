// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../cart/store';
import { cart, entry, fakeResponse, flushPromises } from '../test-support/fixtures';
import { navigation } from '../ui/navigation';
// The view itself (CartPage.tsx only loads it as a chunk of its own).
import { CartPageView as CartPage } from './CartPageView';

const fetchMock = vi.fn<typeof fetch>();
const assignSpy = vi.spyOn(navigation, 'assign').mockImplementation(() => {});

beforeEach(() => {
  cartStore.reset();
  fetchMock.mockReset();
  assignSpy.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const twoShirts = () => cart([entry({ quantity: 2 })]);
const call = (n = 0) => ({
  url: fetchMock.mock.calls[n]![0],
  method: fetchMock.mock.calls[n]![1]?.method,
  body: fetchMock.mock.calls[n]![1]?.body ? JSON.parse(String(fetchMock.mock.calls[n]![1]!.body)) : undefined,
});

describe('CartPage', () => {
  it('says the cart is empty when it is', () => {
    render(<CartPage cart={cart()} />);
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check out' })).toBeNull();
  });

  it('lists entries with their price and the subtotal', () => {
    render(<CartPage cart={cart([entry({ quantity: 2, chosenVariant: { sku: 'S', attributes: { Size: 'Large' } } })])} />);
    const row = screen.getByRole('listitem');
    expect(within(row).getByText('Size: Large')).toBeTruthy();
    expect(within(row).getByText('$25.00')).toBeTruthy();
    expect(screen.getByText('Subtotal').parentElement?.textContent).toBe('Subtotal $25.00');
  });

  it('updates a quantity and shows the new cart', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: cart([entry({ quantity: 3 })]) }));
    render(<CartPage cart={twoShirts()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    await flushPromises();
    expect(call()).toEqual({ url: '/api/commerce/shopping-cart/entries/entry-1/quantity', method: 'PUT', body: { quantity: 3 } });
    expect(input.value).toBe('3');
    expect(screen.getByText('Subtotal').parentElement?.textContent).toBe('Subtotal $37.50');
  });

  it('sends one request for Enter followed by blur, and none again for a failed value', async () => {
    fetchMock.mockResolvedValue(fakeResponse(400, { message: 'Sorry, we do not have enough of that item available.' }));
    render(<CartPage cart={twoShirts()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    await flushPromises();
    fireEvent.blur(input);
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reports 'Unable to update quantity' with the connection message when offline", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<CartPage cart={twoShirts()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flushPromises();
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to update quantity' });
    expect(within(dialog).getByText('Please check your internet connection.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Unable to update quantity. Please check your internet connection.');
  });

  it('refuses a quantity of 0 without calling the server (removal is its own button)', () => {
    render(<CartPage cart={twoShirts()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Unable to update quantity' })).toBeTruthy();
  });

  it('removes an entry, then shows the empty cart', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: cart() }));
    render(<CartPage cart={twoShirts()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
    await flushPromises();
    expect(call()).toEqual({ url: '/api/commerce/shopping-cart/entries/entry-1', method: 'DELETE', body: undefined });
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeTruthy();
  });

  it("reports 'Unable to remove item' with the server's message", async () => {
    fetchMock.mockResolvedValue(fakeResponse(404, { message: 'That item is no longer in your cart.' }));
    render(<CartPage cart={twoShirts()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
    await flushPromises();
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to remove item' });
    expect(within(dialog).getByText('That item is no longer in your cart.')).toBeTruthy();
  });

  it('edits the additional fields of an entry', async () => {
    const form = { name: 'Engraving', fields: [{ id: 'initials', type: 'text', title: 'Initials', required: true }] };
    const withFields = cart([entry({ additionalFields: '{"initials":"AB"}' })]);
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: withFields, updatedEntry: {} }));
    render(<CartPage cart={withFields} forms={{ 'item-1': form }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
    // The form's code is its own chunk: the modal opens once it is here.
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    const input = (await within(dialog).findByRole('textbox', { name: /Initials/ })) as HTMLInputElement;
    expect(input.value).toBe('AB');
    fireEvent.change(input, { target: { value: 'CD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await flushPromises();
    expect(call()).toEqual({
      url: '/api/commerce/shopping-cart/entries/entry-1/additionalFields',
      method: 'PUT',
      body: { itemId: 'item-1', sku: 'SKU-1', additionalFields: '{"initials":"CD"}' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("reports 'Unable to update form' when saving fields fails", async () => {
    const form = { fields: [{ id: 'initials', type: 'text', title: 'Initials' }] };
    fetchMock.mockResolvedValue(fakeResponse(500, {}));
    render(<CartPage cart={cart([entry({ additionalFields: '{}' })])} forms={{ 'item-1': form }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
    fireEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Save' }));
    await flushPromises();
    const alert = screen.getByRole('alertdialog', { name: 'Unable to update form' });
    expect(within(alert).getByText('Please try again.')).toBeTruthy();
  });

  it("shows the server's field errors on their fields, 'Saving…' while it saves", async () => {
    const form = { name: 'Engraving', fields: [{ id: 'initials', type: 'text', title: 'Initials' }] };
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<CartPage cart={cart([entry({ additionalFields: '{"initials":"ABCDEFG"}' })])} forms={{ 'item-1': form }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    await flushPromises();
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeTruthy();
    answer(fakeResponse(400, { message: 'One or more fields is invalid, please check your entries.', errors: { initials: 'You have exceeded the character limit.' } }));
    await flushPromises();
    const input = within(dialog).getByRole('textbox', { name: 'Initials' });
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('You have exceeded the character limit.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("reports 'Unable to open form' when the entry's form cannot be read", () => {
    render(<CartPage cart={cart([entry({ additionalFields: '{}' })])} forms={{ 'item-1': { broken: true } }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
    expect(screen.getByRole('alertdialog', { name: 'Unable to open form' })).toBeTruthy();
  });

  it('shows the minimum-subtotal message below the store minimum and refuses checkout, saying why', () => {
    render(<CartPage cart={twoShirts()} minimumSubtotalCents={5000} />);
    const note = screen.getByText('To check out, your order subtotal must be $50.00 or more.');
    const checkout = screen.getByRole('button', { name: 'Check out' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(checkout.getAttribute('aria-describedby')).toBe(note.id);
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();
  });

  it('shows no minimum message once the subtotal reaches it, and checking out is a link to the checkout page', () => {
    render(<CartPage cart={twoShirts()} minimumSubtotalCents={2500} />);
    expect(screen.queryByText(/To check out/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('checks out on the page it is given, and not while a change to the cart is being saved', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<CartPage cart={twoShirts()} checkoutUrl="/checkout?from=cart" />);
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout?from=cart');
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    expect((screen.getByRole('button', { name: 'Check out' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Check out' }).getAttribute('aria-describedby')).toBeNull();
    answer(fakeResponse(200, { shoppingCart: cart([entry({ quantity: 3 })]) }));
    await flushPromises();
    expect(screen.getByRole('link', { name: 'Check out' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assignSpy).not.toHaveBeenCalled();
  });

  it('after a refused quantity (0, empty, or refused by the server) the box shows what the cart holds again', async () => {
    render(<CartPage cart={twoShirts()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' }) as HTMLInputElement;
    for (const typed of ['0', '']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      await flushPromises();
      expect(input.value).toBe('2');
      fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Unable to update quantity' })).getByRole('button', { name: 'OK' }));
    }
    fetchMock.mockResolvedValue(fakeResponse(400, { message: 'Sorry, we do not have enough of that item available.' }));
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flushPromises();
    expect(input.value).toBe('2');
    expect(screen.getByRole('listitem').querySelector('.vitrine-cart-entry-subtotal')?.textContent).toBe('$25.00');
  });

  it('steps the quantity with its − and + buttons, busy and disabled while saving', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(<CartPage cart={twoShirts()} />);
    expect((screen.getByRole('button', { name: 'Decrease quantity of Linen Shirt' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Linen Shirt' }));
    await flushPromises();
    expect(call().body).toEqual({ quantity: 3 });
    expect(screen.getByRole('listitem').getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Remove Linen Shirt' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Check out' }) as HTMLButtonElement).disabled).toBe(true);
    answer(fakeResponse(200, { shoppingCart: cart([entry({ quantity: 3 })]) }));
    await flushPromises();
    expect(screen.getByRole('listitem').getAttribute('aria-busy')).toBeNull();
    expect((screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' }) as HTMLInputElement).value).toBe('3');
  });

  it('offers a way back to the shop when the cart is empty', () => {
    render(<CartPage cart={cart()} shopUrl="/shop" />);
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop');
  });

  it("shows the whole cart's installment line: eligible when every line is physical, and says so when not", () => {
    const installments = { afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 100000, shopperLanguage: 'en-US', stripeAccountCountry: 'US' };
    render(<CartPage cart={cart([entry({ quantity: 4 })])} installments={installments} />);
    expect(screen.getByText('or 4 interest-free payments of $12.50 with Afterpay')).toBeTruthy();
    cleanup();
    cartStore.reset();
    render(<CartPage cart={cart([entry(), entry({ id: 'entry-2', productType: 2 })])} installments={installments} />);
    expect(screen.getByText('Afterpay is available only when every item in the cart is a physical product')).toBeTruthy();
  });

  it('fires a recalculation start and end around a form-data update', async () => {
    const events: string[] = [];
    const listen = (event: Event) => events.push(`${event.type}:${JSON.stringify((event as CustomEvent).detail.reason)}`);
    document.addEventListener('vitrine:cart-recalculation-start', listen);
    document.addEventListener('vitrine:cart-recalculation-end', listen);
    try {
      const form = { id: 'f', name: 'Engraving', fields: [{ id: 'text', type: 'text', title: 'Engraving text', required: false }] };
      const engraved = cart([entry({ itemId: 'pen', additionalFields: JSON.stringify({ text: 'A' }) })]);
      fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: engraved, updatedEntry: engraved.entries[0] }));
      render(<CartPage cart={engraved} forms={{ pen: form }} />);
      fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
      fireEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Save' }));
      await flushPromises();
      expect(events).toEqual(['vitrine:cart-recalculation-start:"form-data"', 'vitrine:cart-recalculation-end:"form-data"']);
    } finally {
      document.removeEventListener('vitrine:cart-recalculation-start', listen);
      document.removeEventListener('vitrine:cart-recalculation-end', listen);
    }
  });
});

describe('CartPage automatic discounts', () => {
  const freeShipping = { id: 'd1', title: 'Free shipping over $50', kind: 'free-shipping' as const, discountCents: 0 };
  const spendOver = { id: 'd2', title: '10% over $40', kind: 'spend-over' as const, discountCents: 250 };

  it('shows the nudge below the threshold, in the server-rendered HTML too', async () => {
    const below = { ...twoShirts(), automaticDiscounts: [], freeShippingShortfallCents: 2500, freeShippingNudge: 'Add $25.00 for free shipping' };
    const { renderToString } = await import('react-dom/server');
    expect(renderToString(<CartPage cart={below} />)).toContain('Add $25.00 for free shipping');
    render(<CartPage cart={below} />);
    expect(screen.getByText('Add $25.00 for free shipping')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Automatic discounts' })).toBeNull();
  });

  it('lists the applied discounts, and the island updates them when the cart changes', async () => {
    const below = { ...twoShirts(), automaticDiscounts: [spendOver], freeShippingShortfallCents: 2500, freeShippingNudge: 'Add $25.00 for free shipping' };
    render(<CartPage cart={below} />);
    const list = screen.getByRole('list', { name: 'Automatic discounts' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['10% over $40 −$2.50']);

    const past = { ...cart([entry({ quantity: 3 })]), automaticDiscounts: [spendOver, freeShipping], freeShippingShortfallCents: null, freeShippingNudge: null };
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: past }));
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    await flushPromises();
    expect(screen.queryByText('Add $25.00 for free shipping')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Automatic discounts' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '10% over $40 −$2.50',
      'Free shipping over $50 Free shipping',
    ]);
  });
});
