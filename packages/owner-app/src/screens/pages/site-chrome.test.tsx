// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission, SiteAnnouncementJson, SiteFooterJson } from '@vitrine/contracts';
import { BLOCK_TYPES, singleColumnSection } from '@vitrine/blocks';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import type { ContentPage, PageTree } from './content-types';

// Issue 34 item 4 in the page editor: Header above the blocks, Footer below; each opens its settings in the side
// panel, saves site-wide (not with the page's draft) and reloads the preview.

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const PAGE: ContentPage = {
  id: 'about', kind: 'page', title: 'About', navigationTitle: '', urlId: 'about', fullUrl: '/about', status: 'published', publishAt: null, isHome: false, hasDraft: false,
  updatedAt: '2026-11-24T00:00:00.000Z', description: '', seoTitle: '', seoDescription: '', folderBehaviour: 1,
  body: { schemaVersion: 1, sections: [singleColumnSection('section-1', [{ id: 'b1', type: BLOCK_TYPES.html, settings: { html: '<p>Hello</p>' } }])] },
  draftBody: null, version: 4, createdAt: '2026-11-01T00:00:00.000Z',
};
const TREE: PageTree = { navigation: [{ ...PAGE, children: [] }], notLinked: [], homePageId: 'about' } as unknown as PageTree;
const NO_PAGE = 'No page of this site is at /returns: choose one that exists.';

const MANIFEST = { settings: [{ id: 'layout', label: 'Layout', settings: [{ id: 'layout.header', type: 'select', default: 'classic', options: [{ value: 'classic', label: 'Name on the left, menu beside it' }, { value: 'centered', label: 'Name centred, menu below it' }] }] }] };

function renderEditor(permissions: Permission[] = ['content:read', 'content:write', 'site:read', 'site:write', 'site-styles:write'], design: { draft: Record<string, unknown>; published: Record<string, unknown> } = { draft: { 'colour.accent': '#225522' }, published: { 'colour.accent': '#225522' } }) {
  const calls: Call[] = [];
  let footer: SiteFooterJson = { columns: [{ title: 'Shop', links: [{ label: 'Search', url: '/search' }] }], social: [], legalText: '' };
  let announcement: SiteAnnouncementJson = { enabled: false, text: '', linkLabel: '', linkUrl: '', colourTheme: 'dark' };
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    let status = 200;
    let answer: unknown;
    if (method === 'GET' && input === '/api/owner/content/pages') answer = TREE;
    else if (method === 'GET' && input === '/api/owner/content/pages/about') answer = PAGE;
    else if (input === '/api/owner/site-settings/footer') {
      if (method === 'PUT') {
        const sent = body as SiteFooterJson;
        if (sent.columns.some((column) => column.links.some((link) => link.url === '/returns'))) {
          status = 400;
          answer = { message: NO_PAGE, errors: { 'columns.1.links.0.url': NO_PAGE } };
        } else footer = sent;
      }
      answer ??= { footer, isDefault: false };
    } else if (input === '/api/site-styles' || input === '/api/site-styles/draft' || input === '/api/site-styles/publish') {
      if (input === '/api/site-styles/draft') design = { ...design, draft: (body as { values: Record<string, unknown> }).values };
      if (input === '/api/site-styles/publish') design = { ...design, published: design.draft };
      answer = { manifest: MANIFEST, ...design, publishedVersionId: 'v1', stylesheetUrl: '/s.css', draftStylesheetUrl: '/d.css', contrastWarnings: [], templateId: 'shop' };
    } else if (input === '/api/owner/site-settings/announcement') {
      if (method === 'PUT') announcement = body as SiteAnnouncementJson;
      answer = { announcement };
    }
    return new Response(JSON.stringify(answer ?? { message: 'No route' }), { status: answer ? status : 404, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  window.history.replaceState(null, '', '/config/pages/about');
  const client = new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') });
  const boot: OwnerAppBoot = { ...BOOT, owner: { ...BOOT.owner, permissions } };
  render(<App client={client} boot={boot} queryClient={createQueryClient()} />);
  return calls;
}

const previewSrc = () => document.querySelector('iframe')?.getAttribute('src') ?? '';

configure({ asyncUtilTimeout: 4000 });
afterEach(() => cleanup());

describe('the header and footer in the page editor', () => {
  it('shows Header above the blocks and Footer below them in the outline', async () => {
    renderEditor();
    const header = await screen.findByRole('button', { name: 'Header' }, { timeout: 8000 });
    const footer = screen.getByRole('button', { name: 'Footer' });
    const blocks = screen.getByRole('list', { name: 'Blocks' });
    expect(header.compareDocumentPosition(blocks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(blocks.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(header.getAttribute('aria-pressed')).toBe('false');
    expect(header.getAttribute('aria-describedby')).toBe('pages-chrome-header-hint');
    expect(document.getElementById('pages-chrome-header-hint')?.textContent).toBe('Shared by every page');
  });

  it('opens the footer in the side panel, saves a new column and legal text site-wide, and reloads the preview', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Footer' }, { timeout: 8000 }));
    const panel = screen.getByRole('region', { name: 'Footer settings' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Footer settings' }));
    expect(screen.getByRole('button', { name: 'Footer' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).getByText(/The footer is shared by every page of the site: saving it here changes the live site at once\./)).toBeTruthy();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Add column' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Title of column 2' }), { target: { value: 'Help' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add a link to column 2' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Text of link 1 in column 2' }), { target: { value: 'Returns' } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Address of link 1 in column 2' }), { target: { value: '/returns' } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Legal text' }), { target: { value: 'Vitrine Ltd · VAT 123' } });
    const before = previewSrc();

    // A link to a page that does not exist: refused by its field, nothing saved, the preview not reloaded.
    fireEvent.click(within(panel).getByRole('button', { name: 'Save footer' }));
    const address = within(panel).getByRole('textbox', { name: 'Address of link 1 in column 2' });
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(address.getAttribute('aria-describedby')!)?.textContent).toBe(NO_PAGE);
    expect(previewSrc()).toBe(before);

    fireEvent.change(address, { target: { value: 'mailto:help@example.com' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save footer' }));
    await within(panel).findByText('Saved. Every page shows the new footer from the next visit.');
    const saved = calls.filter((call) => call.method === 'PUT' && call.url === '/api/owner/site-settings/footer').at(-1)!.body as SiteFooterJson;
    expect(saved).toEqual({ columns: [{ title: 'Shop', links: [{ label: 'Search', url: '/search' }] }, { title: 'Help', links: [{ label: 'Returns', url: 'mailto:help@example.com' }] }], social: [], legalText: 'Vitrine Ltd · VAT 123' });
    await waitFor(() => expect(previewSrc()).not.toBe(before));
    // Site-wide, not the page's draft: no draft was saved for the page.
    expect(calls.some((call) => call.url === '/api/owner/content/pages/about/draft')).toBe(false);
  });

  it('opens the header with the announcement bar; choosing a block closes it, and Close gives focus back to the outline', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Header' }, { timeout: 8000 }));
    const panel = screen.getByRole('region', { name: 'Header settings' });
    fireEvent.click(await within(panel).findByRole('checkbox', { name: 'Show the announcement bar' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Announcement' }), { target: { value: 'Free delivery this week' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save announcement bar' }));
    await within(panel).findByText('Saved. Every page shows it from the next visit.');
    expect(calls.filter((call) => call.method === 'PUT' && call.url === '/api/owner/site-settings/announcement').at(-1)!.body).toEqual({ enabled: true, text: 'Free delivery this week', linkLabel: '', linkUrl: '', colourTheme: 'dark' });
    expect(within(panel).getByRole('link', { name: 'Design → Layout → Header' }).getAttribute('href')).toBe('/config/design');
    expect(within(panel).getByRole('link', { name: 'Settings → Header and footer' }).getAttribute('href')).toBe('/config/settings/header-footer');

    fireEvent.click(within(panel).getByRole('button', { name: 'Close settings' }));
    expect(screen.queryByRole('region', { name: 'Header settings' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Header' })));

    fireEvent.click(screen.getByRole('button', { name: 'Footer' }));
    expect(screen.getByRole('region', { name: 'Footer settings' })).toBeTruthy();
    const block = within(screen.getByRole('list', { name: 'Blocks' })).getAllByRole('listitem')[0]!;
    fireEvent.click(block.querySelector<HTMLElement>('.pages-block-main')!);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Footer settings' })).toBeNull());
  });

  it('saves the logo and menu placement as Design does (draft, then publish) and reloads the preview', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Header' }, { timeout: 8000 }));
    const placement = await screen.findByRole('group', { name: 'Logo and menu placement' });
    expect((within(placement).getByRole('radio', { name: 'Name on the left, menu beside it' }) as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save placement' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(placement).getByRole('radio', { name: 'Name centred, menu below it' }));
    const before = previewSrc();
    fireEvent.click(save);
    await screen.findByText('Saved and published. Every page shows it from the next visit.');
    const styleCalls = calls.filter((call) => call.url.startsWith('/api/site-styles/'));
    expect(styleCalls.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/site-styles/draft', 'POST /api/site-styles/publish']);
    expect(styleCalls[0]!.body).toEqual({ values: { 'colour.accent': '#225522', 'layout.header': 'centered' } });
    await waitFor(() => expect(previewSrc()).not.toBe(before));
  });

  it('will not publish the placement over unpublished Design changes', async () => {
    const calls = renderEditor(undefined, { draft: { 'colour.accent': '#aa0000' }, published: { 'colour.accent': '#225522' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Header' }, { timeout: 8000 }));
    await screen.findByText('Design has changes that are not published yet: publish or discard them in Design first, then choose the placement here.');
    expect(screen.queryByRole('button', { name: 'Save placement' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Name centred, menu below it' }).closest('fieldset')!.disabled).toBe(true);
    expect(calls.some((call) => call.method !== 'GET' && call.url.startsWith('/api/site-styles'))).toBe(false);
  });

  it('shows a role without site:write the forms read-only', async () => {
    renderEditor(['content:read', 'content:write', 'site:read']);
    fireEvent.click(await screen.findByRole('button', { name: 'Footer' }, { timeout: 8000 }));
    const panel = screen.getByRole('region', { name: 'Footer settings' });
    await within(panel).findByText('Your role may look at the footer but not change it.');
    expect(within(panel).queryByRole('button', { name: 'Save footer' })).toBeNull();
  });
});
