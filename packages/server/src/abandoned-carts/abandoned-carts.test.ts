// databases: both — one reminder per cart across two racing job runners, never after a purchase, the restore link
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_CART_MESSAGES } from '@vitrine/contracts';
import { UnsubscribeTokens } from '../mail';
import { createWebsite } from '../platform';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { AbandonedCartJob } from './reminders';

const PLATFORM = 'vitrine.test';
const HOST = `demo.${PLATFORM}`;
const OTHER_HOST = `otherside.${PLATFORM}`;
const HOUR = 60 * 60 * 1000;
const mail = { from: 'no-reply@localhost', publicUrl: 'http://shop.test', unsubscribeTokens: new UnsubscribeTokens('test-secret') };
let server: TestServer;
let manager: TestVisitor;
let emailCount = 0;
const uniqueEmail = (name: string) => `${name}-${++emailCount}-${process.pid}@carts.test`;

beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
  await createWebsite(server.database.db, { identifier: 'otherside', siteTitle: 'Other Side', sampleContent: true });
  manager = await ownerVisitor(server, 'storeManager', { identifier: 'demo', host: HOST });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const job = () => new AbandonedCartJob(db(), { mail, intervalMs: 0 });
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/** A shopper who put a tote in the cart and gave an email at checkout, then left. */
async function abandonCart(email: string) {
  const shopper = new TestVisitor(server.app, undefined, { host: HOST });
  await shopper.visit('/shop');
  expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 })).statusCode).toBe(200);
  const told = await shopper.put('/api/commerce/shopping-cart/checkout', { email });
  expect(told.statusCode, told.body).toBe(200);
  const cart = await db().selectFrom('carts').select('id').where('token', '=', shopper.cookies.get('CART')!).executeTakeFirstOrThrow();
  return { shopper, cartId: cart.id };
}

const remindersTo = (email: string) => db().selectFrom('mail_outbox').select(['kind', 'subject', 'text_body', 'html_body', 'headers']).where('template', '=', 'abandoned-cart').where('to_address', '=', email).execute();
const reminderRow = (cartId: string) => db().selectFrom('abandoned_cart_reminders').selectAll().where('cart_id', '=', cartId).executeTakeFirst();
const setDelay = async (delayHours: number | null, owner = manager) => {
  const answer = await owner.put('/api/owner/abandoned-carts/settings', { delayHours });
  expect(answer.statusCode, answer.body).toBe(200);
};

describe('abandoned-cart reminders', () => {
  it('are off until the owner chooses a delay; only 1, 4 or 24 hours, by who may change store settings', async () => {
    const off = await manager.get('/api/owner/abandoned-carts/settings');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ delayHours: null, delayChoices: [1, 4, 24] });
    const email = uniqueEmail('off');
    const { cartId } = await abandonCart(email);
    await job().runOnce(later(48));
    expect(await reminderRow(cartId)).toBeUndefined();

    const bad = await manager.put('/api/owner/abandoned-carts/settings', { delayHours: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ABANDONED_CART_MESSAGES.delayHours);
    const reporting = await ownerVisitor(server, 'reporting', { identifier: 'demo', host: HOST });
    expect((await reporting.put('/api/owner/abandoned-carts/settings', { delayHours: 1 })).statusCode).toBe(403);
    expect((await reporting.get('/api/owner/abandoned-carts/summary')).statusCode).toBe(200);
    const shopper = new TestVisitor(server.app, undefined, { host: HOST });
    expect((await shopper.get('/api/owner/abandoned-carts/settings')).statusCode).toBe(401);
    await setDelay(4);
    expect((await manager.get('/api/owner/abandoned-carts/settings')).json().delayHours).toBe(4);
    // A cart left before reminders were switched on is never reminded; changing only the delay keeps that moment.
    await job().runOnce(later(48));
    expect(await reminderRow(cartId)).toBeUndefined();
    const enabledAt = async () => (await db().selectFrom('abandoned_cart_settings').select('enabled_at').where('delay_hours', '=', 4).executeTakeFirst())?.enabled_at?.getTime();
    const switchedOn = await enabledAt();
    expect(switchedOn).toBeGreaterThan(0);
    await setDelay(24);
    await setDelay(4);
    expect(await enabledAt()).toBe(switchedOn);
    await setDelay(null);
    expect((await db().selectFrom('abandoned_cart_settings').select('enabled_at').executeTakeFirstOrThrow()).enabled_at).toBeNull();
  });

  it('sends one reminder after the delay, with a link that restores the cart in a new browser, and counts the order as recovered', async () => {
    await setDelay(1);
    const email = uniqueEmail('left');
    const { cartId } = await abandonCart(email);
    expect((await job().runOnce(later(0.5))).sent).not.toHaveProperty(cartId);
    expect(await reminderRow(cartId)).toBeUndefined();
    expect((await job().runOnce(later(1.1))).sent[cartId]).toBe('sent');
    expect((await job().runOnce(later(5))).sent).not.toHaveProperty(cartId);
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('marketing');
    expect(mails[0]!.subject).toBe('You left something in your cart at Vitrine Demo Store');
    expect(mails[0]!.text_body).toContain('2 × Canvas Tote');
    expect(mails[0]!.text_body).toContain('Unsubscribe: ');
    expect(mails[0]!.headers).toHaveProperty('List-Unsubscribe');
    const link = /Pick up where you left off: (\S+)/.exec(mails[0]!.text_body)![1]!;
    const path = link.slice(link.indexOf('/cart/restore'));

    // Another website does not take the link.
    const elsewhere = new TestVisitor(server.app, undefined, { host: OTHER_HOST });
    const refused = await elsewhere.get(path);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/cart?restore=expired');
    expect(elsewhere.cookies.has('CART')).toBe(false);
    const forged = new TestVisitor(server.app, undefined, { host: HOST });
    expect((await forged.get(`${path}x`)).headers.location).toBe('/cart?restore=expired');

    const phone = new TestVisitor(server.app, undefined, { host: HOST });
    const restored = await phone.get(path);
    expect(restored.statusCode).toBe(303);
    expect(restored.headers.location).toBe('/cart?restore=done');
    expect((await phone.get('/cart?restore=done')).body).toContain(`<p class="notice" role="status">${ABANDONED_CART_MESSAGES.restored}</p>`);
    expect((await elsewhere.get('/cart?restore=expired')).body).toContain(`<p class="notice" role="status">${ABANDONED_CART_MESSAGES.linkNotValid}</p>`);
    const cart = (await phone.get('/api/commerce/shopping-cart')).json();
    expect(cart.entries.map((entry: { quantity: number }) => entry.quantity)).toEqual([2]);
    expect((await reminderRow(cartId))!.restored_at).not.toBeNull();

    const before = (await manager.get('/api/owner/abandoned-carts/summary')).json();
    const placed = await phone.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
    expect(placed.statusCode, placed.body).toBe(201);
    const summary = (await manager.get('/api/owner/abandoned-carts/summary')).json();
    expect(summary.recoveredOrders).toBe(before.recoveredOrders + 1);
    const grand = Number(placed.json().order.grandTotal.value);
    expect(Number(summary.recoveredRevenue.value)).toBeCloseTo(Number(before.recoveredRevenue.value) + grand, 2);
    expect(summary.remindersSent).toBeGreaterThanOrEqual(1);
    // A bought cart's link no longer restores it.
    expect((await new TestVisitor(server.app, undefined, { host: HOST }).get(path)).headers.location).toBe('/cart?restore=expired');
    await setDelay(null);
  });

  it('two job runners racing send each cart one reminder', async () => {
    await setDelay(1);
    const carts = await Promise.all([1, 2, 3, 4].map(async () => {
      const email = uniqueEmail('race');
      return { email, ...(await abandonCart(email)) };
    }));
    const now = later(2);
    const [first, second] = await Promise.all([job().runOnce(now), job().runOnce(now)]);
    for (const { email, cartId } of carts) {
      expect(await remindersTo(email)).toHaveLength(1);
      expect([first.sent[cartId], second.sent[cartId]].filter((outcome) => outcome === 'sent')).toHaveLength(1);
      expect((await reminderRow(cartId))!.status).toBe('sent');
    }
    await setDelay(null);
  });

  it('never sends after a purchase made between queueing and sending, nor to a suppressed address', async () => {
    await setDelay(1);
    const buyerEmail = uniqueEmail('bought');
    const { shopper, cartId } = await abandonCart(buyerEmail);
    const runner = job();
    expect(await runner.queueDue(later(2))).toBeGreaterThanOrEqual(1);
    expect((await reminderRow(cartId))!.status).toBe('queued');
    expect((await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: buyerEmail })).statusCode).toBe(201);
    expect((await runner.sendQueued(later(2)))[cartId]).toBe('purchased');
    expect(await reminderRow(cartId)).toMatchObject({ status: 'skipped', skip_reason: 'purchased' });
    expect(await remindersTo(buyerEmail)).toHaveLength(0);

    const quietEmail = uniqueEmail('quiet');
    const quiet = await abandonCart(quietEmail);
    const website = await db().selectFrom('carts').select('website_id').where('id', '=', quiet.cartId).executeTakeFirstOrThrow();
    await db().insertInto('mail_suppressions').values({ website_id: website.website_id, email: quietEmail, reason: 'unsubscribed' }).execute();
    await job().runOnce(later(2));
    expect(await reminderRow(quiet.cartId)).toBeUndefined();
    expect(await remindersTo(quietEmail)).toHaveLength(0);
    await setDelay(null);
  });

  it("another website's owner neither sees nor changes this website's setting and figures", async () => {
    await setDelay(24);
    const otherOwner = await ownerVisitor(server, 'admin', { identifier: 'otherside', host: OTHER_HOST });
    expect((await otherOwner.get('/api/owner/abandoned-carts/settings')).json().delayHours).toBeNull();
    expect((await otherOwner.get('/api/owner/abandoned-carts/summary')).json()).toEqual({ remindersSent: 0, recoveredOrders: 0, recoveredRevenue: { value: '0.00', currency: expect.any(String) } });
    await setDelay(1, otherOwner);
    expect((await manager.get('/api/owner/abandoned-carts/settings')).json().delayHours).toBe(24);
    await setDelay(null);
  });
});
