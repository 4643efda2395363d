// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { HeadlessSettingsJson, Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { HEADLESS_ROUTES, originErrorLines, originLines } from './headless-api';

const KEY = { id: 'k1', name: 'Next.js shop', key: `vpk_${'a'.repeat(32)}`, created: 1 };

let writes: string[];
beforeEach(() => {
  window.history.replaceState(null, '', '/config');
  writes = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void writes.push(text) } });
});
afterEach(() => cleanup());

function renderPanel(answer: Parameters<typeof fakeServer>[0], permissions: Permission[] = ['api-keys:manage']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('Settings → Headless API', () => {
  it('names calls the contracts have; reads one origin a line and names a refused one by its line', () => {
    for (const route of Object.values(HEADLESS_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    expect(originLines(' https://a.test \n\n http://localhost:5173\n')).toEqual(['https://a.test', 'http://localhost:5173']);
    expect(originErrorLines({ 'origins.1': 'Bad.' }, ['https://a.test', 'a.test'])).toEqual(['Line 2 (a.test): Bad.']);
  });

  it('shows each key to copy, creates one, and revokes one only after the confirm', async () => {
    let settings: HeadlessSettingsJson = { keys: [KEY], allowedOrigins: [] };
    const server = renderPanel((method, url) => {
      if (method === 'POST') {
        const made = { id: 'k2', name: 'Mobile app', key: `vpk_${'b'.repeat(32)}`, created: 2 };
        settings = { ...settings, keys: [...settings.keys, made] };
        return { status: 201, body: { key: made } };
      }
      if (method === 'DELETE' && url.endsWith('/k1')) {
        settings = { ...settings, keys: settings.keys.filter((key) => key.id !== 'k1') };
        return { revoked: true };
      }
      return settings;
    });
    await act(async () => navigate('/config/settings/headless'));
    expect(await screen.findByRole('heading', { name: 'Publishable keys' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Publishable key Next.js shop' }) as HTMLInputElement).value).toBe(KEY.key);
    fireEvent.click(screen.getByRole('button', { name: 'Copy key Next.js shop' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(writes).toEqual([KEY.key]);

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name.')).toBeTruthy();
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Key name' }), { target: { value: 'Mobile app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Key “Mobile app” created.')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/headless/keys');
    expect(await screen.findByRole('textbox', { name: 'Publishable key Mobile app' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke key Next.js shop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this publishable key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke key Next.js shop' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key “Next.js shop” revoked.')).toBeTruthy();
    expect(server.calls).toContain('DELETE /api/owner/headless/keys/k1');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Publishable key Next.js shop' })).toBeNull());
  });

  it('refuses * in the app, shows the server\'s refusal by line, and saves the origins', async () => {
    let saved: string[] = [];
    let puts = 0;
    const server = renderPanel((method, url) => {
      if (method === 'PUT' && url.endsWith('/origins')) {
        puts += 1;
        if (puts === 1) return { status: 400, body: { message: 'Enter an origin.', errors: { 'origins.1': 'Enter an origin.' } } };
        saved = ['https://shop.example.com'];
      }
      return { keys: [], allowedOrigins: saved };
    });
    await act(async () => navigate('/config/settings/headless'));
    const field = await screen.findByRole('textbox', { name: 'Origins' });
    fireEvent.change(field, { target: { value: 'https://shop.example.com\n*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('Line 2 (*): Any origin (*) is not allowed: list each site that may read the API.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(field, { target: { value: 'https://shop.example.com\nshop.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('Line 2 (shop.example.com): Enter an origin.')).toBeTruthy();
    expect(server.calls).toContain('PUT /api/owner/headless/origins');

    fireEvent.change(field, { target: { value: 'https://shop.example.com\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(puts).toBe(2);
  });

  it('is listed for a role with api-keys:manage only', async () => {
    renderPanel(() => ({ keys: [], allowedOrigins: [] }), ['site:read', 'api-keys:manage']);
    await act(async () => navigate('/config/settings'));
    expect(await screen.findByRole('link', { name: /Headless API/ })).toBeTruthy();
    cleanup();
    renderPanel(() => ({ keys: [], allowedOrigins: [] }), ['site:read']);
    await act(async () => navigate('/config/settings'));
    await screen.findByRole('link', { name: /Site identity/ });
    expect(screen.queryByRole('link', { name: /Headless API/ })).toBeNull();
  });
});
