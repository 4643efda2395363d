// databases: both — started once per order line; renewals claimed by jobs
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBillingPeriods, cycleDueDate } from '@vitrine/commerce/subscriptions';
import { inTransaction } from '../db/transactions';
import { renewalOrderRecorder, TestModePaymentProvider, TEST_DECLINE_EMAIL, type RenewalRequest } from '../orders';
import { PAYMENT_DECLINED_MESSAGE } from '../orders/payment-provider';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, insertWebsite } from '../websites';
import { newId } from '../ids';
import type { Website } from '../db/schema';
import { manageLinksFor } from './manage-links';
import { SubscriptionRenewalJob } from './renewals';
import { startSubscriptionsForOrder } from './start';
import { subscribeThroughApi } from './testing';

let server: TestServer;
let website: Website;
const MONTH = { value: 1, unit: 'MONTH' } as const;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
let emailCount = 0;
const uniqueEmail = (name: string) => `${name}-${++emailCount}-${process.pid}@example.com`;

/** A provider that counts renewal charges by idempotency key (test mode otherwise). */
class CountingProvider extends TestModePaymentProvider {
  readonly renewals: RenewalRequest[] = [];
  override async chargeRenewal(request: RenewalRequest) {
    this.renewals.push(request);
    return super.chargeRenewal(request);
  }
}

const mail = () => ({ from: 'no-reply@localhost', publicUrl: 'http://localhost:3000', unsubscribeTokens: undefined as never });
const jobWith = (payments = new CountingProvider(), options: { claimSeconds?: number } = {}) => ({
  payments,
  job: new SubscriptionRenewalJob(db(), renewalOrderRecorder(payments), { mail: mail(), ...options }),
});

/** Subscribes through the real API (the subscription page's cart, the address and shipping option, the order). */
const subscribe = (email = uniqueEmail('subscriber')) => subscribeThroughApi(server, email);

const subscriptionRow = (id: string) => db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const makeDue = (id: string) => db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() - interval '1 minute'` }).where('id', '=', id).execute();
/** Only this subscription is due: the others of earlier tests are put far in the future. */
async function onlyDue(id: string) {
  await db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() + interval '3650 days'` }).where('id', '!=', id).where('next_renewal_at', 'is not', null).execute();
  await makeDue(id);
}
const mailsTo = (email: string, template: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', email).where('template', '=', template).orderBy('created_at').execute();
const ordersOf = (email: string) => db().selectFrom('orders').selectAll().where('email', '=', email).orderBy('order_number').execute();

describe('starting a subscription', () => {
  it('starts one from a paid subscription order placed through the API, due one period after payment', async () => {
    const { orderId, subscriptionId, email } = await subscribe();
    const row = await subscriptionRow(subscriptionId);
    const order = await db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      website_id: website.id, email, product_name: 'Coffee Subscription', sku: 'COFFEE-MONTHLY', quantity: 1, currency: 'USD',
      status: 'active', cycles_billed: 1, total_cycles: 0, failed_attempts: 0, test_mode: true,
      plan: { billingPeriod: MONTH, numBillingCycles: 0 }, payment_reference: order.payment_reference, site_user_id: null,
    });
    expect(Number(row.unit_price_cents)).toBe(1800);
    expect(row.started_at.getTime()).toBe(order.paid_at!.getTime());
    expect(row.next_renewal_at!.toISOString()).toBe(addBillingPeriods(order.paid_at!, MONTH, 1).toISOString());
  });

  it('is idempotent per order line: starting again for the same order starts nothing', async () => {
    const { orderId } = await subscribe();
    const started = await inTransaction(db(), async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
      return startSubscriptionsForOrder(trx, website, order, items);
    });
    expect(started).toEqual([]);
    const count = await db().selectFrom('subscriptions').select(db().fn.countAll().as('n')).where('first_order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('words the plan on the product page with the format library', async () => {
    const page = await new TestVisitor(server.app).get('/shop/p/coffee-subscription');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p class="vitrine-price vitrine-price--subscription">$18.00 every month</p>');
  });

  it('links the subscription confirmed page to the manage page', async () => {
    const { visitor, orderId, subscriptionId } = await subscribe();
    const page = await visitor.get(`/checkout/order-confirmed?orderId=${orderId}&format=json`);
    expect(page.statusCode).toBe(200);
    const links = await manageLinksFor(db());
    expect(page.json()).toMatchObject({ pageType: 206, manageSubscriptionUrl: links.path(website.id, subscriptionId) });
    const html = (await visitor.get(`/checkout/order-confirmed?orderId=${orderId}`)).body;
    expect(html).toContain('>Manage your subscription</a>');
  });
});

describe('the renewal job', () => {
  it('charges a due renewal: a numbered renewal order, the next date from the start, the mail', async () => {
    const { subscriptionId, email } = await subscribe();
    await onlyDue(subscriptionId);
    const [first] = await ordersOf(email);
    const { job, payments } = jobWith();
    const round = await job.runOnce();
    expect(round).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'renewed' } });
    expect(payments.renewals.map((request) => request.idempotencyKey)).toEqual([`subscription:${subscriptionId}:cycle:2`]);
    // The first order's price, shipping and tax again: $18.00 + $6.00 US Standard + 4 % New York tax.
    expect(Number(first.grand_total_cents)).toBe(2472);
    expect(payments.renewals[0]).toMatchObject({ subscriptionId, cycle: 2, amountCents: 2472, currency: 'USD', email, firstPaymentReference: first.payment_reference });

    const orders = await ordersOf(email);
    expect(orders).toHaveLength(2);
    const renewal = orders[1];
    expect(renewal.order_number).toBeGreaterThan(first.order_number);
    expect(renewal).toMatchObject({ payment_status: 'paid', status: 'placed', test_mode: true, payment_reference: `test_renewal_subscription:${subscriptionId}:cycle:2` });
    expect([renewal.subtotal_cents, renewal.shipping_total_cents, renewal.tax_total_cents, renewal.grand_total_cents].map(Number)).toEqual([1800, 600, 72, 2472]);
    expect(renewal.shipping_address).toEqual(first.shipping_address);
    expect(renewal.shipping_option).toEqual(first.shipping_option);
    const items = await db().selectFrom('order_items').selectAll().where('order_id', '=', renewal.id).execute();
    expect(items).toMatchObject([{ sku: 'COFFEE-MONTHLY', quantity: 1, line_kind: 'subscription', subscription_plan: { billingPeriod: MONTH, numBillingCycles: 0 } }]);
    // The renewal's own cart, already purchased (orders name the cart they bought).
    const cart = await db().selectFrom('carts').selectAll().where('id', '=', renewal.purchased_cart_id).executeTakeFirstOrThrow();
    expect(cart).toMatchObject({ is_purchased: true, order_id: renewal.id, kind: 'subscription' });

    const row = await subscriptionRow(subscriptionId);
    expect(row).toMatchObject({ status: 'active', cycles_billed: 2, failed_attempts: 0, locked_until: null, claim_token: null });
    expect(row.next_renewal_at!.toISOString()).toBe(cycleDueDate(row.started_at, MONTH, 3).toISOString());
    const renewals = await db().selectFrom('subscription_renewals').selectAll().where('subscription_id', '=', subscriptionId).execute();
    expect(renewals).toMatchObject([{ cycle: 2, attempt: 1, status: 'paid', order_id: renewal.id, message: '' }]);

    const [renewed] = await mailsTo(email, 'subscription-renewed');
    expect(renewed.subject).toBe(`Your Coffee Subscription subscription from Vitrine Demo Store has renewed: order #${renewal.order_number}`);
    expect(renewed.text_body).toContain('Coffee Subscription (COFFEE-MONTHLY) × 1: $18.00 every month');
    expect(renewed.text_body).toContain('Manage or cancel your subscription: http://localhost:3000/subscriptions/manage?token=');
    // The renewal's order page links to the same manage page.
    const renewalPage = await new TestVisitor(server.app).get(`/checkout/order-confirmed?orderId=${renewal.id}&format=json`);
    expect(renewalPage.json()).toMatchObject({ pageType: 206, manageSubscriptionUrl: (await manageLinksFor(db())).path(website.id, subscriptionId) });
    // The confirmation mail went with the first order only: a renewal does not start another subscription.
    expect(await mailsTo(email, 'order-confirmation')).toHaveLength(1);
    expect(await db().selectFrom('subscriptions').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('charges a renewal once when two claimers race, and not again once it is paid', async () => {
    const { subscriptionId, email } = await subscribe();
    await onlyDue(subscriptionId);
    const payments = new CountingProvider();
    const a = jobWith(payments).job;
    const b = jobWith(payments).job;
    const rounds = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce()]);
    expect(rounds.reduce((sum, round) => sum + round.claimed, 0)).toBe(1);
    expect(payments.renewals).toHaveLength(1);
    expect(await ordersOf(email)).toHaveLength(2);
    expect(await a.runOnce()).toEqual({ claimed: 0, outcomes: {} });
    expect(payments.renewals).toHaveLength(1);
  });

  it('leaves a claim alone until it runs out, then another process renews it (a crashed claimer)', async () => {
    const { subscriptionId, email } = await subscribe();
    await onlyDue(subscriptionId);
    // A claimer that died holding a live claim.
    await db().updateTable('subscriptions').set({ claim_token: 'dead-process', locked_until: sql<Date>`now() + interval '5 minutes'` }).where('id', '=', subscriptionId).execute();
    const { job, payments } = jobWith();
    expect(await job.runOnce()).toEqual({ claimed: 0, outcomes: {} });
    expect(payments.renewals).toHaveLength(0);
    // Its claim runs out.
    await db().updateTable('subscriptions').set({ locked_until: sql<Date>`now() - interval '1 second'` }).where('id', '=', subscriptionId).execute();
    expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'renewed' } });
    expect(await ordersOf(email)).toHaveLength(2);
    expect((await subscriptionRow(subscriptionId)).attempts).toBe(1);
  });

  it('asks again with the same idempotency key after dying between the charge and the commit', async () => {
    const { subscriptionId, email } = await subscribe();
    await onlyDue(subscriptionId);
    class DiesAfterCharging extends CountingProvider {
      override async chargeRenewal(request: RenewalRequest) {
        const answer = await super.chargeRenewal(request);
        if (this.renewals.length === 1) throw new Error('process killed after the provider took the charge');
        return answer;
      }
    }
    const payments = new DiesAfterCharging();
    const { job } = jobWith(payments, { claimSeconds: 1 });
    expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'error' } });
    // Rolled back: no order, still due, still claimed until the claim runs out.
    expect(await ordersOf(email)).toHaveLength(1);
    expect((await subscriptionRow(subscriptionId)).cycles_billed).toBe(1);
    expect(await job.runOnce()).toEqual({ claimed: 0, outcomes: {} });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'renewed' } });
    expect(payments.renewals.map((request) => request.idempotencyKey)).toEqual([
      `subscription:${subscriptionId}:cycle:2`,
      `subscription:${subscriptionId}:cycle:2`,
    ]);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(2);
    expect(orders[1].payment_reference).toBe(`test_renewal_subscription:${subscriptionId}:cycle:2`);
  });

  it('retries a declined renewal after 1, 3 and 5 days (past due), then cancels it, mailing each step', async () => {
    const { subscriptionId } = await subscribe();
    // The test provider declines this address's renewals (the first order was paid under another).
    await db().updateTable('subscriptions').set({ email: TEST_DECLINE_EMAIL }).where('id', '=', subscriptionId).execute();
    const { job, payments } = jobWith();
    const days = [1, 3, 5];
    for (const [index, day] of days.entries()) {
      await onlyDue(subscriptionId);
      const before = Date.now();
      expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'retry' } });
      const row = await subscriptionRow(subscriptionId);
      expect(row).toMatchObject({ status: 'past_due', failed_attempts: index + 1, cycles_billed: 1, claim_token: null });
      const due = row.next_renewal_at!.getTime() - before;
      expect(due).toBeGreaterThanOrEqual(day * 86_400_000);
      expect(due).toBeLessThan(day * 86_400_000 + 60_000);
    }
    await onlyDue(subscriptionId);
    expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'cancelled' } });
    const row = await subscriptionRow(subscriptionId);
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: 'payment', next_renewal_at: null, failed_attempts: 4 });
    // Every attempt asked for cycle 2 with the same key; none was paid.
    expect(new Set(payments.renewals.map((request) => request.idempotencyKey))).toEqual(new Set([`subscription:${subscriptionId}:cycle:2`]));
    const renewals = await db().selectFrom('subscription_renewals').selectAll().where('subscription_id', '=', subscriptionId).orderBy('attempt').execute();
    expect(renewals.map(({ cycle, attempt, status, message, order_id }) => ({ cycle, attempt, status, message, order_id }))).toEqual(
      [1, 2, 3, 4].map((attempt) => ({ cycle: 2, attempt, status: 'failed', message: PAYMENT_DECLINED_MESSAGE, order_id: null })),
    );
    const failed = await mailsTo(TEST_DECLINE_EMAIL, 'subscription-payment-failed');
    const failedHere = failed.filter((message) => message.text_body.includes(PAYMENT_DECLINED_MESSAGE));
    expect(failedHere.length).toBeGreaterThanOrEqual(3);
    expect(failedHere[0].subject).toBe('We could not renew your Coffee Subscription subscription from Vitrine Demo Store');
    expect(failedHere[0].text_body).toContain('We will try again on ');
    const cancelled = await mailsTo(TEST_DECLINE_EMAIL, 'subscription-cancelled');
    expect(cancelled.at(-1)!.subject).toBe('Your Coffee Subscription subscription from Vitrine Demo Store is cancelled');
    expect(cancelled.at(-1)!.text_body).toContain('We could not take payment after several tries, so it was cancelled.');
    expect(await job.runOnce()).toEqual({ claimed: 0, outcomes: {} });
  });

  it('fails a renewal of a physical product out of stock with the reason, charging nothing', async () => {
    const { subscriptionId, email } = await subscribe();
    await onlyDue(subscriptionId);
    await db().updateTable('variants').set({ unlimited: false, qty_in_stock: 0 }).where('sku', '=', 'COFFEE-MONTHLY').execute();
    try {
      const { job, payments } = jobWith();
      expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'retry' } });
      expect(payments.renewals).toHaveLength(0);
      const [renewal] = await db().selectFrom('subscription_renewals').selectAll().where('subscription_id', '=', subscriptionId).execute();
      expect(renewal).toMatchObject({ status: 'failed', message: 'Coffee Subscription is out of stock, so this renewal was not charged.' });
      expect(await ordersOf(email)).toHaveLength(1);
      // Back in stock: the retry takes one.
      await db().updateTable('variants').set({ qty_in_stock: 3 }).where('sku', '=', 'COFFEE-MONTHLY').execute();
      await onlyDue(subscriptionId);
      expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'renewed' } });
      const stock = await db().selectFrom('variants').select('qty_in_stock').where('sku', '=', 'COFFEE-MONTHLY').executeTakeFirstOrThrow();
      expect(stock.qty_in_stock).toBe(2);
      const row = await subscriptionRow(subscriptionId);
      expect(row).toMatchObject({ status: 'active', failed_attempts: 0, cycles_billed: 2 });
      expect(row.next_renewal_at!.toISOString()).toBe(cycleDueDate(row.started_at, MONTH, 3).toISOString());
    } finally {
      await db().updateTable('variants').set({ unlimited: true }).where('sku', '=', 'COFFEE-MONTHLY').execute();
    }
  });

  it('completes a subscription once its last cycle is billed', async () => {
    const { subscriptionId, email } = await subscribe();
    await db().updateTable('subscriptions').set({ total_cycles: 2, plan: JSON.stringify({ billingPeriod: MONTH, numBillingCycles: 2 }) }).where('id', '=', subscriptionId).execute();
    await onlyDue(subscriptionId);
    const { job } = jobWith();
    expect(await job.runOnce()).toEqual({ claimed: 1, outcomes: { [subscriptionId]: 'completed' } });
    const row = await subscriptionRow(subscriptionId);
    expect(row).toMatchObject({ status: 'completed', cycles_billed: 2, next_renewal_at: null });
    expect(row.completed_at).not.toBeNull();
    const [renewed] = await mailsTo(email, 'subscription-renewed');
    expect(renewed.text_body).toContain('This was the last cycle of your subscription.');
    expect(await job.runOnce()).toEqual({ claimed: 0, outcomes: {} });
  });

  it('charges nothing for a renewal claimed before a cancel that committed first', async () => {
    const { subscriptionId, visitor } = await subscribe();
    await onlyDue(subscriptionId);
    // Claimed (the round's claim committed), then the shopper cancels before the renewal locks the row.
    await db().updateTable('subscriptions').set({ claim_token: 'claimed-round', locked_until: sql<Date>`now() + interval '5 minutes'` }).where('id', '=', subscriptionId).execute();
    const token = (await manageLinksFor(db())).issue(website.id, subscriptionId);
    await visitor.get(`/subscriptions/manage?token=${encodeURIComponent(token)}`);
    const cancel = await visitor.request({ method: 'POST', url: '/subscriptions/manage/cancel', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ token, crumb: visitor.crumb! }).toString() });
    expect(cancel.statusCode).toBe(303);
    const { job, payments } = jobWith();
    expect(await job.renew(subscriptionId, 'claimed-round')).toBe('skipped');
    expect(payments.renewals).toHaveLength(0);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'cancelled', cancelled_by: 'shopper', next_renewal_at: null, claim_token: null });
  });
});

const form = (visitor: TestVisitor, url: string, fields: Record<string, string>) =>
  visitor.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

describe('the shopper cancels', () => {
  it('from the signed link: the page with the wording, a confirm step, the crumb, idempotent; a tampered link is 404', async () => {
    const { subscriptionId, email } = await subscribe();
    const token = (await manageLinksFor(db())).issue(website.id, subscriptionId);
    const page = `/subscriptions/manage?token=${encodeURIComponent(token)}`;
    const shopper = new TestVisitor(server.app);

    const shown = await shopper.get(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<h1>Manage subscription</h1>');
    expect(shown.body).toContain('<dd>$18.00 every month</dd>');
    expect(shown.body).toContain('<dd class="subscription-status">Active</dd>');
    expect(shown.body).toContain('>Cancel subscription</button>');
    expect(shown.body).not.toContain('Yes, cancel subscription');
    const json = (await shopper.get(`${page}&format=json`)).json();
    expect(json).toMatchObject({ pageType: 2, title: 'Manage subscription', mode: 'manage', subscriptions: [{ id: subscriptionId, wording: '$18.00 every month', status: 'active', cancellable: true, confirming: false }] });
    // The link can leak: the page never shows the shopper's address.
    expect(JSON.stringify(json)).not.toContain(email);
    expect(shown.body).not.toContain(email);

    const confirming = await shopper.get(`${page}&confirm=${subscriptionId}`);
    expect(confirming.body).toContain('Yes, cancel subscription</button>');
    expect(confirming.body).toContain('<form method="post" action="/subscriptions/manage/cancel"');

    expect((await form(shopper, '/subscriptions/manage/cancel', { token, crumb: 'forged' })).statusCode).toBe(403);
    expect((await subscriptionRow(subscriptionId)).status).toBe('active');

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await shopper.get(`/subscriptions/manage?token=${encodeURIComponent(tampered)}`)).statusCode).toBe(404);
    expect((await form(shopper, '/subscriptions/manage/cancel', { token: tampered, crumb: shopper.crumb! })).statusCode).toBe(404);
    const otherSite = (await manageLinksFor(db())).issue('another-website', subscriptionId);
    expect((await shopper.get(`/subscriptions/manage?token=${encodeURIComponent(otherSite)}`)).statusCode).toBe(404);

    const cancelled = await form(shopper, '/subscriptions/manage/cancel', { token, crumb: shopper.crumb! });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${page}&cancelled=1`);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'cancelled', cancelled_by: 'shopper', next_renewal_at: null });
    const after = await shopper.get(`${page}&cancelled=1`);
    expect(after.body).toContain('Your subscription is cancelled. You will not be charged again.');
    expect(after.body).toContain('<dd class="subscription-status">Cancelled</dd>');
    expect(after.body).not.toContain('>Cancel subscription</button>');

    // Again: nothing changes, no second mail.
    expect((await form(shopper, '/subscriptions/manage/cancel', { token, crumb: shopper.crumb! })).statusCode).toBe(303);
    const mails = await mailsTo(email, 'subscription-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain('You cancelled it.');
  });

  it('from their account: the subscriptions bought signed in, cancel with the crumb; one bought signed out with the same email is not theirs (404)', async () => {
    const email = uniqueEmail('account');
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/');
    expect((await shopper.get('/account/subscriptions')).body).toContain('Sign in to see your subscriptions.');
    expect((await shopper.post('/api/site-users/account', { email: email.toUpperCase(), password: 'shopper-password-1' })).statusCode).toBe(201);
    const mine = await subscribeThroughApi(server, email, shopper);
    // Someone else, signed out, with the same address: an account's email is not proven, so it is not this account's.
    const theirs = await subscribe(email);

    const listed = await shopper.get('/account/subscriptions?format=json');
    expect(listed.json()).toMatchObject({ title: 'Your subscriptions', mode: 'account', signedOut: false, subscriptions: [{ id: mine.subscriptionId, wording: '$18.00 every month' }] });
    expect(listed.json().subscriptions).toHaveLength(1);
    const page = await shopper.get('/account/subscriptions');
    expect(page.body).toContain('<h1>Your subscriptions</h1>');
    expect(page.body).toContain('<h2 id="subscription-');

    expect((await form(shopper, '/account/subscriptions/cancel', { subscriptionId: theirs.subscriptionId, crumb: shopper.crumb! })).statusCode).toBe(404);
    expect((await subscriptionRow(theirs.subscriptionId)).status).toBe('active');
    expect((await form(shopper, '/account/subscriptions/cancel', { subscriptionId: mine.subscriptionId, crumb: 'forged' })).statusCode).toBe(403);

    const cancelled = await form(shopper, '/account/subscriptions/cancel', { subscriptionId: mine.subscriptionId, crumb: shopper.crumb! });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/account/subscriptions?cancelled=1');
    expect(await subscriptionRow(mine.subscriptionId)).toMatchObject({ status: 'cancelled', cancelled_by: 'shopper' });
    expect((await shopper.get('/account/subscriptions?cancelled=1')).body).toContain('Your subscription is cancelled. You will not be charged again.');
  });
});

describe('the owner', () => {
  it('lists subscriptions in pages with a status filter, and cancels one (idempotent); a reporting role may list, not cancel', async () => {
    const first = await subscribe();
    const second = await subscribe();
    const owner = await ownerVisitor(server, 'admin');

    const page1 = await owner.get('/api/owner/subscriptions?limit=1');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().subscriptions).toHaveLength(1);
    expect(page1.json().subscriptions[0]).toMatchObject({ id: second.subscriptionId, email: second.email, productName: 'Coffee Subscription', wording: '$18.00 every month', status: 'active', statusLabel: 'Active', cyclesLabel: 'Cycle 1', cancellable: true, firstOrderId: second.orderId });
    const page2 = await owner.get(`/api/owner/subscriptions?limit=1&cursor=${page1.json().nextCursor}`);
    expect(page2.json().subscriptions[0].id).toBe(first.subscriptionId);

    const cancelled = await owner.post(`/api/owner/subscriptions/${first.subscriptionId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ changed: true, subscription: { id: first.subscriptionId, status: 'cancelled', cancelledBy: 'owner', nextRenewalAt: null, cancellable: false } });
    const again = await owner.post(`/api/owner/subscriptions/${first.subscriptionId}/cancel`);
    expect(again.json()).toMatchObject({ changed: false, subscription: { status: 'cancelled' } });
    expect((await mailsTo(first.email, 'subscription-cancelled'))[0].text_body).toContain('The store cancelled it.');

    const onlyCancelled = (await owner.get('/api/owner/subscriptions?status=cancelled&limit=100')).json().subscriptions as Array<{ id: string; status: string }>;
    expect(onlyCancelled.map((row) => row.id)).toContain(first.subscriptionId);
    expect(onlyCancelled.every((row) => row.status === 'cancelled')).toBe(true);
    expect((await owner.get('/api/owner/subscriptions?status=paused')).json()).toEqual({ message: 'status must be one of active, past_due, cancelled, completed.', errors: { status: 'status must be one of active, past_due, cancelled, completed.' } });
    expect((await owner.post('/api/owner/subscriptions/no-such-id/cancel')).json()).toEqual({ message: 'Subscription not found.' });

    const reporting = await ownerVisitor(server, 'reporting');
    expect((await reporting.get('/api/owner/subscriptions')).statusCode).toBe(200);
    const refused = await reporting.post(`/api/owner/subscriptions/${second.subscriptionId}/cancel`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role does not allow this.');
    expect((await new TestVisitor(server.app).get('/api/owner/subscriptions')).statusCode).toBe(401);
  });

  it('pages through subscriptions created within one millisecond, each once (the cursor keeps microseconds)', async () => {
    const made = [await subscribe(), await subscribe(), await subscribe(), await subscribe()];
    const ids = made.map((each) => each.subscriptionId);
    const originals = await db().selectFrom('subscriptions').select(['id', sql<string>`created_at::text`.as('created_at')]).where('id', 'in', ids).execute();
    // Newer than any other, a microsecond apart within one millisecond, two at the same instant (the id breaks the tie).
    const times = ['2099-01-01T00:00:00.000001Z', '2099-01-01T00:00:00.000002Z', '2099-01-01T00:00:00.000002Z', '2099-01-01T00:00:00.000003Z'];
    for (const [index, id] of ids.entries()) await db().updateTable('subscriptions').set({ created_at: times[index]! }).where('id', '=', id).execute();
    try {
      const owner = await ownerVisitor(server, 'admin');
      const expected = ids.map((id, index) => [times[index]!, id] as const).sort(([t1, a], [t2, b]) => (t1 === t2 ? (a < b ? 1 : -1) : t1 < t2 ? 1 : -1)).map(([, id]) => id);
      for (const limit of [1, 2, 3]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const answer = await owner.get(`/api/owner/subscriptions?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
          expect(answer.statusCode, answer.body).toBe(200);
          seen.push(...answer.json().subscriptions.map((row: { id: string }) => row.id));
          cursor = answer.json().nextCursor;
        } while (cursor && seen.length < ids.length);
        expect(seen.slice(0, ids.length), `limit ${limit}`).toEqual(expected);
      }
    } finally {
      for (const row of originals) await db().updateTable('subscriptions').set({ created_at: row.created_at }).where('id', '=', row.id).execute();
    }
  });
});

describe('renewals across websites', () => {
  it("takes the websites with due renewals in turn: one website's backlog does not hold back another's", async () => {
    const mine = [await subscribe(), await subscribe(), await subscribe()].map((subscribed) => subscribed.subscriptionId);
    const { subscriptionId: theirs } = await subscribe();
    const otherId = newId();
    await insertWebsite(db(), {
      id: otherId, identifier: `renew-${otherId.slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`, siteTitle: 'Other shop', currency: 'USD', locale: 'en-US',
      timeZone: 'UTC', captchaSiteKey: null, settings: {},
    });
    // Nothing else due; this website's three an hour overdue, the other website's one a minute.
    await db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() + interval '3650 days'` }).where('next_renewal_at', 'is not', null).execute();
    await db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() - interval '1 hour'` }).where('id', 'in', mine).execute();
    await db().updateTable('subscriptions').set({ website_id: otherId, next_renewal_at: sql<Date>`now() - interval '1 minute'` }).where('id', '=', theirs).execute();
    const job = new SubscriptionRenewalJob(db(), renewalOrderRecorder(new CountingProvider()), { mail: mail(), batchSize: 2 });
    const round = await job.runOnce();
    // Taking the most overdue first, the round would hold two of this website's.
    expect(round.claimed).toBe(2);
    expect(Object.keys(round.outcomes)).toContain(theirs);
    expect(mine.filter((id) => id in round.outcomes)).toHaveLength(1);
  });
});
