// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTOCK_DEFAULT_TEXTS, RESTOCK_MESSAGES } from '@vitrine/contracts/shopper-messages';
import { cartStore } from '../cart/store';
import { fakeResponse, flushPromises, shirtWithOptions } from '../test-support/fixtures';
import type { StorefrontProduct } from '../types';
import { ProductForm } from './ProductForm';
import { RestockBox } from './RestockBox';

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

const email = () => screen.getByRole('textbox', { name: 'Email address' });
const submit = (name: string = RESTOCK_DEFAULT_TEXTS.buttonText) => fireEvent.click(screen.getByRole('button', { name }));
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));

describe('the restock box', () => {
  it("says 'Email cannot be blank', then 'Email is invalid', and sends nothing", () => {
    render(<RestockBox productId="p1" variantId="v1" />);
    submit();
    expect(screen.getByRole('alert').textContent).toBe(RESTOCK_MESSAGES.emailBlank);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    fireEvent.change(email(), { target: { value: 'not an address' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(RESTOCK_MESSAGES.emailInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signs up, then leaves only the call to action and 'Signed up!'", async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { signedUp: true, alreadySignedUp: false }));
    render(<RestockBox productId="p1" variantId="v1" mailingListSignUpEnabled mailingListOptInByDefault />);
    expect((screen.getByRole('checkbox', { name: RESTOCK_DEFAULT_TEXTS.mailingListDescription }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(email(), { target: { value: ' shopper@example.com ' } });
    submit();
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/site-users/account/notifications/restock');
    // No challenge rendered: no captchaToken (spec §3).
    expect(sentBody()).toEqual({ isJoinMailingList: true, productId: 'p1', variantId: 'v1', siteVisitorEmail: 'shopper@example.com' });
    expect(screen.getByRole('status').textContent).toBe(RESTOCK_MESSAGES.success);
    const box = screen.getByRole('region', { name: RESTOCK_DEFAULT_TEXTS.CTAText });
    expect(within(box).queryByRole('textbox')).toBeNull();
    expect(within(box).queryByRole('button')).toBeNull();
    expect(box.textContent).toBe(`${RESTOCK_DEFAULT_TEXTS.CTAText}${RESTOCK_MESSAGES.success}`);
  });

  it("shows the store's texts, and its success text", async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, { signedUp: true, alreadySignedUp: true }));
    render(<RestockBox productId="p1" variantId="v1" texts={{ CTAText: 'Back soon', buttonText: 'Notify me', placeholderText: 'you@home', successText: 'We will write.' }} />);
    expect(email().getAttribute('placeholder')).toBe('you@home');
    // Without mailingListSignUpEnabled there is no opt-in, and none is sent.
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(email(), { target: { value: 'a@b.co' } });
    submit('Notify me');
    await flushPromises();
    expect(sentBody().isJoinMailingList).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('We will write.');
  });

  it("shows the server's message on failure and keeps the form", async () => {
    fetchMock.mockResolvedValue(fakeResponse(409, { message: 'This item is in stock: add it to your cart instead.' }));
    render(<RestockBox productId="p1" variantId="v1" />);
    fireEvent.change(email(), { target: { value: 'a@b.co' } });
    submit();
    await flushPromises();
    expect(screen.getByRole('alert').textContent).toBe('This item is in stock: add it to your cart instead.');
    expect(email()).toBeTruthy();
  });
});

describe('the restock box in the product form', () => {
  /** Large / Blue (v4) and Small / Red (v1) are sold out; both offer the box. */
  function shirt(): StorefrontProduct {
    const base = shirtWithOptions(5);
    const variants = base.structuredContent!.variants!.map((v) => (v.id === 'v4' || v.id === 'v1' ? { ...v, qtyInStock: 0 } : v));
    return {
      ...base,
      structuredContent: { ...base.structuredContent!, variants },
      restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: true }, { variantId: 'v4', hiddenByDefault: true }],
    };
  }
  const choose = (option: string, value: string) =>
    fireEvent.click(within(screen.getByRole('radiogroup', { name: option })).getByRole('radio', { name: value }));
  const box = () => document.querySelector('.vitrine-restock');

  it('appears for a chosen sold-out variant and follows the choice', () => {
    render(<ProductForm product={shirt()} />);
    expect(box()).toBeNull();
    choose('Size', 'Large');
    choose('Color', 'Blue');
    expect(box()?.getAttribute('data-variant-id')).toBe('v4');
    fireEvent.change(email(), { target: { value: 'half typed' } });
    choose('Size', 'Small');
    expect(box()).toBeNull(); // Small / Blue is in stock
    choose('Color', 'Red');
    expect(box()?.getAttribute('data-variant-id')).toBe('v1');
    // A fresh box for the new variant.
    expect((email() as HTMLInputElement).value).toBe('');
  });

  it('stays away from a sold-out variant the product does not offer it for', () => {
    const product = { ...shirt(), restockNotificationViews: [] };
    render(<ProductForm product={product} />);
    choose('Size', 'Large');
    choose('Color', 'Blue');
    expect(box()).toBeNull();
  });
});
