// databases: both — each domain records its webhook event inside its own transaction (rolled back with it)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@vitrine/contracts';
import { sql } from 'kysely';
import { stableId } from '../ids';
import { reviewLinksFor } from '../reviews/links';
import { findDefaultWebsite } from '../websites';
import { renewalOrderRecorder, TestModePaymentProvider } from '../orders';
import { SubscriptionRenewalJob } from '../subscriptions/renewals';
import { subscribeThroughApi } from '../subscriptions/testing';
import { TEST_SHIPPING_ADDRESS, demoProductId, demoVariantId, openTestServer, ownerVisitor, solveCaptcha, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
let admin: TestVisitor;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer({ webhooks: { allowPrivate: 'loopback', intervalMs: 0 } });
  admin = await ownerVisitor(server, 'admin');
  const answer = await admin.post('/api/owner/webhooks', { url: 'https://hooks.example.test/all', events: WEBHOOK_EVENT_TYPES });
  expect(answer.statusCode, answer.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await db().deleteFrom('webhook_events').execute();
});

/** The events recorded so far, oldest first, as the receiver will get them. */
async function events(): Promise<Array<{ type: string; data: Record<string, any> }>> {
  const rows = await db().selectFrom('webhook_events').select(['type', 'body', 'created_at']).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => {
    const body = JSON.parse(row.body);
    expect(body.type).toBe(row.type);
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    return { type: body.type, data: body.data };
  });
}

async function placeOrder(email: string): Promise<string> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
  const answer = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order.id;
}

describe('orders', () => {
  it('records created and paid when an order is placed, then fulfilled; another cancelled; a refund with its amount', async () => {
    const first = await placeOrder('events@example.test');
    expect((await events()).map((event) => event.type)).toEqual(['order.created', 'order.paid']);
    const [created] = await events();
    expect(created!.data).toMatchObject({ id: first, email: 'events@example.test', status: 'placed', paymentStatus: 'paid', testMode: true, refundedCents: 0 });
    expect(created!.data.lines).toEqual([{ productId: demoProductId('canvas-tote'), variantId: expect.any(String), sku: 'TOTE', name: expect.any(String), quantity: 2, unitPriceCents: expect.any(Number) }]);
    await db().deleteFrom('webhook_events').execute();

    expect((await admin.post(`/api/owner/orders/${first}/fulfil`, {})).statusCode).toBe(200);
    const refund = await admin.post(`/api/owner/orders/${first}/refunds`, { amountCents: 500, idempotencyKey: 'refund-events-1' });
    expect(refund.statusCode, refund.body).toBe(200);
    // The same refund again (its idempotency key) pays nothing, and tells no one again.
    await admin.post(`/api/owner/orders/${first}/refunds`, { amountCents: 500, idempotencyKey: 'refund-events-1' });
    const second = await placeOrder('cancel@example.test');
    await db().deleteFrom('webhook_events').where('type', 'in', ['order.created', 'order.paid']).execute();
    expect((await admin.post(`/api/owner/orders/${second}/cancel`, {})).statusCode).toBe(200);
    const recorded = await events();
    expect(recorded.map((event) => event.type)).toEqual(['order.fulfilled', 'order.refunded', 'order.cancelled']);
    expect(recorded[0]!.data).toMatchObject({ id: first, status: 'fulfilled' });
    expect(recorded[1]!.data).toMatchObject({ amountCents: 500, order: { id: first, refundedCents: 500 } });
    expect(recorded[2]!.data).toMatchObject({ id: second, status: 'cancelled' });
  });

  it('records nothing for a change that is refused', async () => {
    const order = await placeOrder('refused@example.test');
    await db().deleteFrom('webhook_events').execute();
    expect((await admin.post(`/api/owner/orders/${order}/cancel`, {})).statusCode).toBe(200);
    expect((await admin.post(`/api/owner/orders/${order}/fulfil`, {})).statusCode).toBe(409);
    expect((await events()).map((event) => event.type)).toEqual(['order.cancelled']);
  });
});

describe('catalog', () => {
  it('records product created, updated, deleted (archived) and updated (restored), and inventory changed', async () => {
    const created = await admin.post('/api/owner/products', {
      productType: 1,
      title: 'Webhook Mug',
      variants: [{ sku: 'HOOK-MUG', optionValues: [], priceCents: 1200, qtyInStock: 3 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product;
    const variantId = product.variants[0].id;
    const updated = await admin.put(`/api/owner/products/${product.id}`, {
      productType: 1,
      title: 'Webhook Mug, large',
      variants: [{ id: variantId, sku: 'HOOK-MUG', optionValues: [], priceCents: 1500, qtyInStock: 3 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await admin.post(`/api/owner/products/${product.id}/archive`, {})).statusCode).toBe(200);
    // Archiving it again changes nothing, and records nothing.
    expect((await admin.post(`/api/owner/products/${product.id}/archive`, {})).statusCode).toBe(200);
    expect((await admin.post(`/api/owner/products/${product.id}/restore`, {})).statusCode).toBe(200);
    expect((await admin.put(`/api/owner/variants/${variantId}/stock`, { qtyInStock: 9 })).statusCode).toBe(200);
    expect((await admin.post(`/api/owner/variants/${variantId}/stock/adjustments`, { delta: -2 })).statusCode).toBe(200);
    // A refused adjustment (below zero) records nothing.
    expect((await admin.post(`/api/owner/variants/${variantId}/stock/adjustments`, { delta: -100 })).statusCode).toBe(409);

    const recorded = await events();
    expect(recorded.map((event) => event.type)).toEqual(['product.created', 'product.updated', 'product.deleted', 'product.updated', 'inventory.changed', 'inventory.changed']);
    expect(recorded[0]!.data).toEqual({ id: product.id, title: 'Webhook Mug', urlSlug: product.urlId ?? expect.any(String), productType: '1', archived: false, variants: [{ id: variantId, sku: 'HOOK-MUG', priceCents: 1200, stock: 3 }] });
    expect(recorded[1]!.data).toMatchObject({ title: 'Webhook Mug, large', variants: [{ priceCents: 1500 }] });
    expect(recorded[2]!.data).toEqual({ id: product.id });
    expect(recorded[3]!.data).toMatchObject({ id: product.id, archived: false });
    expect(recorded[4]!.data).toEqual({ productId: product.id, variantId, sku: 'HOOK-MUG', stock: 9, unlimited: false });
    expect(recorded[5]!.data).toMatchObject({ stock: 7 });
  });
});

describe('shoppers', () => {
  it('records customer.created when a shopper signs up, once', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/');
    const signUp = await visitor.post('/api/site-users/account', { email: 'Hook@Example.test', password: 'long enough' });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const again = new TestVisitor(server.app);
    await again.visit('/');
    expect((await again.post('/api/site-users/account', { email: 'hook@example.test', password: 'long enough' })).statusCode).toBe(409);
    const recorded = await events();
    expect(recorded.map((event) => event.type)).toEqual(['customer.created']);
    expect(recorded[0]!.data).toEqual({ id: signUp.json().siteUser.id, email: 'hook@example.test', firstName: null, lastName: null, createdAt: expect.any(String) });
  });

  it('records newsletter.subscribed when a newsletter sign-up is confirmed by its link, not while it waits', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/');
    const key = (await visitor.post('/api/form/FormSubmissionKey')).json().key;
    const newsletterFormId = stableId('form:demo:newsletter');
    const signUp = await visitor.request({
      method: 'POST', url: '/api/form/SaveFormSubmission', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' },
      payload: { key, formId: newsletterFormId, form: JSON.stringify({ 'newsletter-email': 'Reader@Example.test' }), pagePath: '/', contentSource: 'c' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(await events()).toEqual([]);
    const mail = await db().selectFrom('mail_outbox').select('text_body').where('template', '=', 'newsletter-confirm').where('to_address', '=', 'reader@example.test').executeTakeFirstOrThrow();
    const token = /\/newsletter\/confirm\?token=([^\s"]+)/.exec(mail.text_body)![1]!;
    const confirmed = await new TestVisitor(server.app).request({ method: 'POST', url: `/api/newsletter/confirm?token=${token}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await events()).toEqual([{ type: 'newsletter.subscribed', data: { email: 'reader@example.test', formId: newsletterFormId, subscribedAt: expect.any(String) } }]);
  });

  it('records newsletter.subscribed when the restock box joins the mailing list, not for an address already on it', async () => {
    const sign = async (email: string) => {
      const visitor = new TestVisitor(server.app);
      await visitor.visit('/shop');
      const captchaToken = await solveCaptcha(visitor);
      return visitor.post('/api/site-users/account/notifications/restock', {
        isJoinMailingList: true, productId: demoProductId('linen-shirt'), variantId: demoVariantId('SHIRT-M-NAVY'), siteVisitorEmail: email, captchaToken,
      });
    };
    expect((await sign('joins@example.test')).statusCode).toBeLessThan(300);
    const recorded = await events();
    expect(recorded).toEqual([{ type: 'newsletter.subscribed', data: { email: 'joins@example.test', formId: null, subscribedAt: expect.any(String) } }]);
  });
});

describe('forms and subscriptions', () => {
  it('records form.submitted for a real submission, not for one a bot sent', async () => {
    const send = async (userAgent: string) => {
      const visitor = new TestVisitor(server.app);
      await visitor.visit('/contact');
      const post = (url: string, payload?: unknown) => visitor.request({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': userAgent } });
      const key = (await post('/api/form/FormSubmissionKey')).json().key;
      const answers = { name: ['Ada', 'Lovelace'], email: 'ada@example.com', topic: 'A product', message: 'Green linen?', 'contact-by': 'Email', interests: ['Home'], satisfaction: { 'The shop is easy to use': '2' }, source: 'contact-page' };
      return post('/api/form/SaveFormSubmission', {
        key, formId: stableId('form:demo:contact'), form: JSON.stringify(answers), captchaKey: await solveCaptcha(visitor),
        pageTitle: 'Contact', pageId: stableId('page:demo:contact'), contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: 1,
      });
    };
    expect((await send('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36')).statusCode).toBe(200);
    expect((await send('Googlebot/2.1 (+http://www.google.com/bot.html)')).statusCode).toBe(200);
    const recorded = await events();
    expect(recorded.map((event) => event.type)).toEqual(['form.submitted']);
    expect(recorded[0]!.data).toMatchObject({ formId: stableId('form:demo:contact'), formName: expect.any(String), submissionId: expect.any(String), answers: { email: 'ada@example.com', message: 'Green linen?' } });
  });

  it('records subscription.renewed when a renewal is charged and subscription.cancelled when the owner cancels it', async () => {
    const { subscriptionId, email } = await subscribeThroughApi(server, 'subscriber-hooks@example.test');
    await db().deleteFrom('webhook_events').execute();
    await db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() + interval '3650 days'` }).where('id', '!=', subscriptionId).where('next_renewal_at', 'is not', null).execute();
    await db().updateTable('subscriptions').set({ next_renewal_at: sql<Date>`now() - interval '1 minute'` }).where('id', '=', subscriptionId).execute();
    const job = new SubscriptionRenewalJob(db(), renewalOrderRecorder(new TestModePaymentProvider()), {});
    expect((await job.runOnce()).outcomes).toEqual({ [subscriptionId]: 'renewed' });
    const cancel = await admin.post(`/api/owner/subscriptions/${subscriptionId}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const recorded = await events();
    // The renewal's order is an order like any other: created and paid, then the renewal itself.
    expect(recorded.map((event) => event.type)).toEqual(['order.created', 'order.paid', 'subscription.renewed', 'subscription.cancelled']);
    expect(recorded[0]!.data).toMatchObject({ email, paymentStatus: 'paid', lines: [{ name: 'Coffee Subscription', quantity: 1 }] });
    expect(recorded[2]!.data).toEqual({ id: subscriptionId, status: 'active', email, productName: 'Coffee Subscription', orderId: recorded[0]!.data.id });
    expect(recorded[3]!.data).toEqual({ id: subscriptionId, status: 'cancelled', email, productName: 'Coffee Subscription', orderId: null });
  });
});

describe('reviews', () => {
  it('records review.created when a buyer writes one, and nothing for the refused second', async () => {
    const orderId = await placeOrder('reviewer@example.test');
    const item = await db().selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const website = (await findDefaultWebsite(db()))!;
    const token = (await reviewLinksFor(db())).issue(website.id, orderId, new Date(Date.now() + 60_000));
    await db().deleteFrom('webhook_events').execute();
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const body = { token, orderItemId: item.id, rating: 5, title: 'Sturdy', body: 'Carries everything.', reviewerName: 'Dana' };
    const sent = await visitor.post('/api/commerce/reviews', body);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await visitor.post('/api/commerce/reviews', body)).statusCode).toBe(409);
    const recorded = await events();
    expect(recorded).toEqual([{
      type: 'review.created',
      data: { id: sent.json().review.id, productId: item.product_id, rating: 5, title: 'Sturdy', body: 'Carries everything.', authorName: 'Dana', status: 'pending', createdAt: expect.any(String) },
    }]);
  });
});
