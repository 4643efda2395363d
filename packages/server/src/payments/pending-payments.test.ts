// databases: both — the last unit held by a pending payment, never sold twice
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { PaymentExpiryJob } from '../orders';
import { demoProductId, openTestServer, setStock, stockOf, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { StripePaymentProvider } from './stripe-provider';
import { loadEventPayload, loadExchange, StripeReplayServer } from './stripe-replay-server';
import { signStripePayload } from './webhook-signature';

/**
 * The last unit while payments are pending, end to end with the Stripe adapter (on the loopback replay of Stripe):
 * a unit held by a pending payment is not sold twice, and once the payment expires (the PaymentIntent cancelled at
 * Stripe) it can be bought.
 */

const SECRET = 'whsec_FixtureHook';
const SKU = 'SHIRT-M-NAVY';

let stripe: StripeReplayServer;
let provider: StripePaymentProvider;
let server: TestServer;
let website: Website;
beforeAll(async () => {
  stripe = await StripeReplayServer.start();
  stripe.respond('POST', /^\/v1\/payment_intents$/, (request) => {
    const orderId = request.form['metadata[order_id]']!;
    const body = loadExchange('create-payment-intent', { orderId }).response.body as Record<string, unknown>;
    return { status: 200, body: { ...body, id: `pi_${orderId}`, client_secret: `pi_${orderId}_secret_test`, amount: Number(request.form.amount) } };
  });
  provider = new StripePaymentProvider(
    { secretKey: 'sk_test_Fixture', publishableKey: 'pk_test_Fixture', webhookSecret: SECRET, apiBase: stripe.origin },
    { maxNetworkRetries: 0 },
  );
  server = await openTestServer({ payments: provider });
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const db = () => server.database.db;
const expiryJob = () =>
  new PaymentExpiryJob(db(), { cancellers: { stripe: provider }, paidContext: {}, intervalMs: 0 });
const expireNow = (orderId: string) =>
  db().updateTable('orders').set({ payment_expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', orderId).execute();

/** A shopper with one shirt in the cart and a US address, ready to place the order. */
async function shopperWithOneShirt(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('linen-shirt'), sku: SKU, quantity: 1 })).statusCode).toBe(200);
  const address = { name: 'Ada Shopper', line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
  expect((await visitor.put('/api/commerce/shopping-cart/checkout', { shippingAddress: address })).statusCode).toBe(200);
  return visitor;
}

describe('the last unit with pending payments', () => {
  it('is held by the first pending payment (never sold twice), and can be bought once that payment expires', async () => {
    await setStock(db(), SKU, 1);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopperWithOneShirt()));
    const answers = await Promise.all(shoppers.map((shopper, index) => shopper.post('/api/commerce/orders', { email: `racer-${index}@example.com` })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json();
    expect(winner.payment).toMatchObject({ provider: 'stripe', clientSecret: `pi_${winner.order.id}_secret_test` });
    expect(await stockOf(db(), SKU)).toBe(0);

    // Still held: a shopper who arrives later is refused too.
    const loser = shoppers[statuses.indexOf(409)]!;
    expect((await loser.post('/api/commerce/orders', { email: 'loser@example.com' })).statusCode).toBe(409);

    // The winner never confirms: past its time the job cancels the PaymentIntent at Stripe and lets the order go.
    stripe.queue(loadExchange('cancel-payment-intent', { paymentIntent: `pi_${winner.order.id}`, orderId: winner.order.id }));
    stripe.requests.length = 0;
    expect(await expiryJob().runOnce()).toEqual([]);
    await expireNow(winner.order.id);
    expect(await expiryJob().runOnce()).toEqual([{ orderId: winner.order.id, outcome: 'expired' }]);
    expect(stripe.requests.map((request) => `${request.method} ${request.path} ${request.form.cancellation_reason}`)).toEqual([
      `POST /v1/payment_intents/pi_${winner.order.id}/cancel abandoned`,
    ]);
    expect(await stockOf(db(), SKU)).toBe(1);
    const row = await db().selectFrom('orders').select(['status', 'payment_status']).where('id', '=', winner.order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', payment_status: 'expired' });

    const retried = await loser.post('/api/commerce/orders', { email: 'loser@example.com' });
    expect(retried.statusCode).toBe(201);
    expect(await stockOf(db(), SKU)).toBe(0);
  });

  it("marks the order paid when Stripe answers the cancel with 'already succeeded', and keeps the unit sold", async () => {
    await setStock(db(), SKU, 1);
    const shopper = await shopperWithOneShirt();
    const { order } = (await shopper.post('/api/commerce/orders', { email: 'just-in-time@example.com' })).json();
    stripe.queue(loadExchange('cancel-payment-intent-succeeded', { paymentIntent: `pi_${order.id}`, orderId: order.id }));
    await expireNow(order.id);
    expect(await expiryJob().runOnce()).toEqual([{ orderId: order.id, outcome: 'paid' }]);
    const row = await db().selectFrom('orders').select(['status', 'payment_status', 'payment_customer_reference']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'placed', payment_status: 'paid', payment_customer_reference: 'cus_RFixtureLate' });
    expect(await stockOf(db(), SKU)).toBe(0);

    // Stripe's own webhook for that success arrives afterwards: nothing more happens.
    const payload = loadEventPayload('payment-intent-succeeded', { eventId: `evt_after_${order.id}`, orderId: order.id, paymentIntent: `pi_${order.id}` });
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/commerce/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000)) },
    });
    expect(answer.json()).toEqual({ received: true, outcome: 'already-paid' });
  });
});
