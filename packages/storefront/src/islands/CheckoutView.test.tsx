// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, ShoppingCart } from '@vitrine/commerce/cart';
import { cart as cartOf, entry, fakeResponse, flushPromises } from '../test-support/fixtures';
import { navigation } from '../ui/navigation';
import type { CheckoutProps } from './Checkout';
import { CheckoutView } from './CheckoutView';
import { summaryRows } from './checkout/OrderSummary';
import { formatCents } from '../ui/money';

const fetchMock = vi.fn<typeof fetch>();
const assignSpy = vi.spyOn(navigation, 'assign').mockImplementation(() => {});

beforeEach(() => {
  fetchMock.mockReset();
  assignSpy.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.Stripe;
});

const callOf = (n: number) => {
  const [url, init] = fetchMock.mock.calls[n]!;
  return { url: String(url), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

const CALIFORNIA: Address = {
  name: 'Ada Shopper',
  line1: '1 Market St',
  line2: null,
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: null,
};

/** A cart of one shirt ($45), with whatever the test adds. */
function shirtCart(overrides: Partial<ShoppingCart> = {}): ShoppingCart {
  return {
    ...cartOf([entry({ purchasePriceCents: 4500, chosenVariant: { sku: 'SHIRT-S-WHITE', attributes: { Size: 'S', Color: 'White' } } })]),
    ...overrides,
  };
}

/** The shirt cart once a Californian address is saved: two options, the first chosen, CA tax. */
function shirtCartWithAddress(overrides: Partial<ShoppingCart> = {}): ShoppingCart {
  return shirtCart({
    checkout: { email: 'ada@example.com', shippingAddress: CALIFORNIA, billingAddress: null },
    shippingLocation: { country: 'US', region: 'CA', postalCode: '94105' },
    shippingOptions: [
      { id: 'standard', name: 'Standard', amountCents: 500 },
      { id: 'pickup', name: 'Pickup', amountCents: 0 },
    ],
    selectedShippingOption: { id: 'standard', name: 'Standard', amountCents: 500 },
    shippingCostCents: 500,
    applicableTaxRules: [{ id: 't1', name: 'California', country: 'US', region: 'CA', rateBasisPoints: 725, shippingTaxable: false, taxCents: 326 }],
    taxCents: 326,
    grandTotalCents: 5326,
    amountDueCents: 5326,
    ...overrides,
  });
}

const digitalCart = () =>
  ({
    ...cartOf([entry({ title: 'Field Guide (PDF)', productType: 2, purchasePriceCents: 1200 })]),
    requiresShipping: false,
    purelyDigital: true,
    hasDigital: true,
  }) satisfies ShoppingCart;

function renderCheckout(props: Partial<CheckoutProps> = {}) {
  return render(<CheckoutView cart={shirtCart()} shipsTo={['US', 'CA', 'DE', 'FR', 'GB']} {...props} />);
}

const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const choose = (name: string, value: string) => fireEvent.change(combobox(name), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function fillCalifornia() {
  choose('Country/region', 'US');
  type('Full name', 'Ada Shopper');
  type('Address', '1 Market St');
  type('City', 'San Francisco');
  choose('State', 'CA');
  type('ZIP code', '94105');
}

/** The summary's totals as [label, value] pairs, as a shopper reads them. */
function totalsShown(): string[][] {
  const summary = screen.getByRole('complementary', { name: 'Order summary' });
  return [...summary.querySelectorAll('.vitrine-summary-row')].map((row) => [
    row.querySelector('dt')!.textContent!,
    row.querySelector('dd')!.textContent!.replace(/\s+/g, ' '),
  ]);
}

describe('CheckoutView: the address follows the country', () => {
  it('asks a US address with a state select and a ZIP code', () => {
    renderCheckout();
    expect(combobox('Country/region').value).toBe('US'); // the page locale's country, offered by the store
    const states = combobox('State');
    expect(within(states).getByRole('option', { name: 'California' }).getAttribute('value')).toBe('CA');
    expect(textbox('ZIP code').getAttribute('autocomplete')).toBe('shipping postal-code');
    expect(textbox('Address').getAttribute('autocomplete')).toBe('shipping address-line1');
    expect(textbox('City').getAttribute('autocomplete')).toBe('shipping address-level2');
    expect(states.getAttribute('autocomplete')).toBe('shipping address-level1');
  });

  it('asks a British address with a postcode and no region', () => {
    renderCheckout();
    choose('Country/region', 'GB');
    expect(textbox('Postcode')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Region|County|State/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'ZIP code' })).toBeNull();
  });

  it('offers Puerto Rico as a country with the US (no state asked, a ZIP code)', () => {
    renderCheckout();
    const countries = within(combobox('Country/region')).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(countries).toEqual(expect.arrayContaining(['US', 'PR', 'GU', 'VI', 'CA', 'DE', 'FR', 'GB']));
    expect(countries).not.toContain('BR'); // the store does not ship there
    choose('Country/region', 'PR');
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    expect(textbox('ZIP code')).toBeTruthy();
  });

  it('names the countries in the page language', () => {
    renderCheckout({ locale: 'de-DE', shipsTo: ['DE', 'AT'] });
    const names = within(combobox('Country/region')).getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Deutschland', 'Österreich']);
    expect(combobox('Country/region').value).toBe('DE');
  });

  it('checks a field when it is left, with the shared rules', () => {
    renderCheckout();
    type('ZIP code', '123');
    fireEvent.blur(textbox('ZIP code'));
    expect(textbox('ZIP code').getAttribute('aria-invalid')).toBe('true');
    const describedBy = textbox('ZIP code').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe('Enter a valid ZIP code.');
    type('ZIP code', '94105');
    fireEvent.blur(textbox('ZIP code'));
    expect(textbox('ZIP code').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('CheckoutView: saving the address', () => {
  it('refuses an incomplete address in the browser and moves focus to the first field in error', async () => {
    renderCheckout();
    fireEvent.click(button('Continue to shipping'));
    await flushPromises();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(textbox('Full name'));
    const messages = [...document.querySelectorAll('.vitrine-address .vitrine-field-error')].map((node) => node.textContent);
    expect(messages).toEqual(['Enter a name.', 'Enter an address.', 'Enter a city.', 'Select a state.', 'Enter a valid ZIP code.']);
  });

  it('saves the address with PUT and then offers the shipping options as a radio group', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCartWithAddress({ selectedShippingOption: null, shippingCostCents: 0, grandTotalCents: 4826 }) }));
    renderCheckout();
    type('Email', 'ada@example.com');
    fillCalifornia();
    expect(screen.queryByRole('group', { name: 'Shipping method' })).toBeNull();
    fireEvent.click(button('Continue to shipping'));
    await flushPromises();
    expect(callOf(0)).toEqual({
      url: '/api/commerce/shopping-cart/checkout',
      method: 'PUT',
      body: {
        email: 'ada@example.com',
        shippingAddress: { name: 'Ada Shopper', line1: '1 Market St', line2: null, city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US', phone: null },
        billingAddress: null,
      },
    });
    const group = screen.getByRole('group', { name: 'Shipping method' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(['Standard $5.00', 'Pickup Free']);

    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCartWithAddress() }));
    fireEvent.click(within(group).getByRole('radio', { name: 'Standard $5.00' }));
    await flushPromises();
    expect(callOf(1)).toEqual({ url: '/api/commerce/shopping-cart/checkout', method: 'PUT', body: { selectedShippingOptionId: 'standard' } });
    expect((within(group).getByRole('radio', { name: 'Standard $5.00' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Total updated: $53.26');
  });

  it("shows the server's field errors beside their fields and focuses the first", async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse(400, { message: "We don't ship to Brazil.", errors: { 'shippingAddress.country': "We don't ship to Brazil." } }),
    );
    renderCheckout({ shipsTo: null });
    choose('Country/region', 'BR');
    type('Full name', 'Ana');
    type('Address', 'Rua 1');
    type('City', 'São Paulo');
    fireEvent.click(button('Continue to shipping'));
    await flushPromises();
    const country = combobox('Country/region');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(country.getAttribute('aria-describedby')!)!.textContent).toBe("We don't ship to Brazil.");
    expect(document.activeElement).toBe(country);
    expect(screen.queryByRole('alert')).toBeNull(); // said beside the field, not twice
  });

  it('asks a second address when billing is not the shipping address, with billing autocomplete tokens', () => {
    renderCheckout({ cart: shirtCartWithAddress() });
    const same = screen.getByRole('checkbox', { name: 'Same as shipping address' }) as HTMLInputElement;
    expect(same.checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'Billing address' })).toBeNull();
    fireEvent.click(same);
    const billing = screen.getByRole('group', { name: 'Billing address' });
    expect(within(billing).getByRole('textbox', { name: 'Address' }).getAttribute('autocomplete')).toBe('billing address-line1');
    // Billing may be anywhere, not only where the store ships.
    expect(within(within(billing).getByRole('combobox', { name: 'Country/region' })).getByRole('option', { name: 'Brazil' })).toBeTruthy();
  });
});

describe('CheckoutView: a cart that ships nothing', () => {
  it('asks no address at all: contact and pay', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(201, { order: { id: 'order-9' } }));
    render(<CheckoutView cart={digitalCart()} shipsTo={['US']} />);
    expect(screen.queryByRole('combobox', { name: 'Country/region' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delivery' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Billing address' })).toBeNull();
    expect(totalsShown()).toEqual([
      ['Subtotal', '$12.00'],
      ['Total', 'USD $12.00'],
    ]);
    type('Email', 'reader@example.com');
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(callOf(0)).toEqual({ url: '/api/commerce/orders', method: 'POST', body: { email: 'reader@example.com', expectedGrandTotalCents: 1200 } });
    expect(assignSpy).toHaveBeenCalledWith('/checkout/order-confirmed?orderId=order-9');
  });

  it('refuses a blank or malformed email before calling', async () => {
    render(<CheckoutView cart={digitalCart()} shipsTo={null} />);
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(textbox('Email').getAttribute('aria-describedby')!)!.textContent).toBe('Email cannot be blank');
    expect(document.activeElement).toBe(textbox('Email'));
    type('Email', 'nope');
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(document.getElementById(textbox('Email').getAttribute('aria-describedby')!)!.textContent).toBe('Email is not valid.');
  });
});

describe('CheckoutView: codes', () => {
  it('applies a coupon, lists it with a remove button, and removes it', async () => {
    const discounted = shirtCart({ coupons: ['WELCOME10'], validCoupons: [{ id: 'c1', code: 'WELCOME10', kind: 'percentage', discountCents: 450 }], discountCents: 450, grandTotalCents: 4050 });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: discounted }));
    renderCheckout({ cartToken: 'tok' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount code or gift card' }), { target: { value: 'welcome10' } });
    fireEvent.click(button('Apply'));
    await flushPromises();
    expect(callOf(0)).toEqual({ url: '/api/commerce/shopping-cart/coupons', method: 'POST', body: { code: 'welcome10', cartToken: 'tok' } });
    const chips = screen.getByRole('list', { name: 'Applied codes' });
    expect(within(chips).getByRole('listitem').textContent).toBe('WELCOME10−$4.50×');
    expect((screen.getByRole('textbox', { name: 'Discount code or gift card' }) as HTMLInputElement).value).toBe('');

    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCart() }));
    fireEvent.click(button('Remove coupon WELCOME10'));
    await flushPromises();
    expect(callOf(1)).toEqual({ url: '/api/commerce/shopping-cart/coupons/WELCOME10?cartToken=tok', method: 'DELETE', body: undefined });
    expect(screen.queryByRole('list', { name: 'Applied codes' })).toBeNull();
  });

  it('lists a coupon that does not apply with its reason', () => {
    renderCheckout({
      cart: shirtCart({ coupons: ['BIGSPEND'], invalidCoupons: [{ code: 'BIGSPEND', reason: 'Add $55.00 more to use this coupon.' }] }),
    });
    const chip = within(screen.getByRole('list', { name: 'Applied codes' })).getByRole('listitem');
    expect(chip.textContent).toBe('BIGSPEND×Add $55.00 more to use this coupon.');
    expect(within(chip).getByRole('button', { name: 'Remove coupon BIGSPEND' })).toBeTruthy();
  });

  it('tries a code no coupon has as a gift card', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(400, { message: 'This coupon code does not exist.', errors: { code: 'This coupon code does not exist.' } }))
      .mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCart({ giftCards: [{ last4: 'WXYZ', balanceCents: 5000, appliedCents: 4500 }], amountDueCents: 0 }) }));
    renderCheckout();
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount code or gift card' }), { target: { value: 'ABCD-EFGH-JKLM-WXYZ' } });
    fireEvent.click(button('Apply'));
    await flushPromises();
    expect(callOf(1)).toEqual({ url: '/api/commerce/shopping-cart/gift-cards', method: 'POST', body: { code: 'ABCD-EFGH-JKLM-WXYZ' } });
    expect(button('Remove gift card ending WXYZ')).toBeTruthy();
    expect(totalsShown()).toContainEqual(['Gift card', '−$45.00']);
    expect(totalsShown().at(-1)).toEqual(['Total', 'USD $0.00']);
  });

  it('says so when the code is neither a coupon nor a gift card', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(400, { message: 'This coupon code does not exist.', errors: { code: 'This coupon code does not exist.' } }))
      .mockResolvedValueOnce(fakeResponse(400, { message: 'This gift card code does not exist.', errors: { code: 'This gift card code does not exist.' } }));
    renderCheckout();
    const field = screen.getByRole('textbox', { name: 'Discount code or gift card' });
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(button('Apply'));
    await flushPromises();
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid discount code or gift card.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the coupon's own refusal without trying a gift card", async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(400, { message: 'You can use up to 5 codes at once.', errors: { code: 'You can use up to 5 codes at once.' } }));
    renderCheckout();
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount code or gift card' }), { target: { value: 'SIXTH' } });
    fireEvent.click(button('Apply'));
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('You can use up to 5 codes at once.');
  });
});

describe('CheckoutView: the summary', () => {
  const money = (cents: number) => formatCents(cents, 'USD', 'en-US');

  it('lists every total in order', () => {
    const cart = shirtCartWithAddress({
      coupons: ['WELCOME10'],
      validCoupons: [{ id: 'c1', code: 'WELCOME10', kind: 'percentage', discountCents: 450 }],
      discountCents: 450,
      giftCards: [{ last4: 'WXYZ', balanceCents: 1000, appliedCents: 1000 }],
      grandTotalCents: 4876,
      amountDueCents: 3876,
    });
    renderCheckout({ cart });
    expect(totalsShown()).toEqual([
      ['Subtotal', '$45.00'],
      ['Discount', '−$4.50'],
      ['Shipping', '$5.00'],
      ['Tax', '$3.26'],
      ['Gift card', '−$10.00'],
      ['Total', 'USD $38.76'],
    ]);
    const line = within(screen.getByRole('complementary', { name: 'Order summary' })).getAllByRole('listitem')[0]!;
    expect(line.textContent).toBe('1Linen ShirtQuantity: 1Size: S, Color: White$45.00');
  });

  it('says what is not known yet, and Free for free shipping', () => {
    expect(summaryRows(shirtCart(), money, false)).toEqual([
      ['Subtotal', '$45.00'],
      ['Shipping', 'Calculated at next step'],
      ['Tax', 'Calculated at next step'],
    ]);
    const free = shirtCartWithAddress({ selectedShippingOption: { id: 'pickup', name: 'Pickup', amountCents: 0 }, shippingCostCents: 0 });
    expect(summaryRows(free, money, false)).toContainEqual(['Shipping', 'Free']);
  });

  it('says the tax inside the total when prices include it', () => {
    renderCheckout({ cart: shirtCartWithAddress({ grandTotalCents: 5000, amountDueCents: 5000 }), pricesIncludeTax: true });
    expect(totalsShown().map(([label]) => label)).toEqual(['Subtotal', 'Shipping', 'Total']);
    expect(screen.getByText('Including $3.26 in taxes')).toBeTruthy();
  });

  it('folds behind a toggle that says the total (phones)', () => {
    renderCheckout({ cart: shirtCartWithAddress() });
    const toggle = screen.getByRole('button', { name: /^Show order summary\s+\$53\.26$/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: /^Hide order summary\s+\$53\.26$/ }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('CheckoutView: paying', () => {
  it('saves the details, then orders with the total shown and goes to the confirmation', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCartWithAddress() })).mockResolvedValueOnce(fakeResponse(201, { order: { id: 'order-1' } }));
    renderCheckout({ cart: shirtCartWithAddress(), cartToken: 'tok', testMode: true });
    expect(screen.getByText('Test mode: no real payment is taken.')).toBeTruthy();
    fireEvent.click(button('Pay now'));
    expect(button('Processing…').disabled).toBe(true);
    await flushPromises();
    expect(callOf(0).method).toBe('PUT');
    expect(callOf(1)).toEqual({ url: '/api/commerce/orders', method: 'POST', body: { email: 'ada@example.com', cartToken: 'tok', expectedGrandTotalCents: 5326, expectedAmountDueCents: 5326 } });
    expect(assignSpy).toHaveBeenCalledWith('/checkout/order-confirmed?orderId=order-1');
  });

  it('stops to show a total that moved when the details were saved', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCartWithAddress() }));
    renderCheckout({ cart: shirtCart({ checkout: { email: 'ada@example.com', shippingAddress: null, billingAddress: null } }) });
    fillCalifornia();
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Your total changed to $53.26. Check your order, then pay.');
  });

  it('asks for a shipping option when none is chosen', async () => {
    const unchosen = shirtCartWithAddress({ selectedShippingOption: null, shippingCostCents: 0 });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: unchosen }));
    renderCheckout({ cart: unchosen });
    fireEvent.click(button('Pay now'));
    await flushPromises();
    const group = screen.getByRole('group', { name: 'Shipping method' });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)!.textContent).toBe('Choose a shipping option.');
    expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]);
  });

  it('shows a changed total (409) with the cart as it is now', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCartWithAddress() }))
      .mockResolvedValueOnce(fakeResponse(409, { message: 'Your order total has changed. Please review it and try again.' }))
      .mockResolvedValueOnce(fakeResponse(200, shirtCartWithAddress({ grandTotalCents: 5826, amountDueCents: 5826, shippingCostCents: 1000 })));
    renderCheckout({ cart: shirtCartWithAddress() });
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(callOf(2)).toEqual({ url: '/api/commerce/shopping-cart', method: 'GET', body: undefined });
    expect(screen.getByRole('alert').textContent).toBe('Your order total has changed. Please review it and try again.');
    expect(totalsShown().at(-1)).toEqual(['Total', 'USD $58.26']);
    expect(screen.getByRole('status').textContent).toBe('Total updated: $58.26');
    expect(button('Pay now').disabled).toBe(false);
  });

  it('names the missing parts the server reports', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(400, { message: 'Enter a shipping address.', errors: { shippingAddress: 'Enter a shipping address.' } }));
    renderCheckout({ cart: shirtCartWithAddress(), shipsTo: null });
    // A cart whose address vanished on the server: the whole address is said missing under its legend.
    fireEvent.click(button('Pay now'));
    await flushPromises();
    const group = screen.getByRole('group', { name: 'Shipping address' });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a shipping address.');
    expect(document.activeElement).toBe(combobox('Country/region'));
  });

  it('reads Subscribe for a subscription, and refuses below the minimum subtotal', () => {
    renderCheckout({ kind: 'subscription', minimumSubtotalCents: 5000 });
    expect(button('Subscribe').disabled).toBe(true);
    expect(screen.getByText('To check out, your order subtotal must be $50.00 or more.')).toBeTruthy();
  });
});

describe('CheckoutView: the manual payment method', () => {
  it('offers it beside paying online, and places the order with it as "Place order"', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(201, { order: { id: 'order-m1' } }));
    render(<CheckoutView cart={digitalCart()} shipsTo={null} testMode manualPayment={{ label: 'Bank transfer' }} />);
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect((within(group).getByRole('radio', { name: 'Card or other online payment' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Test mode: no real payment is taken.')).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'Bank transfer' }));
    expect(screen.getByText('You get the payment instructions when you place the order. We send your order once your payment has arrived.')).toBeTruthy();
    expect(screen.queryByText('Test mode: no real payment is taken.')).toBeNull();
    type('Email', 'reader@example.com');
    fireEvent.click(button('Place order'));
    await flushPromises();
    expect(callOf(0)).toEqual({ url: '/api/commerce/orders', method: 'POST', body: { email: 'reader@example.com', expectedGrandTotalCents: 1200, paymentMethod: 'manual' } });
    expect(assignSpy).toHaveBeenCalledWith('/checkout/order-confirmed?orderId=order-m1');
  });

  it('is not offered without the store\'s method, nor for a subscription', () => {
    const { unmount } = render(<CheckoutView cart={digitalCart()} shipsTo={null} />);
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
    unmount();
    render(<CheckoutView cart={digitalCart()} shipsTo={null} kind="subscription" manualPayment={{ label: 'Bank transfer' }} />);
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
  });
});

describe('CheckoutView: a payment pending with Stripe', () => {
  function fakeStripe(confirmResult: { error?: { message?: string } }) {
    const mount = vi.fn();
    const create = vi.fn(() => ({ mount }));
    const elements = { create };
    const confirmPayment = vi.fn(async () => confirmResult);
    const stripeFactory = vi.fn(() => ({ elements: vi.fn(() => elements), confirmPayment }));
    window.Stripe = stripeFactory as unknown as NonNullable<typeof window.Stripe>;
    return { stripeFactory, create, mount, confirmPayment, elements };
  }

  it("mounts Stripe's Payment Element and confirms with the order-confirmed page as return URL", async () => {
    const stripe = fakeStripe({ error: { message: 'Your card was declined.' } });
    fetchMock.mockResolvedValueOnce(
      fakeResponse(201, { order: { id: 'order-7' }, payment: { provider: 'stripe', publishableKey: 'pk_test_1', clientSecret: 'pi_1_secret_2' } }),
    );
    render(<CheckoutView cart={digitalCart()} shipsTo={null} />);
    type('Email', 'reader@example.com');
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(assignSpy).not.toHaveBeenCalled();
    expect(stripe.stripeFactory).toHaveBeenCalledWith('pk_test_1');
    expect(stripe.create).toHaveBeenCalledWith('payment', {
      layout: { type: 'accordion', defaultCollapsed: false, radios: true, spacedAccordionItems: false },
      wallets: { applePay: 'auto', googlePay: 'auto' },
    });
    expect(stripe.mount).toHaveBeenCalledWith(document.querySelector('.vitrine-payment-element'));
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: { return_url: new URL('/checkout/order-confirmed?orderId=order-7', window.location.href).href },
    });
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');
    expect(button('Pay now').disabled).toBe(false);
  });

  it('confirms a shipped order with its shipping address (confirmParams.shipping, which Afterpay requires)', async () => {
    const stripe = fakeStripe({ error: { message: 'Your card was declined.' } });
    fetchMock
      .mockResolvedValueOnce(fakeResponse(200, { shoppingCart: shirtCartWithAddress() }))
      .mockResolvedValueOnce(fakeResponse(201, { order: { id: 'order-9' }, payment: { provider: 'stripe', publishableKey: 'pk_test_1', clientSecret: 'pi_9_secret_2' } }));
    renderCheckout({ cart: shirtCartWithAddress() });
    fireEvent.click(button('Pay now'));
    await flushPromises();
    fireEvent.click(button('Pay now'));
    await flushPromises();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: {
        return_url: new URL('/checkout/order-confirmed?orderId=order-9', window.location.href).href,
        shipping: { name: 'Ada Shopper', address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' } },
      },
    });
  });

  it('says when Stripe.js cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse(201, { order: { id: 'order-8' }, payment: { provider: 'stripe', publishableKey: 'pk_test_1', clientSecret: 'pi_1_secret_2' } }),
    );
    render(<CheckoutView cart={digitalCart()} shipsTo={null} />);
    type('Email', 'reader@example.com');
    fireEvent.click(button('Pay now'));
    await flushPromises();
    const script = document.head.querySelector<HTMLScriptElement>('script[src="https://js.stripe.com/v3"]')!;
    expect(script).toBeTruthy();
    script.dispatchEvent(new Event('error'));
    await flushPromises();
    expect(screen.getByRole('alert').textContent).toBe('The payment form could not be loaded. Check your connection and reload the page.');
    script.remove();
  });
});

describe('CheckoutView in French (issue 39 item 3)', () => {
  it("shows the address rules' messages from the catalog the server handed it", async () => {
    const { catalogFor } = await import('@vitrine/format/catalogs');
    const FR = catalogFor('fr');
    renderCheckout({ messages: { cart: FR.cart, address: FR.address, coupon: FR.coupon, giftCard: FR.giftCard } });
    fireEvent.click(button('Continue to shipping'));
    await flushPromises();
    expect(fetchMock).not.toHaveBeenCalled();
    const messages = [...document.querySelectorAll('.vitrine-address .vitrine-field-error')].map((node) => node.textContent);
    // The region and postal code messages name the country's own field, filled into the French pattern.
    expect(messages).toEqual(['Saisissez un nom.', 'Saisissez une adresse.', 'Saisissez une ville.', 'Choisissez une valeur pour « state ».', 'Saisissez une valeur valide pour « ZIP code ».']);
  });
});
