// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Permission, ThemesReply } from '@vitrine/contracts';
import { ROUTE_CONTRACTS, THEME_UPLOAD_LIMITS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { bootWith, recordingServer } from '../settings/navigation/site-test-server';
import { MAX_THEME_BYTES, THEME_ROUTES, UPLOAD_THEME_PATH } from './themes-api';

const ADMIN: Permission[] = ['themes:manage', 'site:read'];
const MARKED = { id: 't1', name: 'Marked', version: '2.0.0', byteSize: 1000, uploaded: '2026-12-02T10:00:00.000Z' };

function themesServer() {
  let reply: ThemesReply = { themes: [MARKED], activeThemeId: null };
  return recordingServer((method, url, body) => {
    if (url === '/api/owner/themes' && method === 'GET') return reply;
    if (url === '/api/owner/themes/active' && method === 'PUT') return (reply = { ...reply, activeThemeId: (body as { themeId: string | null }).themeId });
    return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
  });
}

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Design → Themes', () => {
  it('calls routes the contracts have, with their limit', () => {
    for (const route of Object.values(THEME_ROUTES)) expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    expect(ROUTE_CONTRACTS.some((contract) => contract.method === 'POST' && contract.url === UPLOAD_THEME_PATH)).toBe(true);
    expect(MAX_THEME_BYTES).toBe(THEME_UPLOAD_LIMITS.archiveBytes);
  });

  it('chooses an uploaded theme, and lists the reasons of a refused upload', async () => {
    const server = themesServer();
    render(<App client={server.client} boot={bootWith(ADMIN)} queryClient={createQueryClient()} />);
    await act(async () => navigate('/config/design/themes'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Themes' })).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Theme the site uses' });
    expect((within(group).getByRole('radio', { name: /Default theme/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: /Marked/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Use this theme' }));
    expect(await screen.findByText('The site now uses Marked.')).toBeTruthy();
    expect(server.bodies).toEqual([{ call: 'PUT /api/owner/themes/active', body: { themeId: 't1' } }]);

    const problems = { 'assets/app.js': "JavaScript is not allowed in a theme (interactivity comes from the platform's islands)", 'templates/blog.html:2': "templates/blog.html:2: Formatter 'shout' is unknown" };
    const upload = vi.fn(async () => new Response(JSON.stringify({ message: 'The theme was refused: fix the files listed and upload it again.', errors: problems }), { status: 400, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', upload);
    const input = screen.getByLabelText('Theme zip') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'broken.zip', { type: 'application/zip' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload theme' }));
    const alert = await screen.findByText('The theme was refused: fix the files listed and upload it again.');
    expect(alert).toBeTruthy();
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual(Object.values(problems));
    expect(upload).toHaveBeenCalledWith(UPLOAD_THEME_PATH, expect.objectContaining({ method: 'POST' }));
  });
});
