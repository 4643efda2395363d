// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DomainJson, DomainsReply } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { DOMAIN_ROUTES, looksLikeDomain } from './domains-api';

const day = Date.UTC(2026, 11, 1, 9);
const domain = (host: string, over: Partial<DomainJson> = {}): DomainJson => ({
  host,
  status: 'waiting',
  primary: false,
  added: day,
  verified: null,
  txtRecord: { type: 'TXT', name: `_vitrine-challenge.${host}`, value: `token-of-${host}` },
  httpToken: { url: `http://${host}/.well-known/vitrine-challenge/token-of-${host}`, body: `token-of-${host}` },
  ...over,
});
const reply = (domains: DomainJson[]): DomainsReply => ({
  domains,
  subdomain: 'demo.vitrine.example',
  primaryHost: domains.find((entry) => entry.primary)?.host ?? 'demo.vitrine.example',
  limit: 10,
});

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderSection(answer: Parameters<typeof fakeServer>[0], permissions = ['domains:manage']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } as typeof BOOT.owner }} queryClient={createQueryClient()} />);
  return server;
}

async function openSection() {
  await act(async () => navigate('/config/settings/domains'));
  return screen.findByRole('list', { name: 'Addresses of this website' });
}

const itemOf = (list: HTMLElement, host: string) => within(list).getByRole('listitem', { name: host });

describe('Settings → Domains', () => {
  it('names calls the contracts have, and is offered to admins only', async () => {
    for (const route of Object.values(DOMAIN_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), route.url).toBe(true);
    }
    expect(looksLikeDomain('shop.example.com')).toBe(true);
    expect(looksLikeDomain('https://Shop.Example.com/path')).toBe(true);
    for (const text of ['', 'shop', 'shop example.com', 'a@b.com', 'shop.example.com:8080']) expect(looksLikeDomain(text), text).toBe(false);

    renderSection(() => reply([]), ['site:read']);
    await act(async () => navigate('/config/settings'));
    expect(await screen.findByRole('link', { name: 'Navigation' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Domains' })).toBeNull();
  });

  it('lists the platform address and each domain with its status, the TXT record to add, and its actions', async () => {
    renderSection(() => reply([domain('shop.example.com', { status: 'verified', verified: day, primary: true }), domain('new.example.com'), domain('taken.example.com', { status: 'taken' })]));
    const list = await openSection();
    const platform = itemOf(list, 'demo.vitrine.example');
    expect(platform.textContent).toContain('Platform address');
    expect(platform.textContent).not.toContain('Primary');
    expect(within(platform).getByRole('button', { name: 'Make demo.vitrine.example primary' })).toBeTruthy();

    const shop = itemOf(list, 'shop.example.com');
    expect(shop.textContent).toContain('Verified');
    expect(shop.textContent).toContain('Primary');
    expect(within(shop).queryByRole('button', { name: /Verify/ })).toBeNull();
    expect(within(shop).queryByRole('button', { name: /Make .* primary/ })).toBeNull();
    expect(within(shop).getByRole('button', { name: 'Remove shop.example.com' })).toBeTruthy();

    const waiting = itemOf(list, 'new.example.com');
    expect(waiting.textContent).toContain('Waiting for DNS');
    expect(within(waiting).getAllByRole('term').map((term) => term.textContent)).toEqual(['Type', 'Name', 'Value']);
    expect(within(waiting).getAllByRole('definition').map((value) => value.textContent)).toEqual(['TXT', '_vitrine-challenge.new.example.com', 'token-of-new.example.com']);
    expect(waiting.textContent).toContain('a CNAME record to demo.vitrine.example');
    expect(waiting.textContent).toContain('http://new.example.com/.well-known/vitrine-challenge/token-of-new.example.com');
    expect(within(waiting).getByRole('button', { name: 'Verify new.example.com now' })).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: /primary/ })).toBeNull();

    expect(itemOf(list, 'taken.example.com').textContent).toContain('In use by another website');
  });

  it('adds a domain, refusing in place what is no domain, and showing the server\'s refusal beside the field', async () => {
    let posts = 0;
    const server = renderSection((method) => {
      if (method !== 'POST') return reply([]);
      posts += 1;
      return posts === 1
        ? { status: 201, body: { domain: domain('shop.example.com') } }
        : { status: 409, body: { message: 'This domain is already in use by another website.', errors: { domain: 'This domain is already in use by another website.' } } };
    });
    await openSection();
    const field = screen.getByRole('textbox', { name: 'Domain' });
    fireEvent.change(field, { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const error = await screen.findByText('Enter a domain name such as shop.example.com.');
    expect(error.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(field, { target: { value: 'Shop.Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('shop.example.com added. Add its TXT record, then choose Verify now.')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/domains');
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(field, { target: { value: 'taken.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe('This domain is already in use by another website.');
  });

  it('says what Verify now found, then shows the domain verified', async () => {
    let verified = false;
    let tries = 0;
    const server = renderSection((method, url) => {
      if (method === 'POST' && url.endsWith('/verification')) {
        tries += 1;
        if (tries === 1) {
          return {
            domain: domain('new.example.com'),
            verified: false,
            checks: [
              { method: 'dns', found: false, message: 'No TXT record at _vitrine-challenge.new.example.com yet. DNS changes can take a while to show.' },
              { method: 'http', found: false, message: 'new.example.com has no address (no A or AAAA record) yet.' },
            ],
          };
        }
        verified = true;
        return { domain: domain('new.example.com', { status: 'verified', verified: day }), verified: true, checks: [{ method: 'dns', found: true, message: 'Found.' }] };
      }
      return reply([domain('new.example.com', verified ? { status: 'verified', verified: day } : {})]);
    });
    const list = await openSection();
    fireEvent.click(within(itemOf(list, 'new.example.com')).getByRole('button', { name: 'Verify new.example.com now' }));
    expect(await screen.findByText('new.example.com is not verified yet.')).toBeTruthy();
    const found = await screen.findByRole('list', { name: 'What checking new.example.com found' });
    expect(within(found).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'No TXT record at _vitrine-challenge.new.example.com yet. DNS changes can take a while to show.',
      'new.example.com has no address (no A or AAAA record) yet.',
    ]);
    expect(server.calls).toContain('POST /api/owner/domains/new.example.com/verification');

    fireEvent.click(within(itemOf(list, 'new.example.com')).getByRole('button', { name: 'Verify new.example.com now' }));
    expect(await screen.findByText('new.example.com is verified. This website now answers there.')).toBeTruthy();
    await waitFor(() => expect(itemOf(list, 'new.example.com').textContent).toContain('Verified'));
    expect(within(itemOf(list, 'new.example.com')).getByRole('button', { name: 'Make new.example.com primary' })).toBeTruthy();
  });

  it('makes a domain primary, and removes one only after the confirm', async () => {
    let primary = false;
    let removed = false;
    const server = renderSection((method) => {
      if (method === 'PUT') primary = true;
      if (method === 'DELETE') {
        removed = true;
        return { removed: true };
      }
      const domains = removed ? [] : [domain('shop.example.com', { status: 'verified', verified: day, primary })];
      return reply(domains);
    });
    const list = await openSection();
    fireEvent.click(within(itemOf(list, 'shop.example.com')).getByRole('button', { name: 'Make shop.example.com primary' }));
    expect(await screen.findByText('shop.example.com is now the primary address.')).toBeTruthy();
    expect(server.calls).toContain('PUT /api/owner/domains/shop.example.com/primary');
    await waitFor(() => expect(itemOf(list, 'shop.example.com').textContent).toContain('Primary'));
    expect(within(itemOf(list, 'demo.vitrine.example')).getByRole('button', { name: 'Make demo.vitrine.example primary' })).toBeTruthy();

    fireEvent.click(within(itemOf(list, 'shop.example.com')).getByRole('button', { name: 'Remove shop.example.com' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove this domain?' });
    expect(dialog.textContent).toContain('shop.example.com stops showing this website at once. Visitors are sent to demo.vitrine.example instead.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(within(itemOf(list, 'shop.example.com')).getByRole('button', { name: 'Remove shop.example.com' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove this domain?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('shop.example.com removed.')).toBeTruthy();
    expect(server.calls).toContain('DELETE /api/owner/domains/shop.example.com');
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'shop.example.com' })).toBeNull());
  });

  it('shows the server\'s refusal of a change in an alert', async () => {
    renderSection((method) => (method === 'POST' ? { status: 409, body: { message: 'This domain is already in use by another website.' } } : reply([domain('contested.example', { status: 'taken' })])));
    const list = await openSection();
    fireEvent.click(within(itemOf(list, 'contested.example')).getByRole('button', { name: 'Verify contested.example now' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent === 'This domain is already in use by another website.')).toBe(true));
  });

  it('on a server hosting one website, says there is nothing to add', async () => {
    renderSection(() => ({ domains: [], subdomain: null, primaryHost: null, limit: 10 }));
    await act(async () => navigate('/config/settings/domains'));
    expect(await screen.findByText(/This server hosts one website/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Domain' })).toBeNull();
  });
});
