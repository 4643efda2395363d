// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@vitrine/contracts';
import { BLOCK_TYPES, checkPageBody, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import type { ContentPage, PageTree } from './content-types';

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

function renderEditor() {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const answer =
      method === 'GET' && input === '/api/owner/content/pages' ? TREE
      : method === 'GET' && input === '/api/owner/content/pages/about' ? PAGE
      : method === 'PUT' && input === '/api/owner/content/pages/about/draft' ? { version: (body as { version: number }).version + 1, savedAt: '2026-11-24T01:00:00.000Z' }
      : method === 'POST' && input === '/api/owner/content/pages' ? { ...PAGE, id: 'new', title: (body as { title: string }).title }
      : undefined;
    return new Response(JSON.stringify(answer ?? { message: 'No route' }), { status: answer ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  window.history.replaceState(null, '', '/config/pages/about');
  const client = new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') });
  const permissions: Permission[] = ['content:read', 'content:write'];
  const boot: OwnerAppBoot = { ...BOOT, owner: { ...BOOT.owner, permissions } };
  render(<App client={client} boot={boot} queryClient={createQueryClient()} />);
  return calls;
}

const savedBodies = (calls: Call[]) => calls.filter((call) => call.url === '/api/owner/content/pages/about/draft').map((call) => (call.body as { body: PageBody }).body);

configure({ asyncUtilTimeout: 4000 });
afterEach(() => cleanup());

describe('the section gallery', () => {
  it('lists the eight presets by name in a dialog, moves between them with the arrow keys, and inserts the one chosen', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add section' }, { timeout: 8000 }));
    const dialog = screen.getByRole('dialog', { name: 'Add a section' });
    const presets = within(within(dialog).getByRole('group', { name: 'Add a section' })).getAllByRole('button');
    expect(presets.map((button) => button.querySelector('.pages-preset-name')?.textContent)).toEqual([
      'Hero', 'Picture beside text', 'Feature grid', 'Testimonials', 'FAQ', 'Call to action', 'Product spotlight', 'Newsletter',
    ]);
    expect(document.activeElement).toBe(presets[0]);
    expect(within(dialog).getByRole('button', { name: 'Feature grid' }).getAttribute('aria-describedby')).toBe('preset-feature-grid-description');
    fireEvent.keyDown(presets[0]!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(presets[2]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(presets[7]);
    fireEvent.click(presets[2]!);
    expect(screen.queryByRole('dialog', { name: 'Add a section' })).toBeNull();
    expect(await screen.findByText('Feature grid section added.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Blocks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // The new section's first block is selected: its section's settings show three columns.
    expect(screen.getByRole('group', { name: /Section \(Section 2 of 2\)/ })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Columns' }) as HTMLSelectElement).value).toBe('3');
    await waitFor(() => expect(savedBodies(calls)).toHaveLength(1), { timeout: 3000 });
    const saved = savedBodies(calls)[0]!;
    expect(saved.sections.map((section) => section.columns.length)).toEqual([1, 3]);
    expect(checkPageBody(saved).errors).toEqual({});
  });

  it('closes on Escape without adding anything', async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add section' }, { timeout: 8000 }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add a section' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Blocks' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('edits the selected block’s section: spacing, columns and a picture behind it', async () => {
    const calls = renderEditor();
    const list = await screen.findByRole('list', { name: 'Blocks' }, { timeout: 8000 });
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Text block 1 of 1' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Spacing' }), { target: { value: 'large' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Columns' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Background' }), { target: { value: 'image' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Address of the picture or video' }), { target: { value: '/images/field.jpg' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Picture description (alt text)' }), { target: { value: 'A wheat field' } });
    await waitFor(() => expect(savedBodies(calls).length).toBeGreaterThan(0), { timeout: 3000 });
    const section = savedBodies(calls).at(-1)!.sections[0]!;
    expect(section).toMatchObject({ id: 'section-1', spacing: 'large', background: { kind: 'image', url: '/images/field.jpg', alt: 'A wheat field' } });
    expect(section.columns.map((column) => column.blocks.map((block) => block.id))).toEqual([['b1'], []]);
  });
});

describe('a new page’s layout', () => {
  it('offers blank, about, contact, FAQ and landing as radio buttons and creates the page from the one chosen', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add page' }, { timeout: 8000 }));
    const layouts = screen.getByRole('group', { name: 'Start from' });
    const radios = within(layouts).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(['blank', 'about', 'contact', 'faq', 'landing']);
    expect(radios[0]!.checked).toBe(true);
    fireEvent.click(within(layouts).getByRole('radio', { name: /^Landing/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Spring sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/owner/content/pages')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ kind: 'page', title: 'Spring sale', inNavigation: true, layout: 'landing' });
  });
});
