// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission, SiteArchiveJson } from '@vitrine/contracts';
import { importSiteArchiveContract, ROUTE_CONTRACTS, SITE_ARCHIVE_LIMITS, SITE_ARCHIVE_OWNER_MESSAGES } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { downloadTo } from './SiteArchivesSection';
import { IMPORT_SITE_ARCHIVE_PATH, MAX_IMPORT_BYTES, SITE_ARCHIVE_ROUTES, SITE_ARCHIVE_TEXTS, uploadSiteArchive, type ArchiveXhr } from './site-archives-api';

const READY: SiteArchiveJson = {
  id: 'a1', status: 'ready', includePersonalData: false, stepsDone: 40, stepsTotal: 40, byteSize: 12_582_912, failure: null,
  createdAt: '2026-12-01T09:30:00.000Z', finishedAt: '2026-12-01T09:31:00.000Z',
};
const RUNNING: SiteArchiveJson = { ...READY, id: 'a2', status: 'running', includePersonalData: true, stepsDone: 10, stepsTotal: 40, byteSize: null, createdAt: '2026-12-02T10:00:00.000Z', finishedAt: null };

/** A fake XMLHttpRequest: records what was sent; `answer` sets the reply and calls onload. */
function fakeXhr() {
  const sent = { method: '', url: '', headers: {} as Record<string, string>, body: null as Blob | null };
  const xhr = {
    status: 0, responseText: '', withCredentials: false, upload: { onprogress: null }, onload: null, onerror: null, onabort: null, ontimeout: null,
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    },
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
    send(body: Blob) {
      sent.body = body;
    },
    abort() {
      xhr.onabort?.();
    },
  } as ArchiveXhr & { status: number; responseText: string };
  const answer = (status: number, body: unknown) => {
    xhr.status = status;
    xhr.responseText = JSON.stringify(body);
    xhr.onload?.();
  };
  return { xhr, sent, answer };
}

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSection(answer: Parameters<typeof fakeServer>[0], permissions: Permission[] = ['site-archives:manage']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('Settings → Export and import: the calls', () => {
  it('names calls the contracts have (admins only), and copies the server’s limit and words', () => {
    for (const route of [...Object.values(SITE_ARCHIVE_ROUTES), { method: 'POST', url: IMPORT_SITE_ARCHIVE_PATH }]) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url && contract.access === 'site-archives:manage'), `${route.method} ${route.url}`).toBe(true);
    }
    expect(IMPORT_SITE_ARCHIVE_PATH).toBe(importSiteArchiveContract.url);
    expect(MAX_IMPORT_BYTES).toBe(SITE_ARCHIVE_LIMITS.importBytes);
    expect(SITE_ARCHIVE_TEXTS.tooLarge).toBe(SITE_ARCHIVE_OWNER_MESSAGES.tooLarge);
    expect(SITE_ARCHIVE_TEXTS.pickFile).toBe(SITE_ARCHIVE_OWNER_MESSAGES.emptyFile);
    expect(SITE_ARCHIVE_TEXTS.interrupted).toBe(SITE_ARCHIVE_OWNER_MESSAGES.interrupted);
  });

  it('uploads the raw archive with its type, name, crumb and progress; a refusal keeps the server’s message and problems', async () => {
    const { client } = fakeServer(() => ({}));
    const first = fakeXhr();
    const progress: Array<[number, number]> = [];
    const file = new File([new Uint8Array(4096)], 'shop archive.tar.gz', { type: 'application/gzip' });
    const done = uploadSiteArchive(client, file, { createXhr: () => first.xhr, onProgress: (a, b) => progress.push([a, b]) });
    await waitFor(() => expect(first.sent.body).toBe(file));
    expect(first.sent).toMatchObject({ method: 'POST', url: '/api/owner/site-archives/import' });
    expect(first.sent.headers['content-type']).toBe('application/gzip');
    expect(first.sent.headers['x-file-name']).toBe('shop%20archive.tar.gz');
    expect(first.sent.headers['X-CSRF-Token']).toBe('c1');
    expect(first.xhr.withCredentials).toBe(true);
    first.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 4096 });
    first.answer(200, { rows: { site_pages: 3, products: 1 }, files: 2 });
    await expect(done).resolves.toEqual({ rows: { site_pages: 3, products: 1 }, files: 2 });
    expect(progress).toEqual([[1024, 4096]]);

    const second = fakeXhr();
    const refused = uploadSiteArchive(client, file, { createXhr: () => second.xhr });
    await waitFor(() => expect(second.sent.body).toBe(file));
    second.answer(400, { message: 'The archive was refused: 1 problem found; nothing was imported.', errors: { 'archive[0]': 'rows/variants.jsonl line 3 is not JSON.' } });
    await expect(refused).rejects.toMatchObject({ status: 400, message: 'The archive was refused: 1 problem found; nothing was imported.', problems: ['rows/variants.jsonl line 3 is not JSON.'] });

    const third = fakeXhr();
    const cut = uploadSiteArchive(client, file, { createXhr: () => third.xhr });
    await waitFor(() => expect(third.sent.body).toBe(file));
    third.xhr.onerror?.();
    await expect(cut).rejects.toMatchObject({ status: 0, message: 'The upload was interrupted before the whole archive arrived; nothing was imported.' });
    await expect(uploadSiteArchive(client, new File([], 'empty.tar.gz'))).rejects.toMatchObject({ message: 'Choose a site archive (.tar.gz) to import.' });
  });
});

describe('Settings → Export and import: the section', () => {
  it('starts an export with personal data, follows its progress by polling until it is ready, then downloads it by a signed link', async () => {
    let lists = 0;
    const assign = vi.spyOn(downloadTo, 'assign').mockImplementation(() => undefined);
    const server = renderSection((method, url) => {
      if (method === 'POST' && url === '/api/owner/site-archives') return { status: 202, body: { archive: { ...RUNNING, status: 'queued', stepsDone: 0, stepsTotal: 0 } } };
      if (url === '/api/owner/site-archives/a2/link') return { url: '/site-archives/a2?expires=1&signature=s', expiresAt: '2026-12-02T10:15:00.000Z' };
      lists += 1;
      if (lists === 1) return { archives: [READY], canImport: true };
      if (lists === 2) return { archives: [RUNNING, READY], canImport: true };
      return { archives: [{ ...RUNNING, status: 'ready', stepsDone: 40, byteSize: 2048, finishedAt: '2026-12-02T10:01:00.000Z' }, READY], canImport: true };
    });
    await act(async () => navigate('/config/settings/export-import'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Export and import' })).toBeTruthy();
    const exports = await screen.findByRole('table', { name: 'Exports' });
    const row = within(exports).getByRole('row', { name: /Dec 1, 2026/ });
    expect([...row.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['Dec 1, 2026, 9:30 AM', 'Site only', 'Ready', '12 MB', 'Download']);

    const personal = screen.getByRole('checkbox', { name: 'Include personal data: orders, customers and newsletter subscribers' });
    expect(personal.getAttribute('aria-describedby') && document.getElementById(personal.getAttribute('aria-describedby')!)?.textContent).toContain('kept as safely as the shop itself');
    fireEvent.click(personal);
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('Export started. You can leave this page: it goes on in the background.')).toBeTruthy();
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect(bar.getAttribute('value')).toBe('10');
    expect(bar.getAttribute('max')).toBe('40');
    expect(screen.getByText('Exporting: step 10 of 40')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start export' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls.filter((call) => call === 'POST /api/owner/site-archives')).toHaveLength(1);

    // The poll (every second while one runs) brings the finished export; then the polling stops.
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull(), { timeout: 3000 });
    const newest = within(screen.getByRole('table', { name: 'Exports' })).getByRole('row', { name: /Dec 2, 2026/ });
    expect(newest.textContent).toContain('Site and personal data');
    expect(newest.textContent).toContain('2 KB');
    const listsWhenDone = lists;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(lists).toBe(listsWhenDone);

    fireEvent.click(within(newest).getByRole('button', { name: 'Download the export of Dec 2, 2026, 10:00 AM' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/site-archives/a2?expires=1&signature=s'));
    expect(server.calls).toContain('POST /api/owner/site-archives/a2/link');
    expect(await screen.findByText('Your download starts in a moment. The link works for 15 minutes.')).toBeTruthy();
  });

  it('says the server’s 409 when an export is already under way', async () => {
    renderSection((method) => (method === 'POST' ? { status: 409, body: { message: SITE_ARCHIVE_OWNER_MESSAGES.inProgress } } : { archives: [], canImport: false }));
    await act(async () => navigate('/config/settings/export-import'));
    expect(await screen.findByText('No exports yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toContain('An export of this website is already under way: wait for it to finish.');
  });

  it('imports a file with an upload progress bar, and shows the server’s refusal on a website that is not new', async () => {
    const xhrs: ReturnType<typeof fakeXhr>[] = [];
    vi.stubGlobal('XMLHttpRequest', function FakeXhr() {
      const made = fakeXhr();
      xhrs.push(made);
      return made.xhr;
    });
    renderSection(() => ({ archives: [], canImport: false }));
    await act(async () => navigate('/config/settings/export-import'));
    const importing = await screen.findByRole('region', { name: 'Import a site archive' });
    expect(within(importing).getByText('This website already has products or orders, so an archive cannot be imported here. Create a new website and import it there.')).toBeTruthy();
    fireEvent.click(within(importing).getByRole('button', { name: 'Import archive' }));
    expect(within(importing).getByRole('alert').textContent).toBe('Choose a site archive (.tar.gz) to import.');
    expect(document.activeElement).toBe(within(importing).getByLabelText('Site archive (.tar.gz)'));

    const file = new File([new Uint8Array(1000)], 'site.tar.gz', { type: 'application/gzip' });
    fireEvent.change(within(importing).getByLabelText('Site archive (.tar.gz)'), { target: { files: [file] } });
    fireEvent.click(within(importing).getByRole('button', { name: 'Import archive' }));
    await waitFor(() => expect(xhrs[0]?.sent.body).toBe(file));
    act(() => xhrs[0]!.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 250, total: 1000 }));
    const bar = within(importing).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('value')).toBe('25');
    expect(within(importing).getByText('25% uploaded')).toBeTruthy();
    expect((within(importing).getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => xhrs[0]!.answer(409, { message: 'A site archive imports into a new website only: this one already has products or orders.' }));
    await waitFor(() => expect(within(importing).getByRole('alert').textContent).toBe('A site archive imports into a new website only: this one already has products or orders.'));
    expect(within(importing).queryByRole('progressbar')).toBeNull();
  });

  it('says what a successful import brought in, and asks the list again (it can no longer import)', async () => {
    const xhrs: ReturnType<typeof fakeXhr>[] = [];
    vi.stubGlobal('XMLHttpRequest', function FakeXhr() {
      const made = fakeXhr();
      xhrs.push(made);
      return made.xhr;
    });
    let imported = false;
    // Everything cached is asked again after an import, the signed-in owner too.
    const server = renderSection((_method, url) => (url === '/api/owner/me' ? { ...BOOT.owner, permissions: ['site-archives:manage'] } : { archives: [], canImport: !imported }));
    await act(async () => navigate('/config/settings/export-import'));
    const importing = await screen.findByRole('region', { name: 'Import a site archive' });
    expect(within(importing).queryByText(/already has products/)).toBeNull();
    fireEvent.change(within(importing).getByLabelText('Site archive (.tar.gz)'), { target: { files: [new File([new Uint8Array(10)], 'site.tar.gz')] } });
    fireEvent.click(within(importing).getByRole('button', { name: 'Import archive' }));
    await waitFor(() => expect(xhrs[0]?.sent.body).toBeTruthy());
    imported = true;
    act(() => xhrs[0]!.answer(200, { rows: { site_pages: 4, products: 1, variants: 3, images: 2 }, files: 2 }));
    expect(await within(importing).findByText('Imported 4 pages, 1 product and 2 files (10 records in all). Reload the page to see the site’s imported name here.')).toBeTruthy();
    await waitFor(() => expect(within(importing).getByText(/already has products or orders/)).toBeTruthy());
    expect(server.calls.filter((call) => call === 'GET /api/owner/site-archives').length).toBeGreaterThanOrEqual(2);
  });

  it('is offered to admins only: not in the Settings index for another role, and refused at its address', async () => {
    renderSection(() => ({}), ['site:read', 'webhooks:manage']);
    await act(async () => navigate('/config/settings'));
    expect(await screen.findByRole('link', { name: /Webhooks/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Export and import/ })).toBeNull();
    await act(async () => navigate('/config/settings/export-import'));
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start export' })).toBeNull();
  });
});
