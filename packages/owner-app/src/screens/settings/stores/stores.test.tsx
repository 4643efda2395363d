// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OwnerStoreJson, Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS, SEO_LIMITS } from '@vitrine/contracts';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT } from '../../../test-support/fixtures';
import { SEO_FIELD_LIMITS } from '../../../ui/SeoFields';
import { EDITOR_ROUTES } from '../../products/editor/editor-api';

/** A recording fake of the owner API: each request's call and JSON body; `answer` gives the reply (or { status, body }). */
function serverWithBodies(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Array<{ call: string; body: unknown }> = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${method} ${input}`, body });
    const result = await answer(method, input, body);
    const { status, body: reply } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

const store = (id: string, title: string, over: Partial<OwnerStoreJson> = {}): OwnerStoreJson => ({
  id, title, urlId: id, fullUrl: `/${id}`, description: '', seoTitle: '', seoDescription: '', seoImageId: null, seoImageUrl: null, ...over,
});

const picture = {
  id: 'img-linen', assetUrl: '/s/img-linen/linen.jpg', originalSize: '1200x800', mediaFocalPoint: { x: 0.5, y: 0.5 }, colorData: null,
  altText: 'Folded linen shirts', title: 'Linen shirts', body: '', filename: 'linen.jpg', contentType: 'image/jpeg', created: '2026-11-20T10:00:00.000Z',
};

/** The stores Shop (with an SEO title) and Gifts; a PUT merges its body into the store, as the server does (trimmed). */
function storesServer(refuse?: (body: Record<string, unknown>) => unknown) {
  const stores = [store('shop', 'Shop', { seoTitle: 'Linen and wool' }), store('gifts', 'Gifts')];
  return serverWithBodies((method, url, body) => {
    if (method === 'GET' && url === '/api/owner/stores') return { stores };
    if (method === 'GET' && url.startsWith('/api/owner/images')) return { images: [picture], nextCursor: null };
    if (method === 'GET' && url.startsWith('/api/owner/media')) return { media: [{ ...picture, name: picture.title, byteSize: 2048 }], nextCursor: null };
    const put = /^\/api\/owner\/stores\/([^/]+)$/.exec(url);
    if (method === 'PUT' && put) {
      const refusal = refuse?.(body as Record<string, unknown>);
      if (refusal) return refusal;
      const index = stores.findIndex((each) => each.id === put[1]);
      const sent = body as { seoTitle: string; seoDescription: string; seoImageId: string | null };
      stores[index] = { ...stores[index]!, seoTitle: sent.seoTitle.trim(), seoDescription: sent.seoDescription.trim(), seoImageId: sent.seoImageId, seoImageUrl: sent.seoImageId ? picture.assetUrl : null };
      return { store: stores[index] };
    }
    return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
  });
}

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

const MANAGER: Permission[] = ['catalog:read', 'catalog:write', 'store-settings:read', 'store-settings:write'];

async function open(server: ReturnType<typeof serverWithBodies>, permissions: Permission[] = MANAGER) {
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/settings'));
  fireEvent.click(await screen.findByRole('link', { name: 'Stores' }));
  return screen.findByRole('region', { name: 'Shop' });
}

describe('Settings → Stores', () => {
  it('calls routes the contracts have, with the contracts’ limits', () => {
    for (const route of [EDITOR_ROUTES.listStores, EDITOR_ROUTES.updateStore]) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    expect(SEO_FIELD_LIMITS).toEqual({ seoTitle: SEO_LIMITS.seoTitleLength, seoDescription: SEO_LIMITS.seoDescriptionLength });
  });

  it('lists each store with its SEO fields, and saves one’s title, description and picture', async () => {
    const server = storesServer();
    const shop = await open(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Stores' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Shop', 'Gifts']);
    expect(within(shop).getByRole('link', { name: '/shop' }).getAttribute('href')).toBe('/shop');
    const title = within(shop).getByRole('textbox', { name: 'SEO title' }) as HTMLInputElement;
    expect(title.value).toBe('Linen and wool');
    expect(title.maxLength).toBe(200);
    expect(document.getElementById(title.getAttribute('aria-describedby')!)!.textContent).toBe('The page title in search results and link previews. Left empty: “Shop”.');
    const description = within(shop).getByRole('textbox', { name: 'SEO description' }) as HTMLTextAreaElement;
    expect(document.getElementById(description.getAttribute('aria-describedby')!)!.textContent).toBe('The description in search results and link previews. Left empty, the store’s description is used.');

    fireEvent.change(title, { target: { value: ' Linen and wool, made to last ' } });
    fireEvent.change(description, { target: { value: 'Shirts and blankets from small workshops.' } });
    fireEvent.click(within(shop).getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use Linen shirts' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(shop).findByRole('img', { name: 'Folded linen shirts' })).toBeTruthy();

    const preview = within(shop).getByRole('group', { name: 'Search result preview' });
    expect([...preview.querySelectorAll('p')].slice(1).map((line) => line.textContent)).toEqual([
      'Linen and wool, made to last · Test Shop', `${window.location.origin}/shop`, 'Shirts and blankets from small workshops.',
    ]);
    fireEvent.click(within(shop).getByRole('button', { name: 'Save Shop' }));
    expect((await within(shop).findByRole('status')).textContent).toBe('Shop saved.');
    expect(server.calls.filter((entry) => entry.call.startsWith('PUT'))).toEqual([
      { call: 'PUT /api/owner/stores/shop', body: { seoTitle: ' Linen and wool, made to last ', seoDescription: 'Shirts and blankets from small workshops.', seoImageId: 'img-linen' } },
    ]);
    // The form holds the server's answer (trimmed); the list was read again.
    await waitFor(() => expect(title.value).toBe('Linen and wool, made to last'));
    expect(server.calls.filter((entry) => entry.call === 'GET /api/owner/stores')).toHaveLength(2);

    // Remove clears the picture: sent as null.
    fireEvent.click(within(shop).getByRole('button', { name: 'Remove image' }));
    fireEvent.click(within(shop).getByRole('button', { name: 'Save Shop' }));
    await waitFor(() => expect(server.calls.filter((entry) => entry.call.startsWith('PUT'))).toHaveLength(2));
    expect(server.calls.filter((entry) => entry.call.startsWith('PUT')).at(-1)!.body).toMatchObject({ seoImageId: null });
    expect(within(screen.getByRole('region', { name: 'Gifts' })).queryByRole('status')).toBeNull();
  });

  it('shows the server’s 400 errors on their fields, and keeps what was typed', async () => {
    const server = storesServer(() => ({ status: 400, body: { message: 'Some fields are not valid.', errors: { seoTitle: 'seoTitle must be text of 200 characters at most.' } } }));
    const shop = await open(server);
    const title = within(shop).getByRole('textbox', { name: 'SEO title' }) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(shop).getByRole('button', { name: 'Save Shop' }));
    expect((await within(shop).findByRole('alert')).textContent).toBe('Some fields are not valid.');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const error = within(shop).getByText('seoTitle must be text of 200 characters at most.');
    expect(title.getAttribute('aria-describedby')!.split(' ')).toContain(error.id);
    expect(title.value).toBe('x'.repeat(201));
    expect(within(shop).getByRole('textbox', { name: 'SEO description' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a viewer (catalog and store settings to read only) the fields read-only, with no Save or picture buttons', async () => {
    const server = storesServer();
    const shop = await open(server, ['catalog:read', 'store-settings:read', 'site:read', 'content:read']);
    expect(screen.getByText('Your role may see the stores’ search and social settings but not change them.')).toBeTruthy();
    expect((within(shop).getByRole('textbox', { name: 'SEO title' }) as HTMLInputElement).readOnly).toBe(true);
    expect((within(shop).getByRole('textbox', { name: 'SEO description' }) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(within(shop).queryByRole('button')).toBeNull();
    expect(server.calls.some((entry) => entry.call.startsWith('PUT'))).toBe(false);
  });

  it('is not offered to a role that cannot read the catalog', async () => {
    const server = storesServer();
    render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions: ['billing:read', 'store-settings:read'] } }} queryClient={createQueryClient()} />);
    await act(async () => navigate('/config/settings'));
    await screen.findByRole('link', { name: 'Commerce preferences' });
    expect(screen.queryByRole('link', { name: 'Stores' })).toBeNull();
    await act(async () => navigate('/config/settings/stores'));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(server.calls.some((entry) => entry.call === 'GET /api/owner/stores')).toBe(false);
  });
});
