// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, SITE_FOOTER_LIMITS, SOCIAL_NETWORKS, type SiteFooterJson } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer, SITE_READER, SITE_WRITER } from '../navigation/site-test-server';
import { FOOTER_LIMITS, FOOTER_ROUTES, NETWORKS } from './footer-api';

const MADE: SiteFooterJson = {
  columns: [{ title: 'Shop', links: [{ label: 'Shop', url: '/shop' }, { label: 'Search', url: '/search' }] }],
  social: [],
  legalText: '',
};
const NO_PAGE = 'No page of this site is at /returns: choose one that exists.';

function footerServer() {
  let footer = MADE;
  let isDefault = true;
  return recordingServer((method, url, body) => {
    if (url !== '/api/owner/site-settings/footer') return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
    if (method === 'PUT') {
      const sent = body as SiteFooterJson;
      if (sent.columns.some((column) => column.links.some((link) => link.url === '/returns'))) return { status: 400, body: { message: NO_PAGE, errors: { 'columns.0.links.1.url': NO_PAGE } } };
      footer = sent;
      isDefault = false;
    }
    return { footer, isDefault };
  });
}

async function openFooter(server: ReturnType<typeof footerServer>, permissions = SITE_WRITER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/settings/footer'));
  return screen.findByRole('group', { name: 'Column 1' });
}

describe('the footer calls and limits', () => {
  it('match the contracts', () => {
    for (const route of Object.values(FOOTER_ROUTES)) expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    expect(FOOTER_LIMITS).toEqual({ columns: SITE_FOOTER_LIMITS.columns, linksPerColumn: SITE_FOOTER_LIMITS.linksPerColumn, socialLinks: SITE_FOOTER_LIMITS.socialLinks, titleLength: SITE_FOOTER_LIMITS.titleLength, labelLength: SITE_FOOTER_LIMITS.labelLength, legalTextLength: SITE_FOOTER_LIMITS.legalTextLength });
    expect(NETWORKS.map((network) => network.value)).toEqual([...SOCIAL_NETWORKS]);
  });
});

describe('Settings → Footer', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('starts from the footer made from the site, and saves columns, a social link and the legal text', async () => {
    const server = footerServer();
    const column = await openFooter(server);
    expect(screen.getByText('Made from your site’s stores and pages: it changes as they do until you save your own.')).toBeTruthy();
    expect((within(column).getByRole('textbox', { name: 'Title of column 1' }) as HTMLInputElement).value).toBe('Shop');
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    const second = screen.getByRole('group', { name: 'Column 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: 'Title of column 2' }), { target: { value: 'Help' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Add a link to column 2' }));
    fireEvent.change(within(second).getByRole('textbox', { name: 'Text of link 1 in column 2' }), { target: { value: 'Contact' } });
    fireEvent.change(within(second).getByRole('textbox', { name: 'Address of link 1 in column 2' }), { target: { value: '/contact' } });
    fireEvent.click(within(column).getByRole('button', { name: 'Remove link 2 from column 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add social link' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Network of social link 1' }), { target: { value: 'youtube' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Address of social link 1' }), { target: { value: 'https://youtube.com/@vitrine' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Legal text' }), { target: { value: 'Vitrine Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    await screen.findByText('Saved. Every page shows the new footer from the next visit.');
    expect(server.bodies.map((entry) => entry.body)).toEqual([
      {
        columns: [{ title: 'Shop', links: [{ label: 'Shop', url: '/shop' }] }, { title: 'Help', links: [{ label: 'Contact', url: '/contact' }] }],
        social: [{ network: 'youtube', url: 'https://youtube.com/@vitrine' }],
        legalText: 'Vitrine Ltd',
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Made from your site’s stores and pages: it changes as they do until you save your own.')).toBeNull());
  });

  it('shows a link to a missing page refused beside its address', async () => {
    const server = footerServer();
    const column = await openFooter(server);
    fireEvent.change(within(column).getByRole('textbox', { name: 'Address of link 2 in column 1' }), { target: { value: '/returns' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    const address = within(column).getByRole('textbox', { name: 'Address of link 2 in column 1' });
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(address.getAttribute('aria-describedby')!)!.textContent).toBe(NO_PAGE);
    expect(screen.getByRole('alert').textContent).toBe(NO_PAGE);
  });

  it('is read-only to a role without site:write', async () => {
    const column = await openFooter(footerServer(), SITE_READER);
    expect(within(column).getByRole('textbox', { name: 'Title of column 1' }).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save footer' })).toBeNull();
    expect(screen.getByText('Your role may look at the footer but not change it.')).toBeTruthy();
  });
});
