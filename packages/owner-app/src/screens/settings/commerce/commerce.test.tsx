// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT } from '../../../test-support/fixtures';
import { COMMERCE_ROUTES, type CommercePreferences } from './commerce-api';
import { changesOf, formOf, parseAmount } from './preferences';

/** fakeServer's twin that also keeps each request's JSON body. */
function serverWithBodies(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Array<{ call: string; body: unknown }> = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${method} ${input}`, body });
    const result = await answer(method, input, body);
    const { status, body: reply } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

const saved: CommercePreferences = { currency: 'USD', minimumOrderSubtotalCents: 1500, expressCheckout: false, restockAutoSend: true, someOtherSetting: 'kept' };

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderPanel(answer: Parameters<typeof serverWithBodies>[0], permissions: Permission[] = ['store-settings:read', 'store-settings:write']) {
  const server = serverWithBodies(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('commerce preferences: the form rules', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(COMMERCE_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('reads amounts in the currency (none for empty; refused past its fraction digits or below 0)', () => {
    expect(parseAmount('15', 'USD')).toBe(1500);
    expect(parseAmount('15.5', 'USD')).toBe(1550);
    expect(parseAmount('1,000.00', 'USD')).toBe(100000);
    expect(parseAmount('', 'USD')).toBeNull();
    expect(parseAmount('1500', 'JPY')).toBe(1500);
    for (const [text, currency] of [['15.555', 'USD'], ['-1', 'USD'], ['ten', 'USD'], ['15.5', 'JPY']] as const) expect(parseAmount(text, currency)).toBeUndefined();
  });

  it('sends only what changed: defaults kept unsent, an emptied amount as null (removed)', () => {
    const form = formOf(saved);
    expect(form).toMatchObject({ currency: 'USD', minimumOrderSubtotalCents: '15.00', multipleQuantityAllowedForServices: true, expressCheckout: false, restockAutoSend: true, afterPayMin: '' });
    expect(changesOf(saved, form)).toEqual({ changes: {}, errors: {} });
    expect(changesOf(saved, { ...form, minimumOrderSubtotalCents: '', expressCheckout: true, stripeAccountCountry: 'US' }).changes).toEqual({ minimumOrderSubtotalCents: null, expressCheckout: true, stripeAccountCountry: 'US' });
    expect(changesOf(saved, { ...form, afterPayMin: '100', afterPayMax: '50' }).errors).toEqual({ afterPayMin: 'Installments from must not be more than installments up to.' });
    expect(changesOf(saved, { ...form, stripeAccountCountry: 'usa' }).errors).toEqual({ stripeAccountCountry: 'Enter two capital letters, such as US.' });
  });
});

describe('the commerce preferences panel', () => {
  it('shows the known preferences with labels and help, saves what changed and says Saved.', async () => {
    let current = { ...saved };
    const server = renderPanel((method, _url, body) => {
      if (method === 'PUT') current = { ...current, ...(body as object) };
      return current;
    });
    await act(async () => navigate('/config/settings/commerce'));
    const minimum = (await screen.findByLabelText('Minimum order subtotal (USD)')) as HTMLInputElement;
    expect(minimum.value).toBe('15.00');
    expect(document.getElementById(minimum.getAttribute('aria-describedby')!)!.textContent).toBe('Checkout is refused below this subtotal. Leave empty for no minimum.');
    const auto = screen.getByRole('checkbox', { name: 'Send back-in-stock notices automatically' }) as HTMLInputElement;
    expect(auto.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Allow more than one of a service' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Store currency') as HTMLSelectElement).value).toBe('USD');

    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Nothing to save: no preference changed.')).toBeTruthy();

    fireEvent.change(minimum, { target: { value: '20' } });
    fireEvent.click(auto);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Express checkout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    const put = server.calls.find((entry) => entry.call.startsWith('PUT'))!;
    expect(put.call).toBe('PUT /api/v1/commerce-preferences/w1');
    expect(put.body).toEqual({ minimumOrderSubtotalCents: 2000, restockAutoSend: false, expressCheckout: true });
  });

  it('refuses a bad amount in the app, and shows the server\'s refusal with its field', async () => {
    const server = renderPanel((method) =>
      method === 'PUT' ? { status: 400, body: { message: 'Some preferences are not valid.', errors: { afterPayMin: 'afterPayMin must not be more than afterPayMax.' } } } : saved,
    );
    await act(async () => navigate('/config/settings/commerce'));
    const minimum = await screen.findByLabelText('Minimum order subtotal (USD)');
    fireEvent.change(minimum, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Some preferences are not valid. Check the fields marked.');
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter an amount in USD such as 25 or 25.50, 0 or more.')).toBeTruthy();
    expect(server.calls.some((entry) => entry.call.startsWith('PUT'))).toBe(false);

    fireEvent.change(minimum, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Installments from (USD)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Some preferences are not valid.'));
    expect(screen.getByText('afterPayMin must not be more than afterPayMax.')).toBeTruthy();
  });

  it('turns the manual payment method on with its name, instructions and days, field errors first', async () => {
    let current = { ...saved };
    const server = renderPanel((method, _url, body) => {
      if (method === 'PUT') current = { ...current, ...(body as object) };
      return current;
    });
    await act(async () => navigate('/config/settings/commerce'));
    const group = await screen.findByRole('group', { name: 'Manual payment (bank transfer, cash on delivery)' });
    const on = within(group).getByRole('checkbox', { name: 'Offer a manual payment method' }) as HTMLInputElement;
    expect(on.checked).toBe(false);
    fireEvent.click(on);
    const days = within(group).getByRole('textbox', { name: 'Days to pay' });
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Some preferences are not valid. Check the fields marked.');
    const name = within(group).getByRole('textbox', { name: 'Method name' });
    const instructions = within(group).getByRole('textbox', { name: 'Payment instructions' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe('Name the method, such as Bank transfer, or turn it off.');
    expect(document.getElementById(instructions.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe('Write the instructions shoppers follow to pay, or turn the method off.');
    expect(screen.getByText('Enter a whole number of days from 1 to 60.')).toBeTruthy();
    expect(server.calls.some((entry) => entry.call.startsWith('PUT'))).toBe(false);

    fireEvent.change(name, { target: { value: 'Bank transfer' } });
    fireEvent.change(instructions, { target: { value: 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number' } });
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(server.calls.find((entry) => entry.call.startsWith('PUT'))!.body).toEqual({
      manualPaymentEnabled: true,
      manualPaymentLabel: 'Bank transfer',
      manualPaymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number',
      manualPaymentExpiryDays: 10,
    });
  });

  it('shows a role without store-settings:write the preferences, disabled, with no Save', async () => {
    renderPanel(() => saved, ['store-settings:read']);
    await act(async () => navigate('/config/settings/commerce'));
    expect(((await screen.findByLabelText('Minimum order subtotal (USD)')) as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save preferences' })).toBeNull();
    expect(screen.getByText('Your role may see these preferences but not change them.')).toBeTruthy();
  });
});
