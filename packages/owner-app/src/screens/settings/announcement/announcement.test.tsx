// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ANNOUNCEMENT_COLOUR_THEMES, ROUTE_CONTRACTS, SITE_ANNOUNCEMENT_LIMITS, type SiteAnnouncementJson } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer, SITE_READER, SITE_WRITER } from '../navigation/site-test-server';
import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_ROUTES, COLOUR_THEMES } from './announcement-api';

const OFF: SiteAnnouncementJson = { enabled: false, text: '', linkLabel: '', linkUrl: '', colourTheme: 'dark' };
const NO_PAGE = 'No page of this site is at /sale: choose one that exists.';

function announcementServer() {
  let announcement = OFF;
  return recordingServer((method, url, body) => {
    if (url !== '/api/owner/site-settings/announcement') return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
    if (method === 'PUT') {
      const sent = body as SiteAnnouncementJson;
      if (sent.linkUrl === '/sale') return { status: 400, body: { message: NO_PAGE, errors: { linkUrl: NO_PAGE } } };
      announcement = sent;
    }
    return { announcement };
  });
}

async function openSection(server: ReturnType<typeof announcementServer>, permissions = SITE_WRITER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/settings/announcement'));
  return screen.findByRole('form', { name: 'Announcement bar' });
}

describe('the announcement bar calls and limits', () => {
  it('match the contracts', () => {
    for (const route of Object.values(ANNOUNCEMENT_ROUTES)) expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    expect(ANNOUNCEMENT_LIMITS).toEqual({ textLength: SITE_ANNOUNCEMENT_LIMITS.textLength, linkLabelLength: SITE_ANNOUNCEMENT_LIMITS.linkLabelLength });
    expect(COLOUR_THEMES.map((theme) => theme.value).sort()).toEqual([...ANNOUNCEMENT_COLOUR_THEMES].sort());
  });
});

describe('Settings → Announcement bar', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('turns the bar on with its text, link and colour theme', async () => {
    const server = announcementServer();
    await openSection(server);
    expect((screen.getByRole('checkbox', { name: 'Show the announcement bar' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show the announcement bar' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Announcement' }), { target: { value: 'Free shipping over $50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Link text' }), { target: { value: 'Shop now' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Link address' }), { target: { value: '/shop' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Colour theme' }), { target: { value: 'accent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save announcement bar' }));
    await screen.findByText('Saved. Every page shows it from the next visit.');
    expect(server.bodies.map((entry) => entry.body)).toEqual([{ enabled: true, text: 'Free shipping over $50', linkLabel: 'Shop now', linkUrl: '/shop', colourTheme: 'accent' }]);
  });

  it('shows a link to a missing page refused beside its address', async () => {
    await openSection(announcementServer());
    fireEvent.change(screen.getByRole('textbox', { name: 'Link text' }), { target: { value: 'Sale' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Link address' }), { target: { value: '/sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save announcement bar' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    const described = address.getAttribute('aria-describedby')!.split(' ').map((describedId) => document.getElementById(describedId)!.textContent);
    expect(described).toContain(NO_PAGE);
    expect(screen.getByRole('alert').textContent).toBe(NO_PAGE);
  });

  it('is read-only to a role without site:write', async () => {
    await openSection(announcementServer(), SITE_READER);
    expect(screen.getByRole('textbox', { name: 'Announcement' }).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save announcement bar' })).toBeNull();
    expect(screen.getByText('Your role may look at the announcement bar but not change it.')).toBeTruthy();
  });
});
