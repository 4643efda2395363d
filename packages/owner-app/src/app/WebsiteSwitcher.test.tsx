// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOwnerWebsitesContract, type OwnerWebsitesReply } from '@vitrine/contracts';
import { createQueryClient } from '../api/query-client';
import { BOOT, fakeServer, summaryOf } from '../test-support/fixtures';
import { App } from './App';
import { SWITCHER_ROUTES } from './WebsiteSwitcher';

// uPlot draws on a canvas, which happy-dom does not have.
vi.mock('../screens/dashboard/DailyChart', () => ({ default: () => <div className="daily-chart" /> }));

beforeEach(() => {
  window.history.replaceState(null, '', '/config');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PLATFORM_URL = 'http://vitrine.test';
const WEBSITES: OwnerWebsitesReply = {
  platformUrl: PLATFORM_URL,
  websites: [
    { websiteId: 'w2', title: 'Ben Books', address: 'http://ben-books.vitrine.test', role: 4, roleName: 'editor', current: false, openUrl: `${PLATFORM_URL}/websites/w2/open` },
    { websiteId: 'w1', title: 'Test Shop', address: 'http://test-shop.vitrine.test', role: 1, roleName: 'admin', current: true, openUrl: `${PLATFORM_URL}/websites/w1/open` },
    { websiteId: 'w3', title: 'Cara Studio', address: 'http://cara.vitrine.test', role: 8, roleName: 'storeManager', current: false, openUrl: `${PLATFORM_URL}/websites/w3/open` },
  ],
};

function renderApp(platformUrl: string | null) {
  const server = fakeServer((_method, url) => {
    if (url.startsWith('/api/owner/websites')) return WEBSITES;
    const range = Object.fromEntries(new URL(url, 'http://x').searchParams) as { from: string; to: string };
    return summaryOf(range);
  });
  render(<App client={server.client} boot={{ ...BOOT, platformUrl }} queryClient={createQueryClient()} />);
  return server;
}

describe('the website switcher', () => {
  it("calls the contract's route", () => {
    expect(SWITCHER_ROUTES.websites).toMatchObject({ method: listOwnerWebsitesContract.method, url: listOwnerWebsitesContract.url });
  });

  it('opens from the site name as a button, lists the websites with their roles, each other one opening through the platform', async () => {
    const server = renderApp(PLATFORM_URL);
    const button = screen.getByRole('button', { name: 'Test Shop, Switch website' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Nothing is asked until it opens.
    expect(server.calls.filter((call) => call.includes('/api/owner/websites'))).toEqual([]);
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Your websites' });
    expect(server.calls).toContain('GET /api/owner/websites');
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Ben Bookseditor', 'Test Shopadmin · this website', 'Cara Studiostore manager']);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ben Bookseditor', `${PLATFORM_URL}/websites/w2/open`],
      ['Cara Studiostore manager', `${PLATFORM_URL}/websites/w3/open`],
    ]);
    expect(within(list).getByText('Test Shop').closest('[aria-current="true"]')).toBeTruthy();
    // The first website link takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(links[0]));
    expect(screen.getByRole('link', { name: 'All your websites' }).getAttribute('href')).toBe(`${PLATFORM_URL}/websites`);
    expect(screen.getByRole('link', { name: 'Create a website' }).getAttribute('href')).toBe(`${PLATFORM_URL}/websites/new`);

    // Escape closes it and gives the focus back to the button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('list', { name: 'Your websites' })).toBeNull();
  });

  it("says why when the list cannot be read", async () => {
    const server = fakeServer((_method, url) => (url.startsWith('/api/owner/websites') ? { status: 403, body: { message: 'Your role does not allow this.' } } : summaryOf({ from: '2026-03-01', to: '2026-03-07' })));
    render(<App client={server.client} boot={{ ...BOOT, platformUrl: PLATFORM_URL }} queryClient={createQueryClient()} />);
    await act(async () => screen.getByRole('button', { name: 'Test Shop, Switch website' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not allow this.');
  });

  it('is not there with one website: the plain name, and no call', async () => {
    const server = renderApp(null);
    expect(screen.queryByRole('button', { name: /Switch website/ })).toBeNull();
    expect(screen.getByText('Test Shop').closest('p')?.className).toBe('site-name');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(server.calls.some((call) => call.includes('/api/owner/websites'))).toBe(false);
  });
});
