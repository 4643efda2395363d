// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../hydrate';
import { renderIsland } from '../server';
import { cart, entry } from '../test-support/fixtures';
import type { CheckoutProps } from './Checkout';

// The island as the checkout page has it: the server renders the whole checkout; the browser keeps that HTML
// until the checkout's own chunk is loaded, then hydrates it without a mismatch.

const props: CheckoutProps = {
  cart: { ...cart([entry({ purchasePriceCents: 4500 })]), checkout: { email: 'ada@example.com', shippingAddress: null, billingAddress: null } },
  cartToken: 'tok',
  kind: 'express',
  shipsTo: ['US', 'CA', 'DE'],
  pricesIncludeTax: false,
  testMode: true,
  minimumSubtotalCents: null,
  currency: 'USD',
  locale: 'en-US',
};

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the Checkout island', () => {
  it('is rendered whole by the server, its buttons disabled until the browser has hydrated it', () => {
    document.body.innerHTML = renderIsland('Checkout', props);
    const root = document.querySelector('[data-island="Checkout"] .vitrine-checkout')!;
    expect(root.hasAttribute('data-ready')).toBe(false);
    expect(root.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe('ada@example.com');
    expect(root.querySelector('select[name="shippingAddress.country"] option[selected]')?.getAttribute('value')).toBe('US');
    expect([...root.querySelectorAll('button[type="submit"]')].map((button) => [button.textContent, button.hasAttribute('disabled')])).toEqual([
      ['Apply', true],
      ['Pay now', true],
    ]);
    expect(root.textContent).toContain('Test mode: no real payment is taken.');
  });

  it('loads its code and hydrates the server HTML without a mismatch', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    document.body.innerHTML = renderIsland('Checkout', props);
    await act(async () => {
      expect(hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) })).toBe(1);
    });
    await waitFor(() => expect(document.querySelector('.vitrine-checkout[data-ready]')).toBeTruthy());
    expect(errors).toEqual([]);
    expect(document.querySelector('.vitrine-pay-button')?.hasAttribute('disabled')).toBe(false);
  });
});
