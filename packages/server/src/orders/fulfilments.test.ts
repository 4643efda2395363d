// databases: both — fulfilments with tracking, the shipped mail once, racing fulfilments and returns refunded once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULFILMENT_MESSAGES } from '@vitrine/contracts';
import { createWebsite } from '../platform';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, stockOf, TestVisitor, type TestServer } from '../testing';
import { TestModePaymentProvider, type RefundRequest, type RefundResult } from './payment-provider';

/** The payment provider's side, counted: a refund that reached it twice would be money paid back twice. */
class CountingProvider extends TestModePaymentProvider {
  refunds: RefundRequest[] = [];
  override async refund(request: RefundRequest): Promise<RefundResult> {
    this.refunds.push(request);
    return super.refund(request);
  }
}

const PLATFORM = 'vitrine.test';
const HOST = `demo.${PLATFORM}`;
const payments = new CountingProvider();
let server: TestServer;
let manager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, payments });
  manager = await ownerVisitor(server, 'storeManager', { identifier: 'demo', host: HOST });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

async function placeOrder(email: string, lines: Array<[slug: string, sku: string, quantity: number]>): Promise<{ id: string; shopper: TestVisitor }> {
  const shopper = new TestVisitor(server.app, undefined, { host: HOST });
  await shopper.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity })).statusCode).toBe(200);
  }
  const answer = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(answer.statusCode, answer.body).toBe(201);
  return { id: answer.json().order.id, shopper };
}

async function lineIdsOf(orderId: string): Promise<string[]> {
  const answer = await manager.get(`/api/owner/orders/${orderId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().order.lines.map((line: { lineId: string }) => line.lineId);
}

const mailsTo = (to: string, template: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', to).where('template', '=', template).execute();
const rowsOf = async (table: 'order_fulfilments' | 'order_returns', orderId: string) =>
  (await db().selectFrom(table).select('id').where('order_id', '=', orderId).execute()).length;

describe('fulfilments', () => {
  it('ships part of an order (partially fulfilled), then the rest (fulfilled), each with its tracking link and one shipped mail', async () => {
    const { id } = await placeOrder('parts@ship.test', [['canvas-tote', 'TOTE', 3]]);
    const [line] = await lineIdsOf(id);
    const first = await manager.post(`/api/owner/orders/${id}/fulfilments`, { lines: [{ lineId: line, quantity: 1 }], carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = first.json().order;
    expect(afterFirst.status).toBe('partially_fulfilled');
    expect(afterFirst.fulfilledAt).toBeNull();
    expect(afterFirst.lines).toEqual([{ lineId: line, sku: 'TOTE', productName: expect.any(String), quantity: 3, fulfilled: 1, returned: 0 }]);
    expect(afterFirst.fulfilments).toEqual([
      expect.objectContaining({ carrier: 'ups', carrierName: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', lines: [{ lineId: line, quantity: 1 }] }),
    ]);
    const mails = await mailsTo('parts@ship.test', 'order-shipped');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Your order #\d+ from .+ is on its way$/);
    expect(mails[0].text_body).toContain('part of your order');
    expect(mails[0].text_body).toContain('Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mails[0].html_body).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    const rest = await manager.post(`/api/owner/orders/${id}/fulfilments`, {
      lines: [{ lineId: line, quantity: 2 }],
      carrier: 'other',
      trackingNumber: 'LOCAL-7',
      trackingUrl: 'https://couriers.example.com/track?n=LOCAL-7',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const done = rest.json().order;
    expect(done.status).toBe('fulfilled');
    expect(done.fulfilledAt).toEqual(expect.any(Number));
    expect(done.fulfilments[1]).toMatchObject({ carrier: 'other', carrierName: 'Other', trackingUrl: 'https://couriers.example.com/track?n=LOCAL-7' });
    expect(done.history.map((event: { kind: string }) => event.kind)).toEqual(['partially_fulfilled', 'fulfilled']);
    expect(done.history[0].note).toBe('UPS 1Z999AA10123456784');
    const both = await mailsTo('parts@ship.test', 'order-shipped');
    expect(both).toHaveLength(2);
    expect(both.some((mail) => mail.text_body.includes('your order') && mail.text_body.includes('https://couriers.example.com/track?n=LOCAL-7'))).toBe(true);
    // Nothing is left to ship: one more is a 409.
    const again = await manager.post(`/api/owner/orders/${id}/fulfilments`, { lines: [{ lineId: line, quantity: 1 }], carrier: 'ups', trackingNumber: '1Z1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: FULFILMENT_MESSAGES.nothingLeft });
  });

  it('refuses more than is left, unknown lines and bad tracking with a 400, writing nothing', async () => {
    const { id } = await placeOrder('over@ship.test', [['canvas-tote', 'TOTE', 3]]);
    const [line] = await lineIdsOf(id);
    const post = (body: unknown) => manager.post(`/api/owner/orders/${id}/fulfilments`, body);
    const over = await post({ lines: [{ lineId: line, quantity: 4 }], carrier: 'dhl', trackingNumber: '1234567890' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Only 3 of this line are left to fulfil.', errors: { 'lines.0': 'Only 3 of this line are left to fulfil.' } });
    const unknown = await post({ lines: [{ lineId: 'no-such-line', quantity: 1 }], carrier: 'dhl', trackingNumber: '1234567890' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(FULFILMENT_MESSAGES.unknownLine);
    const noUrl = await post({ lines: [{ lineId: line, quantity: 1 }], carrier: 'other', trackingNumber: 'X' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json()).toEqual({ message: FULFILMENT_MESSAGES.trackingUrlNeeded, errors: { trackingUrl: FULFILMENT_MESSAGES.trackingUrlNeeded } });
    const scriptUrl = await post({ lines: [{ lineId: line, quantity: 1 }], carrier: 'other', trackingUrl: 'javascript:alert(1)' });
    expect(scriptUrl.statusCode).toBe(400);
    expect(scriptUrl.json().errors).toEqual({ trackingUrl: FULFILMENT_MESSAGES.trackingUrl });
    const noNumber = await post({ lines: [{ lineId: line, quantity: 1 }], carrier: 'fedex' });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe(FULFILMENT_MESSAGES.trackingNumberNeeded);
    const badCarrier = await post({ lines: [{ lineId: line, quantity: 1 }], carrier: 'pigeon', trackingNumber: '1' });
    expect(badCarrier.statusCode).toBe(400);
    expect(badCarrier.json().errors).toEqual({ carrier: FULFILMENT_MESSAGES.carrier });
    const noLines = await post({ lines: [], carrier: 'ups', trackingNumber: '1' });
    expect(noLines.statusCode).toBe(400);
    expect(await rowsOf('order_fulfilments', id)).toBe(0);
    expect(await mailsTo('over@ship.test', 'order-shipped')).toHaveLength(0);
  });

  it('of two racing fulfilments of the last unit, one wins and the other gets a 409; one parcel, one mail', async () => {
    const { id } = await placeOrder('race@ship.test', [['canvas-tote', 'TOTE', 1]]);
    const [line] = await lineIdsOf(id);
    const other = await ownerVisitor(server, 'admin', { identifier: 'demo', host: HOST });
    const body = { lines: [{ lineId: line, quantity: 1 }], carrier: 'usps', trackingNumber: '9400100000000000000000' };
    const answers = await Promise.all([manager.post(`/api/owner/orders/${id}/fulfilments`, body), other.post(`/api/owner/orders/${id}/fulfilments`, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: FULFILMENT_MESSAGES.nothingLeft });
    expect(await rowsOf('order_fulfilments', id)).toBe(1);
    expect(await mailsTo('race@ship.test', 'order-shipped')).toHaveLength(1);
  });

  it('a role that may read orders but not change them (reporting) gets a 403, and the packing slip', async () => {
    const { id } = await placeOrder('slip@ship.test', [['canvas-tote', 'TOTE', 2]]);
    const [line] = await lineIdsOf(id);
    const reporting = await ownerVisitor(server, 'reporting', { identifier: 'demo', host: HOST });
    const refused = await reporting.post(`/api/owner/orders/${id}/fulfilments`, { lines: [{ lineId: line, quantity: 1 }], carrier: 'ups', trackingNumber: '1Z1' });
    expect(refused.statusCode).toBe(403);
    const slip = await reporting.get(`/api/owner/orders/${id}/packing-slip`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(slip.body).toContain('<h1>Packing slip</h1>');
    expect(slip.body).toContain('<link rel="stylesheet" href="/assets/owner-app/packing-slip.css">');
    expect(slip.body).toMatch(/Order #\d+/);
    expect(slip.body).toContain(TEST_SHIPPING_ADDRESS.line1);
    expect(slip.body).toContain('<td>TOTE</td><td class="slip-number">2</td><td class="slip-number">0</td>');
    // No prices: it travels in the parcel.
    expect(slip.body).not.toMatch(/\$\d/);
    expect((await reporting.get('/api/owner/orders/no-such-order/packing-slip')).statusCode).toBe(404);
  });
});

describe('returns', () => {
  async function shippedOrder(email: string, quantity: number) {
    const placed = await placeOrder(email, [['canvas-tote', 'TOTE', quantity]]);
    const [line] = await lineIdsOf(placed.id);
    const shipped = await manager.post(`/api/owner/orders/${placed.id}/fulfilments`, { lines: [{ lineId: line, quantity }], carrier: 'royal-mail', trackingNumber: 'AB123456789GB', notifyShopper: false });
    expect(shipped.statusCode, shipped.body).toBe(201);
    return { ...placed, line };
  }

  it('runs requested → approved → received → refunded (with restock), each step in the history and mailed where the shopper needs it', async () => {
    const { id, shopper, line } = await shippedOrder('returns@ship.test', 2);
    const view = await shopper.get(`/api/commerce/orders/${id}/returns`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().lines).toEqual([expect.objectContaining({ lineId: line, quantity: 2, fulfilled: 2, returned: 0 })]);
    expect(view.json().reasons[0]).toEqual({ value: 'does-not-fit', label: 'It does not fit' });

    const tooMany = await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 3 }], reason: 'does-not-fit' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'At most 2 of this line can be returned.', errors: { 'lines.0': 'At most 2 of this line can be returned.' } });
    const badReason = await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'bored' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().errors).toEqual({ reason: FULFILMENT_MESSAGES.reason });

    const asked = await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'does-not-fit', note: 'Too small' });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().returns[0].id;
    expect(asked.json().returns[0]).toMatchObject({ status: 'requested', reason: 'does-not-fit', reasonLabel: 'It does not fit', note: 'Too small' });
    expect(asked.json().lines[0].returned).toBe(1);

    // Received before approval is refused; so is a refund before receipt.
    expect((await manager.post(`/api/owner/orders/${id}/returns/${returnId}/receive`, {})).json()).toEqual({ message: FULFILMENT_MESSAGES.returnIs('requested') });
    expect((await manager.post(`/api/owner/orders/${id}/returns/${returnId}/refund`, {})).statusCode).toBe(409);

    const approved = await manager.post(`/api/owner/orders/${id}/returns/${returnId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order.returns[0].status).toBe('approved');
    const approvedMail = await mailsTo('returns@ship.test', 'return-update');
    expect(approvedMail).toHaveLength(1);
    expect(approvedMail[0].subject).toMatch(/^Your return is approved \(order #\d+, .+\)$/);

    expect((await manager.post(`/api/owner/orders/${id}/returns/${returnId}/receive`, {})).statusCode).toBe(200);
    const stockBefore = await stockOf(db(), 'TOTE');
    const refundsBefore = payments.refunds.length;
    const refunded = await manager.post(`/api/owner/orders/${id}/returns/${returnId}/refund`, { restock: [line] });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const order = refunded.json().order;
    // One tote of two: $22.00 (the shipping stays paid).
    expect(order.returns[0]).toMatchObject({ status: 'refunded', refunded: { value: '22.00', currency: 'USD' }, lines: [{ lineId: line, quantity: 1, restock: true }] });
    expect(order.refundedTotal).toEqual({ value: '22.00', currency: 'USD' });
    expect(payments.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ orderId: id, amountCents: 2200, idempotencyKey: `return-${returnId}` })]);
    expect(await stockOf(db(), 'TOTE')).toBe(stockBefore + 1);
    expect(order.history.map((event: { kind: string }) => event.kind)).toEqual(['fulfilled', 'return_requested', 'return_approved', 'return_received', 'return_refunded']);
    expect(order.history[1].note).toBe('It does not fit: Too small');
    expect(await mailsTo('returns@ship.test', 'return-update')).toHaveLength(2);
  });

  it('a declined return mails its message and gives its lines back to be asked for again', async () => {
    const { id, shopper, line } = await shippedOrder('declined@ship.test', 1);
    const asked = await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'changed-mind' });
    const returnId = asked.json().returns[0].id;
    expect((await manager.post(`/api/owner/orders/${id}/returns/${returnId}/decline`, { message: '' })).statusCode).toBe(400);
    const declined = await manager.post(`/api/owner/orders/${id}/returns/${returnId}/decline`, { message: 'Opened <items> cannot be returned.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().order.returns[0]).toMatchObject({ status: 'declined', declineMessage: 'Opened <items> cannot be returned.' });
    const [mail] = await mailsTo('declined@ship.test', 'return-update');
    expect(mail.text_body).toContain('Opened <items> cannot be returned.');
    expect(mail.html_body).toContain('Opened &lt;items&gt; cannot be returned.');
    expect((await shopper.get(`/api/commerce/orders/${id}/returns`)).json().lines[0].returned).toBe(0);
    expect((await manager.post(`/api/owner/orders/${id}/returns/${returnId}/approve`, {})).statusCode).toBe(409);
  });

  it('an order not yet shipped cannot be returned', async () => {
    const { id, shopper } = await placeOrder('unshipped@ship.test', [['canvas-tote', 'TOTE', 1]]);
    const [line] = await lineIdsOf(id);
    const answer = await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'other' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: FULFILMENT_MESSAGES.notReturnable });
    expect(await rowsOf('order_returns', id)).toBe(0);
  });

  it('a double-click on refund refunds and restocks once: the second request gets a 409', async () => {
    const { id, shopper, line } = await shippedOrder('double@ship.test', 1);
    const returnId = (await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'damaged' })).json().returns[0].id;
    await manager.post(`/api/owner/orders/${id}/returns/${returnId}/approve`, {});
    await manager.post(`/api/owner/orders/${id}/returns/${returnId}/receive`, {});
    const stockBefore = await stockOf(db(), 'TOTE');
    const refundsBefore = payments.refunds.length;
    const url = `/api/owner/orders/${id}/returns/${returnId}/refund`;
    const answers = await Promise.all([manager.post(url, { restock: [line] }), manager.post(url, { restock: [line] })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: FULFILMENT_MESSAGES.returnIs('refunded') });
    expect(payments.refunds.length - refundsBefore).toBe(1);
    expect(await stockOf(db(), 'TOTE')).toBe(stockBefore + 1);
    const events = await db().selectFrom('order_events').select('kind').where('order_id', '=', id).where('kind', '=', 'return_refunded').execute();
    expect(events).toHaveLength(1);
  });
});

describe('another website', () => {
  it("cannot see or change this website's fulfilments and returns", async () => {
    const { id, shopper, line } = await (async () => {
      const placed = await placeOrder('tenant@ship.test', [['canvas-tote', 'TOTE', 1]]);
      const [lineId] = await lineIdsOf(placed.id);
      await manager.post(`/api/owner/orders/${placed.id}/fulfilments`, { lines: [{ lineId, quantity: 1 }], carrier: 'dhl', trackingNumber: '1234567890' });
      return { ...placed, line: lineId };
    })();
    const returnId = (await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'damaged' })).json().returns[0].id;
    await createWebsite(db(), { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: true });
    const otherOwner = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: `bravo.${PLATFORM}` });
    const otherShopper = new TestVisitor(server.app, undefined, { host: `bravo.${PLATFORM}` });
    expect((await otherOwner.get(`/api/owner/orders/${id}/packing-slip`)).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/owner/orders/${id}/fulfilments`, { lines: [{ lineId: line, quantity: 1 }], carrier: 'dhl', trackingNumber: '1' })).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/owner/orders/${id}/returns/${returnId}/approve`, {})).statusCode).toBe(404);
    expect((await otherShopper.get(`/api/commerce/orders/${id}/returns`)).statusCode).toBe(404);
    expect((await otherShopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'damaged' })).statusCode).toBe(404);
    const still = await db().selectFrom('order_returns').select('status').where('id', '=', returnId).executeTakeFirstOrThrow();
    expect(still.status).toBe('requested');
  });
});
