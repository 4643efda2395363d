// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { MAIL_ROUTES, subscribersExportHref, type MailSummary } from './mail-api';
import { readListAddress, readStatus, writeListAddress, MAIL_STATUSES_IN_ORDER } from './mail-state';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const ADMIN = bootWith(['mail:read', 'forms:read', 'orders:read']);

const restockNotice: MailSummary = {
  id: 'm1', template: 'restock-notice', kind: 'marketing', to: 'ava@example.com', subject: 'Linen Shirt is back in stock',
  status: 'sent', attempts: 1, lastError: null, createdAt: '2026-11-23T09:00:00.000Z', sentAt: '2026-11-23T09:00:05.000Z',
};
const failedReset: MailSummary = {
  id: 'm2', template: 'password-reset', kind: 'transactional', to: 'sam@example.com', subject: 'Reset your password',
  status: 'failed', attempts: 8, lastError: '550 mailbox unavailable', createdAt: '2026-11-22T09:00:00.000Z', sentAt: null,
};

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = ADMIN) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('the mail calls and address', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(MAIL_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('reads and writes the filter and page, ignoring unknown states and unreadable cursors', () => {
    expect(readListAddress(new URLSearchParams('status=failed&cursor=abc_1'))).toEqual({ status: 'failed', cursor: 'abc_1' });
    expect(readListAddress(new URLSearchParams('cursor=<script>'))).toEqual({ status: '', cursor: '' });
    expect(readStatus('bounced', MAIL_STATUSES_IN_ORDER)).toBe('');
    expect(readStatus('sent', MAIL_STATUSES_IN_ORDER)).toBe('sent');
    expect(writeListAddress({ status: '', cursor: '' }).toString()).toBe('');
    expect(writeListAddress({ status: 'sent', cursor: 'c1' }).toString()).toBe('status=sent&cursor=c1');
    expect(subscribersExportHref('')).toBe('/api/owner/newsletter/subscribers/export.csv');
    expect(subscribersExportHref('pending')).toBe('/api/owner/newsletter/subscribers/export.csv?status=pending');
  });
});

describe('the Mail screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists the outbox with states in words, recipients, kinds, times, attempts and last errors; filters by state and pages', async () => {
    const server = renderApp((_method, url) => {
      if (url.includes('status=failed')) return { messages: [failedReset], hasNextPage: false, nextPageCursor: null };
      if (url.includes('cursor=c2')) return { messages: [{ ...restockNotice, id: 'm9', subject: 'Older message' }], hasNextPage: false, nextPageCursor: null };
      return { messages: [restockNotice, failedReset], hasNextPage: true, nextPageCursor: 'c2' };
    });
    await act(async () => navigate('/config/mail'));
    const table = await screen.findByRole('table', { name: 'Messages, newest first' });
    const notice = within(table).getByRole('link', { name: 'Linen Shirt is back in stock' }).closest('tr') as HTMLElement;
    expect(within(notice).getByText('ava@example.com')).toBeTruthy();
    expect(within(notice).getByText('Sent')).toBeTruthy();
    expect(within(notice).getByText('Marketing')).toBeTruthy();
    expect(within(notice).getByText('Restock notice')).toBeTruthy();
    expect(within(notice).getAllByText('Nov 23, 2026, 9:00 AM')).toHaveLength(2);
    const failed = within(table).getByRole('link', { name: 'Reset your password' }).closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Last error: 550 mailbox unavailable')).toBeTruthy();
    expect(within(failed).getByText('8')).toBeTruthy();
    expect(within(failed).getByText('—')).toBeTruthy();
    expect(server.calls).toContain('GET /api/owner/mail');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Older message' })).toBeTruthy();
    expect(window.location.search).toBe('?cursor=c2');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(window.location.search).toBe('?status=failed'));
    expect(await screen.findByRole('table', { name: 'Messages with status Failed, newest first' })).toBeTruthy();
    expect(server.calls).toContain('GET /api/owner/mail?status=failed');
  });

  it('opens one message: headers, the HTML in a sandboxed srcdoc frame, the text version', async () => {
    const hostile = '<p>Back in stock</p><script>parent.document.title = "owned"</script><img src="https://tracker.example/p.gif">';
    // The message has a `status` field: answered as { status: 200, body } so the fake server does not read it as the HTTP status.
    renderApp((_method, url) =>
      url === '/api/owner/mail/m1'
        ? { status: 200, body: { ...restockNotice, from: '"Test Shop" <no-reply@localhost>', text: 'Linen Shirt (M / Navy) is back in stock.\nhttp://shop/p', html: hostile } }
        : { messages: [restockNotice], hasNextPage: false, nextPageCursor: null },
    );
    await act(async () => navigate('/config/mail'));
    fireEvent.click(await screen.findByRole('link', { name: 'Linen Shirt is back in stock' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Shirt is back in stock' })).toBeTruthy();
    expect(window.location.pathname).toBe('/config/mail/m1');
    expect(await screen.findByText('"Test Shop" <no-reply@localhost>')).toBeTruthy();
    expect(screen.getByText('ava@example.com')).toBeTruthy();
    const frame = screen.getByTitle('HTML version of “Linen Shirt is back in stock”') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(hostile);
    expect(frame.getAttribute('src')).toBeNull();
    expect(document.title).not.toBe('owned');
    expect(screen.getByRole('heading', { name: 'Text version' })).toBeTruthy();
    expect(screen.getByText(/Linen Shirt \(M \/ Navy\) is back in stock\./).tagName).toBe('PRE');
    expect(screen.getByRole('link', { name: 'Outbox' }).getAttribute('href')).toBe('/config/mail');
  });

  it('says so when a message does not exist', async () => {
    renderApp(() => ({ status: 404, body: { message: 'No such message.' } }));
    await act(async () => navigate('/config/mail/nope'));
    expect(await screen.findByText('No such message.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unable to load results' })).toBeTruthy();
  });

  it('shows the newsletter subscribers in their tab: status filter, paging, the export link', async () => {
    const server = renderApp((_method, url) => {
      if (url.startsWith('/api/owner/newsletter/subscribers?status=pending')) {
        return { subscribers: [{ email: 'new@example.com', status: 'pending', source: 'newsletter', createdAt: '2026-11-23T08:00:00.000Z', confirmedAt: null, unsubscribedAt: null }], hasNextPage: false, nextPageCursor: null };
      }
      if (url.startsWith('/api/owner/newsletter/subscribers')) {
        return {
          subscribers: [
            { email: 'ava@example.com', status: 'confirmed', source: 'restock', createdAt: '2026-11-22T08:00:00.000Z', confirmedAt: '2026-11-22T08:00:00.000Z', unsubscribedAt: null },
            { email: 'old@example.com', status: 'unsubscribed', source: 'newsletter', createdAt: '2026-10-01T08:00:00.000Z', confirmedAt: '2026-10-01T09:00:00.000Z', unsubscribedAt: '2026-11-01T08:00:00.000Z' },
          ],
          hasNextPage: true,
          nextPageCursor: 's2',
        };
      }
      return { messages: [], hasNextPage: false, nextPageCursor: null };
    });
    await act(async () => navigate('/config/mail'));
    expect(await screen.findByRole('heading', { name: 'No mail yet' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Mail views' });
    expect(within(tabs).getByRole('link', { name: 'Outbox' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(tabs).getByRole('link', { name: 'Newsletter subscribers' }));
    const table = await screen.findByRole('table', { name: 'Newsletter subscribers, newest first' });
    expect(within(tabs).getByRole('link', { name: 'Newsletter subscribers' }).getAttribute('aria-current')).toBe('page');
    const ava = within(table).getByRole('rowheader', { name: 'ava@example.com' }).closest('tr') as HTMLElement;
    expect(within(ava).getByText('Subscribed')).toBeTruthy();
    expect(within(ava).getByText('Restock sign-up')).toBeTruthy();
    const old = within(table).getByRole('rowheader', { name: 'old@example.com' }).closest('tr') as HTMLElement;
    expect(within(old).getByText('Unsubscribed')).toBeTruthy();
    expect(within(old).getByText('Nov 1, 2026, 8:00 AM')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/newsletter/subscribers/export.csv');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.calls).toContain('GET /api/owner/newsletter/subscribers?cursor=s2'));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() => expect(window.location.search).toBe('?status=pending'));
    expect(await screen.findByRole('rowheader', { name: 'new@example.com' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Waiting for confirmation')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV (Waiting for confirmation)' }).getAttribute('href')).toBe('/api/owner/newsletter/subscribers/export.csv?status=pending');
  });

  it('tags chosen subscribers (campaigns:manage), shows each one\'s tags and language, and the server\'s field error', async () => {
    let refuse = true;
    const server = renderApp((method, url) => {
      if (method === 'POST' && url === '/api/owner/newsletter/subscribers/tags') {
        if (refuse) return { status: 400, body: { message: 'Check the tags: some are not valid.', errors: { 'add.0': 'A tag has 1 to 40 letters, digits or dashes (no spaces).' } } };
        return { updated: 1, subscribers: [] };
      }
      if (url.startsWith('/api/owner/newsletter/subscribers')) {
        return {
          subscribers: [
            { email: 'ava@example.com', status: 'confirmed', source: 'restock', createdAt: '2026-11-22T08:00:00.000Z', confirmedAt: '2026-11-22T08:00:00.000Z', unsubscribedAt: null, tags: ['vip'], language: 'fr-FR' },
            { email: 'bo@example.com', status: 'confirmed', source: 'newsletter', createdAt: '2026-11-21T08:00:00.000Z', confirmedAt: '2026-11-21T08:00:00.000Z', unsubscribedAt: null, tags: [], language: null },
          ],
          hasNextPage: false,
          nextPageCursor: null,
        };
      }
      return { messages: [], hasNextPage: false, nextPageCursor: null };
    }, bootWith(['mail:read', 'forms:read', 'campaigns:manage']));
    await act(async () => navigate('/config/mail/subscribers'));
    const table = await screen.findByRole('table', { name: 'Newsletter subscribers, newest first' });
    const ava = within(table).getByRole('rowheader', { name: 'ava@example.com' }).closest('tr') as HTMLElement;
    expect(within(ava).getByText('vip')).toBeTruthy();
    expect(within(ava).getByText('fr-FR')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add tag to chosen' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose bo@example.com' }));
    expect(screen.getByText('1 subscriber chosen')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Tag' }), { target: { value: 'no spaces' } });
    fireEvent.click(add);
    expect(await screen.findByText('A tag has 1 to 40 letters, digits or dashes (no spaces).')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Tag' }).getAttribute('aria-invalid')).toBe('true');
    refuse = false;
    fireEvent.change(screen.getByRole('textbox', { name: 'Tag' }), { target: { value: 'winter' } });
    fireEvent.click(add);
    expect(await screen.findByText('Tags changed on 1 subscriber.')).toBeTruthy();
    expect(server.calls.filter((call) => call === 'POST /api/owner/newsletter/subscribers/tags')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every subscriber on this page' }));
    expect(screen.getByText('2 subscribers chosen')).toBeTruthy();
  });

  it('hides the subscribers tab from a role without forms:read, and says so at its address without calling', async () => {
    const server = renderApp(() => ({ messages: [restockNotice], hasNextPage: false, nextPageCursor: null }), bootWith(['mail:read']));
    await act(async () => navigate('/config/mail'));
    await screen.findByRole('table', { name: 'Messages, newest first' });
    expect(screen.queryByRole('navigation', { name: 'Mail views' })).toBeNull();
    await act(async () => navigate('/config/mail/subscribers'));
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this.' })).toBeTruthy();
    expect(server.calls.some((call) => call.includes('newsletter'))).toBe(false);
  });
});
