// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OwnerProductJson } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import type { OwnerAppBoot } from '../../../boot';
import { BOOT } from '../../../test-support/fixtures';
import { setPanelEventSender } from '../../../ui/track';
import { EDITOR_ROUTES } from './editor-api';
import { SHIRT } from './test-fixtures';

type Answer = unknown | { status: number; body: unknown };

/** Like test-support's fakeServer, keeping each call's JSON body too. */
function recordingServer(answer: (method: string, url: string, body: unknown) => Answer) {
  const calls: Array<{ call: string; body: unknown }> = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${method} ${input}`, body });
    const result = await answer(method, input, body);
    const { status, body: reply } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls, made: (call: string) => calls.filter((entry) => entry.call === call) };
}

const OWNER_PERMISSIONS = ['catalog:read', 'catalog:write', 'forms:read', 'site:read', 'site:write', 'store-settings:write'];
const bootWith = (permissions: string[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } as OwnerAppBoot['owner'] });

// The main navigation links stores and site pages alike (About and Journal are pages, not stores).
const layout = {
  layout: [{
    identifier: 'mainNavigation', templateId: 't1', links: [
      { title: 'Shop', collectionId: 's1', children: [] }, { title: 'About', collectionId: 'page-about', children: [] }, { title: 'Journal', collectionId: 'page-journal', children: [] },
    ],
  }],
};
const store = (id: string, title: string, over: Record<string, unknown> = {}) => ({
  id, title, urlId: title.toLowerCase(), fullUrl: `/${title.toLowerCase()}`, description: '', seoTitle: '', seoDescription: '', seoImageId: null, seoImageUrl: null, ...over,
});
const stores = { stores: [store('s1', 'Shop'), store('s2', 'Outlet')] };
const asset = (id: string, over: Record<string, unknown> = {}) => ({
  id, assetUrl: `/images/${id}/white.png`, originalSize: '800x800', mediaFocalPoint: { x: 0.5, y: 0.5 },
  colorData: { topLeft: '#fff', topRight: '#fff', bottomLeft: '#fff', bottomRight: '#fff', center: '#fff' },
  altText: 'White shirt', title: '', body: '', filename: 'white.png', contentType: 'image/png', created: '2026-01-01T00:00:00Z', ...over,
});

/** The server's answers for the shirt; PUT answers the product as sent. */
function shirtServer(over: (method: string, url: string, body: unknown) => Answer | undefined = () => undefined) {
  return recordingServer((method, url, body) => {
    const special = over(method, url, body);
    if (special !== undefined) return special;
    if (url.startsWith('/api/owner/products/p1') && method === 'GET') return { product: SHIRT };
    if (url === '/api/owner/products/p1' && method === 'PUT') {
      const sent = body as { variants: Array<{ priceCents: number }> };
      return { product: { ...SHIRT, variants: SHIRT.variants.map((variant, index) => ({ ...variant, priceCents: sent.variants[index]?.priceCents ?? variant.priceCents })) } };
    }
    if (url.startsWith('/api/owner/images/')) return asset(url.split('/')[4]!);
    if (url.startsWith('/api/commondata/GetSiteLayout')) return layout;
    if (url === '/api/owner/stores' && method === 'GET') return stores;
    if (url.startsWith('/api/owner/forms/f1')) return { form: { id: 'f1', kind: 'form', name: 'Engraving', definition: { name: 'Engraving', fields: [{ id: 'text-1', type: 'text', title: 'Text' }] } } };
    if (url.startsWith('/api/owner/forms')) return { forms: [{ id: 'f1', kind: 'form', name: 'Engraving', fieldCount: 1, submissionCount: 0, spamCount: 0, createdAt: '', updatedAt: '', deletedAt: null }] };
    if (url.startsWith('/api/owner/products')) return { products: [], nextCursor: null };
    return { status: 404, body: { message: 'No such call' } };
  });
}

function renderApp(server: ReturnType<typeof recordingServer>, permissions = OWNER_PERMISSIONS) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
}

describe('the product editor', () => {
  const events: string[] = [];
  beforeEach(() => {
    window.history.replaceState(null, '', '/config');
    events.length = 0;
    setPanelEventSender((panel, action) => events.push(`${panel} ${action}`));
  });
  afterEach(() => {
    cleanup();
    setPanelEventSender(() => {});
  });

  it('names calls the contracts have', () => {
    for (const route of Object.values(EDITOR_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('opens a product, changes a price and saves the whole product, then says Saved', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const price = (await screen.findByLabelText('Price of S / White')) as HTMLInputElement;
    expect(price.value).toBe('45.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeTruthy();
    fireEvent.change(price, { target: { value: '52.5' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const [put] = server.made('PUT /api/owner/products/p1');
    expect(put!.body).toMatchObject({ productType: 1, title: 'Linen Shirt', variants: [{ id: 'v1', priceCents: 5250 }, { id: 'v2', priceCents: 4500, salePriceCents: 3900 }], imageIds: ['i1'] });
    expect(server.made('GET /api/owner/images/i1')).toHaveLength(1);
    expect(((await screen.findByLabelText('Price of S / White')) as HTMLInputElement).value).toBe('52.50');
  });

  it('offers the stores in the Store list, never the navigation’s other pages (issue 31)', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const choice = (await screen.findByLabelText('Store')) as HTMLSelectElement;
    await waitFor(() => expect([...choice.options].map((option) => option.textContent)).toEqual(['Shop', 'Outlet']));
    expect(choice.value).toBe('s1');
  });

  it('shows the server’s 400 errors next to their fields', async () => {
    const server = shirtServer((method) => (method === 'PUT' ? { status: 400, body: { message: 'Check the product.', errors: { 'variants.1.sku': 'This sku is taken.', urlId: 'Taken.' } } } : undefined));
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Save' }))[0]!);
    expect((await screen.findByRole('alert')).textContent).toContain('Check the product.');
    const sku = screen.getByLabelText('SKU of M / White');
    expect(sku.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sku.getAttribute('aria-describedby')!)!.textContent).toBe('This sku is taken.');
    expect(screen.getByLabelText('URL slug').getAttribute('aria-invalid')).toBe('true');
  });

  it('says a refusal once: the 409 about the options is shown beside them, and the line above says fields need attention', async () => {
    const message = 'Another product has a variant with this sku.';
    const server = shirtServer((method) => (method === 'PUT' ? { status: 409, body: { message, errors: { variants: message } } } : undefined));
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Save' }))[0]!);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Some fields need attention.'));
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('lists an error of no field under the line once, not again when the line says it', async () => {
    const server = shirtServer((method) =>
      method === 'PUT' ? { status: 409, body: { message: 'Please reload.', errors: { somewhere: 'Please reload.', elsewhere: 'Another thing.' } } } : undefined,
    );
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Save' }))[0]!);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('Please reload.')).toBeTruthy());
    expect(screen.getAllByText('Please reload.')).toHaveLength(1);
    expect(within(within(alert).getByRole('list', { name: 'Other problems' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Another thing.']);
  });

  it('sets the focal point by keyboard and the alt text, saving the picture before the product', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const focal = await screen.findByRole('slider', { name: 'Focal point of White shirt' });
    fireEvent.keyDown(focal, { key: 'ArrowRight' });
    fireEvent.keyDown(focal, { key: 'ArrowDown', shiftKey: true });
    expect(focal.getAttribute('aria-valuetext')).toBe('55% across, 51% down');
    fireEvent.change(screen.getByLabelText('Alt text'), { target: { value: 'A white linen shirt' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await screen.findByText('Saved.');
    const order = server.calls.map((entry) => entry.call).filter((call) => call.startsWith('PUT'));
    expect(order).toEqual(['PUT /api/owner/images/i1', 'PUT /api/owner/products/p1']);
    expect(server.made('PUT /api/owner/images/i1')[0]!.body).toEqual({ altText: 'A white linen shirt', mediaFocalPoint: { x: 0.55, y: 0.51 } });
  });

  it('asks for the picture’s alt text before uploading it; Cancel uploads nothing (issue 31)', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const input = (await screen.findByLabelText('Upload picture')) as HTMLInputElement;
    const mug = new File(['png'], 'mug.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [mug] } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Describe this picture' });
    const alt = within(dialog).getByRole('textbox', { name: 'Alt text' }) as HTMLInputElement;
    expect(document.activeElement).toBe(alt);
    expect(alt.value).toBe('');
    expect(within(dialog).getByText(/Left empty, the product’s name is used\./)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Describe this picture' })).toBeNull();
    expect(server.calls.some((entry) => entry.call.startsWith('POST'))).toBe(false);
  });

  it('saves the product’s SEO title, description and social picture with the product (issue 31)', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const title = (await screen.findByRole('textbox', { name: 'SEO title' })) as HTMLInputElement;
    expect(title.value).toBe('');
    fireEvent.change(title, { target: { value: 'Linen shirt for hot days' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'SEO description' }), { target: { value: 'Breathable linen, cut loose.' } });
    const picture = screen.getByRole('combobox', { name: 'Social picture' }) as HTMLSelectElement;
    expect([...picture.options].map((option) => option.textContent)).toEqual(['The main image', 'White shirt']);
    fireEvent.change(picture, { target: { value: 'i1' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await screen.findByText('Saved.');
    expect(server.made('PUT /api/owner/products/p1')[0]!.body).toMatchObject({ seoTitle: 'Linen shirt for hot days', seoDescription: 'Breathable linen, cut loose.', seoImageId: 'i1' });
  });

  it('refuses a file that is not a picture, or too large, before uploading, in platform §8’s words', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const input = (await screen.findByLabelText('Upload picture')) as HTMLInputElement;
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [notes] } });
    });
    const alert = await screen.findByText('Unable to Upload File');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(box.textContent).toContain('There was a problem while uploading your file');
    expect(box.textContent).toContain('notes.txt is not a supported file type. Upload a JPEG, PNG, WebP, GIF or AVIF picture.');
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    await act(async () => {
      fireEvent.change(input, { target: { files: [huge] } });
    });
    await waitFor(() => expect((screen.getByText('Unable to Upload File').closest('[role="alert"]') as HTMLElement).textContent).toContain('This file is too large. The maximum size is 20 MB.'));
    expect(server.calls.some((entry) => entry.call.startsWith('POST'))).toBe(false);
  });

  it('reorders and removes pictures with buttons', async () => {
    const two = { ...SHIRT, images: [...SHIRT.images, { ...SHIRT.images[0]!, id: 'i2', altText: 'Navy shirt', filename: 'navy.png', assetUrl: '/images/i2/navy.png' }] };
    const server = shirtServer((method, url) => (method === 'GET' && url === '/api/owner/products/p1' ? { product: two } : undefined));
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Move Navy shirt up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove White shirt' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await screen.findByText('Saved.');
    expect(server.made('PUT /api/owner/products/p1')[0]!.body).toMatchObject({ imageIds: ['i2'], variants: [{ id: 'v1', imageIds: [] }, { id: 'v2' }] });
  });

  it('tracks the cart page product form: open, close, and submit when a form is chosen and saved', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    const details = (await screen.findByText('Cart page product form')).closest('details')!;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(events).toEqual(['cart-page-product-form open']);
    const select = await screen.findByLabelText('Form');
    await screen.findByRole('option', { name: 'Engraving' });
    fireEvent.change(select, { target: { value: 'f1' } });
    await waitFor(() => expect(server.made('GET /api/owner/forms/f1')).toHaveLength(1));
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('f1'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await screen.findByText('Saved.');
    expect(server.made('PUT /api/owner/products/p1')[0]!.body).toMatchObject({ additionalFieldsForm: { id: 'f1', name: 'Engraving', fields: [{ id: 'text-1' }] } });
    expect(events).toEqual(['cart-page-product-form open', 'cart-page-product-form submit']);
    await act(async () => {
      details.open = false;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(events.at(-1)).toBe('cart-page-product-form close');
  });

  it('creates a new product of another type with POST and opens its editor', async () => {
    const created: OwnerProductJson = { ...SHIRT, id: 'p9', productType: 3, title: 'Tailoring', variants: [{ ...SHIRT.variants[0]!, id: 'v9', sku: 'TAILOR', optionValues: [], unlimited: true }], variantOptionOrdering: [], images: [] };
    const server = shirtServer((method, url) => {
      if (method === 'POST' && url === '/api/owner/products') return { status: 201, body: { product: created } };
      if (url === '/api/owner/products/p9') return { product: created };
      return undefined;
    });
    renderApp(server);
    await act(async () => navigate('/config/products/new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Product type'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Tailoring' } });
    fireEvent.change(screen.getByLabelText('SKU of Default'), { target: { value: 'TAILOR' } });
    fireEvent.change(screen.getByLabelText('Price of Default'), { target: { value: '30' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(window.location.pathname).toBe('/config/products/p9'));
    expect(server.made('POST /api/owner/products')[0]!.body).toMatchObject({ productType: 3, title: 'Tailoring', variants: [{ sku: 'TAILOR', priceCents: 3000 }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tailoring' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const server = shirtServer();
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Linen Shirt II' } });
    fireEvent.click(screen.getByRole('link', { name: '← Products' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(window.location.pathname).toBe('/config/products/p1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.pathname).toBe('/config/products/p1');
    fireEvent.click(screen.getByRole('link', { name: '← Products' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(window.location.pathname).toBe('/config/products'));
  });

  it('is read-only for a viewer: no Save, the inputs disabled', async () => {
    const server = shirtServer();
    renderApp(server, ['catalog:read']);
    await act(async () => navigate('/config/products/p1'));
    expect(((await screen.findByLabelText('Title')).closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.getByText('Your role can view products but not change them.')).toBeTruthy();
    expect(screen.queryByText('Upload picture')).toBeNull();
  });

  it('archives after confirming', async () => {
    const server = shirtServer((method, url) => (method === 'POST' && url.endsWith('/archive') ? { product: { ...SHIRT, archivedAt: '2026-01-02T00:00:00Z' } } : undefined));
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Archive Linen Shirt?' })).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archived.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('offers Delete permanently only for an archived product, naming what goes; Cancel deletes nothing', async () => {
    const live = shirtServer();
    renderApp(live);
    await act(async () => navigate('/config/products/p1'));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete permanently' })).toBeNull();
    cleanup();

    const archived = { ...SHIRT, archivedAt: '2026-01-02T00:00:00Z' };
    const server = shirtServer((method, url) => {
      if (url.startsWith('/api/owner/products/p1') && method === 'GET') return { product: archived };
      if (url === '/api/owner/products/p1' && method === 'DELETE') return { deleted: true, productId: 'p1' };
      return undefined;
    });
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Linen Shirt permanently?' });
    expect(dialog.textContent).toContain(
      'This deletes the product and its 2 variants, its picture (unless another product or a page shows them), its reviews and back-in-stock sign-ups, and takes it out of shoppers’ carts. Orders placed keep their lines (title, sku and price). This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.made('DELETE /api/owner/products/p1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete permanently' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete Linen Shirt permanently?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(window.location.pathname).toBe('/config/products'));
    expect(server.made('DELETE /api/owner/products/p1')).toHaveLength(1);
  });

  it('shows the refusal of a deletion the server turns down', async () => {
    const archived = { ...SHIRT, productType: 2, archivedAt: '2026-01-02T00:00:00Z' };
    const server = shirtServer((method, url) => {
      if (url.startsWith('/api/owner/products/p1') && method === 'GET') return { product: archived };
      if (url === '/api/owner/products/p1' && method === 'DELETE') return { status: 409, body: { message: 'This product has subscriptions: it stays archived so that they keep their plan.' } };
      if (url.startsWith('/api/owner/products/p1/file')) return { file: null };
      return undefined;
    });
    renderApp(server);
    await act(async () => navigate('/config/products/p1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Linen Shirt permanently?' });
    expect(dialog.textContent).toContain('its picture (unless another product or a page shows them), its downloadable file, its reviews');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('This product has subscriptions: it stays archived so that they keep their plan.')).toBeTruthy();
    expect(window.location.pathname).toBe('/config/products/p1');
  });
});

describe('Create store on the Products screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);
  const base = '/api/content-service/product/1.1/websites/w1/products';

  it('creates the store, its category and its navigation link', async () => {
    const server = shirtServer((method, url) => {
      if (url === base) return { id: 's2' };
      if (url === `${base}/s2/categories`) return { id: 'c2' };
      if (url === '/api/widget/UpdateNavigation') return layout;
      return undefined;
    });
    renderApp(server);
    await act(async () => navigate('/config/products'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create store' }));
    fireEvent.change(screen.getByLabelText('Store title'), { target: { value: 'Summer Sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Store “Summer Sale” created and added to the main navigation.')).toBeTruthy();
    expect(server.calls.map((entry) => entry.call).filter((call) => call.startsWith('POST'))).toEqual([`POST ${base}`, `POST ${base}/s2/categories`, 'POST /api/widget/UpdateNavigation']);
  });

  it('a store manager without site:write gets the store without the navigation link, and is told so', async () => {
    const server = shirtServer((method, url) => {
      if (url === base) return { id: 's3' };
      if (url === `${base}/s3/categories`) return { id: 'c3' };
      return undefined;
    });
    renderApp(server, ['catalog:read', 'catalog:write', 'store-settings:write']);
    await act(async () => navigate('/config/products'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create store' }));
    fireEvent.change(screen.getByLabelText('Store title'), { target: { value: 'Outlet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/Store “Outlet” created\. Your role cannot change the site’s navigation/)).toBeTruthy();
    expect(server.calls.some((entry) => entry.call.includes('UpdateNavigation') || entry.call.includes('GetSiteLayout'))).toBe(false);
  });

  it('says so plainly when the server refuses the navigation step (403)', async () => {
    const server = shirtServer((method, url) => {
      if (url === base) return { id: 's4' };
      if (url === `${base}/s4/categories`) return { id: 'c4' };
      if (url.startsWith('/api/commondata/GetSiteLayout')) return { status: 403, body: { message: 'Your role does not allow this.' } };
      return undefined;
    });
    renderApp(server);
    await act(async () => navigate('/config/products'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create store' }));
    fireEvent.change(screen.getByLabelText('Store title'), { target: { value: 'Outlet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/Store “Outlet” created\. Your role cannot change the site’s navigation/)).toBeTruthy();
  });

  it('has no Create store or Add product for a viewer', async () => {
    const server = shirtServer();
    renderApp(server, ['catalog:read']);
    await act(async () => navigate('/config/products'));
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    expect(screen.queryByRole('button', { name: 'Create store' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
  });
});
