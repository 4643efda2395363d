// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import type { OwnerAppBoot } from '../../boot';
import { RESTOCK_ROUTES, type RestockGroup } from './restock-api';
import { rowsInPlace, type RowResult } from './RestockScreen';

const STILL_SOLD_OUT = 'This variant is still sold out: notices go out once it is back in stock.';

const shirt: RestockGroup = { productId: 'p1', variantId: 'v1', productTitle: 'Linen Shirt', sku: 'SHIRT-M-NAVY', variantLabel: 'M / Navy', count: 3, inStock: true };
const lamp: RestockGroup = { productId: 'p2', variantId: 'v2', productTitle: 'Vintage Lamp', sku: 'LAMP', variantLabel: '', count: 2, inStock: false };

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const MANAGER = bootWith(['orders:read', 'orders:write', 'mail:read']);

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = MANAGER) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

const rowOf = (name: string) => screen.getByRole('link', { name: `Sign-ups for ${name}` }).closest('tr') as HTMLElement;

describe('the restock calls', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(RESTOCK_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });
});

describe('rows kept in place', () => {
  const scarf: RestockGroup = { ...lamp, productId: 'p3', variantId: 'v3', productTitle: 'Wool Scarf' };
  const sent = (group: RestockGroup, before: string | null | undefined): RowResult => ({ group, kind: 'sent', text: 'Notified 1', before });
  it('puts a group the list dropped back after the row it followed, with 0 waiting', () => {
    const titles = (rows: RestockGroup[]) => rows.map((row) => `${row.productTitle}:${row.count}`);
    expect(titles(rowsInPlace([shirt, scarf], new Map([['p2/v2', sent(lamp, 'p1/v1')]])))).toEqual(['Linen Shirt:3', 'Vintage Lamp:0', 'Wool Scarf:2']);
    expect(titles(rowsInPlace([lamp], new Map([['p1/v1', sent(shirt, null)]])))).toEqual(['Linen Shirt:0', 'Vintage Lamp:2']);
    expect(titles(rowsInPlace([lamp], new Map([['p1/v1', sent(shirt, 'p9/v9')]])))).toEqual(['Vintage Lamp:2', 'Linen Shirt:0']);
    expect(titles(rowsInPlace([shirt, lamp], new Map([['p1/v1', sent(shirt, null)]])))).toEqual(['Linen Shirt:3', 'Vintage Lamp:2']);
  });
});

describe('the Restock screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists the groups with their count and stock, and pages by the cursor in the address', async () => {
    const server = renderApp((_method, url) =>
      url.includes('cursor=c2')
        ? { signUpGroups: [{ ...shirt, productId: 'p9', variantId: 'v9', productTitle: 'Wool Scarf', variantLabel: '', sku: 'SCARF' }], hasNextPage: false, nextPageCursor: null }
        : { signUpGroups: [shirt, lamp], hasNextPage: true, nextPageCursor: 'c2' },
    );
    await act(async () => navigate('/config/restock'));
    const table = await screen.findByRole('table', { name: 'Variants with shoppers waiting' });
    const shirtRow = rowOf('Linen Shirt M / Navy');
    expect(within(shirtRow).getByText('SHIRT-M-NAVY')).toBeTruthy();
    expect(within(shirtRow).getByText('3')).toBeTruthy();
    expect(within(shirtRow).getByText('In stock')).toBeTruthy();
    expect(within(rowOf('Vintage Lamp')).getByText('Sold out')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(server.calls).toContain('GET /api/site-users/account/notifications/restock/groups');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.location.search).toBe('?cursor=c2'));
    expect(await screen.findByRole('link', { name: 'Sign-ups for Wool Scarf' })).toBeTruthy();
    expect(server.calls).toContain('GET /api/site-users/account/notifications/restock/groups?cursor=c2');
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('sends to the selected groups after the confirm step saying how many people, and shows each result on its row', async () => {
    let sent = false;
    const server = renderApp((method, url) => {
      if (method === 'POST' && url.endsWith('/send/all')) {
        sent = true;
        return { results: [{ productId: 'p1', variantId: 'v1', notified: 3 }, { productId: 'p2', variantId: 'v2', notified: 0, message: STILL_SOLD_OUT }] };
      }
      // Once sent, the shirt's people are all notified: its group leaves the list.
      return { signUpGroups: sent ? [lamp] : [shirt, lamp], hasNextPage: false, nextPageCursor: null };
    });
    await act(async () => navigate('/config/restock'));
    await screen.findByRole('table', { name: 'Variants with shoppers waiting' });
    const sendSelected = screen.getByRole('button', { name: 'Send to all selected' }) as HTMLButtonElement;
    expect(sendSelected.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Linen Shirt M / Navy' }));
    expect(screen.getByText('1 variant selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Vintage Lamp' }));
    expect((screen.getByRole('checkbox', { name: 'Select every variant on this page' }) as HTMLInputElement).checked).toBe(true);
    expect(sendSelected.disabled).toBe(false);

    // Cancel sends nothing.
    fireEvent.click(sendSelected);
    let dialog = await screen.findByRole('alertdialog', { name: 'Send restock notices to 5 people?' });
    expect(dialog.textContent).toContain('5 people waiting for 2 variants will be mailed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(sendSelected);
    dialog = await screen.findByRole('alertdialog', { name: 'Send restock notices to 5 people?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send notices' }));
    expect(await screen.findByText('Notified 3')).toBeTruthy();
    expect(server.calls).toContain('POST /api/site-users/account/notifications/restock/send/all');
    expect(screen.getByRole('alert').textContent).toBe('Notified 3 people; 1 variant refused.');
    // The lamp's refusal on its row; the shirt's row stays (0 waiting) with its result, without a Send button.
    expect(within(rowOf('Vintage Lamp')).getByText(STILL_SOLD_OUT)).toBeTruthy();
    await waitFor(() => expect(server.calls.filter((call) => call.startsWith('GET /api/site-users/account/notifications/restock/groups')).length).toBe(2));
    const shirtRow = rowOf('Linen Shirt M / Navy');
    expect(within(shirtRow).getByText('Notified 3')).toBeTruthy();
    expect(within(shirtRow).getByText('0')).toBeTruthy();
    expect(within(shirtRow).queryByRole('button')).toBeNull();
    expect(within(shirtRow).queryByRole('checkbox')).toBeNull();
    // In its place: still the first row.
    const bodyRows = within(screen.getByRole('table', { name: 'Variants with shoppers waiting' })).getAllByRole('row').slice(1);
    expect(bodyRows[0]).toBe(shirtRow);
    expect(screen.getByText('No variant selected')).toBeTruthy();
  });

  it("sends one row after confirming, and shows the server's 409 on that row", async () => {
    const server = renderApp((method) =>
      method === 'POST' ? { status: 409, body: { message: STILL_SOLD_OUT } } : { signUpGroups: [shirt, lamp], hasNextPage: false, nextPageCursor: null },
    );
    await act(async () => navigate('/config/restock'));
    fireEvent.click(await screen.findByRole('button', { name: 'Send notices for Vintage Lamp' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send restock notices?' });
    expect(dialog.textContent).toContain('2 people waiting for Vintage Lamp will be mailed that it is back in stock.');
    expect(dialog.textContent).toContain('still sold out');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send notices' }));
    expect(await within(rowOf('Vintage Lamp')).findByText(STILL_SOLD_OUT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(`Vintage Lamp: ${STILL_SOLD_OUT}`);
    expect(server.calls).toContain('POST /api/site-users/account/notifications/restock/send');
  });

  it('one row sent says "Notified 3" in a status', async () => {
    renderApp((method) =>
      method === 'POST' ? { productId: 'p1', variantId: 'v1', notified: 3 } : { signUpGroups: [shirt], hasNextPage: false, nextPageCursor: null },
    );
    await act(async () => navigate('/config/restock'));
    fireEvent.click(await screen.findByRole('button', { name: 'Send notices for Linen Shirt M / Navy' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send notices' }));
    expect(await screen.findByText('Notified 3')).toBeTruthy();
    expect(screen.getByText('Linen Shirt M / Navy: Notified 3 people.')).toBeTruthy();
  });

  it('hides selection and sending from a role without orders:write', async () => {
    renderApp(() => ({ signUpGroups: [shirt, lamp], hasNextPage: false, nextPageCursor: null }), bootWith(['orders:read']));
    await act(async () => navigate('/config/restock'));
    await screen.findByRole('table', { name: 'Variants with shoppers waiting' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
  });

  it('says when nobody waits, and when the groups cannot be read', async () => {
    renderApp(() => ({ signUpGroups: [], hasNextPage: false, nextPageCursor: null }));
    await act(async () => navigate('/config/restock'));
    expect(await screen.findByRole('heading', { name: 'Nobody is waiting for a restock notice.' })).toBeTruthy();
    cleanup();
    renderApp(() => ({ status: 403, body: { message: 'Your role does not allow this.' } }));
    await act(async () => navigate('/config/restock'));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unable to load results' })).toBeTruthy();
  });

  it("lists one variant's sign-ups (email, mailing list, date) with paging", async () => {
    const server = renderApp((_method, url) =>
      url.includes('cursor=n2')
        ? { signUps: [{ id: 's3', email: 'lena@example.net', isJoinMailingList: false, createdAt: '2026-11-20T10:00:00.000Z' }], hasNextPage: false, nextPageCursor: null }
        : {
            signUps: [
              { id: 's1', email: 'ava@example.com', isJoinMailingList: true, createdAt: '2026-11-18T09:30:00.000Z' },
              { id: 's2', email: 'sam@example.com', isJoinMailingList: false, createdAt: '2026-11-19T12:00:00.000Z' },
            ],
            hasNextPage: true,
            nextPageCursor: 'n2',
          },
    );
    await act(async () => navigate('/config/restock/p1/v1?name=Linen%20Shirt%20M%20%2F%20Navy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-ups for Linen Shirt M / Navy' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Shoppers waiting for Linen Shirt M / Navy, oldest first' });
    const ava = within(table).getByRole('rowheader', { name: 'ava@example.com' }).closest('tr') as HTMLElement;
    expect(within(ava).getByText('Yes')).toBeTruthy();
    expect(within(ava).getByText('Nov 18, 2026, 9:30 AM')).toBeTruthy();
    expect(server.calls).toContain('GET /api/site-users/account/notifications/restock?productId=p1&variantId=v1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'lena@example.net' })).toBeTruthy();
    expect(server.calls).toContain('GET /api/site-users/account/notifications/restock?productId=p1&variantId=v1&cursor=n2');
    expect(screen.getByRole('link', { name: 'All restock sign-ups' }).getAttribute('href')).toBe('/config/restock');
  });
});
