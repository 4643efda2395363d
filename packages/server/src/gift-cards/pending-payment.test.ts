// databases: both — a held card amount put back exactly once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { DEFAULT_MAIL_FROM, DEFAULT_PUBLIC_URL, UnsubscribeTokens } from '../mail';
import { failPendingOrder, markOrderPaid, type PaymentProvider, type PaymentRequest, type PaymentResult } from '../orders';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { makeTestGiftCard } from './testing';

/**
 * Gift cards with a payment that stays pending (a provider like Stripe's): what a card paid is put back when the
 * payment fails (onOrderPaymentFailed → releaseGiftCardRedemptions), once; a bought card is issued only when the
 * provider confirms the payment (onOrderPaid → issueGiftCardsForOrder), once.
 */

class PendingProvider implements PaymentProvider {
  readonly name = 'pending-provider';
  readonly testMode = true;
  readonly browserConfig = { provider: 'pending-provider', publishableKey: 'pk_pending' };
  async charge(request: PaymentRequest): Promise<PaymentResult> {
    return { ok: true, status: 'pending', reference: `pp_${request.orderId}`, clientSecret: `pp_${request.orderId}_secret`, expiresAt: new Date(Date.now() + 30 * 60_000) };
  }
  async refund() {
    return { ok: false as const, message: 'not here' };
  }
  async chargeRenewal() {
    return { ok: false as const, message: 'not here' };
  }
}

let server: TestServer;
let website: Website;
beforeAll(async () => {
  server = await openTestServer({ payments: new PendingProvider() });
  website = (await findDefaultWebsite(server.database.db))!;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const balanceOf = async (id: string) => (await db().selectFrom('gift_cards').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow()).balance_cents;

const makeCard = (cents: number) => makeTestGiftCard(db(), website, cents);

async function placeWith(lines: { slug: string; sku: string }[], email: string, giftCardCode?: string): Promise<string> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  for (const line of lines) {
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(line.slug), sku: line.sku, quantity: 1 })).statusCode).toBe(200);
  }
  if (giftCardCode) expect((await shopper.post('/api/commerce/shopping-cart/gift-cards', { code: giftCardCode })).statusCode).toBe(200);
  const placed = await shopper.post('/api/commerce/orders', { email });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id;
}

describe('a gift card on an order whose payment stays pending', () => {
  it('is held while the payment is pending and put back once when it fails', async () => {
    const card = await makeCard(1000);
    const orderId = await placeWith([{ slug: 'photography-ebook', sku: 'EBOOK' }], 'pending-card@example.com', card.code);
    const order = await db().selectFrom('orders').select(['payment_status', 'gift_card_total_cents', 'grand_total_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ payment_status: 'pending', gift_card_total_cents: 1000, grand_total_cents: 1500 });
    expect(await balanceOf(card.id)).toBe(0);

    expect(await failPendingOrder(db(), website, orderId, 'failed')).toBe('cancelled');
    expect(await balanceOf(card.id)).toBe(1000);
    const [redemption] = await db().selectFrom('gift_card_redemptions').selectAll().where('order_id', '=', orderId).execute();
    expect(redemption).toMatchObject({ gift_card_id: card.id, amount_cents: 1000 });
    expect(redemption!.released_at).toBeInstanceOf(Date);
    // The provider saying so again (a replayed event, the expiry job) gives nothing back twice.
    expect(await failPendingOrder(db(), website, orderId, 'expired')).toBe('not-pending');
    expect(await balanceOf(card.id)).toBe(1000);
  });

  it('a bought card is issued (and mailed) only once the provider confirms the payment, and only once', async () => {
    const orderId = await placeWith([{ slug: 'gift-card', sku: 'GIFT-25' }], 'pending-buyer@example.com');
    const cards = () => db().selectFrom('gift_cards').select(['id', 'initial_cents']).where('order_id', '=', orderId).execute();
    const mails = () => db().selectFrom('mail_outbox').select('id').where('to_address', '=', 'pending-buyer@example.com').where('template', '=', 'gift-card').execute();
    expect(await cards()).toEqual([]);
    const context = { mail: { from: DEFAULT_MAIL_FROM, publicUrl: DEFAULT_PUBLIC_URL, unsubscribeTokens: new UnsubscribeTokens('test-secret') } };
    expect(await markOrderPaid(db(), website, { orderId }, context)).toBe('paid');
    expect(await cards()).toEqual([{ id: expect.any(String), initial_cents: 2500 }]);
    expect(await mails()).toHaveLength(1);
    expect(await markOrderPaid(db(), website, { orderId }, context)).toBe('already-paid');
    expect(await cards()).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });
});
