// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission, TaxRuleJson } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT } from '../../../test-support/fixtures';
import { serverWithBodies } from '../shipping/test-server';
import { basisPointsToPercent, percentToBasisPoints } from './percent';
import { ruleBodyOf } from './rule-form';

const at = '2026-11-01T00:00:00.000Z';
const CA: TaxRuleJson = { id: 't1', name: 'CA sales tax', country: 'US', region: 'CA', rateBasisPoints: 725, shippingTaxable: false, createdAt: at, updatedAt: at };
const DE: TaxRuleJson = { id: 't2', name: 'VAT', country: 'DE', region: null, rateBasisPoints: 1900, shippingTaxable: true, createdAt: at, updatedAt: at };

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderSection(answer: Parameters<typeof serverWithBodies>[0], permissions: Permission[] = ['store-settings:read', 'store-settings:write']) {
  const server = serverWithBodies(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('percentages and basis points', () => {
  it('reads a percentage with up to two decimals into basis points, and back', () => {
    expect(percentToBasisPoints('8.25')).toBe(825);
    expect(percentToBasisPoints('19')).toBe(1900);
    expect(percentToBasisPoints('7,5')).toBe(750);
    expect(percentToBasisPoints(' 0.01 % ')).toBe(1);
    expect(percentToBasisPoints('100')).toBe(10000);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('0', { min: 1 })).toBeUndefined();
    for (const text of ['8.255', '100.01', '-1', '', 'ten', '1e2']) expect(percentToBasisPoints(text), text).toBeUndefined();
    expect(basisPointsToPercent(825)).toBe('8.25');
    expect(basisPointsToPercent(1900)).toBe('19');
    expect(basisPointsToPercent(750)).toBe('7.5');
    expect(basisPointsToPercent(1)).toBe('0.01');
  });

  it('turns the rule form into the body (an empty region: the whole country)', () => {
    expect(ruleBodyOf({ name: ' NY ', country: 'US', region: 'ny', rate: '4', shippingTaxable: false })).toEqual({ body: { name: 'NY', country: 'US', region: 'NY', rateBasisPoints: 400, shippingTaxable: false }, errors: {} });
    expect(ruleBodyOf({ name: 'VAT', country: 'FR', region: '', rate: '20', shippingTaxable: true }).body).toEqual({ name: 'VAT', country: 'FR', region: null, rateBasisPoints: 2000, shippingTaxable: true });
    expect(Object.keys(ruleBodyOf({ name: '', country: '', region: 'C-A', rate: '8.255', shippingTaxable: false }).errors).sort()).toEqual(['country', 'name', 'rateBasisPoints', 'region']);
  });
});

describe('Settings → Taxes', () => {
  it('lists the rules, adds one, and switches prices include tax', async () => {
    let taxRules = [CA, DE];
    let pricesIncludeTax = false;
    const server = renderSection((method, url, body) => {
      if (method === 'POST') {
        const taxRule = { ...(body as TaxRuleJson), id: 't3', createdAt: at, updatedAt: at };
        taxRules = [...taxRules, taxRule];
        return { status: 201, body: { taxRule } };
      }
      if (method === 'PUT' && url.startsWith('/api/v1/commerce-preferences')) {
        pricesIncludeTax = (body as { pricesIncludeTax: boolean }).pricesIncludeTax;
        return { currency: 'USD', pricesIncludeTax };
      }
      return { taxRules, pricesIncludeTax };
    });
    await act(async () => navigate('/config/settings/taxes'));
    const table = await screen.findByRole('table', { name: 'Tax rules' });
    const vat = within(table).getByRole('row', { name: /VAT/ });
    expect(within(vat).getByText('Germany')).toBeTruthy();
    expect(within(vat).getByText('Whole country')).toBeTruthy();
    expect(within(vat).getByText('19 %')).toBeTruthy();
    expect(within(vat).getByText('Yes')).toBeTruthy();
    expect(within(table).getByText('7.25 %')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add a tax rule' });
    fireEvent.change(within(form).getByLabelText('Rule name'), { target: { value: 'NY sales tax' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'US' } });
    fireEvent.change(within(form).getByLabelText('Region (optional)'), { target: { value: 'ny' } });
    fireEvent.change(within(form).getByLabelText('Rate (%)'), { target: { value: '4.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(server.calls.find((entry) => entry.call.startsWith('POST'))).toEqual({ call: 'POST /api/owner/tax-rules', body: { name: 'NY sales tax', country: 'US', region: 'NY', rateBasisPoints: 450, shippingTaxable: false } });
    expect(await screen.findByText('4.5 %')).toBeTruthy();

    const inclusive = screen.getByRole('switch', { name: 'Prices include tax' }) as HTMLInputElement;
    expect(inclusive.checked).toBe(false);
    fireEvent.click(inclusive);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Prices include tax' }) as HTMLInputElement).checked).toBe(true));
    expect(server.calls.find((entry) => entry.call.startsWith('PUT'))).toEqual({ call: 'PUT /api/v1/commerce-preferences/w1', body: { pricesIncludeTax: true } });
  });

  it("shows the server's refusal beside the rate", async () => {
    renderSection((method) => (method === 'PUT' ? { status: 400, body: { message: 'Enter a rate from 0 to 10000 basis points.', errors: { rateBasisPoints: 'Enter a rate from 0 to 10000 basis points.' } } } : { taxRules: [CA], pricesIncludeTax: false }));
    await act(async () => navigate('/config/settings/taxes'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit CA sales tax' }));
    const form = screen.getByRole('form', { name: 'Edit CA sales tax' });
    expect((within(form).getByLabelText('Rate (%)') as HTMLInputElement).value).toBe('7.25');
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(within(form).getByLabelText('Rate (%)').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('Enter a rate from 0 to 10000 basis points.').length).toBe(2);
  });

  it('shows a viewer the rules, the switch disabled, with no Add, Edit or Delete', async () => {
    renderSection(() => ({ taxRules: [CA], pricesIncludeTax: true }), ['store-settings:read']);
    await act(async () => navigate('/config/settings/taxes'));
    expect(await screen.findByRole('rowheader', { name: 'CA sales tax' })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Prices include tax' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });
});
