// databases: one — the order rules and answers; order races are proven by orders-api and payment-lifecycle on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_MESSAGES } from '@vitrine/commerce/gift-cards';
import type { Website } from '../db/schema';
import { newId } from '../ids';
import { demoProductId, openTestServer, ownerVisitor, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { ORDER_CHANGE_MESSAGES } from './order-status';
import { ORDER_MESSAGES } from './service';
import { makeTestGiftCard } from '../gift-cards/testing';

/**
 * What the owner's order changes do with checkout's holds: an order whose payment is not confirmed cannot be
 * fulfilled, and cancelling it gives back its coupon uses and gift card amounts; a full refund of an order partly
 * paid by gift card refunds the provider what it took and puts the rest back on the card. And at checkout, a gift
 * card emptied by another order meanwhile refuses the order instead of charging more.
 */

let server: TestServer;
let website: Website;
let owner: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  owner = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

const makeCard = (cents: number) => makeTestGiftCard(db(), website, cents);
const balanceOf = async (id: string) => (await db().selectFrom('gift_cards').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow()).balance_cents;
const timesUsed = async () => (await db().selectFrom('coupons').select('times_used').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()).times_used;

async function shopperWith(slug: string, sku: string, codes: { coupon?: string; giftCard?: string } = {}): Promise<TestVisitor> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity: 1 })).statusCode).toBe(200);
  if (codes.coupon) expect((await shopper.post('/api/commerce/shopping-cart/coupons', { code: codes.coupon })).statusCode).toBe(200);
  if (codes.giftCard) expect((await shopper.post('/api/commerce/shopping-cart/gift-cards', { code: codes.giftCard })).statusCode).toBe(200);
  return shopper;
}

describe('an order whose payment is not confirmed', () => {
  it('cannot be fulfilled, and cancelling it gives back its coupon use and gift card amount as well as its stock', async () => {
    const card = await makeCard(1000);
    const shopper = await shopperWith('linen-shirt', 'SHIRT-S-WHITE', { coupon: 'WELCOME10', giftCard: card.code });
    const usedBefore = await timesUsed();
    const placed = await shopper.post('/api/commerce/orders', { email: 'unpaid@example.com', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id;
    expect(await timesUsed()).toBe(usedBefore + 1);
    expect(await balanceOf(card.id)).toBe(0);
    // As a provider like Stripe leaves it until its webhook comes.
    await db().updateTable('orders').set({ payment_status: 'pending' }).where('id', '=', orderId).execute();

    const fulfil = await owner.post(`/api/owner/orders/${orderId}/fulfil`, {});
    expect(fulfil.statusCode).toBe(409);
    expect(fulfil.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.paymentNotConfirmed });

    const cancel = await owner.post(`/api/owner/orders/${orderId}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await timesUsed()).toBe(usedBefore);
    expect(await balanceOf(card.id)).toBe(1000);
  });
});

describe('a full refund of an order partly paid by gift card', () => {
  it('refunds the provider what it was paid and puts the gift card part back on the card', async () => {
    const card = await makeCard(2000);
    const shopper = await shopperWith('wool-blanket', 'BLANKET', { giftCard: card.code });
    const placed = await shopper.post('/api/commerce/orders', { email: 'refund-card@example.com', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json();
    // $120.00 blanket, free Standard shipping from $100, no Oregon tax: $20.00 by card, $100.00 charged.
    expect(order).toMatchObject({ grandTotal: { value: '120.00' }, giftCardTotal: { value: '20.00' } });
    const detail = (await owner.get(`/api/owner/orders/${order.id}`)).json().order;
    expect(detail.refundable).toEqual({ value: '100.00', currency: 'USD' });

    const refund = await owner.post(`/api/owner/orders/${order.id}/refunds`, { idempotencyKey: `full-${newId()}` });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ refund: { amount: { value: '100.00' } }, order: { status: 'refunded', refundable: { value: '0.00' } } });
    expect(await balanceOf(card.id)).toBe(2000);
  });
});

describe('a refund of an order another provider took', () => {
  it('is refused with where to refund it, and refunds nothing', async () => {
    const shopper = await shopperWith('canvas-tote', 'TOTE');
    const { order } = (await shopper.post('/api/commerce/orders', { email: 'elsewhere@example.com', shippingAddress: TEST_SHIPPING_ADDRESS })).json();
    // Taken live through Stripe before this server went back to test mode.
    await db().updateTable('orders').set({ payment_provider: 'stripe', test_mode: false }).where('id', '=', order.id).execute();
    const refund = await owner.post(`/api/owner/orders/${order.id}/refunds`, { idempotencyKey: `gone-${newId()}` });
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toEqual({ message: ORDER_CHANGE_MESSAGES.providerGone('stripe') });
    expect((await db().selectFrom('orders').select('refunded_cents').where('id', '=', order.id).executeTakeFirstOrThrow()).refunded_cents).toBe(0);
  });
});

describe('a gift card emptied by another order meanwhile', () => {
  it('refuses the order with the reason (409) rather than charging more than was shown', async () => {
    const card = await makeCard(1500);
    const first = await shopperWith('photography-ebook', 'EBOOK', { giftCard: card.code });
    const second = await shopperWith('photography-ebook', 'EBOOK', { giftCard: card.code });
    const shown = (await second.get('/api/commerce/shopping-cart')).json();
    expect(shown.amountDueCents).toBe(0);
    expect((await first.post('/api/commerce/orders', { email: 'first@example.com' })).statusCode).toBe(201);
    const refused = await second.post('/api/commerce/orders', { email: 'second@example.com', expectedGrandTotalCents: shown.grandTotalCents, expectedAmountDueCents: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${card.code.slice(-4)}: ${GIFT_CARD_MESSAGES.codeEmpty}`);
    // Partly drained, without a card emptied: the amount due the shopper saw decides.
    const partial = await makeCard(1000);
    const third = await shopperWith('photography-ebook', 'EBOOK', { giftCard: partial.code });
    await db().updateTable('gift_cards').set({ balance_cents: 400 }).where('id', '=', partial.id).execute();
    const changed = await third.post('/api/commerce/orders', { email: 'third@example.com', expectedAmountDueCents: 500 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ message: ORDER_MESSAGES.totalChanged });
    expect(await balanceOf(partial.id)).toBe(400);
  });
});
