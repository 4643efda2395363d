// databases: one — which methods the PaymentIntent asks for; no lock or race of its own
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { demoProductId, openTestServer, setStock, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, notifyWebsiteChanged } from '../websites';
import { StripePaymentProvider } from './stripe-provider';
import { loadExchange, StripeReplayServer } from './stripe-replay-server';

/**
 * Afterpay/Clearpay through the Payment Element exactly where the installment pill advertises it (issue 38 item 6):
 * an in-range cart of physical products in a US store leaves afterpay_clearpay among Stripe's automatic methods (with
 * the order as its reference and the shipping address Afterpay needs); out of range, or with Afterpay off, the intent
 * excludes it, keeping the cards and wallets.
 */

const SKU = 'SHIRT-M-NAVY';
let stripe: StripeReplayServer;
let server: TestServer;
let website: Website;
beforeAll(async () => {
  stripe = await StripeReplayServer.start();
  stripe.respond('POST', /^\/v1\/payment_intents$/, (request) => {
    const orderId = request.form['metadata[order_id]']!;
    const body = loadExchange('create-payment-intent', { orderId }).response.body as Record<string, unknown>;
    return { status: 200, body: { ...body, id: `pi_${orderId}`, client_secret: `pi_${orderId}_secret_test`, amount: Number(request.form.amount) } };
  });
  const provider = new StripePaymentProvider(
    { secretKey: 'sk_test_Fixture', publishableKey: 'pk_test_Fixture', webhookSecret: 'whsec_FixtureHook', apiBase: stripe.origin },
    { maxNetworkRetries: 0 },
  );
  server = await openTestServer({ payments: provider });
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});
beforeEach(async () => {
  stripe.requests.length = 0;
  await setStock(server.database.db, SKU, 5);
});

async function storeAfterpay(settings: { afterPayAvailable: boolean; afterPayMin: number; afterPayMax: number }): Promise<void> {
  const changed = JSON.stringify({ ...website.settings, ...settings, stripeAccountCountry: 'US' });
  await server.database.db.updateTable('websites').set({ settings: changed }).where('id', '=', website.id).execute();
  notifyWebsiteChanged(website.id);
}

/** A shopper buys one shirt (a physical product) with a US address; answers the form Stripe was sent. */
async function intentFormOfOneShirt(): Promise<{ form: Record<string, string>; subtotal: number }> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('linen-shirt'), sku: SKU, quantity: 1 });
  expect(added.statusCode, added.body).toBe(200);
  const address = { name: 'Ada Shopper', line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
  expect((await visitor.put('/api/commerce/shopping-cart/checkout', { shippingAddress: address })).statusCode).toBe(200);
  const placed = await visitor.post('/api/commerce/orders', { email: 'ada@example.com' });
  expect(placed.statusCode, placed.body).toBe(201);
  const intents = stripe.requests.filter((request) => request.path === '/v1/payment_intents');
  expect(intents).toHaveLength(1);
  return { form: intents[0]!.form, subtotal: placed.json().order.subtotal?.value ?? 0 };
}

const methodsOf = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(form).filter(([key]) => key.startsWith('payment_method_options') || key.startsWith('excluded_payment_method_types') || key.startsWith('automatic_payment_methods') || key.startsWith('shipping')));

describe('the PaymentIntent offers Afterpay where the pill does', () => {
  it('in range in a US store: automatic methods with Afterpay not excluded, its reference and the shipping address', async () => {
    await storeAfterpay({ afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200_000 });
    const { form } = await intentFormOfOneShirt();
    expect(methodsOf(form)).toEqual({
      'automatic_payment_methods[enabled]': 'true',
      'payment_method_options[afterpay_clearpay][reference]': form['metadata[order_id]'],
      'shipping[name]': 'Ada Shopper',
      'shipping[address][line1]': '1 Main St',
      'shipping[address][city]': 'Portland',
      'shipping[address][state]': 'OR',
      'shipping[address][postal_code]': '97201',
      'shipping[address][country]': 'US',
    });
  });

  it('above the range: automatic methods (cards and wallets) with afterpay_clearpay excluded', async () => {
    await storeAfterpay({ afterPayAvailable: true, afterPayMin: 100, afterPayMax: 1_000 });
    const { form } = await intentFormOfOneShirt();
    expect(methodsOf(form)).toEqual({ 'automatic_payment_methods[enabled]': 'true', 'excluded_payment_method_types[0]': 'afterpay_clearpay' });
  });

  it('with Afterpay off in the store: afterpay_clearpay excluded', async () => {
    await storeAfterpay({ afterPayAvailable: false, afterPayMin: 100, afterPayMax: 200_000 });
    const { form } = await intentFormOfOneShirt();
    expect(methodsOf(form)).toEqual({ 'automatic_payment_methods[enabled]': 'true', 'excluded_payment_method_types[0]': 'afterpay_clearpay' });
  });
});
