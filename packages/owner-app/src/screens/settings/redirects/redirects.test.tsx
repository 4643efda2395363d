// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RedirectJson } from '@vitrine/contracts';
import { REDIRECT_MESSAGES, ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { REDIRECT_EXPORT_URL, REDIRECT_IMPORT_URL, REDIRECT_ROUTES } from './redirects-api';

const rule = (source: string, target: string, over: Partial<RedirectJson> = {}): RedirectJson => ({ id: `id-${source}`, source, target, status: 301, keepQuery: true, origin: 'owner', updatedAt: '2026-12-01T09:00:00.000Z', ...over });
const report = { paths: [{ id: 'miss-1', path: '/summer-lookbook', hits: 7, firstSeenAt: '2026-12-01T09:00:00.000Z', lastSeenAt: '2026-12-02T09:00:00.000Z' }] };

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderSection(answer: Parameters<typeof fakeServer>[0], permissions = ['redirects:manage']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } as typeof BOOT.owner }} queryClient={createQueryClient()} />);
  return server;
}

describe('Settings → URL redirects', () => {
  it('names calls the contracts have, and is offered only with redirects:manage', async () => {
    for (const route of [...Object.values(REDIRECT_ROUTES), { method: 'POST', url: REDIRECT_IMPORT_URL }, { method: 'GET', url: REDIRECT_EXPORT_URL }]) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), route.url).toBe(true);
    }
    renderSection(() => ({}), ['site:read']);
    await act(async () => navigate('/config/settings'));
    expect(await screen.findByRole('link', { name: 'Navigation' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'URL redirects' })).toBeNull();
  });

  it('lists the rules and the missed addresses; Redirect… fills the old address, and the server\'s refusal shows on its field', async () => {
    let posted: unknown;
    const server = renderSection((method, url) => {
      if (url.startsWith('/api/owner/redirects/not-found')) return report;
      if (method === 'POST') {
        posted = true;
        return { status: 400, body: { message: REDIRECT_MESSAGES.loop, errors: { target: REDIRECT_MESSAGES.loop } } };
      }
      return { redirects: [rule('/products/*', '/shop/p/*'), rule('/field-notes', '/journal', { origin: 'automatic', status: 302, keepQuery: false })], nextCursor: null, total: 2 };
    });
    await act(async () => navigate('/config/settings/redirects'));
    const list = await screen.findByRole('table', { name: 'Redirects' });
    expect(within(list).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['/products/*', '/field-notes']);
    expect(within(list).getAllByRole('row')[2]!.textContent).toContain('Address change');
    expect(within(list).getAllByRole('row')[2]!.textContent).toContain('Dropped');
    const missed = await screen.findByRole('table', { name: 'Not found' });
    expect(within(missed).getByRole('rowheader').textContent).toBe('/summer-lookbook');

    fireEvent.click(within(missed).getByRole('button', { name: 'Redirect /summer-lookbook' }));
    expect((screen.getByRole('textbox', { name: 'Old address' }) as HTMLInputElement).value).toBe('/summer-lookbook');
    const target = screen.getByRole('textbox', { name: 'New address' });
    fireEvent.change(target, { target: { value: '/summer-lookbook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    await waitFor(() => expect(target.getAttribute('aria-invalid')).toBe('true'));
    expect(posted).toBe(true);
    expect(server.calls).toContain('POST /api/owner/redirects');
    expect(document.getElementById(target.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe(REDIRECT_MESSAGES.loop);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(REDIRECT_EXPORT_URL);
  });
});
