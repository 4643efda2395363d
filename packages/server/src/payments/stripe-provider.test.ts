import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_DECLINED_MESSAGE } from '../orders';
import { StripePaymentProvider, STRIPE_MESSAGES } from './stripe-provider';
import { stripeSettingsFromEnv } from './stripe-settings';
import { loadExchange, StripeReplayServer, type RecordedRequest, type StripeExchange } from './stripe-replay-server';

const SECRET_KEY = 'sk_test_FixtureSecret123';
const NOW = new Date('2026-11-24T01:00:00.000Z');

let stripe: StripeReplayServer;
let provider: StripePaymentProvider;
beforeAll(async () => {
  stripe = await StripeReplayServer.start();
  provider = new StripePaymentProvider(
    { secretKey: SECRET_KEY, publishableKey: 'pk_test_FixturePublic456', webhookSecret: 'whsec_FixtureHook', apiBase: stripe.origin },
    { maxNetworkRetries: 0, now: () => NOW },
  );
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => {
  stripe.clear();
});

/** The request matches the recorded one: method, path, the whole form and query, the key, the secret key. */
function expectSent(request: RecordedRequest | undefined, exchange: StripeExchange): void {
  expect(request).toBeDefined();
  expect({ method: request!.method, path: request!.path }).toEqual({ method: exchange.request.method, path: exchange.request.path });
  if (exchange.request.form) expect(request!.form).toEqual(exchange.request.form);
  if (exchange.request.query) expect(request!.query).toEqual(exchange.request.query);
  expect(request!.headers['idempotency-key']).toBe(exchange.request.idempotencyKey);
  expect(request!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
}

describe('StripePaymentProvider.charge', () => {
  it('creates a PaymentIntent with the order id as metadata and its idempotency key, and answers pending with the client secret', async () => {
    const exchange = loadExchange('create-payment-intent', { orderId: 'ord_1' });
    stripe.queue(exchange);
    const result = await provider.charge({ orderId: 'ord_1', amountCents: 12700, currency: 'USD', email: 'shopper@example.com', idempotencyKey: 'order:ord_1' });
    expect(result).toEqual({
      ok: true,
      status: 'pending',
      reference: 'pi_3QxFixture0001',
      clientSecret: 'pi_3QxFixture0001_secret_Zm9yLXRlc3Rz',
      expiresAt: new Date('2026-11-24T01:30:00.000Z'),
    });
    expect(stripe.requests).toHaveLength(1);
    expectSent(stripe.requests[0], exchange);
    expect(stripe.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('for renewals, makes a customer when the email has none and asks to keep the method off-session', async () => {
    const list = loadExchange('list-customers-none');
    const customer = loadExchange('create-customer', { orderId: 'ord_2' });
    const intent = loadExchange('create-payment-intent-saved', { orderId: 'ord_2', customer: 'cus_RFixtureNew' });
    stripe.queue(list, customer, intent);
    const result = await provider.charge({
      orderId: 'ord_2', amountCents: 1500, currency: 'usd', email: 'subscriber@example.com', idempotencyKey: 'order:ord_2', saveForRenewals: true,
    });
    expect(result).toMatchObject({ ok: true, status: 'pending', reference: 'pi_3QxFixture0002', clientSecret: 'pi_3QxFixture0002_secret_c2F2ZWQ' });
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/customers', 'POST /v1/customers', 'POST /v1/payment_intents']);
    expect(stripe.requests[0]!.query).toEqual(list.request.query);
    expectSent(stripe.requests[1], customer);
    expectSent(stripe.requests[2], intent);
  });

  it('for renewals, reuses the customer Stripe already has for the email', async () => {
    stripe.queue(loadExchange('list-customers-one'), loadExchange('create-payment-intent-saved', { orderId: 'ord_3', customer: 'cus_RFixtureKnown' }));
    const result = await provider.charge({
      orderId: 'ord_3', amountCents: 1500, currency: 'USD', email: 'subscriber@example.com', idempotencyKey: 'order:ord_3', saveForRenewals: true,
    });
    expect(result).toMatchObject({ ok: true, status: 'pending' });
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/customers', 'POST /v1/payment_intents']);
    expect(stripe.requests[1]!.form).toMatchObject({ customer: 'cus_RFixtureKnown', setup_future_usage: 'off_session' });
  });

  it("answers a shopper's sentence when Stripe refuses: the store's for a decline, Stripe's for other card errors, a neutral one otherwise", async () => {
    const charge = () => provider.charge({ orderId: 'ord_4', amountCents: 12700, currency: 'USD', email: 'shopper@example.com', idempotencyKey: 'order:ord_4' });
    stripe.queue(loadExchange('card-declined'));
    expect(await charge()).toEqual({ ok: false, message: PAYMENT_DECLINED_MESSAGE });
    stripe.queue(loadExchange('card-expired'));
    expect(await charge()).toEqual({ ok: false, message: 'Your card has expired.' });
    stripe.queue(loadExchange('invalid-api-key'));
    expect(await charge()).toEqual({ ok: false, message: 'The payment could not be started. Please try again in a moment.' });
    expect(stripe.unused).toBe(0);
  });

  it('sends the same idempotency key again when it retries after a server error', async () => {
    const retrying = new StripePaymentProvider(
      { secretKey: SECRET_KEY, publishableKey: 'pk_test_FixturePublic456', webhookSecret: 'whsec_FixtureHook', apiBase: stripe.origin },
      { maxNetworkRetries: 1, now: () => NOW },
    );
    const exchange = loadExchange('create-payment-intent', { orderId: 'ord_5' });
    stripe.queue({ ...exchange, response: { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } } }, exchange);
    const result = await retrying.charge({ orderId: 'ord_5', amountCents: 12700, currency: 'USD', email: 'shopper@example.com', idempotencyKey: 'order:ord_5' });
    expect(result).toMatchObject({ ok: true, status: 'pending', reference: 'pi_3QxFixture0001' });
    expect(stripe.requests.map((request) => request.headers['idempotency-key'])).toEqual(['order:ord_5', 'order:ord_5']);
  });
});

describe('StripePaymentProvider.refund', () => {
  it("refunds on the PaymentIntent with the owner's key, scoped to the order", async () => {
    const exchange = loadExchange('create-refund', { orderId: 'ord_6' });
    stripe.queue(exchange);
    const result = await provider.refund({ orderId: 'ord_6', paymentReference: 'pi_3QxFixture0001', amountCents: 2500, currency: 'USD', idempotencyKey: 'owner-key-1' });
    expect(result).toEqual({ ok: true, reference: 're_3QxFixtureRefund' });
    expectSent(stripe.requests[0], exchange);
  });

  it('answers a refusal when Stripe refuses the refund', async () => {
    stripe.queue({ ...loadExchange('create-refund', { orderId: 'ord_7' }), response: { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } } } });
    const result = await provider.refund({ orderId: 'ord_7', paymentReference: 'pi_3QxFixture0001', amountCents: 2500, currency: 'USD', idempotencyKey: 'owner-key-1' });
    expect(result).toEqual({ ok: false, message: STRIPE_MESSAGES.refundFailed });
  });
});

describe('StripePaymentProvider.chargeRenewal', () => {
  const renewal = { subscriptionId: 'sub_1', amountCents: 1500, currency: 'USD', email: 'subscriber@example.com', firstPaymentReference: 'pi_3QxFixture0002' };

  it("charges off-session, confirmed at once, on the method the first payment saved, with the renewal's key", async () => {
    const retrieve = loadExchange('retrieve-first-payment-intent');
    const create = loadExchange('create-renewal-payment-intent');
    stripe.queue(retrieve, create);
    const result = await provider.chargeRenewal({ ...renewal, cycle: 2, customerReference: null, idempotencyKey: 'renewal:sub_1:2' });
    expect(result).toEqual({ ok: true, reference: 'pi_3QxFixtureRenew2' });
    expect(stripe.requests[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3QxFixture0002' });
    expectSent(stripe.requests[1], create);
  });

  it('refuses when the bank asks the customer to authenticate', async () => {
    stripe.queue(loadExchange('retrieve-first-payment-intent'), loadExchange('renewal-authentication-required'));
    const result = await provider.chargeRenewal({ ...renewal, cycle: 3, customerReference: 'cus_RFixtureNew', idempotencyKey: 'renewal:sub_1:3' });
    expect(result).toEqual({ ok: false, message: STRIPE_MESSAGES.renewalNeedsCustomer });
  });

  it('refuses without a saved method, charging nothing', async () => {
    const first = loadExchange('retrieve-first-payment-intent');
    stripe.queue({ ...first, response: { status: 200, body: { ...(first.response.body as object), payment_method: null } } });
    const result = await provider.chargeRenewal({ ...renewal, cycle: 2, customerReference: null, idempotencyKey: 'renewal:sub_1:2' });
    expect(result).toEqual({ ok: false, message: STRIPE_MESSAGES.renewalNoMethod });
    expect(stripe.requests).toHaveLength(1);
  });
});

describe('StripePaymentProvider.cancelPendingPayment', () => {
  it('cancels an intent nobody confirmed, as abandoned', async () => {
    const exchange = loadExchange('cancel-payment-intent', { paymentIntent: 'pi_3QxFixture0001', orderId: 'ord_8' });
    stripe.queue(exchange);
    expect(await provider.cancelPendingPayment('pi_3QxFixture0001')).toEqual({ status: 'cancelled' });
    expect(stripe.requests[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3QxFixture0001/cancel', form: { cancellation_reason: 'abandoned' } });
    expect(stripe.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('answers succeeded, with the customer, when the intent was paid before it could be cancelled', async () => {
    stripe.queue(loadExchange('cancel-payment-intent-succeeded', { paymentIntent: 'pi_3QxFixture0001', orderId: 'ord_9' }));
    expect(await provider.cancelPendingPayment('pi_3QxFixture0001')).toEqual({ status: 'succeeded', customerReference: 'cus_RFixtureLate' });
  });

  it('answers unreachable, to try again later, when Stripe refuses the cancel for another reason (here an intent it does not know)', async () => {
    const outcome = await provider.cancelPendingPayment('pi_unknown_to_the_replay');
    expect(outcome.status).toBe('unreachable');
  });
});

describe('StripePaymentProvider settings', () => {
  it('tells the browser its publishable key, and says test mode for test keys', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.testMode).toBe(true);
    expect(provider.browserConfig).toEqual({ provider: 'stripe', publishableKey: 'pk_test_FixturePublic456' });
    const live = new StripePaymentProvider({ secretKey: 'sk_live_Abc', publishableKey: 'pk_live_Def', webhookSecret: 'whsec_Ghi' });
    expect(live.testMode).toBe(false);
  });

  it('reads STRIPE_* from the environment: none is test mode, all three is Stripe, anything between stops the start', () => {
    expect(stripeSettingsFromEnv({})).toBeNull();
    const env = { STRIPE_SECRET_KEY: 'sk_test_A1', STRIPE_PUBLISHABLE_KEY: 'pk_test_B2', STRIPE_WEBHOOK_SECRET: 'whsec_C3' };
    expect(stripeSettingsFromEnv(env)).toEqual({ secretKey: 'sk_test_A1', publishableKey: 'pk_test_B2', webhookSecret: 'whsec_C3' });
    expect(stripeSettingsFromEnv({ ...env, STRIPE_API_BASE: 'http://127.0.0.1:12111', PAYMENT_EXPIRY_MINUTES: '45' })).toMatchObject({
      apiBase: 'http://127.0.0.1:12111',
      paymentExpiryMinutes: 45,
    });
    expect(() => stripeSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_A1' })).toThrow(
      'Stripe is half configured: set STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too, or none of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET.',
    );
    expect(() => stripeSettingsFromEnv({ ...env, STRIPE_PUBLISHABLE_KEY: 'sk_test_B2' })).toThrow('STRIPE_PUBLISHABLE_KEY does not look like a Stripe key of that kind.');
    expect(() => stripeSettingsFromEnv({ ...env, STRIPE_PUBLISHABLE_KEY: 'pk_live_B2' })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys.',
    );
    expect(() => stripeSettingsFromEnv({ ...env, STRIPE_API_BASE: 'ftp://x' })).toThrow('STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111.');
    expect(() => stripeSettingsFromEnv({ ...env, PAYMENT_EXPIRY_MINUTES: '2' })).toThrow('PAYMENT_EXPIRY_MINUTES must be a whole number of minutes from 5 to 1440.');
  });
});
