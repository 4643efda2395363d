// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission, SiteImportJson } from '@vitrine/contracts';
import { ROUTE_CONTRACTS, SITE_IMPORT_LIMITS, SITE_IMPORT_MESSAGES, startWxrImportContract } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { MAX_WXR_BYTES, SITE_IMPORT_ROUTES, SITE_IMPORT_TEXTS, START_WXR_IMPORT_PATH } from './site-imports-api';

const RUNNING: SiteImportJson = {
  id: 'i1', source: 'wxr', status: 'running', siteTitle: 'Old Willow', stepsDone: 2, stepsTotal: 5, report: null, failure: null,
  createdAt: '2026-12-07T08:00:00.000Z', finishedAt: null,
};
const DONE: SiteImportJson = {
  ...RUNNING, status: 'done', stepsDone: 5, finishedAt: '2026-12-07T08:01:00.000Z',
  report: {
    created: { pages: 1, posts: 1, comments: 2, pictures: 1, redirects: 4 },
    skipped: [{ kind: 'page', title: 'About', slug: 'about', reason: 'Another page or a store already uses this URL.' }],
    failedPictures: [{ url: 'https://old.example/gone.jpg', reason: 'Answered 404.' }],
  },
};

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderSection(answer: Parameters<typeof fakeServer>[0], permissions: Permission[] = ['site-archives:manage']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('Settings → Import', () => {
  it('names calls the contracts have (admins only), and copies the server’s limit and words', () => {
    for (const route of [...Object.values(SITE_IMPORT_ROUTES), { method: 'POST', url: START_WXR_IMPORT_PATH }]) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url && contract.access === 'site-archives:manage'), `${route.method} ${route.url}`).toBe(true);
    }
    expect(START_WXR_IMPORT_PATH).toBe(startWxrImportContract.url);
    expect(MAX_WXR_BYTES).toBe(SITE_IMPORT_LIMITS.archiveBytes);
    expect(SITE_IMPORT_TEXTS.tooLarge).toBe(SITE_IMPORT_MESSAGES.tooLarge);
  });

  it('sends the .xml, follows the job’s progress by polling, then shows the report; a refusal is shown in the server’s words', async () => {
    let lists = 0;
    let sent: string | undefined;
    const server = renderSection(async (method, url) => {
      if (method === 'POST' && url === START_WXR_IMPORT_PATH) {
        if (sent === undefined) {
          sent = 'refused';
          return { status: 400, body: { message: SITE_IMPORT_MESSAGES.notWxr, errors: { file: SITE_IMPORT_MESSAGES.notWxr } } };
        }
        sent = 'accepted';
        return { status: 202, body: { import: { ...RUNNING, status: 'queued', stepsDone: 0 } } };
      }
      lists += 1;
      if (sent !== 'accepted') return { imports: [] };
      if (lists <= 3) return { imports: [RUNNING] };
      return { imports: [DONE] };
    });
    await act(async () => navigate('/config/settings/import'));
    // The section is its own chunk: the first load may take a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'Import' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Nothing imported yet.')).toBeTruthy();
    const input = screen.getByLabelText('Export file (.xml)') as HTMLInputElement;
    // No file chosen: said at once, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the export file (.xml) to import.');
    const file = new File(['<rss><channel/></rss>'], 'willow.WordPress.2026-12-07.xml', { type: 'text/xml' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SITE_IMPORT_MESSAGES.notWxr));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import started. You can leave this page: it goes on in the background.')).toBeTruthy();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('value')).toBe('2');
    expect(bar.getAttribute('max')).toBe('5');
    expect(screen.getByText('Importing: step 2 of 5')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls.filter((call) => call === `POST ${START_WXR_IMPORT_PATH}`)).toHaveLength(2);

    // The poll brings the finished import and its report.
    expect(await screen.findByRole('heading', { level: 2, name: 'Last import: Old Willow' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
    expect(screen.getByText('Created 1 page, 1 post, 2 comments, 1 picture and 4 redirects.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Skipped (already on this site)' })).getByRole('listitem').textContent).toBe('About (/about): Another page or a store already uses this URL.');
    const failed = within(screen.getByRole('list', { name: 'Pictures not fetched (kept as links to their old address)' })).getByRole('listitem');
    expect(failed.textContent).toBe('https://old.example/gone.jpg: Answered 404.');
    expect(within(failed).getByRole('link', { name: 'https://old.example/gone.jpg' }).getAttribute('href')).toBe('https://old.example/gone.jpg');
  }, 15_000);
});
