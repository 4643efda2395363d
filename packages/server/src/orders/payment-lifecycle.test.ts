// databases: both — racing payment confirmations pay an order once
import { sql } from 'kysely';
import { formatMoney } from '@vitrine/format';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { DEFAULT_MAIL_FROM, DEFAULT_PUBLIC_URL, UnsubscribeTokens } from '../mail';
import { demoProductId, openTestServer, ownerVisitor, setStock, stockOf, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, insertWebsite } from '../websites';
import { newId } from '../ids';
import type { PaidOrderContext } from './paid';
import { systemActor } from '../actor';
import { cancelOrder } from './manage';
import { failPendingOrder, markOrderPaid, PAYMENT_LIFECYCLE_NOTES } from './payment-lifecycle';
import { PaymentExpiryJob, type PendingPaymentCanceller, type PendingPaymentOutcome } from './payment-lifecycle-expiry';
import type { PaymentProvider, PaymentRequest, PaymentResult } from './payment-provider';

/** A provider whose charges stay pending (like Stripe's), and whose cancels answer what a test says. */
class PendingProvider implements PaymentProvider, PendingPaymentCanceller {
  readonly name = 'pending-provider';
  readonly testMode = true;
  readonly browserConfig = { provider: 'pending-provider', publishableKey: 'pk_pending' };
  readonly cancelled: string[] = [];
  readonly outcomes = new Map<string, PendingPaymentOutcome>();
  cancelDelayMs = 0;

  async charge(request: PaymentRequest): Promise<PaymentResult> {
    return { ok: true, status: 'pending', reference: `pp_${request.orderId}`, clientSecret: `pp_${request.orderId}_secret`, expiresAt: new Date(Date.now() + 30 * 60_000) };
  }
  async refund() {
    return { ok: false as const, message: 'not here' };
  }
  async chargeRenewal() {
    return { ok: false as const, message: 'not here' };
  }
  async cancelPendingPayment(reference: string): Promise<PendingPaymentOutcome> {
    this.cancelled.push(reference);
    if (this.cancelDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.cancelDelayMs));
    return this.outcomes.get(reference) ?? { status: 'cancelled' };
  }
}

const provider = new PendingProvider();
let server: TestServer;
let website: Website;
let paidContext: PaidOrderContext;
beforeAll(async () => {
  server = await openTestServer({ payments: provider });
  website = (await findDefaultWebsite(server.database.db))!;
  paidContext = { mail: { from: DEFAULT_MAIL_FROM, publicUrl: DEFAULT_PUBLIC_URL, unsubscribeTokens: new UnsubscribeTokens('test-secret') } };
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await setStock(db(), 'TOTE', 10);
  provider.cancelled.length = 0;
  provider.outcomes.clear();
  provider.cancelDelayMs = 0;
});

const db = () => server.database.db;

/** A pending order of `quantity` totes (a limited variant: each test starts with 10). */
async function pendingOrder(email: string, quantity = 2): Promise<{ id: string; reference: string }> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity })).statusCode).toBe(200);
  const address = { name: 'Ada Shopper', line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
  expect((await visitor.put('/api/commerce/shopping-cart/checkout', { shippingAddress: address })).statusCode).toBe(200);
  const placed = await visitor.post('/api/commerce/orders', { email });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order } = placed.json();
  return { id: order.id, reference: `pp_${order.id}` };
}

const orderRow = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (email: string) => db().selectFrom('mail_outbox').select('template').where('to_address', '=', email).execute();
const history = (id: string) => db().selectFrom('order_events').select(['kind', 'note', 'actor_label']).where('order_id', '=', id).orderBy('created_at').execute();
const expireNow = (id: string) => db().updateTable('orders').set({ payment_expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', id).execute();

describe('markOrderPaid', () => {
  it('moves a pending order to paid once: paid_at, the customer, the confirmation mail; then does nothing', async () => {
    const order = await pendingOrder('mark-paid@example.com');
    expect(await mailsTo('mark-paid@example.com')).toEqual([]);
    expect(await markOrderPaid(db(), website, { orderId: order.id, customerReference: 'cus_1' }, paidContext)).toBe('paid');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ payment_status: 'paid', payment_customer_reference: 'cus_1', status: 'placed' });
    expect(row.paid_at).toBeInstanceOf(Date);
    expect(await markOrderPaid(db(), website, { paymentReference: order.reference }, paidContext)).toBe('already-paid');
    expect(await mailsTo('mark-paid@example.com')).toEqual([{ template: 'order-confirmation' }]);
    expect((await orderRow(order.id)).payment_customer_reference).toBe('cus_1');
  });

  it('finds nothing for an unknown order, a reference of another order, or no target', async () => {
    const order = await pendingOrder('not-found@example.com');
    expect(await markOrderPaid(db(), website, { orderId: 'unknown' }, paidContext)).toBe('not-found');
    expect(await markOrderPaid(db(), website, { orderId: order.id, paymentReference: 'pp_someone_else' }, paidContext)).toBe('not-found');
    expect(await markOrderPaid(db(), website, {}, paidContext)).toBe('not-found');
    expect((await orderRow(order.id)).payment_status).toBe('pending');
  });

  it('racing twice for one order pays it once', async () => {
    const order = await pendingOrder('race-paid@example.com');
    const outcomes = await Promise.all([
      markOrderPaid(db(), website, { orderId: order.id }, paidContext),
      markOrderPaid(db(), website, { paymentReference: order.reference }, paidContext),
    ]);
    expect(outcomes.sort()).toEqual(['already-paid', 'paid']);
    expect(await mailsTo('race-paid@example.com')).toHaveLength(1);
  });
});

describe('a card order whose payment is not confirmed yet', () => {
  it('has nothing to refund: the owner sees 0 refundable and a refund is refused (409), nothing recorded', async () => {
    const order = await pendingOrder('not-yet-paid@example.com');
    const owner = await ownerVisitor(server, 'admin');
    const shown = await owner.get(`/api/owner/orders/${order.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().order.refundable).toMatchObject({ value: '0.00' });
    const refused = await owner.post(`/api/owner/orders/${order.id}/refunds`, { idempotencyKey: 'pending-refund-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This order's payment is not confirmed yet, so there is nothing to refund: cancel it instead.");
    expect((await orderRow(order.id)).refunded_cents).toBe(0);
    expect((await history(order.id)).map((event) => event.kind)).not.toContain('refunded');
  });
});

describe('failPendingOrder', () => {
  it('cancels a pending order and gives its stock back, once; a payment after that is only noted for the owner', async () => {
    const order = await pendingOrder('expired@example.com', 3);
    expect(await stockOf(db(), 'TOTE')).toBe(7);
    expect(await failPendingOrder(db(), website, order.id, 'expired')).toBe('cancelled');
    expect(await stockOf(db(), 'TOTE')).toBe(10);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    expect(row.cancelled_at).toBeInstanceOf(Date);
    expect(await failPendingOrder(db(), website, order.id, 'failed')).toBe('not-pending');
    expect(await stockOf(db(), 'TOTE')).toBe(10);

    expect(await markOrderPaid(db(), website, { orderId: order.id }, paidContext)).toBe('late');
    expect(await markOrderPaid(db(), website, { orderId: order.id }, paidContext)).toBe('late');
    expect(await history(order.id)).toEqual([
      { kind: 'cancelled', note: PAYMENT_LIFECYCLE_NOTES.expired, actor_label: 'payments' },
      { kind: 'cancelled', note: PAYMENT_LIFECYCLE_NOTES.late(formatMoney(row.grand_total_cents, 'USD', { locale: 'en-US' }), order.reference), actor_label: 'payments' },
    ]);
    expect((await orderRow(order.id)).payment_status).toBe('expired');
    expect(await mailsTo('expired@example.com')).toEqual([]);
  });

  it('leaves a paid order alone', async () => {
    const order = await pendingOrder('paid-stays@example.com');
    await markOrderPaid(db(), website, { orderId: order.id }, paidContext);
    expect(await failPendingOrder(db(), website, order.id, 'failed')).toBe('not-pending');
    expect(await orderRow(order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });
    expect(await stockOf(db(), 'TOTE')).toBe(8);
    expect(await failPendingOrder(db(), website, 'unknown', 'failed')).toBe('not-found');
  });
});

describe('an order the owner cancelled while its payment was pending', () => {
  it('keeps a late success as paid (for a refund) without the paid-order steps, and never returns its stock twice', async () => {
    const paidLate = await pendingOrder('owner-cancel-paid@example.com');
    await cancelOrder(db(), website, systemActor('owner test'), paidLate.id, {});
    expect(await stockOf(db(), 'TOTE')).toBe(10);
    expect(await markOrderPaid(db(), website, { orderId: paidLate.id, customerReference: 'cus_late' }, paidContext)).toBe('late');
    expect(await orderRow(paidLate.id)).toMatchObject({ status: 'cancelled', payment_status: 'paid', payment_customer_reference: 'cus_late' });
    expect(await markOrderPaid(db(), website, { orderId: paidLate.id }, paidContext)).toBe('already-paid');
    const row = await orderRow(paidLate.id);
    const late = PAYMENT_LIFECYCLE_NOTES.late(formatMoney(row.grand_total_cents, 'USD', { locale: 'en-US' }), paidLate.reference);
    expect(await history(paidLate.id)).toEqual([
      { kind: 'cancelled', note: '', actor_label: 'owner test' },
      { kind: 'cancelled', note: late, actor_label: 'payments' },
    ]);
    expect(await mailsTo('owner-cancel-paid@example.com')).toEqual([]);
    expect(await stockOf(db(), 'TOTE')).toBe(10);

    const expired = await pendingOrder('owner-cancel-expired@example.com');
    await cancelOrder(db(), website, systemActor('owner test'), expired.id, {});
    await expireNow(expired.id);
    const job = new PaymentExpiryJob(db(), { cancellers: { [provider.name]: provider }, paidContext, intervalMs: 0 });
    expect(await job.runOnce()).toEqual([{ orderId: expired.id, outcome: 'expired' }]);
    expect(provider.cancelled).toEqual([expired.reference]);
    expect(await orderRow(expired.id)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    expect(await stockOf(db(), 'TOTE')).toBe(10);
    expect(await job.runOnce()).toEqual([]);
  });
});

describe('PaymentExpiryJob', () => {
  const job = (options: { batchSize?: number } = {}) =>
    new PaymentExpiryJob(db(), { cancellers: { [provider.name]: provider }, paidContext, intervalMs: 0, ...options });

  it('cancels the payment with the provider and lets a pending order past its time go: stock back; orders not yet due stay', async () => {
    const due = await pendingOrder('due@example.com');
    const notDue = await pendingOrder('not-due@example.com');
    await expireNow(due.id);
    const done = await job().runOnce();
    expect(done).toEqual([{ orderId: due.id, outcome: 'expired' }]);
    expect(provider.cancelled).toEqual([due.reference]);
    expect(await orderRow(due.id)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    expect(await orderRow(notDue.id)).toMatchObject({ status: 'placed', payment_status: 'pending' });
    // The second order's two units are still held; the first one's came back.
    expect(await stockOf(db(), 'TOTE')).toBe(8);
    expect(await job().runOnce()).toEqual([]);
    await failPendingOrder(db(), website, notDue.id, 'expired');
  });

  it('marks the order paid instead when the provider says the payment succeeded at the last moment', async () => {
    const order = await pendingOrder('last-moment@example.com');
    provider.outcomes.set(order.reference, { status: 'succeeded', customerReference: 'cus_late' });
    await expireNow(order.id);
    expect(await job().runOnce()).toEqual([{ orderId: order.id, outcome: 'paid' }]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'placed', payment_status: 'paid', payment_customer_reference: 'cus_late' });
    expect(await mailsTo('last-moment@example.com')).toEqual([{ template: 'order-confirmation' }]);
    expect(await stockOf(db(), 'TOTE')).toBe(8);
  });

  it('puts off a payment the provider cannot cancel yet (processing, or unreachable), holding its stock', async () => {
    const order = await pendingOrder('processing@example.com');
    provider.outcomes.set(order.reference, { status: 'processing' });
    await expireNow(order.id);
    expect(await job().runOnce()).toEqual([{ orderId: order.id, outcome: 'postponed' }]);
    const row = await orderRow(order.id);
    expect(row.payment_status).toBe('pending');
    const delay = row.payment_expires_at!.getTime() - Date.now();
    expect(delay).toBeGreaterThan(290_000);
    expect(delay).toBeLessThanOrEqual(300_000);
    expect(await job().runOnce()).toEqual([]);
    expect(await stockOf(db(), 'TOTE')).toBe(8);
    await failPendingOrder(db(), website, order.id, 'expired');
  });

  it('two claimers at once never both take an order: it is cancelled with the provider and expired once', async () => {
    const first = await pendingOrder('claim-a@example.com', 1);
    await expireNow(first.id);
    provider.cancelDelayMs = 150;
    const [one, two] = await Promise.all([job().runOnce(), job().runOnce()]);
    expect([...one, ...two]).toEqual([{ orderId: first.id, outcome: 'expired' }]);
    expect(provider.cancelled).toEqual([first.reference]);
    expect(await stockOf(db(), 'TOTE')).toBe(10);
    expect(await history(first.id)).toHaveLength(1);
  });

  it("takes the websites in turn: one website's many expired payments do not hold back another's", async () => {
    const many = [await pendingOrder('many-1@example.com', 1), await pendingOrder('many-2@example.com', 1), await pendingOrder('many-3@example.com', 1)];
    await db().updateTable('orders').set({ payment_expires_at: sql<Date>`now() - interval '1 hour'` }).where('id', 'in', many.map((order) => order.id)).execute();
    // A second website's order, due after all of the first's (its stock given back first: it is the demo's stock).
    const otherId = newId();
    await insertWebsite(db(), {
      id: otherId, identifier: `expiry-${otherId.slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`, siteTitle: 'Other shop', currency: 'USD', locale: 'en-US',
      timeZone: 'UTC', captchaSiteKey: null, settings: {},
    });
    const other = await pendingOrder('other-site@example.com', 1);
    await cancelOrder(db(), website, systemActor('owner test'), other.id, {});
    await db().updateTable('orders').set({ website_id: otherId, payment_expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', other.id).execute();
    const first = await job({ batchSize: 2 }).runOnce();
    // Taking the most overdue first, the round would hold two of the first website's.
    expect(first.map((entry) => entry.orderId)).toContain(other.id);
    expect(first).toHaveLength(2);
    const rest = await job().runOnce();
    expect([...first, ...rest].map((entry) => entry.orderId).sort()).toEqual([...many.map((order) => order.id), other.id].sort());
    expect(await stockOf(db(), 'TOTE')).toBe(10);
  });

  it('runs in the background once started, and stops', async () => {
    const order = await pendingOrder('background@example.com', 1);
    await expireNow(order.id);
    const background = new PaymentExpiryJob(db(), { cancellers: { [provider.name]: provider }, paidContext, intervalMs: 20 });
    background.start();
    try {
      for (let waited = 0; waited < 100 && (await orderRow(order.id)).payment_status === 'pending'; waited++) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await background.stop();
    }
    expect((await orderRow(order.id)).payment_status).toBe('expired');
  });
});
