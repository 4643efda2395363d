// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { readBoot } from '../boot';
import { BOOT, fakeServer, summaryOf } from '../test-support/fixtures';
import { App } from './App';
import { navigate } from './router';

// uPlot draws on a canvas, which happy-dom does not have: the chart is a stand-in here (the browser test draws it).
vi.mock('../screens/dashboard/DailyChart', () => ({ default: () => <div className="daily-chart" /> }));

beforeEach(() => {
  window.history.replaceState(null, '', '/config');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderApp(answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={BOOT} queryClient={createQueryClient()} />);
  return server;
}

const rangeOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as { from: string; to: string };

describe('the app shell', () => {
  it('shows the site name, the navigation with the current screen, and the dashboard figures', async () => {
    renderApp((_method, url) => summaryOf(rangeOf(url)));
    expect(screen.getByText('Test Shop')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Pages', 'Media', 'Design', 'Templates', 'Themes', 'Popup', 'Experiments', 'Products', 'Orders', 'Subscriptions', 'Discounts', 'Gift cards', 'Members', 'Courses', 'Reviews', 'Comments', 'Forms', 'Restock', 'Mail', 'Settings', 'View site (opens in a new tab)']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const visits = await screen.findByRole('group', { name: 'Visits' });
    expect(visits.textContent).toContain('12');
    expect(visits.textContent).toContain('Up 50% from 8 in the previous period');
    expect(within(screen.getByRole('group', { name: 'Revenue' })).getByText('$45.00')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard · Test Shop'));
  });

  it('draws one hidden icon in each navigation link, a different one per screen', () => {
    renderApp((_method, url) => summaryOf(rangeOf(url)));
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    const icons = links.map((link) => {
      const svgs = link.querySelectorAll('svg');
      expect(svgs).toHaveLength(1);
      expect(svgs[0]!.getAttribute('aria-hidden')).toBe('true');
      expect(svgs[0]!.getAttribute('focusable')).toBe('false');
      return svgs[0]!.outerHTML;
    });
    expect(new Set(icons).size).toBe(links.length);
  });

  it('opens a screen at an address beneath its own (its navigation link current) and an unknown address plainly, moving the focus to the heading', async () => {
    renderApp((_method, url) => summaryOf(rangeOf(url)));
    await act(async () => navigate('/config/settings/anything'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await act(async () => navigate('/config/nowhere'));
    expect(await screen.findByText('Unable to locate content.')).toBeTruthy();
  });

  it("says 'Unable to load results' and 'Network error' when no answer comes, and tries again", async () => {
    let online = false;
    renderApp((_method, url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return summaryOf(rangeOf(url));
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('heading').textContent).toBe('Unable to load results');
    expect(alert.textContent).toContain('Network error');
    online = true;
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect((await screen.findByRole('group', { name: 'Visits' })).textContent).toContain('12');
  }, 15_000);

  it("shows the server's refusal, a role without the reports (no call made), and an empty period", async () => {
    renderApp(() => ({ status: 403, body: { message: 'Your role does not allow this.' } }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your role does not allow this.');
    cleanup();
    const editor = fakeServer(() => ({}));
    render(<App client={editor.client} boot={{ ...BOOT, owner: { ...BOOT.owner, roleName: 'editor', permissions: ['site:read'] } }} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Your role does not include the numbers' })).toBeTruthy();
    expect(editor.calls).toEqual([]);
    cleanup();
    renderApp((_method, url) => {
      const summary = summaryOf(rangeOf(url));
      return { ...summary, totals: { ...summary.previous, visits: 0, pageViews: 0, orders: 0 } };
    });
    expect(await screen.findByRole('heading', { name: 'No visits in this period yet' })).toBeTruthy();
  });

  it('reads the boot data the server writes, and nothing else', () => {
    document.body.innerHTML = `<script type="application/json" id="owner-boot">${JSON.stringify(BOOT)}</script>`;
    expect(readBoot()).toEqual(BOOT);
    document.body.innerHTML = '<script type="application/json" id="owner-boot">{"owner":</script>';
    expect(readBoot()).toBeNull();
    document.body.innerHTML = '';
    expect(readBoot()).toBeNull();
  });
});

describe('a screen whose code does not arrive', () => {
  it("is told apart from a render error: 'Unable to load. Try again.' and 'Network error'", async () => {
    const { isChunkLoadError } = await import('./App');
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/owner-app/assets/DashboardScreen-x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});
