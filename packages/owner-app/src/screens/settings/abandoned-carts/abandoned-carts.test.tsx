// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer } from '../navigation/site-test-server';
import { ABANDONED_CART_ROUTES } from './abandoned-carts-api';

const STORE_WRITER: Permission[] = ['store-settings:read', 'store-settings:write', 'reports:read'];
const STORE_READER: Permission[] = ['store-settings:read'];

describe('the abandoned-carts section', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  function renderApp(answer: Parameters<typeof recordingServer>[0], permissions = STORE_WRITER) {
    const server = recordingServer(answer);
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
    return server;
  }

  it('names calls the contracts have', () => {
    for (const route of Object.values(ABANDONED_CART_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('is off until the owner chooses a delay, then saves it and can turn it off again', async () => {
    let delayHours: number | null = null;
    const server = renderApp((method, url, body) => {
      if (!url.startsWith('/api/owner/abandoned-carts/settings')) return {};
      if (method === 'PUT') delayHours = (body as { delayHours: number | null }).delayHours;
      return { delayHours, delayChoices: [1, 4, 24] };
    });
    await act(async () => navigate('/config/settings/abandoned-carts'));
    const off = (await screen.findByRole('radio', { name: 'Off' })) as HTMLInputElement;
    expect(off.checked).toBe(true);
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Off', 'After 1 hour', 'After 4 hours', 'After 24 hours']);
    const save = screen.getByRole('button', { name: 'Save reminders' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'After 4 hours' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(delayHours).toBe(4);
    fireEvent.click(screen.getByRole('radio', { name: 'Off' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    await screen.findByText('Saved.');
    expect(server.bodies.map((entry) => entry.body)).toEqual([{ delayHours: 4 }, { delayHours: null }]);
  });

  it('shows the refusal and keeps the choice', async () => {
    renderApp((method) => (method === 'PUT' ? { status: 403, body: { message: 'Your role does not allow this.' } } : { delayHours: 1, delayChoices: [1, 4, 24] }));
    await act(async () => navigate('/config/settings/abandoned-carts'));
    fireEvent.click(await screen.findByRole('radio', { name: 'After 24 hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not allow this.');
    expect((screen.getByRole('radio', { name: 'After 24 hours' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a reader the setting without the form', async () => {
    renderApp(() => ({ delayHours: 24, delayChoices: [1, 4, 24] }), STORE_READER);
    await act(async () => navigate('/config/settings/abandoned-carts'));
    expect(await screen.findByText('Reminders: After 24 hours')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe("the dashboard's recovered carts", () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('shows recovered orders and revenue to a role that reads reports', async () => {
    const server = recordingServer((_method, url) => {
      if (url.startsWith('/api/owner/abandoned-carts/summary')) return { remindersSent: 12, recoveredOrders: 3, recoveredRevenue: { value: '184.50', currency: 'USD' } };
      return undefined;
    });
    render(<App client={server.client} boot={bootWith(['reports:read'])} queryClient={createQueryClient()} />);
    await act(async () => navigate('/config'));
    const card = await screen.findByRole('region', { name: 'Recovered carts' });
    expect(card.textContent).toContain('Recovered orders3');
    expect(card.textContent).toContain('Recovered revenue$184.50');
    expect(card.textContent).toContain('Reminders sent12');
  });
});
