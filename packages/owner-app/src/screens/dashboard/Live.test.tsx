// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ListOwnerOrdersReply } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDataProvider } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { Live } from './Live';
import { LIVE_ROUTES, newOrderIds } from './live-api';

afterEach(cleanup);

const order = (id: string, email: string, created: number) => ({
  id, orderNumber: 1001, created, email, status: 'placed' as const, testMode: true, grandTotal: { value: '45.00', currency: 'USD' }, refundedTotal: { value: '0.00', currency: 'USD' }, itemCount: 1,
});

function renderLive(permissions: string[], answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  const boot = { ...BOOT, owner: { ...BOOT.owner, permissions } } as typeof BOOT;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppDataProvider client={server.client} boot={boot}>
        <Live locale="en-US" timeZone="UTC" interval={50} />
      </AppDataProvider>
    </QueryClientProvider>,
  );
  return server;
}

describe('the live part of the dashboard', () => {
  it('names calls the contracts have', () => {
    const known = new Set(ROUTE_CONTRACTS.map((contract) => `${contract.method} ${contract.url}`));
    for (const route of Object.values(LIVE_ROUTES)) expect(known.has(`${route.method} ${route.url}`), route.url).toBe(true);
  });

  it('tells which orders arrived after the first look', () => {
    expect(newOrderIds(null, [{ id: 'a' }])).toEqual([]);
    expect(newOrderIds(new Set(['a']), [{ id: 'b' }, { id: 'a' }])).toEqual(['b']);
  });

  it('shows visitors now and the latest orders, asks again on its own, and announces a new order', async () => {
    let visitors = 2;
    let orders = [order('o1', 'ada@example.com', Date.UTC(2026, 10, 23, 9, 30))];
    const server = renderLive(['reports:read', 'orders:read'], (_method, url) => {
      if (url.startsWith('/api/owner/analytics/now')) return { visitors, windowMinutes: 5, at: new Date().toISOString() };
      return { orders, nextCursor: null } satisfies ListOwnerOrdersReply as unknown;
    });
    const group = await screen.findByRole('group', { name: 'Visitors now' });
    await waitFor(() => expect(group.textContent).toContain('2'));
    expect(group.textContent).toContain('in the last 5 minutes');
    expect(await screen.findByRole('link', { name: 'ada@example.com' })).toHaveProperty('href', expect.stringContaining('/config/orders/o1'));
    expect(server.calls).toContain('GET /api/owner/orders?limit=5');

    visitors = 3;
    orders = [order('o2', 'grace@example.com', Date.UTC(2026, 10, 23, 9, 45)), ...orders];
    await waitFor(() => expect(group.textContent).toContain('3'));
    const fresh = await screen.findByRole('link', { name: 'grace@example.com' });
    expect(within(fresh.closest('li')!).getByText('New', { exact: false })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 new order'));
  });

  it('asks only what the role may read, and shows nothing to a role that reads neither', async () => {
    const server = renderLive(['orders:read'], () => ({ orders: [], nextCursor: null }));
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Visitors now' })).toBeNull();
    expect(server.calls.some((call) => call.includes('/analytics/now'))).toBe(false);
    cleanup();
    const none = renderLive(['catalog:read'], () => ({}));
    expect(screen.queryByRole('heading', { name: 'Right now' })).toBeNull();
    expect(none.calls).toEqual([]);
  });
});
