// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OwnerOrderJson, OwnerOrderSummaryJson, Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { ORDER_ROUTES, ORDERS_REFRESH_MS } from './orders-api';
import { amountFieldText, checkRefundAmount, lineTotal } from './orders-format';
import { dayStartIn, DEFAULT_ORDERS_STATE, exportHref, orderNumberOf, ordersQuery, rangeProblem, readOrdersState, withFilters, writeOrdersState } from './orders-state';

const usd = (value: string) => ({ value, currency: 'USD' });

const summary = (over: Partial<OwnerOrderSummaryJson> = {}): OwnerOrderSummaryJson => ({
  id: 'ord1',
  orderNumber: 1001,
  created: Date.UTC(2026, 10, 23, 14, 5),
  email: 'ann@example.com',
  status: 'placed',
  testMode: true,
  grandTotal: usd('45.00'),
  refundedTotal: usd('0.00'),
  itemCount: 1,
  ...over,
});

const detail = (over: Partial<OwnerOrderJson> = {}): OwnerOrderJson => ({
  id: 'ord1',
  orderNumber: 1001,
  created: Date.UTC(2026, 10, 23, 14, 5),
  email: 'ann@example.com',
  status: 'placed',
  testMode: true,
  items: [{ sku: 'SHIRT-S-WHITE', productName: 'Linen Shirt', quantity: 1, unitPrice: usd('45.00'), kind: 'physical', optionValues: [{ optionName: 'Size', value: 'S' }, { optionName: 'Color', value: 'White' }] }],
  subtotal: usd('45.00'),
  shippingTotal: usd('0.00'),
  taxTotal: usd('0.00'),
  grandTotal: usd('45.00'),
  refundedTotal: usd('0.00'),
  refundable: usd('45.00'),
  fulfilledAt: null,
  cancelledAt: null,
  paymentProvider: 'test',
  history: [],
  discountTotal: usd('0.00'),
  giftCardTotal: usd('0.00'),
  couponCodes: [],
  shippingOptionName: null,
  shippingAddress: null,
  billingAddress: null,
  paymentStatus: 'paid',
  paymentExpiresAt: null,
  manualPayment: null,
  lines: [{ lineId: 'line1', sku: 'SHIRT-S-WHITE', productName: 'Linen Shirt', quantity: 1, fulfilled: 0, returned: 0 }],
  fulfilments: [],
  returns: [],
  ...over,
});

function bootWith(permissions: Permission[]): OwnerAppBoot {
  return { ...BOOT, owner: { ...BOOT.owner, permissions } };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Like fakeServer, and it keeps each call's body (the refund's idempotency key). */
function recordingServer(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const result = await answer(method, input, body);
    const { status, body: answerBody } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

describe('the order filters in the address', () => {
  it('reads defaults and known values, ignoring unknown or malformed ones', () => {
    expect(readOrdersState(new URLSearchParams(''))).toEqual(DEFAULT_ORDERS_STATE);
    expect(readOrdersState(new URLSearchParams('status=fulfilled&email=Ann%40&match=exact&number=1001&from=2026-11-01&to=2026-11-23&cursor=abc_1'))).toEqual({
      status: 'fulfilled', email: 'Ann@', match: 'exact', number: '1001', from: '2026-11-01', to: '2026-11-23', cursor: 'abc_1',
    });
    expect(readOrdersState(new URLSearchParams('number=%231002')).number).toBe('1002');
    expect(readOrdersState(new URLSearchParams('status=lost&match=fuzzy&number=10a&from=2026-02-30&to=yesterday&cursor=no%20spaces'))).toEqual(DEFAULT_ORDERS_STATE);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeOrdersState(DEFAULT_ORDERS_STATE).toString()).toBe('');
    const state = { status: 'placed' as const, email: 'ann@example.com', match: 'exact' as const, number: '1001', from: '2026-11-01', to: '2026-11-23', cursor: 'c1' };
    expect(writeOrdersState(state).toString()).toBe('status=placed&email=ann%40example.com&match=exact&number=1001&from=2026-11-01&to=2026-11-23&cursor=c1');
    expect(readOrdersState(writeOrdersState(state))).toEqual(state);
    // The match alone (no email) says nothing.
    expect(writeOrdersState({ ...DEFAULT_ORDERS_STATE, match: 'exact' }).toString()).toBe('');
  });

  it('starts again at the first page on new filters; the same filters keep the page', () => {
    const paged = { ...DEFAULT_ORDERS_STATE, email: 'ann', cursor: 'c1' };
    expect(withFilters(paged, { ...paged, email: 'ann ' })).toBe(paged);
    expect(withFilters(paged, { ...paged, status: 'placed' })).toEqual({ ...paged, status: 'placed', cursor: '' });
    // The number as shown ('#1001') is kept as its digits.
    expect(withFilters(paged, { ...paged, number: ' #1001 ' })).toEqual({ ...paged, number: '1001', cursor: '' });
    expect(orderNumberOf('#1001')).toBe('1001');
    expect(orderNumberOf('1001a')).toBe('');
  });

  it('checks the range before asking', () => {
    expect(rangeProblem('', '')).toBeNull();
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe('The start date is after the end date.');
    expect(rangeProblem('11/01/2026', '')).toBe('Dates are written YYYY-MM-DD.');
  });

  it("asks for the website's days: from the first day's start to the start of the day after the last", () => {
    expect(dayStartIn('2026-11-23', 'UTC')).toBe('2026-11-23T00:00:00.000Z');
    expect(dayStartIn('2026-11-23', 'America/New_York')).toBe('2026-11-23T05:00:00.000Z');
    expect(dayStartIn('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(dayStartIn('2026-11-23', 'Asia/Tokyo')).toBe('2026-11-22T15:00:00.000Z');
    const state = { status: 'placed' as const, email: 'ann', match: 'prefix' as const, number: '', from: '2026-11-01', to: '2026-11-23', cursor: 'c1' };
    expect(ordersQuery(state, 'America/New_York')).toEqual({
      status: 'placed', emailPrefix: 'ann', from: '2026-11-01T04:00:00.000Z', to: '2026-11-24T05:00:00.000Z', cursor: 'c1',
    });
    expect(ordersQuery({ ...state, match: 'exact', from: '', to: '', cursor: '' }, 'UTC')).toEqual({ status: 'placed', email: 'ann' });
    expect(ordersQuery({ ...DEFAULT_ORDERS_STATE, number: '1001' }, 'UTC')).toEqual({ number: '1001' });
    expect(exportHref({ ...DEFAULT_ORDERS_STATE, number: '1001' }, 'UTC')).toBe('/api/owner/orders/export.csv?number=1001');
    expect(exportHref(state, 'UTC')).toBe('/api/owner/orders/export.csv?status=placed&emailPrefix=ann&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-24T00%3A00%3A00.000Z');
    expect(exportHref(DEFAULT_ORDERS_STATE, 'UTC')).toBe('/api/owner/orders/export.csv');
  });

  it('names calls the contracts have', () => {
    for (const route of Object.values(ORDER_ROUTES)) {
      expect(Object.values(ROUTE_CONTRACTS).some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    expect(ORDERS_REFRESH_MS).toBe(15_000);
  });
});

describe('the refund amount rule', () => {
  it('accepts an amount above 0 up to what is left, in the website locale, and says why not otherwise', () => {
    expect(checkRefundAmount('45.00', usd('45.00'), 'en-US')).toEqual({ ok: true, cents: 4500 });
    expect(checkRefundAmount(' $10 ', usd('45.00'), 'en-US')).toEqual({ ok: true, cents: 1000 });
    expect(checkRefundAmount('45.01', usd('45.00'), 'en-US')).toEqual({ ok: false, message: 'A refund cannot be more than what is left to refund ($45.00).' });
    expect(checkRefundAmount('0', usd('45.00'), 'en-US')).toEqual({ ok: false, message: 'A refund is more than 0.' });
    expect(checkRefundAmount('ten', usd('45.00'), 'en-US')).toEqual({ ok: false, message: 'Enter an amount, such as 12.50.' });
    expect(checkRefundAmount('1.005', usd('45.00'), 'en-US')).toEqual({ ok: false, message: 'Enter an amount, such as 12.50.' });
    expect(checkRefundAmount('10,50', { value: '20.00', currency: 'EUR' }, 'de-DE')).toEqual({ ok: true, cents: 1050 });
  });

  it('fills the field with the number alone, and multiplies line totals without floats', () => {
    expect(amountFieldText(usd('1234.50'), 'en-US')).toBe('1234.50');
    expect(amountFieldText({ value: '1234.50', currency: 'EUR' }, 'de-DE')).toBe('1234,50');
    expect(lineTotal(usd('0.10'), 3, 'en-US')).toBe('$0.30');
  });
});

describe('the Orders screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  function renderOrders(answer: (method: string, url: string, body: unknown) => unknown, permissions: Permission[] = ['orders:read', 'orders:write']) {
    const server = recordingServer(answer);
    const queryClient = createQueryClient();
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={queryClient} />);
    return { ...server, queryClient };
  }

  it('lists orders, filters through the address, opens one, fulfils it and refunds part of it (the key kept on a retry)', async () => {
    let order = detail();
    let refundAttempts = 0;
    const server = renderOrders((method, url, body) => {
      const path = url.split('?')[0];
      if (method === 'GET' && path === '/api/owner/orders') return { orders: [summary({ status: order.status, refundedTotal: order.refundedTotal })], nextCursor: 'next1' };
      if (method === 'GET' && path === '/api/owner/orders/ord1') return { order };
      if (method === 'POST' && path === '/api/owner/orders/ord1/fulfil') {
        order = { ...order, status: 'fulfilled', fulfilledAt: Date.UTC(2026, 10, 23, 15), history: [{ kind: 'fulfilled', at: Date.UTC(2026, 10, 23, 15), amount: null, by: 'owner@example.com', note: (body as { note?: string }).note ?? '' }] };
        return { order };
      }
      if (method === 'POST' && path === '/api/owner/orders/ord1/refunds') {
        refundAttempts += 1;
        if (refundAttempts === 1) throw new TypeError('Failed to fetch');
        const { idempotencyKey, amountCents } = body as { idempotencyKey: string; amountCents: number };
        order = { ...order, refundedTotal: usd('10.00'), refundable: usd('35.00'), history: [...order.history, { kind: 'refunded', at: Date.UTC(2026, 10, 23, 16), amount: usd('10.00'), by: 'owner@example.com', note: '' }] };
        return { order, refund: { amount: usd((amountCents / 100).toFixed(2)), idempotencyKey, paymentReference: `test_refund_${idempotencyKey}` }, replayed: false };
      }
      return { status: 404, body: { message: 'Sorry, that order was not found.' } };
    });
    await act(async () => navigate('/config/orders'));

    // The list: a row per order, its status in words, the test marker, money and date in the website's ways.
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    // The order is named by its number; its id stays in the address.
    const row = within(table).getByRole('row', { name: /#1001/ });
    expect(within(row).getByRole('link', { name: '#1001' }).getAttribute('href')).toBe('/config/orders/ord1');
    expect(within(row).getByText('Placed')).toBeTruthy();
    expect(within(row).getByText('Test')).toBeTruthy();
    expect(within(row).getByText('$45.00')).toBeTruthy();
    expect(within(row).getByText('Nov 23, 2026, 2:05 PM')).toBeTruthy();
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toContain('GET /api/owner/orders');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/orders/export.csv');

    // Filters go into the address and the call; the CSV link follows them.
    fireEvent.change(screen.getByLabelText('Customer email'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'placed' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Filter orders' }));
    await waitFor(() => expect(window.location.search).toBe('?status=placed&email=ann'));
    await waitFor(() => expect(server.calls.map((call) => call.url)).toContain('/api/owner/orders?status=placed&emailPrefix=ann'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/orders/export.csv?status=placed&emailPrefix=ann');
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.location.search).toBe('?status=placed&email=ann&cursor=next1'));

    // The detail.
    fireEvent.click(within(await screen.findByRole('table', { name: 'Orders, newest first' })).getByRole('link', { name: '#1001' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1001' })).toBeTruthy();
    expect(window.location.pathname).toBe('/config/orders/ord1');
    expect(screen.getByText('ord1').closest('.order-id')?.textContent).toBe('ID ord1');
    const lines = await screen.findByRole('table', { name: 'Items in this order' });
    expect(within(lines).getByRole('rowheader').textContent).toBe('Linen ShirtSize: S · Color: WhiteSKU SHIRT-S-WHITE');
    expect(within(lines).getAllByText('$45.00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /All orders/ }).getAttribute('href')).toBe('/config/orders?status=placed&email=ann&cursor=next1');

    // Fulfil with a note.
    fireEvent.change(screen.getByLabelText('Note (optional, kept in the history)'), { target: { value: 'Sent by post' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as fulfilled' }));
    expect((await screen.findByText('Order marked as fulfilled.')).getAttribute('role')).toBe('status');
    const fulfilCall = server.calls.find((call) => call.url === '/api/owner/orders/ord1/fulfil');
    expect(fulfilCall?.body).toEqual({ note: 'Sent by post' });
    expect(await screen.findByText('“Sent by post”')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull());
    expect(within(screen.getByRole('heading', { level: 1 }).closest('.screen-header') as HTMLElement).getByText('Fulfilled')).toBeTruthy();

    // Refund $10: the amount starts at what is left; the first try gets no answer, the retry sends the same key.
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText('Amount (USD)') as HTMLInputElement;
    expect(amount.value).toBe('45.00');
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund $10.00?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $10.00' }));
    expect(await screen.findByText('Network error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Refund $10.00?' })).getByRole('button', { name: 'Refund $10.00' }));
    expect(await screen.findByText('Refunded $10.00.')).toBeTruthy();
    const refunds = server.calls.filter((call) => call.url === '/api/owner/orders/ord1/refunds');
    expect(refunds).toHaveLength(2);
    const keys = refunds.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(refunds[1]!.body).toMatchObject({ amountCents: 1000 });
    await waitFor(() => expect(screen.getByText('Left to refund')).toBeTruthy());
    expect(screen.getByText('−$10.00')).toBeTruthy();

    // A new refund is a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('35.00');
  }, 15_000);

  it('fulfils part of an order with a carrier and tracking number, lists the shipment with its link, and approves a return', async () => {
    let order = detail({ lines: [{ lineId: 'line1', sku: 'SHIRT-S-WHITE', productName: 'Linen Shirt', quantity: 2, fulfilled: 0, returned: 0 }] });
    const server = renderOrders((method, url, body) => {
      const path = url.split('?')[0];
      if (method === 'GET' && path === '/api/owner/orders/ord1') return { order };
      if (method === 'POST' && path === '/api/owner/orders/ord1/fulfilments') {
        const { lines } = body as { lines: Array<{ lineId: string; quantity: number }> };
        order = {
          ...order,
          status: 'partially_fulfilled',
          lines: [{ ...order.lines[0], fulfilled: lines[0].quantity }],
          fulfilments: [{ id: 'f1', carrier: 'dhl', carrierName: 'DHL', trackingNumber: '1234567890', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890', created: Date.UTC(2026, 10, 23, 15), by: 'owner@example.com', lines }],
          returns: [{ id: 'r1', status: 'requested', reason: 'does-not-fit', reasonLabel: 'It does not fit', note: 'Too small', declineMessage: '', refunded: usd('0.00'), created: Date.UTC(2026, 10, 24), lines: [{ lineId: 'line1', quantity: 1, restock: false }] }],
        };
        return { status: 201, body: { order } };
      }
      if (method === 'POST' && path === '/api/owner/orders/ord1/returns/r1/approve') {
        order = { ...order, returns: [{ ...order.returns[0], status: 'approved' }] };
        return { order };
      }
      return { status: 404, body: { message: 'Sorry, that order was not found.' } };
    });
    await act(async () => navigate('/config/orders/ord1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Packing slip/ }).getAttribute('href')).toBe('/api/owner/orders/ord1/packing-slip');

    const open = screen.getByRole('button', { name: 'Fulfil' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const quantity = screen.getByLabelText('Quantity of Linen Shirt to ship (2 left)');
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    fireEvent.change(quantity, { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: 'dhl' } });
    fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ship these items' }));
    expect((await screen.findByText('Shipped. The shopper gets the shipped mail.')).getAttribute('role')).toBe('status');
    expect(server.calls.find((call) => call.url === '/api/owner/orders/ord1/fulfilments')?.body).toEqual({
      lines: [{ lineId: 'line1', quantity: 1 }], carrier: 'dhl', trackingNumber: '1234567890', notifyShopper: true,
    });
    const track = await screen.findByRole('link', { name: 'Track DHL 1234567890' });
    expect(track.getAttribute('href')).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890');

    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByText(/It does not fit/)).toBeTruthy();
    fireEvent.click(within(returns).getByRole('button', { name: 'Approve' }));
    expect(await within(returns).findByText('Return updated.')).toBeTruthy();
    expect(await within(returns).findByRole('button', { name: 'Mark received' })).toBeTruthy();
  });

  it('refuses a refund above what is left without calling', async () => {
    const server = renderOrders((method, url) => (url.startsWith('/api/owner/orders/ord1') ? { order: detail({ status: 'fulfilled', refundedTotal: usd('40.00'), refundable: usd('5.00') }) } : { orders: [], nextCursor: null }));
    await act(async () => navigate('/config/orders/ord1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText('Amount (USD)') as HTMLInputElement;
    expect(amount.value).toBe('5.00');
    fireEvent.change(amount, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(await screen.findByText('A refund cannot be more than what is left to refund ($5.00).')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's 409 refusal in place after a confirmed cancel", async () => {
    const server = renderOrders((method, url) => {
      if (method === 'POST') return { status: 409, body: { message: 'A fulfilled order cannot be cancelled. Refund it instead.' } };
      return url.startsWith('/api/owner/orders/ord1') ? { order: detail() } : { orders: [], nextCursor: null };
    });
    await act(async () => navigate('/config/orders/ord1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(/Its items go back in stock/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A fulfilled order cannot be cancelled. Refund it instead.'));
    expect(server.calls.filter((call) => call.url === '/api/owner/orders/ord1/cancel')).toHaveLength(1);
  });

  it('marks a bank transfer order paid once confirmed, showing the instructions and until when its items are held', async () => {
    const awaiting = detail({
      paymentStatus: 'pending',
      paymentProvider: 'manual',
      // As the server answers an order not yet paid: nothing to refund, so no Refund button.
      refundable: usd('0.00'),
      testMode: false,
      paymentExpiresAt: Date.UTC(2026, 10, 30, 14, 5),
      manualPayment: { label: 'Bank transfer', instructions: 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number' },
    });
    let current = awaiting;
    const server = renderOrders((method, url) => {
      if (method === 'POST' && url === '/api/owner/orders/ord1/mark-paid') {
        current = { ...awaiting, paymentStatus: 'paid', refundable: usd('45.00'), paymentExpiresAt: null, history: [{ kind: 'paid', at: Date.UTC(2026, 10, 24, 9, 0), amount: null, by: 'owner@example.com', note: 'Marked as paid (Bank transfer).' }] };
        return { order: current };
      }
      return url.startsWith('/api/owner/orders/ord1') ? { order: current } : { orders: [], nextCursor: null };
    });
    await act(async () => navigate('/config/orders/ord1'));
    expect((await screen.findByText(/^Awaiting payment by Bank transfer: its items are held until /)).textContent).toMatch(/then the order is cancelled unless you mark it paid\.$/);
    expect(screen.getByText(/IBAN DE89 3704 0044 0532 0130 00/).textContent).toBe('IBAN DE89 3704 0044 0532 0130 00\nReference: your order number');
    expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this order as paid?' });
    expect(within(dialog).getByText('Only once the money has arrived by Bank transfer. Downloads and gift cards are delivered and the customer gets the confirmation email.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe('Order marked as paid. The customer has been emailed.'));
    expect(server.calls.filter((call) => call.url === '/api/owner/orders/ord1/mark-paid')).toEqual([{ method: 'POST', url: '/api/owner/orders/ord1/mark-paid', body: {} }]);
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mark as fulfilled' })).toBeTruthy();
  });

  it('asks nothing when the cancel is not confirmed', async () => {
    const server = renderOrders((_method, url) => (url.startsWith('/api/owner/orders/ord1') ? { order: detail() } : { orders: [], nextCursor: null }));
    await act(async () => navigate('/config/orders/ord1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a role without orders:write the order and no action', async () => {
    renderOrders((_method, url) => (url.startsWith('/api/owner/orders/ord1') ? { order: detail() } : { orders: [], nextCursor: null }), ['orders:read', 'reports:read']);
    await act(async () => navigate('/config/orders/ord1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1001' })).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    for (const name of ['Mark as fulfilled', 'Cancel order', 'Refund']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Actions' })).toBeNull();
  });

  it('shows the checkout: discount with its code, shipping with its option, gift card, addresses and a pending payment', async () => {
    const address = { name: 'Ada Lovelace', line1: '1 Market St', line2: null, city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US', phone: null };
    const order = detail({
      subtotal: usd('45.00'), discountTotal: usd('4.50'), couponCodes: ['WELCOME10'], shippingTotal: usd('6.00'), shippingOptionName: 'Standard',
      taxTotal: usd('2.94'), grandTotal: usd('49.44'), giftCardTotal: usd('20.00'), shippingAddress: address, billingAddress: { ...address, name: 'Bill Payer' },
      paymentStatus: 'pending',
    });
    renderOrders((_method, url) => (url.startsWith('/api/owner/orders/ord1') ? { order } : { orders: [], nextCursor: null }), ['orders:read']);
    await act(async () => navigate('/config/orders/ord1'));
    await screen.findByRole('heading', { level: 1, name: 'Order #1001' });
    const list = screen.getByLabelText('Totals');
    expect(list.textContent).toContain('Discount (WELCOME10)−$4.50');
    expect(list.textContent).toContain('Shipping (Standard)$6.00');
    expect(list.textContent).toContain('Paid by gift card$20.00');
    expect(screen.getByRole('heading', { name: 'Shipping address' })).toBeTruthy();
    // Shipping and billing (another name, the same place).
    expect(screen.getAllByText('San Francisco, CA 94105')).toHaveLength(2);
    expect(screen.getAllByText('United States')).toHaveLength(2);
    expect(screen.getByText('Bill Payer')).toBeTruthy();
    // The line names the options chosen.
    expect(screen.getByText('Size: S · Color: White')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Payment pending');
  });

  it('tells a role without orders:read so, without calling', async () => {
    const server = renderOrders(() => ({ orders: [], nextCursor: null }), ['catalog:read']);
    await act(async () => navigate('/config/orders'));
    expect(await screen.findByRole('heading', { name: 'Your role does not include orders' })).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('says when new orders arrived since the list was opened', async () => {
    let orders = [summary()];
    const { queryClient } = renderOrders(() => ({ orders, nextCursor: null }));
    await act(async () => navigate('/config/orders'));
    await screen.findByRole('link', { name: '#1001' });
    expect(screen.queryByText(/new order/)).toBeNull();
    orders = [summary({ id: 'ord2', orderNumber: 1002, created: Date.UTC(2026, 10, 23, 15), email: 'bo@example.com' }), ...orders];
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['orders'] });
    });
    expect(await screen.findByText('1 new order since this list was opened.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '#1002' })).toBeTruthy();
  });

  it('says when no order matches the filters, and a refused range without calling', async () => {
    const server = renderOrders(() => ({ orders: [], nextCursor: null }));
    await act(async () => navigate('/config/orders?status=refunded'));
    expect(await screen.findByRole('heading', { name: 'No orders match these filters' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    const before = server.calls.length;
    fireEvent.submit(screen.getByRole('search', { name: 'Filter orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The start date is after the end date.');
    expect(server.calls.length).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
  });

  it('finds an order by its number, as shown (#1001) or bare, and refuses what is not one without calling', async () => {
    const server = renderOrders(() => ({ orders: [summary()], nextCursor: null }));
    await act(async () => navigate('/config/orders'));
    await screen.findByRole('link', { name: '#1001' });
    const number = screen.getByLabelText('Order number');
    fireEvent.change(number, { target: { value: 'ten' } });
    const before = server.calls.length;
    fireEvent.submit(screen.getByRole('search', { name: 'Filter orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an order number, such as 1001.');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.length).toBe(before);
    fireEvent.change(number, { target: { value: '#1001' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Filter orders' }));
    await waitFor(() => expect(window.location.search).toBe('?number=1001'));
    await waitFor(() => expect(server.calls.map((call) => call.url)).toContain('/api/owner/orders?number=1001'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/orders/export.csv?number=1001');
  });

  it("says 'Unable to load results' with 'Network error' when no answer comes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    render(<App client={server.client} boot={bootWith(['orders:read'])} queryClient={createQueryClient()} />);
    await act(async () => navigate('/config/orders'));
    expect(await screen.findByRole('heading', { name: 'Unable to load results' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
  }, 15_000);

  it("says an unknown order was not found", async () => {
    renderOrders(() => ({ status: 404, body: { message: 'Sorry, that order was not found.' } }));
    await act(async () => navigate('/config/orders/nope'));
    expect(await screen.findByRole('heading', { name: 'Sorry, that order was not found.' })).toBeTruthy();
  });
});
