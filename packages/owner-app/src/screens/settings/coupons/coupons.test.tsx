// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CouponJson, Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT } from '../../../test-support/fixtures';
import { serverWithBodies } from '../shipping/test-server';
import { couponBodyOf, couponValueText, emptyCoupon, formOfCoupon, usesText } from './coupon-form';
import { isoToLocalInput, localInputToIso } from './zoned-time';

const at = '2026-11-01T00:00:00.000Z';
const WELCOME: CouponJson = {
  id: 'c1', code: 'WELCOME10', kind: 'percentage', percentBasisPoints: 1000, amountCents: null, minSubtotalCents: 5000, startsAt: '2026-12-01T17:00:00.000Z', endsAt: null,
  usageLimit: 100, perCustomerLimit: 1, scope: { kind: 'all' }, active: true, combinesWithAutomaticDiscounts: false, timesUsed: 3, createdAt: at, updatedAt: at,
};
const FIVE: CouponJson = { ...WELCOME, id: 'c2', code: 'FIVE', kind: 'fixed', percentBasisPoints: null, amountCents: 500, minSubtotalCents: null, startsAt: null, usageLimit: null, timesUsed: 0, active: false };

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderSection(answer: Parameters<typeof serverWithBodies>[0], permissions: Permission[] = ['store-settings:read', 'store-settings:write', 'catalog:read']) {
  const server = serverWithBodies(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('the coupon form', () => {
  it("reads date-time-local values in the website's time zone as ISO instants, and back", () => {
    expect(localInputToIso('2026-12-01T09:00', 'America/Los_Angeles')).toBe('2026-12-01T17:00:00.000Z');
    expect(localInputToIso('2026-07-01T09:00', 'America/Los_Angeles')).toBe('2026-07-01T16:00:00.000Z');
    expect(localInputToIso('2026-12-01T09:00', 'UTC')).toBe('2026-12-01T09:00:00.000Z');
    expect(localInputToIso('', 'UTC')).toBeNull();
    expect(localInputToIso('tomorrow', 'UTC')).toBeUndefined();
    expect(isoToLocalInput('2026-12-01T17:00:00.000Z', 'America/Los_Angeles')).toBe('2026-12-01T09:00');
    expect(isoToLocalInput(null, 'UTC')).toBe('');
  });

  it('says the discount and the uses in words', () => {
    expect(couponValueText(WELCOME, 'USD')).toBe('10 % off');
    expect(couponValueText(FIVE, 'USD')).toBe('$5.00 off');
    expect(couponValueText({ kind: 'free-shipping', percentBasisPoints: null, amountCents: null }, 'USD')).toBe('Free shipping');
    expect(usesText(WELCOME)).toBe('Used 3 of 100');
    expect(usesText(FIVE)).toBe('Used 0');
  });

  it('turns the form into the whole body, and back', () => {
    const form = { ...emptyCoupon(), code: ' SPRING15 ', percent: '15', minSubtotal: '50', startsAt: '2026-12-01T09:00', usageLimit: '100', perCustomerLimit: '1', scope: 'products' as const, productIds: ['p1'] };
    const { body } = couponBodyOf(form, 'USD', 'America/Los_Angeles');
    expect(body).toEqual({ code: 'SPRING15', kind: 'percentage', percentBasisPoints: 1500, amountCents: null, minSubtotalCents: 5000, startsAt: '2026-12-01T17:00:00.000Z', endsAt: null, usageLimit: 100, perCustomerLimit: 1, scope: { kind: 'products', productIds: ['p1'] }, active: true, combinesWithAutomaticDiscounts: false });
    expect(couponBodyOf({ ...emptyCoupon(), code: 'FIVE', kind: 'fixed', amount: '5' }, 'USD', 'UTC').body).toMatchObject({ kind: 'fixed', percentBasisPoints: null, amountCents: 500, scope: { kind: 'all' } });
    expect(Object.keys(couponBodyOf({ ...emptyCoupon(), code: 'no spaces', percent: '0', startsAt: '2026-12-02T00:00', endsAt: '2026-12-01T00:00', usageLimit: '0', scope: 'products' }, 'USD', 'UTC').errors).sort()).toEqual([
      'code', 'endsAt', 'percentBasisPoints', 'scope', 'usageLimit',
    ]);
    expect(formOfCoupon(WELCOME, 'USD', 'America/Los_Angeles')).toMatchObject({ code: 'WELCOME10', percent: '10', minSubtotal: '50.00', startsAt: '2026-12-01T09:00', endsAt: '', usageLimit: '100', scope: 'all' });
  });
});

describe('Settings → Coupons', () => {
  it('lists the coupons, creates SPRING15, shows a duplicate code beside the code, and deletes through the confirm', async () => {
    let coupons = [WELCOME, FIVE];
    let refuse = true;
    const server = renderSection((method, url, body) => {
      if (method === 'POST') {
        if (refuse) {
          refuse = false;
          return { status: 409, body: { message: 'A coupon with this code already exists.' } };
        }
        const coupon = { ...WELCOME, ...(body as object), id: 'c3', timesUsed: 0 } as CouponJson;
        coupons = [coupon, ...coupons];
        return { status: 201, body: { coupon } };
      }
      if (method === 'DELETE') {
        coupons = coupons.filter((coupon) => !url.endsWith(coupon.id));
        return { deleted: true, id: 'c3' };
      }
      return { coupons };
    });
    await act(async () => navigate('/config/settings/coupons'));
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const welcome = within(table).getByRole('row', { name: /WELCOME10/ });
    for (const text of ['10 % off', '$50.00', 'Used 3 of 100', 'Active']) expect(within(welcome).getByText(text)).toBeTruthy();
    expect(within(table).getByText('$5.00 off')).toBeTruthy();
    expect(within(table).getByText('Inactive')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    const form = screen.getByRole('form', { name: 'Add a coupon' });
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'SPRING15' } });
    fireEvent.change(within(form).getByLabelText('Percentage off (%)'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(within(form).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('A coupon with this code already exists.').length).toBe(2);

    fireEvent.click(within(form).getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(server.calls.filter((entry) => entry.call.startsWith('POST')).at(-1)).toEqual({
      call: 'POST /api/owner/coupons',
      body: { code: 'SPRING15', kind: 'percentage', percentBasisPoints: 1500, amountCents: null, minSubtotalCents: null, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, scope: { kind: 'all' }, active: true, combinesWithAutomaticDiscounts: false },
    });
    expect(await screen.findByText('15 % off')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete SPRING15' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete coupon' }));
    await waitFor(() => expect(screen.getByText('Deleted SPRING15.')).toBeTruthy());
    expect(server.calls.some((entry) => entry.call === 'DELETE /api/owner/coupons/c3')).toBe(true);
    await waitFor(() => expect(screen.queryByText('15 % off')).toBeNull());
  });

  it('picks products for the scope from the catalog search', async () => {
    const server = renderSection((method, url) => {
      if (url.startsWith('/api/owner/products')) return { products: [{ id: 'p1', title: 'Linen Shirt', productType: 1, storeId: 's1', archived: false, priceCents: 4500, totalStock: 3, unlimited: false, variants: [] }], nextCursor: null };
      if (method === 'POST') return { status: 201, body: { coupon: WELCOME } };
      return { coupons: [] };
    });
    await act(async () => navigate('/config/settings/coupons'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add coupon' }));
    const form = screen.getByRole('form', { name: 'Add a coupon' });
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'SHIRTS' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'free-shipping' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Chosen products' }));
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Find products' }), { target: { value: 'linen' } });
    fireEvent.click(await within(form).findByRole('button', { name: 'Add Linen Shirt' }));
    expect(within(within(form).getByRole('list', { name: 'Chosen products' })).getByText('Linen Shirt')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Combines with automatic discounts' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(server.calls.some((entry) => entry.call.startsWith('POST'))).toBe(true));
    expect(server.calls.some((entry) => entry.call === 'GET /api/owner/products?q=linen&limit=20')).toBe(true);
    expect(server.calls.find((entry) => entry.call.startsWith('POST'))!.body).toMatchObject({ code: 'SHIRTS', kind: 'free-shipping', percentBasisPoints: null, scope: { kind: 'products', productIds: ['p1'] }, combinesWithAutomaticDiscounts: true });
  });

  it('shows a viewer the coupons with no Add, Edit or Delete', async () => {
    renderSection(() => ({ coupons: [WELCOME] }), ['store-settings:read']);
    await act(async () => navigate('/config/settings/coupons'));
    expect(await screen.findByRole('rowheader', { name: 'WELCOME10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add coupon' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });
});
