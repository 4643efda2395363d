// databases: both — retried and racing webhook deliveries applied once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@vitrine/format';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers';
import { PAYMENT_LIFECYCLE_NOTES } from '../orders';
import { demoProductId, openTestServer, setStock, stockOf, TestVisitor, type TestServer } from '../testing';
import { StripePaymentProvider } from './stripe-provider';
import { loadEventPayload, loadExchange, StripeReplayServer } from './stripe-replay-server';
import { signStripePayload } from './webhook-signature';

const WEBHOOK = '/api/commerce/payments/stripe/webhook';
const ORDERS = '/api/commerce/orders';
const SECRET = 'whsec_FixtureHook';

let stripe: StripeReplayServer;
let server: TestServer;
let eventCount = 0;

/** Stripe on loopback: every PaymentIntent created is named after its order; every cancel succeeds. */
function answerLikeStripe(replay: StripeReplayServer): void {
  replay.respond('POST', /^\/v1\/payment_intents$/, (request) => {
    const orderId = request.form['metadata[order_id]']!;
    const body = loadExchange('create-payment-intent', { orderId }).response.body as Record<string, unknown>;
    return { status: 200, body: { ...body, id: `pi_${orderId}`, client_secret: `pi_${orderId}_secret_test`, amount: Number(request.form.amount) } };
  });
  replay.respond('GET', /^\/v1\/payment_intents\/(pi_[^/]+)$/, (_request, match) => {
    const body = loadExchange('create-payment-intent', { orderId: match[1]!.slice(3) }).response.body as Record<string, unknown>;
    return { status: 200, body: { ...body, id: match[1], client_secret: `${match[1]}_secret_test` } };
  });
  replay.respond('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, (_request, match) => loadExchange('cancel-payment-intent', { paymentIntent: match[1]!, orderId: '' }).response);
}

beforeAll(async () => {
  stripe = await StripeReplayServer.start();
  answerLikeStripe(stripe);
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

async function placePendingOrder(email: string, lines: Array<[slug: string, sku: string, quantity: number]> = [['canvas-tote', 'TOTE', 1]]) {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity })).statusCode).toBe(200);
  }
  await shipToTheUs(visitor);
  const placed = await visitor.post(ORDERS, { email });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, payment } = placed.json();
  return { visitor, order, payment, paymentIntent: `pi_${order.id}` };
}

/** Checkout's address and the first shipping option, as the checkout page would send them. */
async function shipToTheUs(visitor: TestVisitor): Promise<void> {
  const address = { name: 'Ada Shopper', line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
  const answer = await visitor.put('/api/commerce/shopping-cart/checkout', { shippingAddress: address });
  expect(answer.statusCode, answer.body).toBe(200);
  const option = answer.json().shoppingCart.shippingOptions[0];
  if (option && !answer.json().shoppingCart.selectedShippingOption) {
    expect((await visitor.put('/api/commerce/shopping-cart/checkout', { selectedShippingOptionId: option.id })).statusCode).toBe(200);
  }
}

/** Posts an event as Stripe does: no cookies, no crumb, the raw JSON signed now (or as told). */
function postEvent(payload: string, options: { signature?: string | null; timestamp?: number } = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = options.signature === undefined ? signStripePayload(payload, SECRET, timestamp) : options.signature;
  return server.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    remoteAddress: '54.187.174.169',
  });
}

function event(name: string, values: { orderId: string; paymentIntent: string }) {
  eventCount += 1;
  return loadEventPayload(name, { ...values, eventId: `evt_test_${eventCount}_${values.orderId}` });
}

async function orderRow(orderId: string) {
  return db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

async function confirmationMails(email: string) {
  return db().selectFrom('mail_outbox').select('id').where('template', '=', 'order-confirmation').where('to_address', '=', email).execute();
}

describe('placing an order with Stripe', () => {
  it('answers 201 with what Stripe.js needs, holds the stock, and mails nothing before the payment is confirmed', async () => {
    const before = await stockOf(db(), 'TOTE');
    stripe.requests.length = 0;
    const started = Date.now();
    const { order, payment, paymentIntent } = await placePendingOrder('pending@example.com');
    expect(payment).toEqual({ provider: 'stripe', publishableKey: 'pk_test_FixturePublic', clientSecret: `${paymentIntent}_secret_test`, expiresAt: expect.any(Number) });
    expect(payment.expiresAt).toBeGreaterThanOrEqual(started + 30 * 60_000 - 1000);
    expect(payment.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(order.testMode).toBe(true);
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers['idempotency-key']).toBe(`order:${order.id}`);
    const row = await orderRow(order.id);
    expect(request!.form).toMatchObject({
      amount: String(row.grand_total_cents - row.gift_card_total_cents),
      currency: 'usd',
      receipt_email: 'pending@example.com',
      'metadata[order_id]': order.id,
    });
    expect(row).toMatchObject({ payment_status: 'pending', payment_provider: 'stripe', payment_reference: paymentIntent, paid_at: null, status: 'placed' });
    expect(await stockOf(db(), 'TOTE')).toBe(before - 1);
    expect(await confirmationMails('pending@example.com')).toHaveLength(0);
  });

  it('answers a retried checkout (its first answer lost) with the same order and the same payment, one PaymentIntent in all', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const { cartToken } = (await visitor.post('/api/commerce/express-checkout', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 })).json();
    const address = { name: 'Ada Shopper', line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
    expect((await visitor.put('/api/commerce/shopping-cart/checkout', { cartToken, shippingAddress: address })).statusCode).toBe(200);
    stripe.requests.length = 0;
    const first = await visitor.post(ORDERS, { email: 'retry-checkout@example.com', cartToken });
    const retried = await visitor.post(ORDERS, { email: 'retry-checkout@example.com', cartToken });
    expect([first.statusCode, retried.statusCode]).toEqual([201, 201]);
    expect(retried.json().order.id).toBe(first.json().order.id);
    expect(retried.json().payment).toEqual(first.json().payment);
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/payment_intents',
      `GET /v1/payment_intents/pi_${first.json().order.id}`,
    ]);
  });
});

describe(`POST ${WEBHOOK}`, () => {
  it('marks the order paid on a signed payment_intent.succeeded, mails the confirmation once, and acts no more on the same event', async () => {
    const { order, paymentIntent } = await placePendingOrder('paid@example.com');
    const payload = event('payment-intent-succeeded', { orderId: order.id, paymentIntent });
    const answer = await postEvent(payload);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, outcome: 'paid' });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ payment_status: 'paid', payment_customer_reference: 'cus_RFixturePaid', status: 'placed' });
    expect(row.paid_at).toBeInstanceOf(Date);
    expect(await confirmationMails('paid@example.com')).toHaveLength(1);

    const replayed = await postEvent(payload);
    expect(replayed.json()).toEqual({ received: true, outcome: 'duplicate' });
    const another = await postEvent(event('payment-intent-succeeded', { orderId: order.id, paymentIntent }));
    expect(another.json()).toEqual({ received: true, outcome: 'already-paid' });
    expect(await confirmationMails('paid@example.com')).toHaveLength(1);
    const recorded = await db().selectFrom('payment_events').select(['type', 'outcome']).where('order_id', '=', order.id).orderBy('received_at').execute();
    expect(recorded).toEqual([
      { type: 'payment_intent.succeeded', outcome: 'paid' },
      { type: 'payment_intent.succeeded', outcome: 'already-paid' },
    ]);
  });

  it('acts once when the same event arrives twice at the same moment, and when two events say the same', async () => {
    const { order, paymentIntent } = await placePendingOrder('twice@example.com');
    const payload = event('payment-intent-succeeded', { orderId: order.id, paymentIntent });
    const answers = await Promise.all([postEvent(payload), postEvent(payload)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    expect(await confirmationMails('twice@example.com')).toHaveLength(1);

    const second = await placePendingOrder('two-events@example.com');
    const both = await Promise.all([
      postEvent(event('payment-intent-succeeded', { orderId: second.order.id, paymentIntent: second.paymentIntent })),
      postEvent(event('payment-intent-succeeded', { orderId: second.order.id, paymentIntent: second.paymentIntent })),
    ]);
    expect(both.map((answer) => answer.json().outcome).sort()).toEqual(['already-paid', 'paid']);
    expect(await confirmationMails('two-events@example.com')).toHaveLength(1);
  });

  it('refuses a wrong, missing or stale signature, or a signed body that is no event, with 400, and changes nothing', async () => {
    const { order, paymentIntent } = await placePendingOrder('forged@example.com');
    const payload = event('payment-intent-succeeded', { orderId: order.id, paymentIntent });
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      [await postEvent(payload, { signature: signStripePayload(payload, 'whsec_NotOurs', now) }), 'The webhook signature does not match.'],
      [await postEvent(payload.replace('"amount":12700', '"amount":1'), { signature: signStripePayload(payload, SECRET, now) }), 'The webhook signature does not match.'],
      [await postEvent(payload, { signature: null }), 'The Stripe-Signature header is missing.'],
      [await postEvent(payload, { signature: 'nonsense' }), 'The Stripe-Signature header is malformed.'],
      [await postEvent(payload, { timestamp: now - 301 }), 'The webhook signature is too old or from the future.'],
      [await postEvent('{"hello":"world"}'), 'The body is not a Stripe event.'],
    ] as const;
    for (const [answer, message] of refusals) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message });
    }
    expect((await orderRow(order.id)).payment_status).toBe('pending');
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect(await db().selectFrom('payment_events').select('event_id').where('event_id', '=', eventId).execute()).toEqual([]);
    expect(await confirmationMails('forged@example.com')).toHaveLength(0);
  });

  it('records a failed attempt and keeps the order pending (the shopper may try another card); a later success pays it', async () => {
    const { order, paymentIntent } = await placePendingOrder('retry@example.com');
    const failed = await postEvent(event('payment-intent-payment-failed', { orderId: order.id, paymentIntent }));
    expect(failed.json()).toEqual({ received: true, outcome: 'payment-failed' });
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'pending', status: 'placed' });
    const recorded = await db().selectFrom('payment_events').select(['outcome', 'note']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(recorded).toEqual({ outcome: 'payment-failed', note: 'card_declined: insufficient_funds: Your card has insufficient funds.' });
    const paid = await postEvent(event('payment-intent-succeeded', { orderId: order.id, paymentIntent }));
    expect(paid.json()).toEqual({ received: true, outcome: 'paid' });
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    expect(await confirmationMails('retry@example.com')).toHaveLength(1);
  });

  it('lets the order go on payment_intent.canceled: cancelled, stock back, the reason in its history; a success after that is only recorded', async () => {
    await setStock(db(), 'TOTE', 10);
    const before = 10;
    const { order, paymentIntent } = await placePendingOrder('cancelled@example.com', [['canvas-tote', 'TOTE', 3]]);
    expect(await stockOf(db(), 'TOTE')).toBe(before - 3);
    const cancelled = await postEvent(event('payment-intent-canceled', { orderId: order.id, paymentIntent }));
    expect(cancelled.json()).toEqual({ received: true, outcome: 'cancelled' });
    expect(await stockOf(db(), 'TOTE')).toBe(before);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(row.cancelled_at).toBeInstanceOf(Date);
    const history = () => db().selectFrom('order_events').select(['kind', 'note', 'actor_label']).where('order_id', '=', order.id).orderBy('created_at').execute();
    expect(await history()).toEqual([{ kind: 'cancelled', note: PAYMENT_LIFECYCLE_NOTES.failed, actor_label: 'payments' }]);

    // Stripe says it succeeded after all (a retried delivery, or a race): the order is not revived; the owner is told, once.
    for (let delivery = 0; delivery < 2; delivery++) {
      const late = await postEvent(event('payment-intent-succeeded', { orderId: order.id, paymentIntent }));
      expect(late.json()).toEqual({ received: true, outcome: 'late' });
    }
    expect(await history()).toEqual([
      { kind: 'cancelled', note: PAYMENT_LIFECYCLE_NOTES.failed, actor_label: 'payments' },
      { kind: 'cancelled', note: PAYMENT_LIFECYCLE_NOTES.late(formatMoney(row.grand_total_cents, 'USD', { locale: 'en-US' }), paymentIntent), actor_label: 'payments' },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await stockOf(db(), 'TOTE')).toBe(before);
    expect(await confirmationMails('cancelled@example.com')).toHaveLength(0);
  });

  it('takes an event larger than the 64 KB other calls are allowed, and refuses one over 1 MB with 413', async () => {
    const big = JSON.parse(event('charge-refunded', { orderId: 'none', paymentIntent: 'pi_none' }));
    big.data.object.description = 'x'.repeat(200_000);
    const accepted = await postEvent(JSON.stringify(big));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true, outcome: 'ignored' });
    big.data.object.description = 'x'.repeat(1024 * 1024);
    const refused = await postEvent(JSON.stringify(big));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('acknowledges and ignores other events, and intents of no order of this website', async () => {
    const ignored = await postEvent(event('charge-refunded', { orderId: 'none', paymentIntent: 'pi_none' }));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    const unknown = await postEvent(event('payment-intent-succeeded', { orderId: 'not-an-order', paymentIntent: 'pi_renewal_elsewhere' }));
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown-order' });
  });

  it('shows the confirmation page as confirming while the payment is pending, and confirmed once paid', async () => {
    const { visitor, order, paymentIntent } = await placePendingOrder('page@example.com');
    const pending = await visitor.get(`/checkout/order-confirmed?orderId=${order.id}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.body).toContain("We're confirming your payment. Your order shows as confirmed here once it's done:");
    expect(pending.body).toContain(`<a href="/checkout/order-confirmed?orderId=${order.id}">check again</a>`);
    expect(pending.body).not.toContain('Your order is confirmed.');
    expect((await visitor.get(`/checkout/order-confirmed?orderId=${order.id}&format=json`)).json().order.paymentStatus).toBe('pending');
    await postEvent(event('payment-intent-succeeded', { orderId: order.id, paymentIntent }));
    const paid = await visitor.get(`/checkout/order-confirmed?orderId=${order.id}`);
    expect(paid.body).toContain('Your order is confirmed.');
    expect(paid.body).not.toContain("We're confirming your payment.");
  });
});

describe('Stripe in the checkout page’s Content-Security-Policy', () => {
  it('lets the checkout pages load Stripe.js, its frames and its API; other pages keep the plain policy', async () => {
    const visitor = new TestVisitor(server.app);
    const checkout = await visitor.get('/checkout');
    const policy = String(checkout.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect((await visitor.get('/checkout/subscription')).headers['content-security-policy']).toBe(policy);
    expect((await visitor.get('/shop')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect((await visitor.get('/cart')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('in test mode: no Stripe sources anywhere, and the webhook answers 404', async () => {
    const testMode = await openTestServer();
    try {
      const visitor = new TestVisitor(testMode.app);
      expect((await visitor.get('/checkout')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const answer = await testMode.app.inject({ method: 'POST', url: WEBHOOK, payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Stripe payments are not configured on this server.' });
    } finally {
      await testMode.close();
    }
  });
});
