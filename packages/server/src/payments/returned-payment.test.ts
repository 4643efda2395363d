// databases: both — a redirect payment finished once, whether the webhook or the shopper's return comes first
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, stockOf, TestVisitor, type TestServer } from '../testing';
import { StripePaymentProvider } from './stripe-provider';
import { loadEventPayload, loadExchange, StripeReplayServer } from './stripe-replay-server';
import { signStripePayload } from './webhook-signature';

/**
 * The shopper's return from a payment that left the page (Afterpay/Clearpay) to the order-confirmed page, against
 * Stripe's API replayed on loopback: the return asks Stripe how the PaymentIntent stands (never trusts its query),
 * finishes the order once, and a replayed return or one after the webhook asks and does nothing.
 */

const SECRET = 'whsec_FixtureHook';
const SKU = 'TOTE';

let stripe: StripeReplayServer;
let server: TestServer;
let eventCount = 0;

/** Every PaymentIntent created is named after its order (pi_<order id>). */
function answerCreates(): void {
  stripe.respond('POST', /^\/v1\/payment_intents$/, (request) => {
    const orderId = request.form['metadata[order_id]']!;
    const body = loadExchange('create-payment-intent', { orderId }).response.body as Record<string, unknown>;
    return { status: 200, body: { ...body, id: `pi_${orderId}`, client_secret: `pi_${orderId}_secret_test`, amount: Number(request.form.amount) } };
  });
}

beforeAll(async () => {
  stripe = await StripeReplayServer.start();
  answerCreates();
  server = await openTestServer({
    payments: new StripePaymentProvider(
      { secretKey: 'sk_test_Fixture', publishableKey: 'pk_test_FixturePublic', webhookSecret: SECRET, apiBase: stripe.origin },
      { maxNetworkRetries: 0 },
    ),
  });
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const db = () => server.database.db;

async function placePendingOrder(email: string) {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: SKU, quantity: 1 })).statusCode).toBe(200);
  const address = { name: 'Ada Shopper', line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
  const answer = await visitor.put('/api/commerce/shopping-cart/checkout', { shippingAddress: address });
  expect(answer.statusCode, answer.body).toBe(200);
  const option = answer.json().shoppingCart.shippingOptions[0];
  if (option && !answer.json().shoppingCart.selectedShippingOption) {
    expect((await visitor.put('/api/commerce/shopping-cart/checkout', { selectedShippingOptionId: option.id })).statusCode).toBe(200);
  }
  const placed = await visitor.post('/api/commerce/orders', { email });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId: string = placed.json().order.id;
  return { visitor, orderId, paymentIntent: `pi_${orderId}` };
}

/** The address Stripe sends the shopper back to, with what it adds (redirect_status is only a hint). */
const returnUrl = (orderId: string, paymentIntent: string, redirectStatus = 'succeeded') =>
  `/checkout/order-confirmed?orderId=${orderId}&payment_intent=${paymentIntent}&payment_intent_client_secret=${paymentIntent}_secret_test&redirect_status=${redirectStatus}`;

const plainUrl = (orderId: string) => `/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}`;

/** Stripe answers the next retrieve of this intent with the recorded state. */
const stripeSays = (state: string, values: { orderId: string; paymentIntent: string }) => stripe.queue(loadExchange(`retrieve-payment-intent-${state}`, values));

const retrievesOf = (paymentIntent: string) => stripe.requests.filter((request) => request.method === 'GET' && request.path === `/v1/payment_intents/${paymentIntent}`);

async function orderRow(orderId: string) {
  return db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

const confirmationMails = (email: string) =>
  db().selectFrom('mail_outbox').select('id').where('template', '=', 'order-confirmation').where('to_address', '=', email).execute();

function postEvent(name: string, values: { orderId: string; paymentIntent: string }) {
  eventCount += 1;
  const payload = loadEventPayload(name, { ...values, eventId: `evt_return_${eventCount}_${values.orderId}` });
  return server.app.inject({
    method: 'POST',
    url: '/api/commerce/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000)) },
  });
}

describe('returning from a redirect payment', () => {
  it('succeeded at Stripe: the return marks the order paid once, mails once, and sends the page to its plain address', async () => {
    const { visitor, orderId, paymentIntent } = await placePendingOrder('return-paid@example.com');
    stripeSays('afterpay-succeeded', { orderId, paymentIntent });
    const back = await visitor.visit(returnUrl(orderId, paymentIntent));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(plainUrl(orderId));
    expect(back.headers['cache-control']).toBe('no-store');
    expect(retrievesOf(paymentIntent)).toHaveLength(1);
    expect(stripe.unused).toBe(0);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ payment_status: 'paid', status: 'placed' });
    expect(row.paid_at).toBeInstanceOf(Date);
    expect(await confirmationMails('return-paid@example.com')).toHaveLength(1);
    const page = await visitor.visit(plainUrl(orderId));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your order is confirmed.');
    expect(page.body).not.toContain('payment-pending');

    // The same return again (a reload, the back button): Stripe is not asked, nothing happens twice.
    const again = await visitor.visit(returnUrl(orderId, paymentIntent));
    expect(again.statusCode).toBe(303);
    expect(retrievesOf(paymentIntent)).toHaveLength(1);
    expect(await confirmationMails('return-paid@example.com')).toHaveLength(1);
    // And Stripe's webhook after the return finds the order paid.
    const hook = await postEvent('payment-intent-succeeded', { orderId, paymentIntent });
    expect(hook.json()).toEqual({ received: true, outcome: 'already-paid' });
    expect(await confirmationMails('return-paid@example.com')).toHaveLength(1);
  });

  it('the webhook first, then the return: the return asks nothing and changes nothing', async () => {
    const { visitor, orderId, paymentIntent } = await placePendingOrder('hook-first@example.com');
    const hook = await postEvent('payment-intent-succeeded', { orderId, paymentIntent });
    expect(hook.json()).toEqual({ received: true, outcome: 'paid' });
    const paidAt = (await orderRow(orderId)).paid_at;
    const back = await visitor.visit(returnUrl(orderId, paymentIntent));
    expect(back.statusCode).toBe(303);
    expect(retrievesOf(paymentIntent)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', paid_at: paidAt });
    expect(await confirmationMails('hook-first@example.com')).toHaveLength(1);
  });

  it('the webhook and the return at the same moment: paid once, one confirmation mail', async () => {
    const { visitor, orderId, paymentIntent } = await placePendingOrder('return-race@example.com');
    stripeSays('afterpay-succeeded', { orderId, paymentIntent });
    const [back, hook] = await Promise.all([visitor.visit(returnUrl(orderId, paymentIntent)), postEvent('payment-intent-succeeded', { orderId, paymentIntent })]);
    expect(back.statusCode).toBe(303);
    expect(['paid', 'already-paid']).toContain(hook.json().outcome);
    expect((await orderRow(orderId)).payment_status).toBe('paid');
    expect(await confirmationMails('return-race@example.com')).toHaveLength(1);
    // When the webhook won, the return asked nothing: its queued answer is dropped before the next test.
    stripe.clear();
    answerCreates();
  });

  it('failed at Afterpay: the intent is cancelled at Stripe, the order cancelled and its stock put back, once', async () => {
    const before = await stockOf(db(), SKU);
    const { visitor, orderId, paymentIntent } = await placePendingOrder('return-failed@example.com');
    expect(await stockOf(db(), SKU)).toBe(before - 1);
    stripeSays('afterpay-failed', { orderId, paymentIntent });
    stripe.queue(loadExchange('cancel-payment-intent', { orderId, paymentIntent }));
    const back = await visitor.visit(returnUrl(orderId, paymentIntent, 'failed'));
    expect(back.statusCode).toBe(303);
    expect(stripe.unused).toBe(0);
    const cancel = stripe.requests.find((request) => request.path === `/v1/payment_intents/${paymentIntent}/cancel`);
    expect(cancel?.form).toEqual({ cancellation_reason: 'abandoned' });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'failed', status: 'cancelled', paid_at: null });
    expect(await stockOf(db(), SKU)).toBe(before);
    const page = await visitor.visit(plainUrl(orderId));
    expect(page.body).toContain('Your payment did not go through, so this order was cancelled.');
    expect(await confirmationMails('return-failed@example.com')).toHaveLength(0);

    // Replayed, and Stripe's canceled event after it: the stock is not put back twice.
    const requestsBefore = stripe.requests.length;
    expect((await visitor.visit(returnUrl(orderId, paymentIntent, 'failed'))).statusCode).toBe(303);
    expect(stripe.requests.length).toBe(requestsBefore);
    expect((await postEvent('payment-intent-canceled', { orderId, paymentIntent })).json()).toEqual({ received: true, outcome: 'not-pending' });
    expect(await stockOf(db(), SKU)).toBe(before);
    const cancellations = await db().selectFrom('order_events').select('note').where('order_id', '=', orderId).where('kind', '=', 'cancelled').execute();
    expect(cancellations).toEqual([{ note: 'The payment failed: the order was cancelled, its items put back in stock.' }]);
  });

  it('processing at Stripe: the order stays pending and the page shows the waiting receipt', async () => {
    const { visitor, orderId, paymentIntent } = await placePendingOrder('return-processing@example.com');
    stripeSays('processing', { orderId, paymentIntent });
    expect((await visitor.visit(returnUrl(orderId, paymentIntent, 'pending'))).statusCode).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', status: 'placed' });
    const page = await visitor.visit(plainUrl(orderId));
    expect(page.body).toContain("We're confirming your payment.");
    expect(await confirmationMails('return-processing@example.com')).toHaveLength(0);
  });

  it("a typed-in redirect_status=succeeded is not believed: Stripe's word is", async () => {
    const { visitor, orderId, paymentIntent } = await placePendingOrder('return-forged@example.com');
    stripeSays('requires-action', { orderId, paymentIntent });
    expect((await visitor.visit(returnUrl(orderId, paymentIntent, 'succeeded'))).statusCode).toBe(303);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', status: 'placed', paid_at: null });
  });

  it("a return naming another order's intent finishes nothing and asks Stripe nothing", async () => {
    const first = await placePendingOrder('return-mismatch-a@example.com');
    const second = await placePendingOrder('return-mismatch-b@example.com');
    const back = await first.visitor.visit(returnUrl(first.orderId, second.paymentIntent));
    expect(back.statusCode).toBe(303);
    expect(retrievesOf(second.paymentIntent)).toHaveLength(0);
    expect((await orderRow(first.orderId)).payment_status).toBe('pending');
    expect((await orderRow(second.orderId)).payment_status).toBe('pending');
  });
});
