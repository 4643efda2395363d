// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { BLOCK_TYPES, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import { CONTENT_ROUTES } from './content-api';
import type { ContentPage, NavigationNode, PageSummary, PageTree } from './content-types';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function recordingServer(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const result = await answer(method, input, body);
    // A refusal is `{ status: <number>, body }`; a page's own `status` is a word.
    const { status, body: answerBody } = result && typeof result === 'object' && typeof (result as { status?: unknown }).status === 'number' ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

const WRITER: Permission[] = ['content:read', 'content:write'];
const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });

const summary = (id: string, over: Partial<PageSummary> = {}): PageSummary => ({
  id,
  kind: 'page',
  title: id.charAt(0).toUpperCase() + id.slice(1),
  navigationTitle: '',
  urlId: id,
  fullUrl: `/${id}`,
  status: 'published',
  publishAt: null,
  isHome: false,
  hasDraft: false,
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});
const node = (page: PageSummary, children: NavigationNode[] = []): NavigationNode => ({ ...page, children });

const TREE: PageTree = {
  navigation: [node(summary('home', { isHome: true })), node(summary('about', { status: 'needs-review' })), node(summary('more', { kind: 'folder' }), [node(summary('team', { status: 'scheduled', publishAt: '2027-01-01T09:00:00.000Z' }))]), node(summary('shop', { kind: 'store' }))],
  notLinked: [summary('draft-page', { title: 'Secret', status: 'draft' })],
  homePageId: 'home',
};

const textBody = (...texts: string[]): PageBody => ({ schemaVersion: 1, sections: [singleColumnSection('section-1', texts.map((html, index) => ({ id: `b${index + 1}`, type: BLOCK_TYPES.html, settings: { html } })))] });

const pageOf = (over: Partial<ContentPage> = {}): ContentPage => ({
  ...summary('about', { status: 'needs-review' }),
  description: '',
  seoTitle: '',
  seoDescription: '',
  folderBehaviour: 1,
  body: textBody('<p>Hello</p>', '<p>World</p>'),
  draftBody: null,
  version: 4,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

function renderPages(path: string, answer: (method: string, url: string, body: unknown) => unknown, permissions: Permission[] = WRITER) {
  window.history.replaceState(null, '', path);
  const server = recordingServer(answer);
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  return server;
}

const standard = (over: (method: string, url: string, body: unknown) => unknown = () => undefined) => (method: string, url: string, body: unknown) => {
  const special = over(method, url, body);
  if (special !== undefined) return special;
  if (method === 'GET' && url === '/api/owner/content/pages') return TREE;
  if (method === 'GET' && url === '/api/owner/content/pages/about') return pageOf();
  if (method === 'PUT' && url === '/api/owner/content/pages/about/draft') return { version: (body as { version: number }).version + 1, savedAt: '2026-11-24T01:00:00.000Z' };
  if (method === 'PUT' && url === '/api/owner/content/navigation') return TREE;
  return { status: 404, body: { message: `No route ${method} ${url}` } };
};

// The machine is shared: answers and the lazy screen can take longer than the default second to appear.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => cleanup());

describe('the Pages screen calls', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(CONTENT_ROUTES)) {
      expect(Object.values(ROUTE_CONTRACTS).some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });
});

describe('the page tree', () => {
  it('lists the navigation in order with the folder’s pages nested, then the pages not linked, with the editor’s status labels and the Home marker', async () => {
    renderPages('/config/pages', standard());
    // The first test pays for loading the screen's chunk (its modules are transformed on first import).
    const tree = await screen.findByRole('navigation', { name: 'Site pages' }, { timeout: 8000 });
    const lists = within(tree).getAllByRole('list');
    const top = lists[0]!;
    const rows = within(top).getAllByRole('listitem').filter((item) => item.parentElement === top);
    expect(rows.map((row) => row.querySelector('.pages-tree-title a, .pages-tree-title > span')?.textContent)).toEqual(['Home', 'About', 'More', 'Shop']);
    expect(within(rows[0]!).getByText('Home', { selector: '.pages-badge' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Needs Review')).toBeTruthy();
    expect(within(rows[2]!).getByRole('link', { name: 'Team' })).toBeTruthy();
    expect(within(rows[2]!).getByText('Scheduled')).toBeTruthy();
    expect(within(rows[3]!).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/config/products');
    expect(within(tree).getByText('Not linked')).toBeTruthy();
    expect(within(tree).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose a page' })).toBeTruthy();
  });

  it('moves a page down from its actions and saves the navigation with folders’ children', async () => {
    const server = renderPages('/config/pages', standard());
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Home' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT' && call.url === '/api/owner/content/navigation')).toBe(true));
    const put = server.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ navigation: [{ id: 'about' }, { id: 'home' }, { id: 'more', children: [{ id: 'team' }] }, { id: 'shop' }] });
    expect(await screen.findByText('Home moved to position 2 of 4.')).toBeTruthy();
  });
});

describe('the page editor', () => {
  it('lists the blocks by name, adds a Text block after the selected one, and autosaves the draft with the version', async () => {
    const server = renderPages('/config/pages/about', standard());
    const list = await screen.findByRole('list', { name: 'Blocks' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Text block 1 of 2', 'Text block 2 of 2']);
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Text block 1 of 2' }));
    expect(screen.getByRole('heading', { name: 'Text settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a block' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Button/ }));
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Text block 1 of 3', 'Button block 2 of 3', 'Text block 3 of 3']);
    expect(screen.getByRole('heading', { name: 'Button settings' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/owner/content/pages/about/draft')).toBe(true), { timeout: 3000 });
    const save = server.calls.find((call) => call.url === '/api/owner/content/pages/about/draft')!;
    expect(save.method).toBe('PUT');
    expect((save.body as { version: number }).version).toBe(4);
    expect((save.body as { body: PageBody }).body.sections[0]!.columns[0]!.blocks.map((block) => block.type)).toEqual([BLOCK_TYPES.html, BLOCK_TYPES.button, BLOCK_TYPES.html]);
    expect(await screen.findByText('Saved')).toBeTruthy();
    const frame = screen.getByTitle('Preview of About') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/config/preview/pages/about?r=1');
  });

  it('chooses the colour theme of the selected block’s section; the draft carries it, Light leaves it out, and undo restores it', async () => {
    const server = renderPages('/config/pages/about', standard());
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Text block 1 of 2' }));
    const theme = screen.getByRole('combobox', { name: 'Section colour theme' }) as HTMLSelectElement;
    expect(theme.value).toBe('light');
    expect([...theme.options].map((option) => option.textContent)).toEqual(['Light', 'Dark', 'Accent']);
    expect(document.getElementById(theme.getAttribute('aria-describedby')!)?.textContent).toContain('set in Design');
    fireEvent.change(theme, { target: { value: 'dark' } });
    expect(theme.value).toBe('dark');
    const drafts = () => server.calls.filter((call) => call.url === '/api/owner/content/pages/about/draft').map((call) => (call.body as { body: PageBody }).body.sections[0]);
    await waitFor(() => expect(drafts().at(-1)?.colourTheme).toBe('dark'), { timeout: 3000 });
    await screen.findByText('Saved');
    fireEvent.change(theme, { target: { value: 'light' } });
    await waitFor(() => expect(drafts().length).toBe(2), { timeout: 3000 });
    expect(drafts()[1]).not.toHaveProperty('colourTheme');
    fireEvent.keyDown(list, { key: 'z', ctrlKey: true });
    expect((screen.getByRole('combobox', { name: 'Section colour theme' }) as HTMLSelectElement).value).toBe('dark');
  });

  it('moves a block up, undoes it with Ctrl+Z and redoes it with Shift+Ctrl+Z', async () => {
    renderPages('/config/pages/about', standard());
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(within(list).getByRole('button', { name: 'Move up: Text block 2 of 2' }));
    expect(screen.getByText('Text block moved to position 1 of 2.')).toBeTruthy();
    const summaries = () => within(list).getAllByRole('listitem').map((item) => item.querySelector('.pages-block-summary')?.textContent);
    expect(summaries()).toEqual(['World', 'Hello']);
    fireEvent.keyDown(list, { key: 'z', ctrlKey: true });
    expect(summaries()).toEqual(['Hello', 'World']);
    fireEvent.keyDown(list, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(summaries()).toEqual(['World', 'Hello']);
  });

  it('shows the settings errors checkBlockSettings finds beside their field', async () => {
    renderPages('/config/pages/about', standard());
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Choose a block' })).getByRole('button', { name: /^Button/ }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const label = screen.getByLabelText('Label') as HTMLInputElement;
    fireEvent.change(label, { target: { value: '' } });
    expect(label.getAttribute('aria-invalid')).toBe('true');
    const describedBy = label.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toMatch(/Label/);
  });

  it('a stale save (409) offers the choice: Reload theirs puts their version in the editor', async () => {
    let fresh = false;
    renderPages(
      '/config/pages/about',
      standard((method, url) => {
        if (method === 'PUT' && url.endsWith('/draft')) return { status: 409, body: { message: 'This page was changed elsewhere. Reload to see the latest version.' } };
        if (method === 'GET' && url === '/api/owner/content/pages/about' && fresh) return pageOf({ version: 9, draftBody: textBody('<p>Theirs</p>') });
        return undefined;
      }),
    );
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fresh = true;
    fireEvent.click(within(list).getByRole('button', { name: 'Delete: Text block 2 of 2' }));
    const alert = await screen.findByRole('alert', { name: 'Someone else saved this page while you were editing it.' }, { timeout: 3000 });
    await waitFor(() => expect(alert.textContent).toContain('Nothing has been overwritten: your changes are still here, unsaved.'));
    expect(alert.textContent).toContain('Reload theirs to continue from their version (your unsaved changes are dropped), or keep yours to save your version in place of theirs.');
    // Nothing was overwritten: ours is still in the editor until a choice is made.
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.pages-block-summary')?.textContent)).toEqual(['Hello']);
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Reload theirs' }));
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.pages-block-summary')?.textContent)).toEqual(['Theirs']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Keep mine saves our body on the version they saved, and nothing else is sent', async () => {
    let theirsSaved = false;
    const server = renderPages(
      '/config/pages/about',
      standard((method, url, body) => {
        if (method === 'PUT' && url.endsWith('/draft') && (body as { version: number }).version === 4) {
          theirsSaved = true;
          return { status: 409, body: { message: 'This page was changed elsewhere. Reload to see the latest version.' } };
        }
        if (method === 'GET' && url === '/api/owner/content/pages/about' && theirsSaved) return pageOf({ version: 9, draftBody: textBody('<p>Theirs</p>'), updatedAt: '2026-11-24T10:31:00.000Z' });
        return undefined;
      }),
    );
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete: Text block 2 of 2' }));
    const alert = await screen.findByRole('alert', { name: 'Someone else saved this page while you were editing it.' }, { timeout: 3000 });
    await waitFor(() => expect(alert.textContent).toMatch(/^Someone else saved this page while you were editing it\.Their version of the page was saved at .+\. Nothing has been overwritten/));
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const drafts = server.calls.filter((call) => call.method === 'PUT' && call.url.endsWith('/draft'));
    expect(drafts.map((call) => (call.body as { version: number }).version)).toEqual([4, 9]);
    expect(drafts[1]!.body).toEqual({ version: 9, body: textBody('<p>Hello</p>') });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.pages-block-summary')?.textContent)).toEqual(['Hello']);
  });

  it('a viewer sees the tree, the blocks and the preview without any editing control', async () => {
    const server = renderPages('/config/pages/about', standard(), ['content:read']);
    const list = await screen.findByRole('list', { name: 'Blocks' });
    expect(screen.getByText('Your role can view pages but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '+ Add page' })).toBeNull();
    expect(screen.queryByRole('button', { name: '+ Add block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /^Move up/ })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Text block 1 of 2' }));
    expect(screen.getByRole('textbox', { name: 'Text' }).getAttribute('aria-readonly')).toBe('true');
    expect(screen.getByTitle('Preview of About')).toBeTruthy();
    expect(server.calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('a role without content:read is told so without a call', async () => {
    const server = renderPages('/config/pages', standard(), ['reports:read']);
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this.' })).toBeTruthy();
    expect(server.calls.filter((call) => call.url.startsWith('/api/owner/content'))).toEqual([]);
  });
});

describe('publishing and the panels', () => {
  it('publishes after sending the pending draft, and schedules at a time read in the website’s zone', async () => {
    const server = renderPages(
      '/config/pages/about',
      standard((method, url, body) => {
        if (method === 'POST' && url === '/api/owner/content/pages/about/publish') {
          const publishAt = (body as { publishAt?: string }).publishAt;
          return pageOf({ status: publishAt ? 'scheduled' : 'published', publishAt: publishAt ?? null, version: 6, body: textBody('<p>World</p>') });
        }
        return undefined;
      }),
    );
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete: Text block 1 of 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published.');
    const changes = server.calls.filter((call) => call.method !== 'GET');
    expect(changes.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/owner/content/pages/about/draft', 'POST /api/owner/content/pages/about/publish']);
    expect(changes[1]!.body).toEqual({ version: 5 });
    expect(screen.getByRole('button', { name: 'Publish changes' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2027-03-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Scheduled for Mar 1, 2027, 9:30 AM', { selector: '[role="status"]' });
    expect(server.calls.filter((call) => call.url.endsWith('/publish')).at(-1)!.body).toEqual({ version: 6, publishAt: '2027-03-01T09:30:00.000Z' });
    expect(screen.getByText('Scheduled', { selector: '.pages-publish .pages-status' })).toBeTruthy();
  });

  it('saves the SEO settings with the version and shows the server’s refusal by its field', async () => {
    const server = renderPages(
      '/config/pages/about',
      standard((method, url) => (method === 'PUT' && url === '/api/owner/content/pages/about' ? { status: 400, body: { message: 'Please check the fields.', errors: { urlId: 'This URL is taken.' } } } : undefined)),
    );
    await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(screen.getByText('Page settings and SEO'));
    // The same SEO fields as products and stores (ui/SeoFields): their hints and the server's limits.
    const seoTitle = screen.getByRole('textbox', { name: 'SEO title' }) as HTMLInputElement;
    expect(seoTitle.maxLength).toBe(200);
    expect(document.getElementById(seoTitle.getAttribute('aria-describedby')!)!.textContent).toBe('The page title in search results and link previews. Left empty: “About”.');
    const seoDescription = screen.getByRole('textbox', { name: 'SEO description' }) as HTMLTextAreaElement;
    expect(seoDescription.maxLength).toBe(500);
    expect(document.getElementById(seoDescription.getAttribute('aria-describedby')!)!.textContent).toBe('The description in search results and link previews. Left empty, the description is used.');
    fireEvent.change(screen.getByLabelText('URL slug'), { target: { value: 'contact' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('This URL is taken.');
    const slug = screen.getByLabelText('URL slug');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(slug.getAttribute('aria-describedby')).toContain(screen.getByText('This URL is taken.').id);
    expect(server.calls.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({ version: 4, urlId: 'contact', seoTitle: '', seoDescription: '', navigationTitle: '', description: '' });
  });
});

describe('a collection page', () => {
  const gallery = () => pageOf({ ...summary('photos', { kind: 'gallery' }), body: textBody(), version: 1 });
  const image = (id: string, position: number) => ({ id, collectionId: 'photos', recordType: 14, title: id, urlId: id, fullUrl: `/photos/${id}`, status: 'published', publishAt: null, publishedAt: '2026-11-20T10:00:00.000Z', startAt: null, endAt: null, hasDraft: false, starred: false, position, updatedAt: '2026-11-20T10:00:00.000Z' });

  it('lists a gallery’s images, reorders them with Move down, and Add image opens the new one', async () => {
    const server = renderPages(
      '/config/pages/photos',
      standard((method, url, body) => {
        if (method === 'GET' && url === '/api/owner/content/pages/photos') return gallery();
        if (method === 'GET' && url.startsWith('/api/owner/content/pages/photos/items')) return { items: [image('dawn', 0), image('dusk', 1)], nextCursor: null };
        if (method === 'PUT' && url === '/api/owner/content/pages/photos/items/order') return { items: (body as { itemIds: string[] }).itemIds.map((id, index) => image(id, index)) };
        if (method === 'POST' && url === '/api/owner/content/pages/photos/items') return { status: 201, body: { ...image('noon', 2), excerpt: '', authorName: '', tags: [], categories: [], commentState: 0, location: null, image: null, seoTitle: '', seoDescription: '', body: textBody(), draftBody: null, version: 1 } };
        if (method === 'GET' && url === '/api/owner/content/items/noon') return { ...image('noon', 2), excerpt: '', authorName: '', tags: [], categories: [], commentState: 0, location: null, image: null, seoTitle: '', seoDescription: '', body: textBody(), draftBody: null, version: 1 };
        return undefined;
      }),
    );
    const images = await screen.findByRole('list', { name: 'Images' });
    expect(within(images).getAllByRole('link').map((link) => link.textContent)).toEqual(['dawn', 'dusk']);
    fireEvent.click(within(images).getByRole('button', { name: 'Move down: dawn' }));
    await screen.findByText('dawn moved to position 2 of 2.');
    expect(server.calls.find((call) => call.url.endsWith('/items/order'))!.body).toEqual({ itemIds: ['dusk', 'dawn'] });
    expect(within(images).getAllByRole('link').map((link) => link.textContent)).toEqual(['dusk', 'dawn']);

    fireEvent.change(screen.getAllByLabelText('Title')[0]!, { target: { value: 'noon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add image' }));
    await waitFor(() => expect(window.location.pathname).toBe('/config/pages/photos/items/noon'));
    expect(await screen.findByRole('heading', { level: 2, name: 'noon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to Photos' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
  });
});

describe('the image picker', () => {
  it('lists the website’s images in a dialog that Escape closes; choosing one sets the image block’s picture', async () => {
    const asset = { id: 'img1', assetUrl: '/assets/img1.jpg', altText: 'A linen shirt', title: 'Linen shirt', filename: 'shirt.jpg', mediaFocalPoint: { x: 0.5, y: 0.5 } };
    const server = renderPages('/config/pages/about', standard((method, url) =>
        method === 'GET' && url.startsWith('/api/owner/images')
          ? { images: [asset], nextCursor: null }
          : method === 'GET' && url.startsWith('/api/owner/media')
            ? { media: [{ ...asset, name: 'Linen shirt', byteSize: 2048 }], nextCursor: null }
            : undefined,
      ));
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Choose a block' })).getByRole('button', { name: /^Image/ }));
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Text block 1 of 3', 'Text block 2 of 3', 'Image block 3 of 3']);
    const choose = screen.getByRole('button', { name: 'Choose image' });
    fireEvent.click(choose);
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    await within(dialog).findByText('Linen shirt');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Choose an image' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Choose an image' })).getByRole('button', { name: 'Use Linen shirt' }));
    // The chosen picture's thumbnail comes from the images list, read once a picture is chosen.
    expect(await screen.findByRole('img', { name: 'A linen shirt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change image' })).toBeTruthy();
    await waitFor(() => expect(server.calls.some((call) => call.url.endsWith('/draft'))).toBe(true), { timeout: 3000 });
    const saved = server.calls.filter((call) => call.url.endsWith('/draft')).at(-1)!.body as { body: PageBody };
    expect(saved.body.sections[0]!.columns[0]!.blocks[2]!.settings).toMatchObject({ imageId: 'img1' });
  });
});

describe('the autosave', () => {
  it('never sends two drafts on the same version: the second waits for the first answer', async () => {
    let release: () => void = () => undefined;
    const drafts: Array<{ version: number }> = [];
    renderPages(
      '/config/pages/about',
      standard((method, url, body) => {
        if (method !== 'PUT' || !url.endsWith('/draft')) return undefined;
        drafts.push(body as { version: number });
        const version = (body as { version: number }).version + 1;
        if (drafts.length === 1) return new Promise((resolve) => (release = () => resolve({ version, savedAt: '2026-11-24T01:00:00.000Z' })));
        return { version, savedAt: '2026-11-24T01:00:01.000Z' };
      }),
    );
    const list = await screen.findByRole('list', { name: 'Blocks' });
    fireEvent.click(within(list).getByRole('button', { name: 'Move up: Text block 2 of 2' }));
    await waitFor(() => expect(drafts).toHaveLength(1), { timeout: 3000 });
    fireEvent.click(within(list).getByRole('button', { name: 'Move up: Text block 2 of 2' }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(drafts).toHaveLength(1);
    await act(async () => release());
    await waitFor(() => expect(drafts).toHaveLength(2), { timeout: 3000 });
    expect(drafts.map((draft) => draft.version)).toEqual([4, 5]);
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
