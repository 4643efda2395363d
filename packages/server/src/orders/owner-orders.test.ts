// databases: both — keyset pages of orders, and racing refunds
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ORDER_MESSAGES } from '@vitrine/contracts';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, stockOf, TestVisitor, type TestServer } from '../testing';
import { ORDER_CHANGE_MESSAGES } from './order-status';

let server: TestServer;
let manager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  manager = await ownerVisitor(server, 'storeManager');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** A shopper buys `lines` as `email`; answers the order id. */
async function placeOrder(email: string, lines: Array<[slug: string, sku: string, quantity: number]>): Promise<string> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity })).statusCode).toBe(200);
  }
  const answer = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order.id;
}

async function orderRow(id: string) {
  return db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function eventCount(id: string): Promise<number> {
  return (await db().selectFrom('order_events').select('id').where('order_id', '=', id).execute()).length;
}

describe('the order list', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // Five orders of one domain; three share a creation time, so the id breaks the tie.
    for (const name of ['ann', 'bob', 'Bea', 'carl', 'dora']) ids.push(await placeOrder(`${name}@list.test`, [['canvas-tote', 'TOTE', 1]]));
    const times = ['2026-01-05T10:00:00Z', '2026-01-06T10:00:00Z', '2026-01-06T10:00:00Z', '2026-01-06T10:00:00Z', '2026-01-07T23:30:00Z'];
    for (const [index, id] of ids.entries()) await db().updateTable('orders').set({ created_at: times[index] }).where('id', '=', id).execute();
  });

  it('pages newest first with an opaque cursor, ties broken by id, and no order twice', async () => {
    const seen: string[] = [];
    let url = '/api/owner/orders?limit=2&to=2026-01-07';
    for (let page = 0; page < 10; page++) {
      const answer = await manager.get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      expect(body.orders.length).toBeLessThanOrEqual(2);
      seen.push(...body.orders.map((order: { id: string }) => order.id));
      if (!body.nextCursor) break;
      expect(body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      url = `/api/owner/orders?limit=2&to=2026-01-07&cursor=${body.nextCursor}`;
    }
    const tied = [ids[1], ids[2], ids[3]].sort().reverse();
    expect(seen).toEqual([ids[4], ...tied, ids[0]]);
  });

  it('answers each row with its totals and status', async () => {
    const { orders } = (await manager.get(`/api/owner/orders?email=ANN@list.test`)).json();
    expect(orders).toEqual([
      {
        id: ids[0],
        // The store's first order.
        orderNumber: 1001,
        created: Date.parse('2026-01-05T10:00:00Z'),
        email: 'ann@list.test',
        status: 'placed',
        testMode: true,
        // $22.00 of goods and $6.00 of Standard shipping (to Oregon: no tax).
        grandTotal: { value: '28.00', currency: 'USD' },
        refundedTotal: { value: '0.00', currency: 'USD' },
        itemCount: 1,
      },
    ]);
  });

  it('filters by date (a bare `to` date includes that whole day), status and email, exact or prefix, in any case', async () => {
    const idsOf = async (query: string) => {
      const answer = await manager.get(`/api/owner/orders?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().orders.map((order: { id: string }) => order.id);
    };
    expect(await idsOf('from=2026-01-07&to=2026-01-07')).toEqual([ids[4]]);
    expect(await idsOf('from=2026-01-06T00:00:00Z&to=2026-01-06T23:59:59Z')).toHaveLength(3);
    expect(await idsOf('from=2026-01-05T11:00:00%2B01:00&to=2026-01-05T11:00:01%2B01:00')).toEqual([ids[0]]);
    expect(await idsOf('emailPrefix=B&to=2026-01-08')).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    expect(await idsOf('emailPrefix=b&to=2026-01-08')).toHaveLength(2);
    expect(await idsOf('email=bea@LIST.test')).toEqual([ids[2]]);
    expect(await idsOf('email=bea@list')).toEqual([]);
    // LIKE's wildcards are only themselves.
    expect(await idsOf('emailPrefix=%25')).toEqual([]);
    expect(await idsOf('emailPrefix=_nn')).toEqual([]);
    await db().updateTable('orders').set({ status: 'fulfilled' }).where('id', '=', ids[3]).execute();
    expect(await idsOf('status=fulfilled&to=2026-01-08')).toEqual([ids[3]]);
    await db().updateTable('orders').set({ status: 'placed' }).where('id', '=', ids[3]).execute();
    // By the human number, bare or as shown ('#1003'); a number of no order finds nothing.
    expect(await idsOf('number=1003')).toEqual([ids[2]]);
    expect(await idsOf('number=%231001')).toEqual([ids[0]]);
    expect(await idsOf('number=999999')).toEqual([]);
  });

  it('refuses bad filters, page sizes and cursors with a 400 naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2026-02-31', 'from', OWNER_ORDER_MESSAGES.from],
      ['to=yesterday', 'to', OWNER_ORDER_MESSAGES.to],
      ['status=lost', 'status', OWNER_ORDER_MESSAGES.status],
      ['number=10a1', 'number', OWNER_ORDER_MESSAGES.number],
      ['number=1234567890', 'number', OWNER_ORDER_MESSAGES.number],
      ['limit=0', 'limit', OWNER_ORDER_MESSAGES.limit],
      ['limit=101', 'limit', OWNER_ORDER_MESSAGES.limit],
      ['limit=ten', 'limit', OWNER_ORDER_MESSAGES.limit],
      ['cursor=not*base64', 'cursor', OWNER_ORDER_MESSAGES.cursor],
      [`cursor=${Buffer.from('{"after":"nope"}').toString('base64url')}`, 'cursor', OWNER_ORDER_MESSAGES.cursor],
      [`cursor=${Buffer.from('[1]').toString('base64url')}`, 'cursor', OWNER_ORDER_MESSAGES.cursor],
      [`email=${'a'.repeat(300)}`, 'email', OWNER_ORDER_MESSAGES.email],
      ['email=a%00b', 'email', ''],
    ];
    for (const [query, field, message] of cases) {
      const answer = await manager.get(`/api/owner/orders?${query}`);
      expect(answer.statusCode, query).toBe(400);
      if (message) expect(answer.json(), query).toEqual({ message, errors: { [field]: message } });
    }
  });
});

describe('one order', () => {
  it('shows lines, totals, email, status and history; an unknown id is a 404', async () => {
    const id = await placeOrder('detail@orders.test', [['linen-shirt', 'SHIRT-S-WHITE', 2], ['canvas-tote', 'TOTE', 1]]);
    const answer = await manager.get(`/api/owner/orders/${id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().order).toMatchObject({
      id,
      email: 'detail@orders.test',
      status: 'placed',
      testMode: true,
      items: [
        { sku: 'SHIRT-S-WHITE', productName: 'Linen Shirt', quantity: 2, unitPrice: { value: '45.00', currency: 'USD' }, kind: 'physical' },
        { sku: 'TOTE', productName: 'Canvas Tote', quantity: 1, unitPrice: { value: '22.00', currency: 'USD' }, kind: 'physical' },
      ],
      subtotal: { value: '112.00', currency: 'USD' },
      grandTotal: { value: '112.00', currency: 'USD' },
      refundedTotal: { value: '0.00', currency: 'USD' },
      refundable: { value: '112.00', currency: 'USD' },
      fulfilledAt: null,
      cancelledAt: null,
      paymentProvider: 'test',
      history: [],
    });
    const unknown = await manager.get('/api/owner/orders/no-such-order');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.notFound });
  });
});

describe('fulfilling and cancelling', () => {
  it('fulfils a placed order once; a fulfilled order cannot be cancelled', async () => {
    const id = await placeOrder('fulfil@orders.test', [['canvas-tote', 'TOTE', 1]]);
    const answer = await manager.post(`/api/owner/orders/${id}/fulfil`, { note: 'Posted 2nd class' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { order } = answer.json();
    expect(order.status).toBe('fulfilled');
    expect(order.fulfilledAt).toEqual(expect.any(Number));
    expect(order.history).toEqual([{ kind: 'fulfilled', at: expect.any(Number), amount: null, by: expect.stringMatching(/^storemanager-.*@owner\.test$/), note: 'Posted 2nd class' }]);

    const again = await manager.post(`/api/owner/orders/${id}/fulfil`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.alreadyFulfilled });
    const cancel = await manager.post(`/api/owner/orders/${id}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.fulfilledCannotBeCancelled });
    expect(await eventCount(id)).toBe(1);
    expect((await manager.post('/api/owner/orders/no-such-order/fulfil', {})).statusCode).toBe(404);
  });

  it('cancels and puts the stock back; a cancelled order cannot be fulfilled', async () => {
    const before = await stockOf(db(), 'SHIRT-S-WHITE');
    const unlimitedBefore = await stockOf(db(), 'STICKERS');
    const id = await placeOrder('cancel@orders.test', [['linen-shirt', 'SHIRT-S-WHITE', 2], ['sticker-pack', 'STICKERS', 3]]);
    expect(await stockOf(db(), 'SHIRT-S-WHITE')).toBe(before - 2);
    const answer = await manager.post(`/api/owner/orders/${id}/cancel`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Number), history: [{ kind: 'cancelled' }] });
    expect(await stockOf(db(), 'SHIRT-S-WHITE')).toBe(before);
    expect(await stockOf(db(), 'STICKERS')).toBe(unlimitedBefore);
    const fulfil = await manager.post(`/api/owner/orders/${id}/fulfil`, {});
    expect(fulfil.statusCode).toBe(409);
    expect(fulfil.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.cancelledCannotBeFulfilled });
  });

  it('two cancels at once: one wins, the other is a 409, and the stock comes back once', async () => {
    const before = await stockOf(db(), 'TOTE');
    const id = await placeOrder('race@orders.test', [['canvas-tote', 'TOTE', 3]]);
    const other = await ownerVisitor(server, 'admin');
    const answers = await Promise.all([manager.post(`/api/owner/orders/${id}/cancel`, {}), other.post(`/api/owner/orders/${id}/cancel`, {})]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.alreadyCancelled });
    expect(await stockOf(db(), 'TOTE')).toBe(before);
    expect(await eventCount(id)).toBe(1);
  });

  it('a role that may read orders but not change them (reporting) gets a 403 and changes nothing', async () => {
    const reporting = await ownerVisitor(server, 'reporting');
    const id = await placeOrder('reporting@orders.test', [['canvas-tote', 'TOTE', 1]]);
    expect((await reporting.get(`/api/owner/orders/${id}`)).statusCode).toBe(200);
    const answer = await reporting.post(`/api/owner/orders/${id}/cancel`, {});
    expect(answer.statusCode).toBe(403);
    expect((await orderRow(id)).status).toBe('placed');
  });
});

describe('refunds (test mode)', () => {
  it('refunds part, answers a repeated key with the first refund, refuses more than is left, then refunds the rest', async () => {
    const id = await placeOrder('refund@orders.test', [['canvas-tote', 'TOTE', 2]]); // 44.00 + 6.00 shipping
    const first = await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'refund-key-0001', amountCents: 1000, note: 'Scuffed' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      replayed: false,
      refund: { amount: { value: '10.00', currency: 'USD' }, idempotencyKey: 'refund-key-0001', paymentReference: 'test_refund_refund-key-0001' },
      order: { status: 'placed', refundedTotal: { value: '10.00' }, refundable: { value: '40.00' }, history: [{ kind: 'refunded', amount: { value: '10.00', currency: 'USD' }, note: 'Scuffed' }] },
    });

    // The same request again (a retry after a lost answer): nothing more is refunded.
    const replay = await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'refund-key-0001', amountCents: 1000, note: 'Scuffed' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ replayed: true, refund: { amount: { value: '10.00' } }, order: { refundedTotal: { value: '10.00' } } });
    const reused = await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'refund-key-0001', amountCents: 500 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.idempotencyKeyReused, errors: { idempotencyKey: ORDER_CHANGE_MESSAGES.idempotencyKeyReused } });

    const tooMuch = await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'refund-key-0002', amountCents: 4001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.refundTooLarge('$40.00'), errors: { amountCents: ORDER_CHANGE_MESSAGES.refundTooLarge('$40.00') } });
    expect((await orderRow(id)).refunded_cents).toBe(1000);
    expect(await eventCount(id)).toBe(1);

    const rest = await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'refund-key-0003' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ refund: { amount: { value: '40.00' } }, order: { status: 'refunded', refundedTotal: { value: '50.00' }, refundable: { value: '0.00' } } });
    const more = await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'refund-key-0004', amountCents: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.alreadyRefunded });
    expect(await eventCount(id)).toBe(2);
  });

  it('the same key sent twice at once refunds once', async () => {
    const id = await placeOrder('refund-race@orders.test', [['canvas-tote', 'TOTE', 1]]);
    const body = { idempotencyKey: 'race-key-000001', amountCents: 700 };
    const answers = await Promise.all([manager.post(`/api/owner/orders/${id}/refunds`, body), manager.post(`/api/owner/orders/${id}/refunds`, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().replayed).sort()).toEqual([false, true]);
    expect((await orderRow(id)).refunded_cents).toBe(700);
    expect(await eventCount(id)).toBe(1);
  });

  it('refuses bad refund bodies with field errors, writing nothing', async () => {
    const id = await placeOrder('refund-bad@orders.test', [['canvas-tote', 'TOTE', 1]]);
    const cases: Array<[unknown, string]> = [
      [{}, 'idempotencyKey'],
      [{ idempotencyKey: 'short' }, 'idempotencyKey'],
      [{ idempotencyKey: 'has spaces in it' }, 'idempotencyKey'],
      [{ idempotencyKey: 'good-key-1234', amountCents: 0 }, 'amountCents'],
      [{ idempotencyKey: 'good-key-1234', amountCents: 12.5 }, 'amountCents'],
      [{ idempotencyKey: 'good-key-1234', amountCents: '100' }, 'amountCents'],
      [{ idempotencyKey: 'good-key-1234', amountCents: 1e20 }, 'amountCents'],
      [{ idempotencyKey: 'good-key-1234', note: 'x'.repeat(501) }, 'note'],
      [{ idempotencyKey: 'good-key-1234', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await manager.post(`/api/owner/orders/${id}/refunds`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await orderRow(id)).refunded_cents).toBe(0);
    expect(await eventCount(id)).toBe(0);
  });
});

describe('CSV export', () => {
  it('streams the filtered orders with money as decimals, the currency named in the header row', async () => {
    const id = await placeOrder('=HYPERLINK@csv.test', [['canvas-tote', 'TOTE', 2]]);
    await placeOrder('second@csv.test', [['linen-shirt', 'SHIRT-S-WHITE', 1]]);
    await manager.post(`/api/owner/orders/${id}/refunds`, { idempotencyKey: 'csv-refund-01', amountCents: 250 });
    const answer = await manager.get('/api/owner/orders/export.csv?emailPrefix=%3D');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = answer.body.trim().split('\n');
    expect(lines[0]).toBe('Order number,Order,Created (UTC),Email,Status,Items,Subtotal (USD),Shipping (USD),Tax (USD),Total (USD),Refunded (USD),Currency,Test mode');
    expect(lines).toHaveLength(2);
    const { order_number: number } = await orderRow(id);
    expect(lines[1]).toMatch(new RegExp(`^${number},${id},\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z,'=HYPERLINK@csv\\.test,placed,2,44\\.00,6\\.00,0\\.00,50\\.00,2\\.50,USD,yes$`));
    const all = await manager.get('/api/owner/orders/export.csv?emailPrefix=s&to=2099-01-01');
    expect(all.body.trim().split('\n').slice(1).every((line) => line.includes(',s'))).toBe(true);
  });

  it('pages through more orders than one batch, each once', async () => {
    const { CSV_BATCH_SIZE } = await import('./orders-csv');
    const count = (await db().selectFrom('orders').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(count)).toBeLessThan(CSV_BATCH_SIZE);
    const answer = await manager.get('/api/owner/orders/export.csv');
    const rows = answer.body.trim().split('\n').slice(1).map((line) => line.split(',')[1]);
    expect(rows).toHaveLength(Number(count));
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('refuses a bad filter as JSON before any CSV is sent', async () => {
    const answer = await manager.get('/api/owner/orders/export.csv?from=2026-13-01');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: OWNER_ORDER_MESSAGES.from, errors: { from: OWNER_ORDER_MESSAGES.from } });
  });
});
