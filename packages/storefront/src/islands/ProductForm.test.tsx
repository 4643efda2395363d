// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../cart/store';
import { cart, entry, fakeResponse, flushPromises, product, shirtWithOptions, variant } from '../test-support/fixtures';
import { navigation } from '../ui/navigation';
import { ProductForm } from './ProductForm';

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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const addButton = () => screen.getByRole('button', { name: /Add to Cart|Adding…|Added!|Purchase|Subscribe/ });
/** Chooses an option value in its radio group (the group is named by the option, each radio by its value). */
const choose = (option: string, value: string) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: option })).getByRole('radio', { name: value }));
const requestBody = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]?.body));

describe('add-to-cart button labels', () => {
  it("reads 'Add to Cart' by default", () => {
    render(<ProductForm product={product()} />);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it("reads 'Purchase' in express-checkout mode", () => {
    render(<ProductForm product={product()} expressCheckout />);
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeTruthy();
  });

  it("reads 'Subscribe' for a subscription product", () => {
    render(<ProductForm product={product({}, { isSubscribable: true })} />);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it("reads the merchant's custom text when the product enables it", () => {
    render(<ProductForm product={product({}, { useCustomAddButtonText: true, customAddButtonText: 'Get yours' })} />);
    expect(screen.getByRole('button', { name: 'Get yours' })).toBeTruthy();
  });
});

describe('add-to-cart button states and timings', () => {
  it("goes Adding… → Added! after 1 s → idle after 2 more s, and ignores clicks while added", async () => {
    vi.useFakeTimers();
    const updated = cart([entry()]);
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: updated, newlyAdded: updated.entries[0] }));
    render(<ProductForm product={product()} />);
    const button = addButton();

    fireEvent.click(button);
    expect(button.textContent).toBe('Adding…');
    await flushPromises();
    expect(requestBody()).toEqual({ itemId: 'item-1', sku: 'SKU-1', quantity: 1 });
    expect(cartStore.getSnapshot()).toBe(updated);

    act(() => vi.advanceTimersByTime(999));
    expect(button.textContent).toBe('Adding…');
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('Added!');
    expect(screen.getByRole('status').textContent).toBe('Added!');

    fireEvent.click(button);
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1999));
    expect(button.textContent).toBe('Added!');
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('Add to Cart');
  });

  it('ignores clicks while adding', async () => {
    vi.useFakeTimers();
    fetchMock.mockReturnValue(new Promise(() => {}));
    render(<ProductForm product={product()} />);
    fireEvent.click(addButton());
    fireEvent.click(addButton());
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("on a server error shows 'Unable to Add Item' with the server's message and returns to idle after 1 s", async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(fakeResponse(400, { message: 'Sorry, we do not have enough of that item available.' }));
    render(<ProductForm product={product()} />);
    const button = addButton();
    fireEvent.click(button);
    await flushPromises();

    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(within(dialog).getByText('Sorry, we do not have enough of that item available.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Sorry, we do not have enough of that item available.');
    expect(button.textContent).toBe('Adding…');
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Add to Cart');
  });

  it('maps a rate-limited add to its message', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(fakeResponse(429, {}));
    render(<ProductForm product={product()} />);
    fireEvent.click(addButton());
    await flushPromises();
    expect(within(screen.getByRole('alertdialog')).getByText('Please try again in a few seconds.')).toBeTruthy();
  });

  it('closes the error dialog with its OK button and gives focus back to the add button', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    render(<ProductForm product={product()} />);
    const button = addButton();
    button.focus();
    fireEvent.click(button);
    await flushPromises();
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(within(dialog).getByText('Please check your internet connection.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('validation before sending', () => {
  it('names every option still to choose and sends nothing', () => {
    render(<ProductForm product={shirtWithOptions()} />);
    fireEvent.click(addButton());
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(within(dialog).getByText('Please select the Size and Color options.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a quantity that is not a whole number', () => {
    render(<ProductForm product={product()} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '1.5' } });
    fireEvent.click(addButton());
    expect(within(screen.getByRole('alertdialog')).getByText('Quantity must be a whole number')).toBeTruthy();
  });

  it('counts units already in the cart against the stock', () => {
    const inCart = cart([entry({ quantity: 9 })]);
    render(<ProductForm product={product()} cart={inCart} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '2' } });
    fireEvent.click(addButton());
    expect(
      within(screen.getByRole('alertdialog')).getByText('Sorry, we do not have enough of that item available.'),
    ).toBeTruthy();
  });
});

describe('variant selection', () => {
  it('shows no option choices for a single variant', () => {
    render(<ProductForm product={product()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it("shows one radio group per option, in the product's option order, values in the variants' order, and the chosen variant's image", async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: cart([entry()]), newlyAdded: {} }));
    const shirt = shirtWithOptions();
    shirt.structuredContent!.variantOptionOrdering = ['Color', 'Size'];
    render(<ProductForm product={shirt} />);
    const groups = screen.getAllByRole('radiogroup');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent))
      .toEqual(['Color', 'Size']);
    expect(within(groups[1]!).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['Small', 'Large']);

    choose('Color', 'Blue');
    choose('Size', 'Large');
    expect((within(groups[0]!).getByRole('radio', { name: 'Blue' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Blue linen shirt');

    fireEvent.click(addButton());
    await flushPromises();
    expect(requestBody().sku).toBe('SHIRT-Large-Blue');
  });

  it('keeps a select for an option with more than eight values', () => {
    const sizes = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    render(<ProductForm product={product({}, {
      variantOptionOrdering: ['Size'],
      variants: sizes.map((size) => variant({ sku: `S${size}`, attributes: { Size: size } })),
    })} />);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    const select = screen.getByRole('combobox', { name: /Size/ });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['', ...sizes]);
  });

  it('marks a value that is sold out with the options already chosen', () => {
    const shirt = shirtWithOptions();
    shirt.structuredContent!.variants![3]!.qtyInStock = 0; // Large / Blue
    render(<ProductForm product={shirt} />);
    choose('Size', 'Large');
    const blue = within(screen.getByRole('radiogroup', { name: 'Color' })).getByRole('radio', { name: 'Blue' });
    expect(blue.closest('label')?.getAttribute('data-sold-out')).toBe('true');
    expect(document.getElementById(blue.getAttribute('aria-describedby')!)?.textContent).toBe('Sold out with the options chosen');
  });

  it('leaves the image out when asked', () => {
    render(<ProductForm product={shirtWithOptions()} showImage={false} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('quantity input', () => {
  it('is a number input, min 1, max 9999, step 1, default 1, for a physical product in stock', () => {
    render(<ProductForm product={product()} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect([input.type, input.min, input.max, input.step, input.value]).toEqual(['number', '1', '9999', '1', '1']);
  });

  it.each([
    ['a digital product', product({}, { productType: 2 }), undefined],
    ['a gift card', product({}, { productType: 4 }), undefined],
    ['a subscription', product({}, { isSubscribable: true }), undefined],
    ['a product with one unit left', product({}, { variants: [variant({ qtyInStock: 1 })] }), undefined],
    ['a service when the store allows one per order', product({}, { productType: 3 }), { multipleQuantityAllowedForServices: false }],
  ])('is hidden for %s', (_name, item, settings) => {
    render(<ProductForm product={item} settings={settings} />);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('shows for a service by default', () => {
    render(<ProductForm product={product({}, { productType: 3 })} />);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toBeTruthy();
  });

  it('sends the typed quantity', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: cart([entry({ quantity: 3 })]), newlyAdded: {} }));
    render(<ProductForm product={product()} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
    fireEvent.click(addButton());
    await flushPromises();
    expect(requestBody().quantity).toBe(3);
  });
});

describe('purchase routes', () => {
  it('express checkout goes to the checkout page with the cart token', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { cartToken: 'tok 1' }));
    render(<ProductForm product={product()} expressCheckout />);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/commerce/express-checkout');
    expect(assignSpy).toHaveBeenCalledWith('/checkout?cartToken=tok%201');
  });

  it("titles an express-checkout failure 'Unable to Purchase Item'", async () => {
    fetchMock.mockResolvedValue(fakeResponse(400, { message: 'No.' }));
    render(<ProductForm product={product()} expressCheckout />);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await flushPromises();
    expect(screen.getByRole('alertdialog', { name: 'Unable to Purchase Item' })).toBeTruthy();
  });

  it('a subscription goes to the subscription page', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { cartToken: 'sub-1' }));
    render(<ProductForm product={product({}, { isSubscribable: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/3/commerce/cart/subscription');
    expect(requestBody()).toEqual({ itemId: 'item-1', sku: 'SKU-1', qty: 1 });
    expect(assignSpy).toHaveBeenCalledWith('/checkout/subscription?cartToken=sub-1');
  });

  it('a gift card goes to the gift card page with the chosen denomination, after asking for one', () => {
    const giftCard = product(
      { title: 'Gift Card' },
      {
        productType: 4,
        variantOptionOrdering: ['Amount'],
        variants: ['25', '50'].map((amount) =>
          variant({ id: `gc-${amount}`, sku: `GC-${amount}`, attributes: { Amount: amount }, qtyInStock: 0 }),
        ),
      },
    );
    render(<ProductForm product={giftCard} />);
    fireEvent.click(addButton());
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to purchase Gift Card' });
    expect(within(dialog).getByText('Select a denomination for the Gift Card')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    choose('Amount', '50');
    fireEvent.click(addButton());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assignSpy).toHaveBeenCalledWith('/checkout/gift-card?itemId=item-1&sku=GC-50');
  });
});

describe('additional-fields form', () => {
  const engraved = () =>
    product(
      {},
      {
        additionalFieldsFormId: 'form-1',
        additionalFieldsForm: {
          id: 'form-1',
          name: 'Engraving',
          fields: [{ id: 'initials', type: 'text', title: 'Initials', required: true }],
        },
      },
    );

  const stockThen = (qtyInStock: number, addAnswer: Response) =>
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/commerce/inventory/stock/')
        ? fakeResponse(200, { results: [{ variantId: 'v1', sku: 'SKU-1', unlimited: false, qtyInStock }] })
        : addAnswer,
    );

  it("checks live stock, opens in a modal, requires its required fields, then adds with the values as JSON", async () => {
    stockThen(5, fakeResponse(200, { shoppingCart: cart([entry()]), newlyAdded: {} }));
    render(<ProductForm product={engraved()} />);
    fireEvent.click(addButton());
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/commerce/inventory/stock/?itemId=item-1');
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    const submit = await within(dialog).findByRole('button', { name: 'Add to Cart' });
    fireEvent.click(submit);
    expect(within(dialog).getByText('Required')).toBeTruthy();

    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Initials/ }), { target: { value: 'AB' } });
    fireEvent.click(submit);
    await flushPromises();
    expect(requestBody(1)).toEqual({ itemId: 'item-1', sku: 'SKU-1', quantity: 1, additionalFields: '{"initials":"AB"}' });
    expect(screen.queryByRole('dialog', { name: 'Engraving' })).toBeNull(); // the form closed; the cart drawer opened
  });

  it('does not open the form when the live stock is all in the cart already', async () => {
    stockThen(2, fakeResponse(500, {}));
    render(<ProductForm product={engraved()} cart={cart([entry({ quantity: 2 })])} />);
    fireEvent.click(addButton());
    await flushPromises();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(screen.getByRole('alertdialog', { name: 'Unable to Add Item' })).getByText('Sorry, we do not have enough of that item available.'),
    ).toBeTruthy();
  });

  it('shows field errors from the server inside the form', async () => {
    stockThen(5, fakeResponse(400, { message: 'Invalid form', errors: { initials: 'Too long' } }));
    render(<ProductForm product={engraved()} />);
    fireEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Initials/ }), { target: { value: 'ABCDEFG' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    expect(within(dialog).getByText('Too long')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not open the form for a sold-out product: its button is disabled', () => {
    const soldOut = engraved();
    soldOut.structuredContent!.variants = [variant({ qtyInStock: 0 })];
    render(<ProductForm product={soldOut} />);
    const button = screen.getByRole('button', { name: 'Sold Out' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sold out', () => {
  it("says the store's sold-out text once, on a disabled button, and keeps the restock slot", () => {
    const { container } = render(
      <ProductForm product={product({ customSoldOutText: 'Gone for now' }, { variants: [variant({ qtyInStock: 0 })] })} />,
    );
    const button = screen.getByRole('button', { name: 'Gone for now' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText('Gone for now')).toHaveLength(2); // the button, and the status region for screen readers
    expect(screen.getByRole('status').textContent).toBe('Gone for now');
    expect(container.querySelector('[data-restock-slot]')?.childNodes.length).toBe(0);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it("says 'Sold Out' when the chosen variant is out of stock, and not before", () => {
    const shirt = shirtWithOptions();
    shirt.structuredContent!.variants![3]!.qtyInStock = 0; // Large / Blue
    const { container } = render(<ProductForm product={shirt} />);
    expect(screen.getByRole('status').textContent).toBe('');
    choose('Size', 'Large');
    choose('Color', 'Blue');
    expect((screen.getByRole('button', { name: 'Sold Out' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Sold Out');
    expect(container.querySelector('[data-restock-slot]')).toBeTruthy();
    choose('Color', 'Red');
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(false);
    expect(container.querySelector('[data-restock-slot]')).toBeNull();
  });

  it('never calls a digital product sold out', () => {
    render(<ProductForm product={product({}, { productType: 2, variants: [variant({ qtyInStock: 0 })] })} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it('shows the scarcity text with the units left', () => {
    render(
      <ProductForm
        product={product({ scarcityEnabled: true, scarcityText: 'Only {qty} left in stock' }, { variants: [variant({ qtyInStock: 3 })] })}
      />,
    );
    expect(screen.getByText('Only 3 left in stock')).toBeTruthy();
  });

  it('shows scarcity only once a variant is chosen unless it is shown by default', () => {
    const shirt = { ...shirtWithOptions(4), scarcityEnabled: true, scarcityText: 'Only {qty} left in stock' };
    render(<ProductForm product={shirt} />);
    expect(screen.queryByText(/left in stock/)).toBeNull();
    choose('Size', 'Small');
    choose('Color', 'Red');
    expect(screen.getByText('Only 4 left in stock')).toBeTruthy();
    cleanup();
    render(<ProductForm product={{ ...shirt, scarcityShownByDefault: true }} />);
    expect(screen.getByText('Only 16 left in stock')).toBeTruthy();
  });
});
