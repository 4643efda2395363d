// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission, WebhookDeliveryJson, WebhookEndpointJson } from '@vitrine/contracts';
import { ROUTE_CONTRACTS, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { WEBHOOK_ROUTES } from './webhooks-api';

const EVENTS = WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENTS[type].description }));
const endpoint: WebhookEndpointJson = {
  id: 'e1', url: 'https://books.example.com/hooks', description: 'Accounting', events: ['order.paid'], enabled: true, disabledReason: null,
  secretPrefix: 'whsec_AbCd…', previousSecretValidUntil: null, created: Date.UTC(2026, 11, 1, 9), updated: Date.UTC(2026, 11, 1, 9),
};
const delivery: WebhookDeliveryJson = {
  id: 'd1', eventId: 'msg_abc', eventType: 'order.paid', status: 'delivered', attempts: 2, created: Date.UTC(2026, 11, 2, 9), nextAttemptAt: null,
  requestBody: JSON.stringify({ type: 'order.paid', timestamp: '2026-12-02T09:00:00.000Z', data: { id: 'o1' } }),
  attemptLog: [
    { attempt: 1, at: Date.UTC(2026, 11, 2, 9), responseStatus: 500, responseBody: 'down', durationMs: 41, error: 'Answered 500.' },
    { attempt: 2, at: Date.UTC(2026, 11, 2, 9, 1), responseStatus: 200, responseBody: 'ok', durationMs: 12, error: null },
  ],
};
const SECRET = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2Vj';

beforeEach(() => {
  window.history.replaceState(null, '', '/config');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => undefined } });
});
afterEach(() => cleanup());

function renderPanel(answer: Parameters<typeof fakeServer>[0], permissions: Permission[] = ['webhooks:manage']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('Settings → Webhooks', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(WEBHOOK_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url && contract.access === 'webhooks:manage')).toBe(true);
    }
  });

  it('adds an endpoint (refused empty first), then shows its secret once', async () => {
    const server = renderPanel((method) => (method === 'POST' ? { status: 201, body: { endpoint, secret: SECRET } } : { endpoints: [], events: EVENTS }));
    await act(async () => navigate('/config/settings/webhooks'));
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Endpoint URL'));
    expect(within(dialog).getAllByRole('checkbox').map((box) => dialog.querySelector(`label[for="${box.id}"]`)?.textContent)).toEqual([...WEBHOOK_EVENT_TYPES, 'Send events to this endpoint']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the endpoint’s URL.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'ftp://nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an address that starts with https:// or http://.')).toBeTruthy();
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: ' https://books.example.com/hooks ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'order.paid' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect((within(secretDialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(server.calls).toContain('POST /api/owner/webhooks');
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Endpoint https://books.example.com/hooks added.')).toBeTruthy();
  });

  it('lists endpoints, says why one was switched off, and shows a delivery log with each attempt and Resend', async () => {
    const off = { ...endpoint, id: 'e2', url: 'https://erp.example.com/in', enabled: false, disabledReason: 'Deliveries failed for 3 days; the last attempt: Answered 503.' };
    const server = renderPanel((method, url) => {
      if (url.endsWith('/resend')) return { status: 202, body: { delivery: { ...delivery, id: 'd2', status: 'pending', attempts: 0, attemptLog: [] } } };
      if (url.includes('/deliveries')) return { deliveries: [delivery] };
      return { endpoints: [endpoint, off], events: EVENTS };
    });
    await act(async () => navigate('/config/settings/webhooks'));
    const table = await screen.findByRole('table', { name: 'Endpoints' });
    expect(within(table).getByRole('row', { name: /erp\.example\.com/ }).textContent).toContain('Switched off: Deliveries failed for 3 days; the last attempt: Answered 503.');
    fireEvent.click(within(table).getByRole('button', { name: 'Deliveries to https://books.example.com/hooks' }));
    const log = await screen.findByRole('region', { name: 'Deliveries to https://books.example.com/hooks' });
    await within(log).findByText('Delivered');
    expect(log.textContent).toContain('Attempt 1: 500 in 41 ms');
    expect(log.textContent).toContain('Attempt 2: 200 in 12 ms');
    expect(log.querySelector('pre')?.textContent).toContain('"type": "order.paid"');
    fireEvent.click(within(log).getByRole('button', { name: 'Resend order.paid msg_abc' }));
    expect(await within(log).findByText('order.paid will be sent again in a moment.')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/webhooks/e1/deliveries/d1/resend');
  });

  it('is not listed in Settings for a role without webhooks:manage', async () => {
    renderPanel(() => ({}), ['site:read', 'api-keys:manage']);
    await act(async () => navigate('/config/settings'));
    expect(await screen.findByRole('link', { name: /API keys/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Webhooks/ })).toBeNull();
  });
});
