// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApiKeyJson, Permission } from '@vitrine/contracts';
import { PERMISSIONS, ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { setPanelEventSender } from '../../../ui/track';
import { API_KEY_ROUTES } from './api-keys-api';
import { PERMISSION_DESCRIPTIONS } from './permissions';

const warehouse: ApiKeyJson = { id: 'k1', name: 'Warehouse sync', prefix: 'vk_AbCd1234…', scopes: ['catalog:read', 'catalog:write'], created: Date.UTC(2026, 10, 20, 9), lastUsed: null };
const SECRET = 'vk_secretsecretsecretsecretsecretsecretsecre';

let events: string[];
let writes: string[];
beforeEach(() => {
  window.history.replaceState(null, '', '/config');
  events = [];
  writes = [];
  setPanelEventSender((panel, action) => events.push(`${panel}:${action}`));
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void writes.push(text) } });
});
afterEach(() => {
  cleanup();
  setPanelEventSender(() => {});
});

function renderPanel(answer: Parameters<typeof fakeServer>[0], permissions: Permission[] = ['api-keys:manage', 'catalog:read', 'orders:read']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('the API keys panel', () => {
  it('names calls the contracts have, and describes permissions as the contracts do', () => {
    for (const route of Object.values(API_KEY_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    expect(PERMISSION_DESCRIPTIONS).toEqual(PERMISSIONS);
  });

  it('lists keys (name, prefix, permissions, created, never used) with Learn more and Terms of use', async () => {
    renderPanel(() => ({ apiKeys: [warehouse] }));
    await act(async () => navigate('/config/settings/api-keys'));
    const table = await screen.findByRole('table', { name: 'Your keys' });
    const row = within(table).getByRole('row', { name: /Warehouse sync/ });
    expect(row.textContent).toContain('vk_AbCd1234…');
    expect(row.textContent).toContain('catalog:write');
    expect(row.textContent).toContain('Nov 20, 2026');
    expect(row.textContent).toContain('Never');

    const learn = screen.getByRole('link', { name: /^Learn more/ });
    learn.addEventListener('click', (event) => event.preventDefault());
    expect(learn.getAttribute('href')).toBe('/api/openapi.json');
    fireEvent.click(learn);
    fireEvent.click(screen.getByRole('link', { name: 'Terms of use' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Terms of use' }));
    expect(events).toEqual(['api-keys:learn-more', 'api-keys:terms-of-use']);
  });

  it('creates a key in steps (name and permissions → Next → the secret once, Copy → Complete), each step tracked in order', async () => {
    const server = renderPanel((method) => {
      if (method === 'POST') return { status: 201, body: { apiKey: { ...warehouse, id: 'k2', name: 'Reports', scopes: ['orders:read'] }, secret: SECRET } };
      return { apiKeys: [warehouse] };
    });
    await act(async () => navigate('/config/settings/api-keys'));
    const create = await screen.findByRole('button', { name: 'Create key' });
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    // Only the owner's own permissions are offered, each with what it allows.
    const offered = within(dialog).getAllByRole('checkbox').map((box) => dialog.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(offered).toEqual(['catalog:read', 'orders:read', 'api-keys:manage']);
    expect(within(dialog).getByRole('checkbox', { name: 'orders:read' }).getAttribute('aria-describedby')).toBeTruthy();

    // Next without a name or a permission: said, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the key a name. Choose at least one permission.');
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Reports ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'orders:read' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const secretStep = await screen.findByRole('dialog', { name: 'Copy your key' });
    expect(server.calls).toContain('POST /api/owner/api-keys');
    const secret = within(secretStep).getByLabelText('API key') as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(document.activeElement).toBe(secret);
    expect(secretStep.textContent).toContain('This is the only time the key is shown.');

    fireEvent.click(within(secretStep).getByRole('button', { name: 'Copy the API key' }));
    expect(await within(secretStep).findByText('Copied.')).toBeTruthy();
    expect(writes).toEqual([SECRET]);
    fireEvent.click(within(secretStep).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Key “Reports” created.')).toBeTruthy();
    expect(events).toEqual(['api-keys:create-key', 'api-keys:creation-modal-next', 'api-keys:creation-modal-copy', 'api-keys:creation-modal-complete']);
    // The list is read again after the key was made.
    await waitFor(() => expect(server.calls.filter((call) => call === 'GET /api/owner/api-keys').length).toBe(2));
  });

  it('keeps Tab inside the modal, and Cancel or Escape closes it (tracked) without creating anything', async () => {
    const server = renderPanel(() => ({ apiKeys: [] }));
    await act(async () => navigate('/config/settings/api-keys'));
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events).toEqual(['api-keys:create-key', 'api-keys:creation-modal-cancel', 'api-keys:create-key', 'api-keys:creation-modal-cancel']);
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it("shows the server's refusal in the modal and stays on the first step", async () => {
    renderPanel((method) => (method === 'POST' ? { status: 403, body: { message: 'A key cannot be given a permission you do not have yourself.' } } : { apiKeys: [] }));
    await act(async () => navigate('/config/settings/api-keys'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Sync' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'catalog:read' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('A key cannot be given a permission you do not have yourself.'));
    expect(screen.getByRole('dialog', { name: 'Create an API key' })).toBeTruthy();
  });

  it('deletes a key only after the confirm modal (delete-key, then delete-key-confirm); a cancelled confirm deletes nothing', async () => {
    let keys = [warehouse];
    const server = renderPanel((method) => {
      if (method === 'DELETE') {
        keys = [];
        return { deleted: true };
      }
      return { apiKeys: keys };
    });
    await act(async () => navigate('/config/settings/api-keys'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete key Warehouse sync' }));
    const first = await screen.findByRole('alertdialog', { name: 'Delete this API key?' });
    expect(first.textContent).toContain('Programs using “Warehouse sync” (vk_AbCd1234…) are refused from now on.');
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete key Warehouse sync' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('Key “Warehouse sync” deleted.')).toBeTruthy();
    expect(server.calls).toContain('DELETE /api/owner/api-keys/k1');
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    expect(events).toEqual(['api-keys:delete-key', 'api-keys:delete-key', 'api-keys:delete-key-confirm']);
  });

  it("says 'Unable to load results' with the refusal when the list cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPanel(() => ({ status: 403, body: { message: 'Your role does not allow this.' } }));
    await act(async () => navigate('/config/settings/api-keys'));
    expect(await screen.findByRole('heading', { name: 'Unable to load results' })).toBeTruthy();
    expect(screen.getByText('Your role does not allow this.')).toBeTruthy();
  });
});
