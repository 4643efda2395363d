// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission, ShippingZoneJson } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT } from '../../../test-support/fixtures';
import { COUPON_ROUTES } from '../coupons/coupons-api';
import { TAX_ROUTES } from '../taxes/taxes-api';
import { countryName } from './countries';
import { SHIPPING_ROUTES } from './shipping-api';
import { serverWithBodies } from './test-server';
import { emptyZone, placesText, rateText, zoneBodyOf } from './zone-form';

const at = '2026-11-01T00:00:00.000Z';
const US: ShippingZoneJson = {
  id: 'z1', name: 'United States', position: 0, createdAt: at, updatedAt: at,
  locations: [{ country: 'US', regions: null }],
  rates: [
    { id: 'r1', name: 'Standard', kind: 'free-over', amountCents: 600, freeOverCents: 10000, weightTiers: null },
    { id: 'r2', name: 'Express', kind: 'flat', amountCents: 1800, freeOverCents: null, weightTiers: null },
  ],
};
const EU: ShippingZoneJson = {
  id: 'z2', name: 'Europe', position: 1, createdAt: at, updatedAt: at,
  locations: [{ country: 'DE', regions: null }, { country: 'FR', regions: null }],
  rates: [{ id: 'r3', name: 'Standard', kind: 'weight', amountCents: 0, freeOverCents: null, weightTiers: [{ upToGrams: 500, amountCents: 1200 }, { upToGrams: 2000, amountCents: 2200 }] }],
};

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderSection(answer: Parameters<typeof serverWithBodies>[0], permissions: Permission[] = ['store-settings:read', 'store-settings:write']) {
  const server = serverWithBodies(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('the checkout settings calls and the zone form', () => {
  it('names calls the contracts have (shipping, taxes, coupons)', () => {
    for (const route of [...Object.values(SHIPPING_ROUTES), ...Object.values(TAX_ROUTES), ...Object.values(COUPON_ROUTES)]) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('names countries and says where a zone ships and what its rates cost', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(placesText({ locations: [{ country: 'US', regions: ['CA', 'NY'] }, { country: 'CA', regions: null }] })).toBe('United States (CA, NY), Canada');
    expect(rateText(US.rates[0]!, 'USD')).toBe('$6.00, free from $100.00');
    expect(rateText(EU.rates[0]!, 'USD')).toBe('$12.00 up to 500 g, $22.00 up to 2,000 g');
    expect(rateText({ ...US.rates[1]!, amountCents: 0 }, 'USD')).toBe('Free');
  });

  it('turns the form into the body: money in minor units, regions upper case, errors keyed by path', () => {
    const form = emptyZone();
    form.name = ' Nearby ';
    form.places = [{ key: 1, country: 'US', regions: 'ca, ny' }, { key: 2, country: 'CA', regions: '' }];
    form.rates = [
      { key: 3, name: 'Standard', kind: 'flat', amount: '6.5', freeOver: '', tiers: [] },
      { key: 4, name: 'Cheap', kind: 'free-over', amount: '$4', freeOver: '1,000', tiers: [] },
      { key: 5, id: 'r9', name: 'Heavy', kind: 'weight', amount: '', freeOver: '', tiers: [{ key: 6, upToGrams: '500', amount: '12' }, { key: 7, upToGrams: '2000', amount: '22.00' }] },
    ];
    expect(zoneBodyOf(form, 'USD')).toEqual({
      body: {
        name: 'Nearby',
        locations: [{ country: 'US', regions: ['CA', 'NY'] }, { country: 'CA', regions: null }],
        rates: [
          { name: 'Standard', kind: 'flat', amountCents: 650 },
          { name: 'Cheap', kind: 'free-over', amountCents: 400, freeOverCents: 100000 },
          { id: 'r9', name: 'Heavy', kind: 'weight', amountCents: 0, weightTiers: [{ upToGrams: 500, amountCents: 1200 }, { upToGrams: 2000, amountCents: 2200 }] },
        ],
      },
      errors: {},
    });
    expect(zoneBodyOf({ ...form, rates: [{ key: 1, name: 'x', kind: 'flat', amount: '1500', freeOver: '', tiers: [] }] }, 'JPY').body?.rates[0]).toEqual({ name: 'x', kind: 'flat', amountCents: 1500 });
    const bad = zoneBodyOf({ name: '', places: [{ key: 1, country: '', regions: 'C A' }], rates: [{ key: 2, name: 'R', kind: 'weight', amount: '', freeOver: '', tiers: [{ key: 3, upToGrams: '0', amount: '1.234' }] }] }, 'USD');
    expect(bad.body).toBeUndefined();
    expect(Object.keys(bad.errors).sort()).toEqual(['locations.0.country', 'locations.0.regions', 'name', 'rates.0.weightTiers.0.amountCents', 'rates.0.weightTiers.0.upToGrams']);
  });
});

describe('Settings → Shipping', () => {
  it('lists the zones, adds one with a flat rate and says Saved.', async () => {
    let zones = [US, EU];
    const server = renderSection((method, _url, body) => {
      if (method === 'POST') {
        const zone = { ...(body as ShippingZoneJson), id: 'z3', position: 2, createdAt: at, updatedAt: at, rates: [{ id: 'r4', name: 'Standard', kind: 'flat', amountCents: 900, freeOverCents: null, weightTiers: null }] } as ShippingZoneJson;
        zones = [...zones, zone];
        return { status: 201, body: { zone } };
      }
      return { zones };
    });
    await act(async () => navigate('/config/settings/shipping'));
    const table = await screen.findByRole('table', { name: 'Shipping zones' });
    expect(within(table).getByRole('rowheader', { name: 'United States' })).toBeTruthy();
    expect(within(table).getByText('Germany, France')).toBeTruthy();
    expect(within(table).getByText(': $6.00, free from $100.00', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    const form = screen.getByRole('form', { name: 'Add a shipping zone' });
    fireEvent.change(within(form).getByLabelText('Zone name'), { target: { value: 'Mexico' } });
    fireEvent.change(within(within(form).getByRole('group', { name: 'Place 1' })).getByLabelText('Country'), { target: { value: 'MX' } });
    fireEvent.change(within(form).getByLabelText('Price (USD)'), { target: { value: '9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(server.calls.find((entry) => entry.call.startsWith('POST'))).toEqual({
      call: 'POST /api/owner/shipping-zones',
      body: { name: 'Mexico', locations: [{ country: 'MX', regions: null }], rates: [{ name: 'Standard', kind: 'flat', amountCents: 900 }] },
    });
    expect(await screen.findByRole('rowheader', { name: 'Mexico' })).toBeTruthy();
  });

  it("shows the server's refusal beside its field", async () => {
    renderSection((method) =>
      method === 'PUT' ? { status: 400, body: { message: 'Weight tiers must go up: each upToGrams more than the one before.', errors: { 'rates.0.weightTiers.1.upToGrams': 'Weight tiers must go up: each upToGrams more than the one before.' } } } : { zones: [EU] },
    );
    await act(async () => navigate('/config/settings/shipping'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Europe' }));
    const form = screen.getByRole('form', { name: 'Edit Europe' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Weight tiers must go up: each upToGrams more than the one before.'));
    const second = within(within(form).getByRole('group', { name: 'Tier 2' })).getByLabelText('Up to (g)');
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(second.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('deletes a zone through the confirm modal', async () => {
    let zones = [US, EU];
    const server = renderSection((method, url) => {
      if (method === 'DELETE') {
        zones = zones.filter((zone) => !url.endsWith(zone.id));
        return { deleted: true, id: 'z2' };
      }
      return { zones };
    });
    await act(async () => navigate('/config/settings/shipping'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Europe' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete zone' }));
    await waitFor(() => expect(screen.getByText('Deleted Europe.')).toBeTruthy());
    expect(server.calls.some((entry) => entry.call === 'DELETE /api/owner/shipping-zones/z2')).toBe(true);
  });

  it('shows a viewer the zones with no Add, Edit or Delete', async () => {
    renderSection(() => ({ zones: [US] }), ['store-settings:read']);
    await act(async () => navigate('/config/settings/shipping'));
    expect(await screen.findByRole('rowheader', { name: 'United States' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    expect(screen.getByText('Your role may see the shipping zones but not change them.')).toBeTruthy();
  });
});
