// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, SITE_SETTINGS_LIMITS, type NavigationItemInput } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { NAVIGATION_ROUTES } from './navigation-api';
import { bootWith, recordingServer, SITE_READER, SITE_WRITER } from './site-test-server';
import {
  add,
  canIndent,
  canMove,
  canOutdent,
  fromLayout,
  indent,
  linkMessage,
  move,
  moveNear,
  NAVIGATION_DEPTH,
  NAVIGATION_ITEMS,
  outdent,
  remove,
  rename,
  storesOf,
  toItems,
  URL_LENGTH,
  type NavNode,
} from './tree';

const link = (title: string, children: unknown[] = [], target: { collectionId?: string; externalLink?: string; memberAreaId?: string } = { externalLink: `/${title.toLowerCase()}` }) => ({ title, ...target, children });
const titles = (nodes: readonly NavNode[]): unknown[] => nodes.map((node) => (node.children.length ? [node.title, titles(node.children)] : node.title));
const keyOf = (nodes: readonly NavNode[], title: string): string => {
  for (const node of nodes) {
    if (node.title === title) return node.key;
    const inside = node.children.length ? keyOf(node.children, title) : '';
    if (inside) return inside;
  }
  return '';
};

describe('navigation tree operations (pure)', () => {
  const tree = () => fromLayout([link('Home'), link('Shop', [link('Shirts'), link('Lamps')], { collectionId: 'c1' }), link('Cart')]);

  it('reads the layout and writes UpdateNavigation items (one target each, titles trimmed)', () => {
    const nodes = tree();
    expect(titles(nodes)).toEqual(['Home', ['Shop', ['Shirts', 'Lamps']], 'Cart']);
    expect(toItems(rename(nodes, keyOf(nodes, 'Home'), '  Start  '))).toEqual<NavigationItemInput[]>([
      { title: 'Start', externalLink: '/home' },
      { title: 'Shop', collectionId: 'c1', items: [{ title: 'Shirts', externalLink: '/shirts' }, { title: 'Lamps', externalLink: '/lamps' }] },
      { title: 'Cart', externalLink: '/cart' },
    ]);
    expect(toItems(rename(nodes, keyOf(nodes, 'Shop'), ''))[1]).toEqual({ collectionId: 'c1', items: expect.any(Array) });
    expect([...storesOf(nodes)]).toEqual([['c1', 'Shop']]);
  });

  it('moves up and down among siblings only; the ends stay put', () => {
    const nodes = tree();
    const cart = keyOf(nodes, 'Cart');
    expect(titles(move(nodes, cart, -1))).toEqual(['Home', 'Cart', ['Shop', ['Shirts', 'Lamps']]]);
    expect(canMove(nodes, cart, 1)).toBe(false);
    expect(move(nodes, cart, 1)).toBe(nodes);
    expect(canMove(nodes, keyOf(nodes, 'Home'), -1)).toBe(false);
    expect(titles(move(nodes, keyOf(nodes, 'Lamps'), -1))).toEqual(['Home', ['Shop', ['Lamps', 'Shirts']], 'Cart']);
    expect(canMove(nodes, keyOf(nodes, 'Lamps'), 1)).toBe(false);
    // The original is untouched.
    expect(titles(nodes)).toEqual(['Home', ['Shop', ['Shirts', 'Lamps']], 'Cart']);
  });

  it('indents into the link above (as its last child), never the first of a list, never deeper than the API allows', () => {
    const nodes = tree();
    expect(canIndent(nodes, keyOf(nodes, 'Home'))).toBe(false);
    expect(titles(indent(nodes, keyOf(nodes, 'Cart')))).toEqual(['Home', ['Shop', ['Shirts', 'Lamps', 'Cart']]]);
    const deeper = indent(nodes, keyOf(nodes, 'Lamps'));
    expect(titles(deeper)).toEqual(['Home', ['Shop', [['Shirts', ['Lamps']]]], 'Cart']);
    expect(NAVIGATION_DEPTH).toBe(SITE_SETTINGS_LIMITS.navigationDepth);
    // Lamps sits at the third level: nothing deeper.
    const withFourth = add(deeper, { title: 'Bulbs', externalLink: '/bulbs' });
    const bulbs = keyOf(withFourth, 'Bulbs');
    const third = indent(indent(withFourth, bulbs), bulbs);
    expect(titles(third)).toEqual(['Home', ['Shop', [['Shirts', ['Lamps']]]], ['Cart', ['Bulbs']]]);
    // Shop (with two levels under it) cannot go under Home.
    expect(canIndent(deeper, keyOf(deeper, 'Shop'))).toBe(false);
    expect(indent(deeper, keyOf(deeper, 'Shop'))).toBe(deeper);
  });

  it('outdents to just after its parent; a top-level link cannot', () => {
    const nodes = tree();
    expect(canOutdent(nodes, keyOf(nodes, 'Home'))).toBe(false);
    expect(titles(outdent(nodes, keyOf(nodes, 'Shirts')))).toEqual(['Home', ['Shop', ['Lamps']], 'Shirts', 'Cart']);
    const lamps = keyOf(nodes, 'Lamps');
    expect(titles(outdent(indent(nodes, lamps), lamps))).toEqual(titles(nodes));
  });

  it('removes a link with its children; adds at the end', () => {
    const nodes = tree();
    expect(titles(remove(nodes, keyOf(nodes, 'Shop')))).toEqual(['Home', 'Cart']);
    expect(titles(remove(nodes, keyOf(nodes, 'Lamps')))).toEqual(['Home', ['Shop', ['Shirts']], 'Cart']);
    expect(titles(add(nodes, { title: 'Blog', externalLink: 'https://blog.example.com' }))).toEqual(['Home', ['Shop', ['Shirts', 'Lamps']], 'Cart', 'Blog']);
    expect(NAVIGATION_ITEMS).toBe(SITE_SETTINGS_LIMITS.navigationItems);
  });

  it('drags before or after another link, never into itself or too deep', () => {
    const nodes = tree();
    expect(titles(moveNear(nodes, keyOf(nodes, 'Cart'), keyOf(nodes, 'Home')))).toEqual(['Cart', 'Home', ['Shop', ['Shirts', 'Lamps']]]);
    expect(titles(moveNear(nodes, keyOf(nodes, 'Home'), keyOf(nodes, 'Lamps'), true))).toEqual([['Shop', ['Shirts', 'Lamps', 'Home']], 'Cart']);
    expect(moveNear(nodes, keyOf(nodes, 'Shop'), keyOf(nodes, 'Shirts'))).toBe(nodes);
    const deeper = indent(nodes, keyOf(nodes, 'Lamps'));
    // Shop holds two levels: dropped beside Shirts (the second level) it would make four.
    expect(moveNear(deeper, keyOf(deeper, 'Shop'), keyOf(deeper, 'Lamps'))).toBe(deeper);
  });

  it('checks typed links with platform §5 messages', () => {
    for (const good of ['https://example.com', 'http://example.com/a?b=c', 'mailto:hi@example.com', '/cart', '/']) expect(linkMessage(good)).toBeUndefined();
    expect(linkMessage('example.com')).toBe('Links must be formatted as http://example.com or https://example.com');
    expect(linkMessage('javascript:alert(1)')).toBe('javascript:alert(1) is not a valid page URL');
    expect(linkMessage('//evil.example')).toBe('//evil.example is not a valid page URL');
    expect(linkMessage('not a link')).toBe('not a link is not a valid page URL');
    expect(linkMessage(`https://example.com/${'a'.repeat(URL_LENGTH)}`)).toMatch(/is not a valid page URL$/);
    expect(URL_LENGTH).toBe(SITE_SETTINGS_LIMITS.urlLength);
  });

  it('names calls the contracts have', () => {
    for (const route of Object.values(NAVIGATION_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });
});

describe('the navigation section', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  const LAYOUT = { layout: [{ identifier: 'mainNav', templateId: '', links: [link('Home'), link('Shop', [], { collectionId: 'c1' }), link('Cart')] }] };

  function renderSection(answer: Parameters<typeof recordingServer>[0], permissions = SITE_WRITER) {
    const server = recordingServer(answer);
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
    return server;
  }

  it('moves a link up by its button (the focus stays on it), adds an address (checked first), removes after a confirm, and saves', async () => {
    let saved: unknown;
    const server = renderSection((method, _url, body) => {
      if (method === 'POST') {
        saved = body;
        return { layout: [{ identifier: 'mainNav', templateId: '', links: [link('Home'), link('Cart'), link('Shop', [], { collectionId: 'c1' }), link('Blog', [], { externalLink: 'https://blog.example.com' })] }] };
      }
      return LAYOUT;
    });
    await act(async () => navigate('/config/settings/navigation'));
    const up = await screen.findByRole('button', { name: 'Move Cart up' });
    fireEvent.click(up);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Cart up'));
    expect(screen.getByText('Cart moved to position 2 of 3.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Links of the main navigation' });
    expect(within(list).getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['Home', 'Cart', 'Shop']);

    fireEvent.click(screen.getByLabelText('An address'));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'blog.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Links must be formatted as http://blog.example.com or https://blog.example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'https://blog.example.com' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Blog' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByRole('button', { name: 'Move Blog up' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Indent Blog' }));
    expect(screen.getByText('Blog is now inside Shop.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Outdent Blog' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Home?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove Home' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(saved).toEqual({
      fieldName: 'mainNav',
      navigation: { items: [{ title: 'Home', externalLink: '/home' }, { title: 'Cart', externalLink: '/cart' }, { title: 'Shop', collectionId: 'c1' }, { title: 'Blog', externalLink: 'https://blog.example.com' }] },
    });
    expect(server.calls).toContain('POST /api/widget/UpdateNavigation');
  });

  it('adds a link to a member area for a role that may read the areas, and keeps a saved one', async () => {
    let saved: unknown;
    const layout = { layout: [{ identifier: 'mainNav', templateId: '', links: [link('Home'), link('Studio', [], { memberAreaId: 'a0' })] }] };
    const server = renderSection(
      (method, url, body) => {
        if (url.startsWith('/api/owner/member-areas')) return { memberAreas: [{ id: 'a0', name: 'Studio' }, { id: 'a1', name: 'Members' }] };
        if (method === 'POST') {
          saved = body;
          return layout;
        }
        return layout;
      },
      [...SITE_WRITER, 'members:read'],
    );
    await act(async () => navigate('/config/settings/navigation'));
    const list = await screen.findByRole('list', { name: 'Links of the main navigation' });
    expect(within(list).getByText('Member area')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText('A member area'));
    const select = screen.getByLabelText('Member area') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Studio', 'Members']);
    fireEvent.change(select, { target: { value: 'a1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Members added at the end.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(saved).toEqual({
      fieldName: 'mainNav',
      navigation: { items: [{ title: 'Home', externalLink: '/home' }, { title: 'Studio', memberAreaId: 'a0' }, { title: 'Members', memberAreaId: 'a1' }] },
    });
    expect(server.calls).toContain('GET /api/owner/member-areas');
  });

  it('offers no member-area links to a role that may not read the areas', async () => {
    const server = renderSection(() => LAYOUT);
    await act(async () => navigate('/config/settings/navigation'));
    await screen.findByRole('button', { name: 'Add link' });
    expect(screen.queryByLabelText('A member area')).toBeNull();
    expect(server.calls.some((call) => call.includes('member-areas'))).toBe(false);
  });

  it('keeps the changes after a refused save and says why', async () => {
    renderSection((method) => (method === 'POST' ? { status: 400, body: { message: 'This navigation is not valid.' } } : LAYOUT));
    await act(async () => navigate('/config/settings/navigation'));
    fireEvent.click(await screen.findByRole('button', { name: 'Move Shop up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This navigation is not valid.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Links of the main navigation' });
    expect(within(list).getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['Shop', 'Home', 'Cart']);
    expect(screen.getByText('Unsaved changes.')).toBeTruthy();
  });

  it('shows a role without site:write the links as text, with no control', async () => {
    renderSection(() => LAYOUT, SITE_READER);
    await act(async () => navigate('/config/settings/navigation'));
    expect(await screen.findByText('Shop')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Move|Save|Remove|Add link/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says the site has no main navigation when the layout is empty', async () => {
    renderSection(() => ({ layout: [] }));
    await act(async () => navigate('/config/settings/navigation'));
    expect(await screen.findByText(/Unable to find site main navigation/)).toBeTruthy();
  });
});
