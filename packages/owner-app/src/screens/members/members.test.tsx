// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type MemberAreaJson, type MembershipJson, type PageSummaryJson, type PageTreeJson, type Permission } from '@vitrine/contracts';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import { areaBodyOf, areaErrorsFromServer, checkAreaForm, EMPTY_AREA_FORM, togglePage, type AreaForm } from './area-form';
import { grantBodyOf } from './grant';
import { MEMBER_ROUTES } from './members-api';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** An owner client whose fetch answers from `answer` and records every call with its body. */
function recordingServer(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const result = await answer(method, input, body);
    const refusal = result && typeof result === 'object' && typeof (result as { status?: unknown }).status === 'number';
    const { status, body: answerBody } = refusal ? (result as { status: number; body: unknown }) : { status: method === 'POST' && input === '/api/owner/member-areas' ? 201 : 200, body: result };
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const ADMIN = bootWith(['members:read', 'members:write', 'content:read', 'catalog:read']);
const READER = bootWith(['members:read', 'content:read']);

const page = (id: string, title: string, over: Partial<PageSummaryJson> = {}): PageSummaryJson => ({
  id, kind: 'page', title, navigationTitle: '', urlId: id, fullUrl: `/${id}`, status: 'published', publishAt: null, isHome: false, hasDraft: false, updatedAt: '2026-11-24T00:00:00.000Z', ...over,
});
const TREE: PageTreeJson = {
  navigation: [{ ...page('home', 'Home', { isHome: true }), children: [] }, { ...page('pottery', 'Pottery Basics', { kind: 'course' }), children: [] }, { ...page('shop', 'Shop', { kind: 'store' }), children: [] }],
  notLinked: [page('studio', 'Studio Notes', { kind: 'blog' })],
  homePageId: 'home',
};
const PRODUCTS = {
  products: [
    { id: 'p-shirt', title: 'Linen Shirt', productType: 1, storeId: 's1', archived: false, priceCents: 4500, totalStock: 3, unlimited: false, variants: [] },
    { id: 'p-club', title: 'Pottery Club', productType: 5, storeId: 's1', archived: false, priceCents: 1200, totalStock: 0, unlimited: true, variants: [] },
  ],
  nextCursor: null,
};

const club: MemberAreaJson = {
  id: 'ma1', name: 'Pottery Club', description: 'Lessons for members.', access: 'paid', paywallProductId: 'p-club',
  paywallProduct: { id: 'p-club', name: 'Pottery Club', priceLabel: '$12.00 every month' }, joinButtonText: '', durationDays: null,
  pages: [{ id: 'pottery', title: 'Pottery Basics', kind: 'course', url: '/pottery' }], activeMemberCount: 1, version: 3, created: Date.UTC(2026, 10, 1), updated: Date.UTC(2026, 10, 2),
};
const ava: MembershipJson = {
  id: 'm1', memberAreaId: 'ma1', siteUserId: 'u9', email: 'ava@example.com', source: 'order', status: 'active', statusLabel: 'Active', orderId: 'o7', subscriptionId: null,
  startedAt: Date.UTC(2026, 10, 20, 12), endsAt: null, endedAt: null, endedBy: null,
};

function renderApp(answer: (method: string, url: string, body: unknown) => unknown, boot: OwnerAppBoot = ADMIN) {
  const server = recordingServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('the member calls and the area form', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(MEMBER_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('checks a name, a paid area’s product and a whole number of days before calling', () => {
    expect(checkAreaForm(EMPTY_AREA_FORM)).toEqual({ name: 'Enter a name of 1 to 100 characters.' });
    expect(checkAreaForm({ ...EMPTY_AREA_FORM, name: 'Club', access: 'paid', durationDays: '1.5' })).toEqual({
      paywallProductId: 'Choose the membership product a visitor buys.',
      durationDays: 'Enter a whole number of days from 1 to 3650, or leave it empty.',
    });
    expect(checkAreaForm({ ...EMPTY_AREA_FORM, name: 'Club', access: 'paid', paywallProductId: 'p1', durationDays: '365' })).toEqual({});
  });

  it('sends a free area without product or length, and keeps the pages in the order they were ticked', () => {
    let form: AreaForm = { ...EMPTY_AREA_FORM, name: ' Club ', access: 'free', paywallProductId: 'p1', durationDays: '30' };
    form = togglePage(togglePage(togglePage(form, 'b', true), 'a', true), 'b', false);
    form = togglePage(form, 'b', true);
    expect(areaBodyOf(form)).toEqual({ name: 'Club', description: '', access: 'free', paywallProductId: null, durationDays: null, joinButtonText: '', pageIds: ['a', 'b'] });
    expect(areaBodyOf({ ...form, access: 'paid' })).toMatchObject({ access: 'paid', paywallProductId: 'p1', durationDays: 30 });
  });

  it('places the server’s field errors', () => {
    expect(areaErrorsFromServer({ name: 'Taken.', 'pageIds.0': 'No such page.', durationDays: 'Too long.' })).toEqual({ name: 'Taken.', durationDays: 'Too long.' });
  });

  it('grants until the end of the chosen day in the website’s zone', () => {
    expect(grantBodyOf(' ava@example.com ', '', 'UTC')).toEqual({ email: 'ava@example.com' });
    expect(grantBodyOf('ava@example.com', '2026-12-31', 'America/New_York')).toEqual({ email: 'ava@example.com', endsAt: '2027-01-01T04:59:59.000Z' });
    expect(grantBodyOf('ava', '', 'UTC')).toBeNull();
  });
});

describe('the Members screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists the areas; creates a paid one gating a course and opens it', async () => {
    let created: MemberAreaJson | null = null;
    const server = renderApp((method, url, body) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (url.startsWith('/api/owner/products')) return PRODUCTS;
      if (method === 'POST' && url === '/api/owner/member-areas') {
        created = { ...club, id: 'ma2', name: (body as { name: string }).name, activeMemberCount: 0, version: 1 };
        return { memberArea: created };
      }
      if (url === '/api/owner/member-areas') return { memberAreas: created ? [club, created] : [club] };
      if (url === '/api/owner/member-areas/ma2') return { memberArea: created };
      if (url.startsWith('/api/owner/member-areas/ma2/members')) return { members: [] };
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/members'));
    const table = await screen.findByRole('table', { name: 'Member areas' });
    const row = within(table).getByRole('rowheader', { name: 'Pottery Club' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Paid: Pottery Club ($12.00 every month)')).toBeTruthy();
    expect(within(row).getByText('Pottery Basics')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'New member area' }));
    const form = await screen.findByRole('form', { name: 'New member area' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create member area' }));
    expect(await within(form).findByText('Enter a name of 1 to 100 characters.')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Studio Members' } });
    fireEvent.click(within(form).getByLabelText('Paid — visitors buy a membership product'));
    const product = within(form).getByLabelText('Membership product') as HTMLSelectElement;
    await waitFor(() => expect(Array.from(product.options).map((option) => option.text)).toEqual(['Choose a product', 'Pottery Club']));
    fireEvent.change(product, { target: { value: 'p-club' } });
    fireEvent.change(within(form).getByLabelText('Membership length in days'), { target: { value: '365' } });
    // Pages: the home page, the store and folders are not offered.
    const pages = within(form).getByRole('group', { name: 'Pages only members may open' });
    expect(within(pages).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Pottery Basics/pottery', 'Studio Notes/studio']);
    fireEvent.click(within(pages).getByRole('checkbox', { name: /Studio Notes/ }));
    fireEvent.click(within(pages).getByRole('checkbox', { name: /Pottery Basics/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create member area' }));

    expect((await screen.findByText('Studio Members is created.')).getAttribute('role')).toBe('status');
    expect(window.location.pathname).toBe('/config/members/ma2');
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ name: 'Studio Members', description: '', access: 'paid', paywallProductId: 'p-club', durationDays: 365, joinButtonText: '', pageIds: ['studio', 'pottery'] });
    expect(await screen.findByText('No members yet')).toBeTruthy();
  });

  it('saves a change with the version; grants by email and revokes through the confirm', async () => {
    let members: MembershipJson[] = [ava];
    const server = renderApp((method, url, body) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (url.startsWith('/api/owner/products')) return PRODUCTS;
      if (method === 'PUT' && url === '/api/owner/member-areas/ma1') return { memberArea: { ...club, ...(body as object), version: 4 } };
      if (url === '/api/owner/member-areas/ma1') return { memberArea: club };
      if (method === 'POST' && url === '/api/owner/member-areas/ma1/members') {
        if ((body as { email: string }).email === 'nobody@example.com') return { status: 400, body: { message: 'No site user has this email.', errors: { email: 'No site user has this email.' } } };
        const sam: MembershipJson = { ...ava, id: 'm2', email: 'sam@example.com', source: 'owner', orderId: null, startedAt: Date.UTC(2026, 10, 24) };
        members = [sam, ...members];
        return { membership: sam, changed: true };
      }
      if (method === 'POST' && url === '/api/owner/member-areas/ma1/members/m1/revoke') {
        members = members.map((each) => (each.id === 'm1' ? { ...each, status: 'ended', statusLabel: 'Ended', endedAt: Date.UTC(2026, 10, 24), endedBy: 'owner' } : each));
        return { membership: members.find((each) => each.id === 'm1'), changed: true };
      }
      if (url.startsWith('/api/owner/member-areas/ma1/members')) return { members: url.includes('status=ended') ? members.filter((each) => each.status === 'ended') : members };
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/members/ma1'));
    const form = await screen.findByRole('form', { name: 'Pottery Club' });
    fireEvent.change(within(form).getByLabelText('Join button text'), { target: { value: 'Join the club' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Pottery Club is saved.')).getAttribute('role')).toBe('status');
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ version: 3, joinButtonText: 'Join the club', pageIds: ['pottery'] });

    const table = await screen.findByRole('table', { name: 'Members of Pottery Club, newest first' });
    const avaRow = within(table).getByRole('rowheader', { name: 'ava@example.com' }).closest('tr') as HTMLElement;
    expect(within(avaRow).getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(avaRow).getByText('Bought', { exact: false })).toBeTruthy();
    expect(within(avaRow).getByRole('link', { name: 'order' }).getAttribute('href')).toBe('/config/orders/o7');
    expect(within(avaRow).getByText('Active')).toBeTruthy();
    expect(within(avaRow).getByText('Never')).toBeTruthy();

    const grant = screen.getByRole('form', { name: 'Grant a membership' });
    fireEvent.change(within(grant).getByLabelText('Email of a site user'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Grant membership' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No site user has this email.');
    expect(within(grant).getByLabelText('Email of a site user').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(grant).getByLabelText('Email of a site user'), { target: { value: 'sam@example.com' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Grant membership' }));
    expect(await screen.findByText('sam@example.com is a member.')).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'sam@example.com' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the membership of ava@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this membership?' });
    expect(dialog.textContent).toContain('ava@example.com loses access to Pottery Club now.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.some((call) => call.url.endsWith('/revoke'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the membership of ava@example.com' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('ava@example.com no longer has access.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke the membership of ava@example.com' })).toBeNull());

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ended' } });
    const ended = await screen.findByRole('table', { name: 'Ended members of Pottery Club, newest first' });
    expect(within(ended).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ava@example.com']);
  });

  it('searches by email (q in the call and the address), turns pages by the cursor, and says when a search matches nobody', async () => {
    const bea: MembershipJson = { ...ava, id: 'm2', email: 'bea@example.com', orderId: null, source: 'owner', startedAt: Date.UTC(2026, 10, 10, 12) };
    const server = renderApp((method, url) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (url.startsWith('/api/owner/products')) return PRODUCTS;
      if (url === '/api/owner/member-areas/ma1') return { memberArea: club };
      if (url.startsWith('/api/owner/member-areas/ma1/members')) {
        const query = new URL(url, 'http://owner.invalid').searchParams;
        const q = query.get('q')?.toLowerCase();
        if (q) return { members: [ava, bea].filter((each) => each.email.includes(q)), nextCursor: null };
        return query.get('cursor') === 'page-2' ? { members: [bea], nextCursor: null } : { members: [ava], nextCursor: 'page-2' };
      }
      throw new Error(`unexpected ${method} ${url}`);
    });
    const listCalls = () => server.calls.filter((call) => call.url.startsWith('/api/owner/member-areas/ma1/members')).map((call) => call.url);
    await act(async () => navigate('/config/members/ma1'));
    const table = await screen.findByRole('table', { name: 'Members of Pottery Club, newest first' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ava@example.com']);
    const pages = screen.getByRole('navigation', { name: 'Pages of members' });
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    // The next page sends the server's cursor; the address keeps it; Previous page goes back; the table has the focus.
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'bea@example.com' })).toBeTruthy();
    expect(listCalls().at(-1)).toBe('/api/owner/member-areas/ma1/members?cursor=page-2');
    expect(window.location.search).toBe('?cursor=page-2');
    expect(document.activeElement?.tagName).toBe('TABLE');
    expect((within(pages).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('rowheader', { name: 'ava@example.com' })).toBeTruthy();
    expect(window.location.search).toBe('');

    // Enter in the search field (the form's submit) sends q, from the first page, and keeps it in the address.
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'bea@example.com' })).toBeTruthy();
    const search = screen.getByRole('search', { name: 'Search members' });
    fireEvent.change(within(search).getByLabelText('Search by email'), { target: { value: '  AVA@ ' } });
    fireEvent.submit(search);
    const found = await screen.findByRole('table', { name: 'Members of Pottery Club matching "AVA@", newest first' });
    expect(within(found).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ava@example.com']);
    expect(listCalls().at(-1)).toBe('/api/owner/member-areas/ma1/members?q=AVA%40');
    expect(window.location.search).toBe('?q=AVA%40');
    expect(screen.queryByRole('navigation', { name: 'Pages of members' })).toBeNull();

    // The button searches too, with the status filter; nobody matches: the Empty state says so and clears the search.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ended' } });
    fireEvent.change(within(search).getByLabelText('Search by email'), { target: { value: 'zed' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No members match "zed"' })).toBeTruthy();
    expect(listCalls().at(-1)).toBe('/api/owner/member-areas/ma1/members?status=ended&q=zed');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/owner/member-areas/ma1/members?status=ended'));
    expect((screen.getByLabelText('Search by email') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Search by email'));
  });

  it('a change that came second (409) offers Reload, which starts the form again from the server’s area', async () => {
    let current = club;
    renderApp((method, url) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (url.startsWith('/api/owner/products')) return PRODUCTS;
      if (method === 'PUT') return { status: 409, body: { message: 'Someone else changed this member area. Reload it and try again.' } };
      if (url === '/api/owner/member-areas/ma1') return { memberArea: current };
      if (url.startsWith('/api/owner/member-areas/ma1/members')) return { members: [] };
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/members/ma1'));
    const form = await screen.findByRole('form', { name: 'Pottery Club' });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Mine.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this member area. Reload it and try again.');
    current = { ...club, description: 'Theirs.', version: 4 };
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Theirs.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sets and removes a page password', async () => {
    let locks = [{ pageId: 'studio', title: 'Studio Notes', url: '/studio', updated: Date.UTC(2026, 10, 22) }];
    const server = renderApp((method, url) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (method === 'PUT' && url === '/api/owner/page-locks/pottery') {
        locks = [...locks, { pageId: 'pottery', title: 'Pottery Basics', url: '/pottery', updated: Date.UTC(2026, 10, 24) }];
        return { pageId: 'pottery', locked: true };
      }
      if (method === 'DELETE' && url === '/api/owner/page-locks/studio') {
        locks = locks.filter((lock) => lock.pageId !== 'studio');
        return { pageId: 'studio', locked: false };
      }
      if (url === '/api/owner/page-locks') return { pageLocks: locks };
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/members/passwords'));
    expect(screen.getByRole('link', { name: 'Page passwords' }).getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table', { name: 'Pages with a password' });
    expect(within(table).getByRole('link', { name: 'Studio Notes' }).getAttribute('href')).toBe('/config/pages/studio');

    const form = screen.getByRole('form', { name: 'Set a page’s password' });
    await waitFor(() => expect((within(form).getByLabelText('Page') as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(within(form).getByLabelText('Page'), { target: { value: 'pottery' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await within(form).findByText('Enter a password of 4 to 200 characters.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'clay-2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Pottery Basics is locked with the new password.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ password: 'clay-2026' });
    expect(await within(table).findByRole('link', { name: 'Pottery Basics' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the password of Studio Notes' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove the password of Studio Notes?' })).getByRole('button', { name: 'Remove password' }));
    expect(await screen.findByText('Studio Notes is open to everyone.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Studio Notes' })).toBeNull());
  });

  it('a role that reads members sees everything disabled without New, Grant or Revoke; one without is told so without a call', async () => {
    renderApp((_method, url) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (url === '/api/owner/member-areas') return { memberAreas: [club] };
      if (url === '/api/owner/member-areas/ma1') return { memberArea: club };
      if (url.startsWith('/api/owner/member-areas/ma1/members')) return { members: [ava] };
      throw new Error(`unexpected ${url}`);
    }, READER);
    await act(async () => navigate('/config/members'));
    expect(await screen.findByRole('rowheader', { name: 'Pottery Club' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New member area' })).toBeNull();
    await act(async () => navigate('/config/members/ma1'));
    const form = await screen.findByRole('form', { name: 'Pottery Club' });
    expect((within(form).getByLabelText('Name').closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(within(form).queryByRole('button')).toBeNull();
    expect(await screen.findByRole('rowheader', { name: 'ava@example.com' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Grant a membership' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    cleanup();

    const server = renderApp(() => ({}), bootWith(['content:read']));
    await act(async () => navigate('/config/members'));
    expect(await screen.findByText('Your role does not include members')).toBeTruthy();
    expect(server.calls.filter((call) => call.url.includes('member-areas') || call.url.includes('page-locks'))).toEqual([]);
  });
});
