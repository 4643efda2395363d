// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { GIFT_CARD_ROUTES, type GiftCard } from './gift-cards-api';
import { sendDateText } from './GiftCardsScreen';

const card = (over: Partial<GiftCard>): GiftCard => ({
  id: 'g1', last4: 'WXYZ', initialCents: 5000, balanceCents: 5000, currency: 'USD', status: 'active', purchaserEmail: 'buyer@example.com',
  recipientEmail: null, recipientName: null, sendOn: '2026-11-24', orderId: 'o1', orderNumber: 1001, disabledAt: null, createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const forAna = card({ id: 'g2', last4: 'ANA2', balanceCents: 1250, initialCents: 2500, recipientEmail: 'ana@example.com', recipientName: 'Ana', sendOn: '2026-12-24', status: 'scheduled', orderId: 'o2', orderNumber: 1002 });
const mine = card({});
const off = card({ id: 'g3', last4: 'OFF3', status: 'disabled', disabledAt: '2026-11-24T11:00:00.000Z', orderId: 'o3', orderNumber: 1003 });

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const MANAGER = bootWith(['orders:read', 'orders:write']);

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = MANAGER) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

const rowOf = (last4: string) => screen.getByLabelText(`Code ending ${last4}`).closest('tr') as HTMLElement;

describe('the gift card calls', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(GIFT_CARD_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('writes a send date as a date in words, whatever the zone', () => {
    expect(sendDateText('2026-12-24', 'en-US')).toBe('Dec 24, 2026');
    expect(sendDateText('2027-01-01', 'en-GB')).toBe('1 Jan 2027');
  });
});

describe('the Gift cards screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('is in the navigation, and lists each card: last four, balance of initial, recipient or buyer, date, status, order', async () => {
    const server = renderApp(() => ({ giftCards: [forAna, mine, off], nextCursor: null }));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Gift cards' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift cards' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Gift cards, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const ana = rowOf('ANA2');
    expect(within(ana).getByText('…ANA2')).toBeTruthy();
    expect(within(ana).getByText('$12.50 of $25.00')).toBeTruthy();
    expect(within(ana).getByText('Ana')).toBeTruthy();
    expect(within(ana).getByText('ana@example.com')).toBeTruthy();
    expect(within(ana).getByText('Dec 24, 2026')).toBeTruthy();
    expect(within(ana).getByText('Scheduled')).toBeTruthy();
    expect(within(ana).getByRole('link', { name: '#1002' }).getAttribute('href')).toBe('/config/orders/o2');
    const own = rowOf('WXYZ');
    expect(within(own).getByText('The buyer')).toBeTruthy();
    expect(within(own).getByText('buyer@example.com')).toBeTruthy();
    expect(within(own).getByText('Active')).toBeTruthy();
    expect(within(rowOf('OFF3')).getByText('Disabled')).toBeTruthy();
    // A disabled card has nothing left to disable.
    expect(within(rowOf('OFF3')).queryByRole('button')).toBeNull();
    expect(server.calls).toContain('GET /api/owner/gift-cards');
  });

  it('searches by what the owner types and pages by the cursor, both in the address', async () => {
    const server = renderApp((_method, url) =>
      url.includes('cursor=c2') ? { giftCards: [off], nextCursor: null } : url.includes('q=') ? { giftCards: [forAna], nextCursor: 'c2' } : { giftCards: [mine], nextCursor: null },
    );
    await act(async () => navigate('/config/gift-cards'));
    await screen.findByRole('table', { name: 'Gift cards, newest first' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search gift cards' }), { target: { value: ' ana@ ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search gift cards' }));
    await waitFor(() => expect(window.location.search).toBe('?q=ana%40'));
    expect(await screen.findByLabelText('Code ending ANA2')).toBeTruthy();
    expect(server.calls).toContain('GET /api/owner/gift-cards?q=ana%40');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.location.search).toBe('?q=ana%40&cursor=c2'));
    expect(await screen.findByLabelText('Code ending OFF3')).toBeTruthy();
    expect(server.calls).toContain('GET /api/owner/gift-cards?q=ana%40&cursor=c2');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('says when a search finds nothing, and when there are no cards at all', async () => {
    renderApp((_method, url) => ({ giftCards: [], nextCursor: null, ...(url.includes('q=') ? {} : {}) }));
    await act(async () => navigate('/config/gift-cards?q=QQQQ'));
    expect(await screen.findByRole('heading', { name: 'No gift cards match “QQQQ”' })).toBeTruthy();
    cleanup();
    renderApp(() => ({ giftCards: [], nextCursor: null }));
    await act(async () => navigate('/config/gift-cards'));
    expect(await screen.findByRole('heading', { name: 'No gift cards yet.' })).toBeTruthy();
  });

  it('disables a card after the destructive confirm, and the list refetches; Cancel disables nothing', async () => {
    let disabled = false;
    const server = renderApp((method) => {
      if (method === 'POST') {
        disabled = true;
        return { giftCard: { ...mine, status: 'disabled' } };
      }
      return { giftCards: [disabled ? { ...mine, status: 'disabled' } : mine], nextCursor: null };
    });
    await act(async () => navigate('/config/gift-cards'));
    fireEvent.click(await screen.findByRole('button', { name: 'Disable gift card ending WXYZ' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disable gift card ending WXYZ?' });
    expect(dialog.textContent).toContain('Its balance of $50.00 stays on record.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Disable gift card ending WXYZ' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disable gift card ending WXYZ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable gift card' }));
    expect(await screen.findByText('Gift card ending WXYZ is disabled.')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/gift-cards/g1/disable');
    await waitFor(() => expect(within(rowOf('WXYZ')).getByText('Disabled')).toBeTruthy());
    expect(within(rowOf('WXYZ')).queryByRole('button')).toBeNull();
  });

  it("shows the server's refusal (409) in an alert", async () => {
    renderApp((method) => (method === 'POST' ? { status: 409, body: { message: 'This gift card is already disabled.' } } : { giftCards: [mine], nextCursor: null }));
    await act(async () => navigate('/config/gift-cards'));
    fireEvent.click(await screen.findByRole('button', { name: 'Disable gift card ending WXYZ' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable gift card' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This gift card is already disabled.'));
  });

  it('offers no Disable to a role without orders:write, and says so when the list cannot be read', async () => {
    renderApp(() => ({ giftCards: [mine], nextCursor: null }), bootWith(['orders:read']));
    await act(async () => navigate('/config/gift-cards'));
    await screen.findByRole('table', { name: 'Gift cards, newest first' });
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
    cleanup();
    renderApp(() => ({ status: 403, body: { message: 'Your role does not allow this.' } }));
    await act(async () => navigate('/config/gift-cards'));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
  });
});
