// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AutomaticDiscountJson, Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { BOOT } from '../../test-support/fixtures';
import { serverWithBodies } from '../settings/shipping/test-server';
import { discountBodyOf, discountSummary, emptyDiscount, formOfDiscount } from './discount-form';
import { bodyOfDiscount } from './discounts-api';

const at = '2026-11-01T00:00:00.000Z';
const FREE: AutomaticDiscountJson = {
  id: 'd1', title: 'Free shipping over $50', kind: 'free-shipping', active: true, startsAt: null, endsAt: null, minSubtotalCents: 5000,
  percentBasisPoints: null, amountCents: null, buyQuantity: null, getQuantity: null, scope: { kind: 'all' }, tiers: null, createdAt: at, updatedAt: at,
};
const TIERS: AutomaticDiscountJson = {
  ...FREE, id: 'd2', title: 'Stickers by the three', kind: 'quantity-tiers', minSubtotalCents: null, active: false,
  tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 6, percentBasisPoints: 1500 }], scope: { kind: 'products', productIds: ['p1'] },
};

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderScreen(answer: Parameters<typeof serverWithBodies>[0], permissions: Permission[] = ['store-settings:read', 'store-settings:write', 'catalog:read']) {
  const server = serverWithBodies(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('the discount form', () => {
  it('sends only the fields of the kind, in minor units and basis points', () => {
    expect(discountBodyOf({ ...emptyDiscount(), title: ' Free shipping over $50 ', minSubtotal: '50' }, 'USD', 'UTC').body).toEqual({
      title: 'Free shipping over $50', kind: 'free-shipping', active: true, startsAt: null, endsAt: null, minSubtotalCents: 5000,
    });
    expect(discountBodyOf({ ...emptyDiscount(), title: 'Big spender', kind: 'spend-over', minSubtotal: '100', offBy: 'amount', amount: '15' }, 'USD', 'UTC').body).toMatchObject({ minSubtotalCents: 10000, amountCents: 1500 });
    expect(discountBodyOf({ ...emptyDiscount(), title: 'Tiers', kind: 'quantity-tiers' }, 'USD', 'UTC').body).toMatchObject({
      tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 6, percentBasisPoints: 1500 }], scope: { kind: 'all' },
    });
    expect(discountBodyOf({ ...emptyDiscount(), title: 'BOGO', kind: 'buy-x-get-y' }, 'USD', 'UTC').body).toMatchObject({ buyQuantity: 1, getQuantity: 1, percentBasisPoints: 10000 });
    const bad = discountBodyOf({ ...emptyDiscount(), title: ' ', kind: 'quantity-tiers', tiers: [{ minQuantity: '3', percent: '10' }, { minQuantity: '2', percent: '0' }], scope: 'products' }, 'USD', 'UTC');
    expect(bad.body).toBeUndefined();
    expect(Object.keys(bad.errors).sort()).toEqual(['scope', 'tiers.1.minQuantity', 'tiers.1.percentBasisPoints', 'title']);
    expect(bad.errors['tiers.1.minQuantity']).toBe('Each tier needs more items than the one before.');
  });

  it('reads a stored discount back, and says it in words', () => {
    expect(formOfDiscount(TIERS, 'USD', 'UTC')).toMatchObject({ kind: 'quantity-tiers', tiers: [{ minQuantity: '3', percent: '10' }, { minQuantity: '6', percent: '15' }], scope: 'products', productIds: ['p1'], active: false });
    expect(discountSummary(FREE, 'USD')).toBe('Free shipping from $50.00');
    expect(discountSummary(TIERS, 'USD')).toBe('Buy 3: 10 % off · Buy 6: 15 % off');
    expect(discountSummary({ ...FREE, kind: 'buy-x-get-y', buyQuantity: 2, getQuantity: 1, percentBasisPoints: 10000 }, 'USD')).toBe('Buy 2, get 1 free');
    expect(bodyOfDiscount(TIERS)).toEqual({ title: 'Stickers by the three', kind: 'quantity-tiers', active: false, startsAt: null, endsAt: null, tiers: TIERS.tiers, scope: TIERS.scope });
  });
});

describe('Marketing → Discounts', () => {
  it('lists the discounts, creates free shipping over $50, turns one on, and deletes through the confirm', async () => {
    let discounts = [TIERS];
    const server = renderScreen((method, url, body) => {
      if (method === 'POST') {
        const automaticDiscount = { ...FREE, ...(body as object), id: 'd3' } as AutomaticDiscountJson;
        discounts = [...discounts, automaticDiscount];
        return { status: 201, body: { automaticDiscount } };
      }
      if (method === 'PUT') {
        const automaticDiscount = { ...discounts.find((d) => url.endsWith(d.id))!, ...(body as object) } as AutomaticDiscountJson;
        discounts = discounts.map((d) => (d.id === automaticDiscount.id ? automaticDiscount : d));
        return { automaticDiscount };
      }
      if (method === 'DELETE') {
        discounts = discounts.filter((d) => !url.endsWith(d.id));
        return { deleted: true, id: 'd3' };
      }
      return { automaticDiscounts: discounts };
    });
    await act(async () => navigate('/config/discounts'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Discounts' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Automatic discounts' });
    const tiersRow = within(table).getByRole('row', { name: /Stickers by the three/ });
    expect(within(tiersRow).getByText('Buy 3: 10 % off · Buy 6: 15 % off')).toBeTruthy();
    const onSwitch = within(tiersRow).getByRole('switch', { name: 'Stickers by the three on' }) as HTMLInputElement;
    expect(onSwitch.checked).toBe(false);

    fireEvent.click(onSwitch);
    await waitFor(() => expect(screen.getByText('Stickers by the three is on.')).toBeTruthy());
    expect(server.calls.find((entry) => entry.call.startsWith('PUT'))).toEqual({ call: 'PUT /api/owner/automatic-discounts/d2', body: { ...bodyOfDiscount(TIERS), active: true } });

    fireEvent.click(screen.getByRole('button', { name: 'Add discount' }));
    const form = screen.getByRole('form', { name: 'Add a discount' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Free shipping over $50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
    expect(await within(form).findByText('Some fields are not valid. Check the fields marked.')).toBeTruthy();
    expect(within(form).getByLabelText('From a subtotal of (USD)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(form).getByLabelText('From a subtotal of (USD)'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(server.calls.find((entry) => entry.call.startsWith('POST'))).toEqual({
      call: 'POST /api/owner/automatic-discounts',
      body: { title: 'Free shipping over $50', kind: 'free-shipping', active: true, startsAt: null, endsAt: null, minSubtotalCents: 5000 },
    });
    expect(await screen.findByText('Free shipping from $50.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Free shipping over $50' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete discount' }));
    await waitFor(() => expect(screen.getByText('Deleted Free shipping over $50.')).toBeTruthy());
    expect(server.calls.some((entry) => entry.call === 'DELETE /api/owner/automatic-discounts/d3')).toBe(true);
  });

  it('shows a viewer the discounts with no Add, switch, Edit or Delete', async () => {
    renderScreen(() => ({ automaticDiscounts: [FREE] }), ['store-settings:read']);
    await act(async () => navigate('/config/discounts'));
    expect(await screen.findByRole('rowheader', { name: 'Free shipping over $50' })).toBeTruthy();
    expect(screen.getByText('Your role may see the discounts but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add discount' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });
});
