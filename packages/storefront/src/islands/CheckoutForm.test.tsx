// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeResponse, flushPromises } from '../test-support/fixtures';
import { navigation } from '../ui/navigation';
import { CheckoutForm } from './CheckoutForm';

const fetchMock = vi.fn<typeof fetch>();
const assignSpy = vi.spyOn(navigation, 'assign').mockImplementation(() => {});

beforeEach(() => {
  fetchMock.mockReset();
  assignSpy.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bodyOf = (n: number) => JSON.parse(String(fetchMock.mock.calls[n]![1]!.body));

function submitWith(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.submit(screen.getByRole('form', { name: 'Checkout' }));
}

describe('CheckoutForm', () => {
  it('orders the cart of its token and goes to the confirmation', async () => {
    fetchMock.mockResolvedValue(fakeResponse(201, { order: { id: 'order-1' } }));
    render(<CheckoutForm cartToken="tok" />);
    submitWith('shopper@example.com');
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/commerce/orders');
    expect(bodyOf(0)).toEqual({ email: 'shopper@example.com', cartToken: 'tok' });
    expect(assignSpy).toHaveBeenCalledWith('/checkout/order-confirmed?orderId=order-1');
  });

  it('buys a gift card denomination through a cart of its own', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(200, { cartToken: 'gift-cart' }))
      .mockResolvedValueOnce(fakeResponse(201, { order: { id: 'order-2' } }));
    render(<CheckoutForm giftCard={{ itemId: 'gift', sku: 'GIFT-50' }} submitLabel="Buy Gift Card" />);
    submitWith('giver@example.com');
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/commerce/express-checkout');
    expect(bodyOf(0)).toEqual({ itemId: 'gift', sku: 'GIFT-50', quantity: 1 });
    expect(bodyOf(1)).toEqual({ email: 'giver@example.com', cartToken: 'gift-cart' });
    expect(assignSpy).toHaveBeenCalledWith('/checkout/order-confirmed?orderId=order-2');
  });

  it("shows the server's field error and lets the shopper try again", async () => {
    fetchMock.mockResolvedValue(fakeResponse(400, { message: 'Invalid email.', errors: { email: 'Enter a valid email address.' } }));
    render(<CheckoutForm />);
    submitWith('nope');
    await flushPromises();
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address.');
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
