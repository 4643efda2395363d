// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { SUBSCRIPTION_ROUTES, type OwnerSubscription } from './subscriptions-api';
import { readSubscriptionAddress, writeSubscriptionAddress } from './subscriptions-state';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const MANAGER = bootWith(['orders:read', 'orders:write']);
const REPORTING = bootWith(['orders:read', 'reports:read']);

const coffee: OwnerSubscription = {
  id: 's1', email: 'ava@example.com', productName: 'Coffee Subscription', sku: 'COFFEE-MONTHLY', quantity: 1, status: 'active', statusLabel: 'Active',
  wording: '$18.00 every month', unitPriceCents: 1800, currency: 'USD', cyclesBilled: 2, totalCycles: 0, cyclesLabel: 'Cycle 2',
  nextRenewalAt: Date.UTC(2026, 11, 23, 9), created: Date.UTC(2026, 10, 23, 9), cancelledAt: null, cancelledBy: null, cancellable: true, testMode: true,
  firstOrderId: 'o1',
};
const tea: OwnerSubscription = {
  ...coffee, id: 's2', email: 'sam@example.com', productName: 'Tea Box', wording: '$25.00 every 2 weeks for 6 months', status: 'past_due', statusLabel: 'Past due',
  cyclesBilled: 3, totalCycles: 12, cyclesLabel: 'Cycle 3 of 12', testMode: false, firstOrderId: 'o2',
};
const ended: OwnerSubscription = { ...coffee, id: 's3', email: 'lee@example.com', status: 'cancelled', statusLabel: 'Cancelled', nextRenewalAt: null, cancellable: false, cancelledBy: 'shopper' };

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = MANAGER) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('the subscription calls and address', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(SUBSCRIPTION_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('reads and writes the filter and page, leaving out unknown statuses and unreadable cursors', () => {
    expect(readSubscriptionAddress(new URLSearchParams('status=past_due&cursor=WyIyMDI2Il0'))).toEqual({ status: 'past_due', cursor: 'WyIyMDI2Il0' });
    expect(readSubscriptionAddress(new URLSearchParams('status=paused&cursor=<x>'))).toEqual({ status: '', cursor: '' });
    expect(writeSubscriptionAddress({ status: '', cursor: '' }).toString()).toBe('');
    expect(writeSubscriptionAddress({ status: 'cancelled', cursor: 'c1' }).toString()).toBe('status=cancelled&cursor=c1');
  });
});

describe('the Subscriptions screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists customer, product, wording, status, next renewal and cycles; filters by status and pages', async () => {
    const server = renderApp((_method, url) => {
      if (url.includes('status=cancelled')) return { subscriptions: [ended], nextCursor: null };
      if (url.includes('cursor=c2')) return { subscriptions: [{ ...coffee, id: 's9', email: 'old@example.com' }], nextCursor: null };
      return { subscriptions: [coffee, tea], nextCursor: 'c2' };
    });
    await act(async () => navigate('/config/subscriptions'));
    const table = await screen.findByRole('table', { name: 'Subscriptions, newest first' });
    const first = within(table).getByRole('rowheader', { name: 'ava@example.com' }).closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Coffee Subscription' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(within(first).getByText('$18.00 every month')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('Test')).toBeTruthy();
    expect(within(first).getByText('Dec 23, 2026')).toBeTruthy();
    expect(within(first).getByText('Cycle 2')).toBeTruthy();
    const second = within(table).getByRole('rowheader', { name: 'sam@example.com' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('$25.00 every 2 weeks for 6 months')).toBeTruthy();
    expect(within(second).getByText('Past due')).toBeTruthy();
    expect(within(second).getByText('Cycle 3 of 12')).toBeTruthy();
    expect(server.calls).toContain('GET /api/owner/subscriptions');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'old@example.com' })).toBeTruthy();
    expect(window.location.search).toBe('?cursor=c2');
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByRole('rowheader', { name: 'ava@example.com' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    await waitFor(() => expect(window.location.search).toBe('?status=cancelled'));
    const cancelled = await screen.findByRole('table', { name: 'Cancelled subscriptions, newest first' });
    const row = within(cancelled).getByRole('rowheader', { name: 'lee@example.com' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('—')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(server.calls).toContain('GET /api/owner/subscriptions?status=cancelled');
  });

  it('cancels through the confirm modal, says so and refetches; Keep subscription calls nothing', async () => {
    let cancelled = false;
    const server = renderApp((method, url) => {
      if (method === 'POST' && url === '/api/owner/subscriptions/s1/cancel') {
        cancelled = true;
        return { changed: true, subscription: { ...coffee, status: 'cancelled', statusLabel: 'Cancelled', nextRenewalAt: null, cancellable: false, cancelledBy: 'owner' } };
      }
      return { subscriptions: [cancelled ? { ...coffee, status: 'cancelled', statusLabel: 'Cancelled', nextRenewalAt: null, cancellable: false } : coffee], nextCursor: null };
    });
    await act(async () => navigate('/config/subscriptions'));
    const button = await screen.findByRole('button', { name: 'Cancel Coffee Subscription for ava@example.com' });

    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this subscription?' });
    expect(dialog.textContent).toContain('ava@example.com will not be charged for Coffee Subscription again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Coffee Subscription for ava@example.com' }));
    const again = await screen.findByRole('alertdialog', { name: 'Cancel this subscription?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel subscription' }));
    expect((await screen.findByRole('status')).textContent).toBe('Coffee Subscription for ava@example.com is cancelled.');
    expect(server.calls).toContain('POST /api/owner/subscriptions/s1/cancel');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Coffee Subscription for ava@example.com' })).toBeNull());
    const row = screen.getByRole('rowheader', { name: 'ava@example.com' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
  });

  it('shows the server’s refusal in an alert', async () => {
    renderApp((method) => (method === 'POST' ? { status: 404, body: { message: 'Subscription not found.' } } : { subscriptions: [coffee], nextCursor: null }));
    await act(async () => navigate('/config/subscriptions'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Coffee Subscription for ava@example.com' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Subscription not found.');
  });

  it('a role that reads orders but does not change them sees no Cancel; one without orders is told so without a call', async () => {
    renderApp(() => ({ subscriptions: [coffee], nextCursor: null }), REPORTING);
    await act(async () => navigate('/config/subscriptions'));
    expect(await screen.findByRole('rowheader', { name: 'ava@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
    cleanup();

    const server = renderApp(() => ({ subscriptions: [], nextCursor: null }), bootWith(['reports:read']));
    await act(async () => navigate('/config/subscriptions'));
    expect(await screen.findByText('Your role does not include orders')).toBeTruthy();
    expect(server.calls.filter((call) => call.includes('/subscriptions'))).toEqual([]);
  });

  it('says when there are none', async () => {
    renderApp(() => ({ subscriptions: [], nextCursor: null }));
    await act(async () => navigate('/config/subscriptions'));
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
  });
});
