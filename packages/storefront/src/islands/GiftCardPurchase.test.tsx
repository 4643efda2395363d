// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../hydrate';
import { renderIsland } from '../server';
import { fakeResponse, flushPromises } from '../test-support/fixtures';
import { navigation } from '../ui/navigation';
import type { GiftCardPurchaseProps } from './GiftCardPurchase';
import { GiftCardPurchaseView } from './GiftCardPurchaseView';

const props: GiftCardPurchaseProps = { itemId: 'gift', sku: 'GIFT-50', amountLabel: '$50.00', today: '2026-11-24', submitLabel: 'Buy Gift Card' };

const fetchMock = vi.fn<typeof fetch>();
let assignSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
  assignSpy = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const bodyOf = (n: number) => JSON.parse(String(fetchMock.mock.calls[n]![1]!.body));
const form = () => screen.getByRole('form', { name: 'Buy a $50.00 gift card' });

async function renderReady() {
  render(<GiftCardPurchaseView {...props} />);
  await waitFor(() => expect(form().hasAttribute('data-ready')).toBe(true));
}

function fillRecipient(values: Partial<Record<'email' | 'name' | 'sender' | 'message' | 'date', string>>) {
  fireEvent.click(screen.getByRole('checkbox', { name: 'Send to someone else' }));
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText('Recipient email'), { target: { value: values.email } });
  if (values.name !== undefined) fireEvent.change(screen.getByLabelText('Recipient name (optional)'), { target: { value: values.name } });
  if (values.sender !== undefined) fireEvent.change(screen.getByLabelText('Your name (optional)'), { target: { value: values.sender } });
  if (values.message !== undefined) fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: values.message } });
  if (values.date !== undefined) fireEvent.change(screen.getByLabelText('Send on'), { target: { value: values.date } });
}

describe('the GiftCardPurchase island', () => {
  it('is rendered whole by the server, its button disabled until hydrated, then hydrates without a mismatch', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    document.body.innerHTML = renderIsland('GiftCardPurchase', props);
    expect(document.querySelector('form')?.getAttribute('aria-label')).toBe('Buy a $50.00 gift card');
    expect(document.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(document.body.textContent).toContain('We email the code to you once you have paid.');
    await act(async () => {
      expect(hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) })).toBe(1);
    });
    await waitFor(() => expect(document.querySelector('form[data-ready]')).toBeTruthy());
    expect(errors).toEqual([]);
    expect(document.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false);
  });

  it('for the buyer: express checkout, then the checkout page; no delivery is sent', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { cartToken: 'gift-cart' }));
    await renderReady();
    fireEvent.submit(form());
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/commerce/express-checkout');
    expect(bodyOf(0)).toEqual({ itemId: 'gift', sku: 'GIFT-50', quantity: 1 });
    expect(assignSpy).toHaveBeenCalledWith('/checkout?cartToken=gift-cart');
  });

  it('for someone else: the delivery is saved on the new cart before going to checkout', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(200, { cartToken: 'gift-cart' }))
      .mockResolvedValueOnce(fakeResponse(200, { delivery: {} }));
    await renderReady();
    fillRecipient({ email: 'ana@example.com', name: 'Ana', sender: 'Bo', message: 'Happy birthday!', date: '2026-12-24' });
    expect(screen.getByText('15 / 500')).toBeTruthy();
    fireEvent.submit(form());
    await flushPromises();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/commerce/gift-card-delivery');
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('PUT');
    expect(bodyOf(1)).toEqual({ cartToken: 'gift-cart', recipientEmail: 'ana@example.com', recipientName: 'Ana', senderName: 'Bo', message: 'Happy birthday!', sendOn: '2026-12-24' });
    expect(assignSpy).toHaveBeenCalledWith('/checkout?cartToken=gift-cart');
  });

  it('checks the shared rules before calling anything: errors by their fields, focus on the first', async () => {
    await renderReady();
    fillRecipient({ email: 'not-an-email', message: 'x'.repeat(501), date: '2026-11-23' });
    expect(screen.getByText('501 / 500').hasAttribute('data-over')).toBe(true);
    fireEvent.submit(form());
    await flushPromises();
    expect(fetchMock).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Recipient email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe("Enter the recipient's email address.");
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Keep the message to 500 characters or fewer.')).toBeTruthy();
    expect(screen.getByText('Choose a send date from today up to a year from now.')).toBeTruthy();
    expect(screen.getByLabelText('Send on').getAttribute('min')).toBe('2026-11-24');
    expect(screen.getByLabelText('Send on').getAttribute('max')).toBe('2027-11-24');
    // Editing a field clears its error.
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText("Enter the recipient's email address.")).toBeNull();
    expect(screen.getByText('Keep the message to 500 characters or fewer.')).toBeTruthy();
  });

  it("shows the server's field errors on their fields, and a second try uses the cart already made", async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(200, { cartToken: 'gift-cart' }))
      .mockResolvedValueOnce(fakeResponse(400, { message: 'Choose a send date from today up to a year from now.', errors: { sendOn: 'Choose a send date from today up to a year from now.' } }))
      .mockResolvedValueOnce(fakeResponse(200, { delivery: {} }));
    await renderReady();
    fillRecipient({ email: 'ana@example.com', date: '2026-11-25' });
    fireEvent.submit(form());
    await flushPromises();
    expect(screen.getByLabelText('Send on').getAttribute('aria-invalid')).toBe('true');
    expect(assignSpy).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Buy Gift Card' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.submit(form());
    await flushPromises();
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/commerce/express-checkout', '/api/commerce/gift-card-delivery', '/api/commerce/gift-card-delivery',
    ]);
    expect(assignSpy).toHaveBeenCalledWith('/checkout?cartToken=gift-cart');
  });

  it('says what went wrong when the cart cannot be made', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(409, { message: 'This product is no longer available.' }));
    await renderReady();
    fireEvent.submit(form());
    await flushPromises();
    expect(screen.getByRole('alert').textContent).toBe('This product is no longer available.');
  });
});
