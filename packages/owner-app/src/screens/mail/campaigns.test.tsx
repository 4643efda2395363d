// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ROUTE_CONTRACTS, type CampaignJson, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { CAMPAIGN_ROUTES } from './campaigns-api';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const CAMPAIGNS_EDITOR = bootWith(['campaigns:manage', 'catalog:read']);

const counts = { recipients: 120, sent: 118, skipped: 2, clickers: 9, clicks: 14, opens: 0 };
const draft: CampaignJson = {
  id: 'c1', status: 'draft', subject: 'Winter news', preheader: '', trackOpens: false, audience: { kind: 'all' },
  blocks: [{ type: 'heading', text: 'Winter' }, { type: 'button', label: 'Shop', url: 'https://shop.example.com/' }],
  sendAt: null, startedAt: null, finishedAt: null, createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:00:00.000Z',
  counts: { recipients: 0, sent: 0, skipped: 0, clickers: 0, clicks: 0, opens: 0 },
};
const sent: CampaignJson = { ...draft, id: 'c0', status: 'sent', subject: 'Autumn news', startedAt: '2026-11-01T10:00:00.000Z', finishedAt: '2026-11-01T10:05:00.000Z', counts };

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = CAMPAIGNS_EDITOR) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('Mail → Campaigns', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('names calls the contracts have', () => {
    for (const route of Object.values(CAMPAIGN_ROUTES)) expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
  });

  it('lists campaigns with their status and counts, as a tab of Mail', async () => {
    renderApp(() => ({ campaigns: [draft, sent] }));
    await act(async () => navigate('/config/mail/campaigns'));
    expect(await screen.findByRole('link', { name: 'Autumn news' }, { timeout: 8000 })).toHaveProperty('href', expect.stringContaining('/config/mail/campaigns/c0'));
    expect(screen.getAllByRole('link', { name: 'Campaigns' }).some((link) => link.getAttribute('href') === '/config/mail/campaigns')).toBe(true);
    const row = screen.getByRole('rowheader', { name: 'Autumn news' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Sent', 'All subscribers', '118', '14', expect.any(String)]);
    expect(screen.getByRole('link', { name: 'New campaign' })).toBeTruthy();
  });

  it('edits with the server’s rules, previews, sends a test, then saves and sends now', async () => {
    // "Send it to the whole audience now?" — yes.
    Object.defineProperty(window, 'confirm', { value: vi.fn(() => true), configurable: true });
    const server = renderApp((method, url) => {
      if (url.endsWith('/preview')) return { subject: 'Winter news', html: '<p>Winter</p>', text: 'Winter' };
      if (url.endsWith('/test')) return { sentTo: 'owner@example.com', mailId: 'm1' };
      if (url.endsWith('/send')) return { campaign: { ...draft, status: 'scheduled', sendAt: '2026-12-01T11:00:00.000Z' } };
      if (url.startsWith('/api/owner/products')) return { products: [{ id: 'p1', title: 'Canvas Tote', productType: 1, storeId: 's', archived: false, priceCents: 2500, stock: 3, variants: [] }], nextCursor: null };
      if (method === 'PUT') return { campaign: draft };
      return { campaign: draft };
    });
    await act(async () => navigate('/config/mail/campaigns/c1'));
    const subject = await screen.findByRole('textbox', { name: 'Subject' }, { timeout: 8000 });
    expect(await screen.findByTestId('preview-subject', {}, { timeout: 2000 })).toHaveProperty('textContent', 'Winter news');

    fireEvent.change(subject, { target: { value: 'Hi {{order.number}}' } });
    expect(screen.getByText('Unknown variable {{order.number}}: use {{site.title}}, {{site.url}}.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', true);
    fireEvent.change(subject, { target: { value: 'Winter news' } });

    fireEvent.change(screen.getByRole('combobox', { name: 'Audience' }), { target: { value: 'tag' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tag' }), { target: { value: 'two words' } });
    expect(screen.getByText('A tag has 1 to 40 letters, digits or dashes.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Tag' }), { target: { value: 'vip' } });

    fireEvent.change(screen.getByRole('combobox', { name: 'New block' }), { target: { value: 'products' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add block' }));
    expect(screen.getByRole('group', { name: 'Block 3: Product cards' })).toBeTruthy();
    expect(screen.getByText('Choose 1 to 4 products.')).toBeTruthy();
    const picker = await screen.findByRole('listbox', { name: 'Products (up to 4)' });
    await screen.findByRole('option', { name: 'Canvas Tote' });
    (screen.getByRole('option', { name: 'Canvas Tote' }) as HTMLOptionElement).selected = true;
    fireEvent.change(picker);
    expect(screen.queryByText('Choose 1 to 4 products.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Test sent to owner@example.com.'));

    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(server.calls).toContain('POST /api/owner/campaigns/c1/send'));
    expect(server.calls.indexOf('PUT /api/owner/campaigns/c1')).toBeLessThan(server.calls.indexOf('POST /api/owner/campaigns/c1/send'));
  });

  it('shows a sent campaign read-only, with its counts', async () => {
    renderApp(() => ({ campaign: sent }));
    await act(async () => navigate('/config/mail/campaigns/c0'));
    expect(await screen.findByText('118 of 120 sent (2 left out: unsubscribed or bouncing) · 14 clicks by 9 readers', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('This campaign can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});
