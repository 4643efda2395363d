// databases: both — issuing once per order under races; keyset pages of the cards
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode, GIFT_CARD_CODE_ALPHABET, todayIn } from '@vitrine/commerce/gift-cards';
import type { Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { newId } from '../ids';
import { createSmtpTransport, MailWorker } from '../mail';
import { startTestSmtpServer } from '../mail/test-smtp';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { GIFT_CARD_THROTTLE_MESSAGE, issueGiftCardsForOrder } from '.';
import { drawGiftCardCode, giftCardCodeHash, loadGiftCardSecret } from './codes';

/**
 * Gift cards through the real API: bought on a paid test-mode order (express checkout of the demo card, the
 * delivery, POST /api/commerce/orders), issued with their mail in the outbox on the chosen date, delivered by the
 * real worker to a loopback SMTP server when due, their balance asked, and the owner's list and disable.
 */

let server: TestServer;
let website: Website;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  smtp = await startTestSmtpServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const GIFT_CARD = demoProductId('gift-card');
const CODE_IN_MAIL = new RegExp(`Code: ([${GIFT_CARD_CODE_ALPHABET}]{4}(?:-[${GIFT_CARD_CODE_ALPHABET}]{4}){3})`);

/** The gift card page's flow: express checkout of a denomination, the delivery when sent to someone, the order. */
async function buyGiftCard(options: { sku?: string; quantity?: number; email?: string; delivery?: Record<string, unknown> } = {}) {
  const shopper = new TestVisitor(server.app);
  await shopper.visit(`/checkout/gift-card?itemId=${GIFT_CARD}&sku=${options.sku ?? 'GIFT-50'}`);
  const express = await shopper.post('/api/commerce/express-checkout', { itemId: GIFT_CARD, sku: options.sku ?? 'GIFT-50', quantity: options.quantity ?? 1 });
  expect(express.statusCode).toBe(200);
  const { cartToken } = express.json() as { cartToken: string };
  if (options.delivery) {
    const saved = await shopper.put('/api/commerce/gift-card-delivery', { cartToken, ...options.delivery });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const placed = await shopper.post('/api/commerce/orders', { email: options.email ?? 'buyer@example.com', cartToken });
  expect(placed.statusCode, placed.body).toBe(201);
  return { shopper, cartToken, order: placed.json().order as { id: string; orderNumber: number } };
}

const cardsOf = (orderId: string) => server.database.db.selectFrom('gift_cards').selectAll().where('order_id', '=', orderId).orderBy('unit_index').execute();
const mailsOf = (to: string) => server.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).where('template', '=', 'gift-card').orderBy('created_at').execute();
const codeIn = (text: string) => CODE_IN_MAIL.exec(text)?.[1];

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

describe('buying a gift card', () => {
  it('issues one card per unit worth its price, mailed to the buyer at once when no one else is named', async () => {
    const before = Date.now();
    const { order } = await buyGiftCard({ sku: 'GIFT-25', quantity: 2, email: 'Self.Buyer@Example.com' });
    const cards = await cardsOf(order.id);
    expect(cards).toHaveLength(2);
    for (const [index, card] of cards.entries()) {
      expect(card).toMatchObject({
        initial_cents: 2500, balance_cents: 2500, currency: 'USD', unit_index: index, purchaser_email: 'Self.Buyer@Example.com',
        recipient_email: null, send_on: todayIn(website.time_zone), disabled_at: null,
      });
      expect(card.code_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const mails = await mailsOf('self.buyer@example.com');
    expect(mails).toHaveLength(2);
    const codes = mails.map((mail) => codeIn(mail.text_body));
    expect(new Set(codes).size).toBe(2);
    for (const [index, mail] of mails.entries()) {
      expect(mail).toMatchObject({ kind: 'transactional', status: 'pending', subject: 'Your $25.00 gift card for Vitrine Demo Store' });
      expect(mail.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(mail.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(mail.text_body).toContain('Value: $25.00\n');
      expect(mail.html_body).toContain(codes[index]);
      expect(mail.text_body).toContain('This gift card was bought in test mode: no money was taken.');
    }
    // Only the code's last four are kept in clear; the rest is in the mail alone.
    expect(cards.map((card) => card.code_last4).sort()).toEqual(codes.map((code) => code!.slice(-4)).sort());
    expect(cards.map((card) => card.delivery_mail_id).sort()).toEqual(mails.map((mail) => mail.id).sort());
    // The buyer's own order confirmation is mailed apart.
    const confirmations = await server.database.db.selectFrom('mail_outbox').select('template').where('to_address', '=', 'self.buyer@example.com').execute();
    expect(confirmations.map((mail) => mail.template).sort()).toEqual(['gift-card', 'gift-card', 'order-confirmation']);
  });

  it("mails a recipient's card on the send date at 09:00 UTC; the real worker delivers it only once due", async () => {
    const sendOn = addDays(todayIn(website.time_zone), 10);
    const { order } = await buyGiftCard({
      email: 'giver@example.com',
      delivery: { recipientEmail: 'Friend@Example.com', recipientName: 'Ana', senderName: 'Bo', message: 'Happy birthday, Ana! <3', sendOn },
    });
    const [card] = await cardsOf(order.id);
    expect(card).toMatchObject({ recipient_email: 'Friend@Example.com', recipient_name: 'Ana', sender_name: 'Bo', message: 'Happy birthday, Ana! <3', send_on: sendOn, initial_cents: 5000 });
    const [mail] = await mailsOf('friend@example.com');
    expect(mail.subject).toBe('Bo sent you a $50.00 gift card for Vitrine Demo Store');
    expect(mail.next_attempt_at.toISOString()).toBe(`${sendOn}T09:00:00.000Z`);
    expect(mail.text_body).toContain('For Ana\n');
    expect(mail.text_body).toContain('"Happy birthday, Ana! <3"');
    expect(mail.html_body).toContain('Happy birthday, Ana! &lt;3');
    expect(await mailsOf('giver@example.com')).toHaveLength(0);

    const worker = new MailWorker(server.database.db, createSmtpTransport(smtp.url), { batchSize: 50 });
    // Everything due now goes; the card's mail waits for its date.
    while ((await worker.runOnce()) > 0);
    expect((await mailsOf('friend@example.com'))[0].status).toBe('pending');
    expect(smtp.received.some((received) => received.to.includes('friend@example.com'))).toBe(false);
    // The date comes.
    await server.database.db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', mail.id).execute();
    expect(await worker.runOnce()).toBe(1);
    expect((await mailsOf('friend@example.com'))[0].status).toBe('sent');
    const delivered = smtp.received.find((received) => received.to.includes('friend@example.com'))!;
    expect(delivered.raw).toContain(codeIn(mail.text_body));
  });

  it('is idempotent per order: issuing again issues nothing and mails nothing more', async () => {
    const { order } = await buyGiftCard({ quantity: 3, email: 'again@example.com' });
    const first = await cardsOf(order.id);
    const orderRow = await server.database.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const items = await server.database.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    const again = await inTransaction(server.database.db, (trx) =>
      issueGiftCardsForOrder(trx, website, orderRow, items, { mail: { from: 'x@localhost', publicUrl: 'http://localhost', unsubscribeTokens: undefined as never } }),
    );
    expect(again.map((card) => card.id).sort()).toEqual(first.map((card) => card.id).sort());
    expect(await cardsOf(order.id)).toHaveLength(3);
    expect(await mailsOf('again@example.com')).toHaveLength(3);
  });

  it('issues nothing for an order without gift card lines', async () => {
    const { order } = await buyGiftCard({ email: 'mixed@example.com' });
    const orderRow = await server.database.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const items = await server.database.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    const otherKinds = items.map((item) => ({ ...item, id: `${item.id}-other`, line_kind: 'physical' }));
    expect(await inTransaction(server.database.db, (trx) => issueGiftCardsForOrder(trx, website, orderRow, otherKinds, {}))).toEqual([]);
    expect(await cardsOf(order.id)).toHaveLength(1);
  });
});

describe('paying with a gift card through the real checkout', () => {
  it('two shoppers racing with one card: it gives what it holds once, and the provider is asked for the rest', async () => {
    // A $20.00 card with a known code (as issuing makes one); each shopper buys the $15.00 e-book with it.
    const code = drawGiftCardCode();
    const cardId = newId();
    const secret = await loadGiftCardSecret(server.database.db);
    await server.database.db
      .insertInto('gift_cards')
      .values({ id: cardId, website_id: website.id, code_hash: giftCardCodeHash(secret, code), code_last4: code.slice(-4), initial_cents: 2000, balance_cents: 2000, currency: 'USD' })
      .execute();
    const shoppers = await Promise.all(
      [1, 2].map(async () => {
        const shopper = new TestVisitor(server.app);
        await shopper.visit('/shop');
        expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('photography-ebook'), sku: 'EBOOK', quantity: 1 })).statusCode).toBe(200);
        const applied = await shopper.post('/api/commerce/shopping-cart/gift-cards', { code: formatGiftCardCode(code) });
        expect(applied.statusCode, applied.body).toBe(200);
        return shopper;
      }),
    );
    const placed = await Promise.all(shoppers.map((shopper, index) => shopper.post('/api/commerce/orders', { email: `racer-${index}@example.com` })));
    expect(placed.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const orders = await server.database.db
      .selectFrom('orders')
      .select(['gift_card_total_cents', 'grand_total_cents', 'payment_provider'])
      .where('id', 'in', placed.map((answer) => answer.json().order.id as string))
      .execute();
    expect(orders.map((order) => order.gift_card_total_cents).sort((a, b) => b - a)).toEqual([1500, 500]);
    expect(orders.every((order) => order.grand_total_cents === 1500)).toBe(true);
    const card = await server.database.db.selectFrom('gift_cards').select('balance_cents').where('id', '=', cardId).executeTakeFirstOrThrow();
    expect(card.balance_cents).toBe(0);
    const taken = await server.database.db.selectFrom('gift_card_redemptions').select('amount_cents').where('gift_card_id', '=', cardId).execute();
    expect(taken.map((row) => row.amount_cents).sort((a, b) => b - a)).toEqual([1500, 500]);
  });
});

describe('PUT /api/commerce/gift-card-delivery', () => {
  async function expressCart(itemId = GIFT_CARD, sku = 'GIFT-50') {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    const { cartToken } = (await shopper.post('/api/commerce/express-checkout', { itemId, sku, quantity: 1 })).json();
    return { shopper, cartToken: cartToken as string };
  }
  const countDeliveries = async () => Number((await server.database.db.selectFrom('gift_card_deliveries').select(server.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses bad fields with the shared messages and writes nothing', async () => {
    const { shopper, cartToken } = await expressCart();
    const before = await countDeliveries();
    const refused = await shopper.put('/api/commerce/gift-card-delivery', {
      cartToken, recipientEmail: 'nope', message: 'x'.repeat(501), sendOn: addDays(todayIn(website.time_zone), -1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "Enter the recipient's email address.",
      errors: {
        recipientEmail: "Enter the recipient's email address.",
        message: 'Keep the message to 500 characters or fewer.',
        sendOn: 'Choose a send date from today up to a year from now.',
      },
    });
    const tooLate = await shopper.put('/api/commerce/gift-card-delivery', { cartToken, recipientEmail: 'a@example.com', sendOn: addDays(todayIn(website.time_zone), 367) });
    expect(tooLate.json().errors).toEqual({ sendOn: 'Choose a send date from today up to a year from now.' });
    expect(await countDeliveries()).toBe(before);
  });

  it('answers 404 for an unknown cart, 400 for a cart without a gift card, 409 once bought; the crumb is required', async () => {
    const { shopper, cartToken } = await expressCart();
    const unknown = await shopper.put('/api/commerce/gift-card-delivery', { cartToken: 'no-such-cart', recipientEmail: 'a@example.com' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'That checkout link is no longer valid.']);
    const tote = await expressCart(demoProductId('canvas-tote'), 'TOTE');
    const notGift = await tote.shopper.put('/api/commerce/gift-card-delivery', { cartToken: tote.cartToken, recipientEmail: 'a@example.com' });
    expect([notGift.statusCode, notGift.json().message]).toEqual([400, 'This checkout has no gift card to send.']);
    const noCrumb = await shopper.request({ method: 'PUT', url: '/api/commerce/gift-card-delivery', payload: { cartToken, recipientEmail: 'a@example.com' }, sendCrumb: false });
    expect(noCrumb.statusCode).toBe(403);
    expect((await shopper.post('/api/commerce/orders', { email: 'b@example.com', cartToken })).statusCode).toBe(201);
    const bought = await shopper.put('/api/commerce/gift-card-delivery', { cartToken, recipientEmail: 'a@example.com' });
    expect([bought.statusCode, bought.json().message]).toEqual([409, 'This cart has already been purchased.']);
  });

  it('saving again replaces the delivery; the date defaults to today', async () => {
    const { shopper, cartToken } = await expressCart();
    await shopper.put('/api/commerce/gift-card-delivery', { cartToken, recipientEmail: 'first@example.com', message: 'one' });
    const second = await shopper.put('/api/commerce/gift-card-delivery', { cartToken, recipientEmail: ' second@example.com ', recipientName: null });
    expect(second.json()).toEqual({
      delivery: { recipientEmail: 'second@example.com', recipientName: null, senderName: null, message: null, sendOn: todayIn(website.time_zone) },
    });
  });
});

describe('POST /api/commerce/gift-cards/balance', () => {
  it("answers the balance and the last four only; 404 for an unknown code, in the shopper's words", async () => {
    const { order } = await buyGiftCard({ sku: 'GIFT-100', email: 'balance@example.com' });
    const code = codeIn((await mailsOf('balance@example.com'))[0].text_body)!;
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const answer = await visitor.post('/api/commerce/gift-cards/balance', { code: code.toLowerCase().replace(/-/g, ' ') });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ giftCard: { last4: code.slice(-4), balance: { value: '100.00', currency: 'USD' }, usable: true } });
    expect(answer.body).not.toContain(code.slice(0, 4));
    const unknown = await visitor.post('/api/commerce/gift-cards/balance', { code: 'AAAA-BBBB-CCCC-DDDD' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'This gift card code does not exist.' }]);
    const nonsense = await visitor.post('/api/commerce/gift-cards/balance', { code: 'hello' });
    expect([nonsense.statusCode, nonsense.json().message]).toEqual([404, 'This gift card code does not exist.']);

    // Disabled by the owner: still answered, with the reason.
    const [card] = await cardsOf(order.id);
    const owner = await ownerVisitor(server);
    expect((await owner.post(`/api/owner/gift-cards/${card.id}/disable`)).statusCode).toBe(200);
    expect((await visitor.post('/api/commerce/gift-cards/balance', { code })).json()).toEqual({
      giftCard: { last4: code.slice(-4), balance: { value: '100.00', currency: 'USD' }, usable: false, reason: 'This gift card has been disabled.' },
    });
  });

  it('slows guessing per visitor: 10 checks, then 429 with Retry-After; another visitor is not held', async () => {
    const guesser = new TestVisitor(server.app);
    await guesser.visit('/shop');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await guesser.post('/api/commerce/gift-cards/balance', { code: `AAAA-BBBB-CCCC-${'DEFGHJKLMN'[attempt]}AAA` })).statusCode).toBe(404);
    }
    const held = await guesser.post('/api/commerce/gift-cards/balance', { code: 'AAAA-BBBB-CCCC-EEEE' });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ message: GIFT_CARD_THROTTLE_MESSAGE });
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = new TestVisitor(server.app);
    await other.visit('/shop');
    expect((await other.post('/api/commerce/gift-cards/balance', { code: 'AAAA-BBBB-CCCC-EEEE' })).statusCode).toBe(404);
  });
});

describe('the owner\'s gift cards', () => {
  it('lists newest first with last four, balance, recipient, send date and status; searches; pages; disables once', async () => {
    const sendOn = addDays(todayIn(website.time_zone), 30);
    const { order } = await buyGiftCard({ email: 'owner-list@example.com', delivery: { recipientEmail: 'listed@example.com', recipientName: 'Cleo', sendOn } });
    const [card] = await cardsOf(order.id);
    const owner = await ownerVisitor(server);
    const listed = (await owner.get('/api/owner/gift-cards?q=LISTED@example')).json();
    expect(listed).toEqual({
      giftCards: [{
        id: card.id, last4: card.code_last4, initialCents: 5000, balanceCents: 5000, currency: 'USD', status: 'scheduled',
        purchaserEmail: 'owner-list@example.com', recipientEmail: 'listed@example.com', recipientName: 'Cleo', sendOn,
        orderId: order.id, orderNumber: order.orderNumber, disabledAt: null, createdAt: card.created_at.toISOString(),
      }],
      nextCursor: null,
    });
    const byLast4 = (await owner.get(`/api/owner/gift-cards?q=${card.code_last4.toLowerCase()}`)).json();
    expect(byLast4.giftCards.map((found: { id: string }) => found.id)).toContain(card.id);

    // Pages of one: every card once, newest first.
    const all = (await owner.get('/api/owner/gift-cards?limit=100')).json().giftCards as { id: string }[];
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { giftCards: { id: string }[]; nextCursor: string | null } = (await owner.get(`/api/owner/gift-cards?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json();
      paged.push(...page.giftCards.map((found: { id: string }) => found.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.map((found) => found.id));
    expect(paged[0]).toBe(card.id);

    // A cursor that is not ours, or names a time that is not one: 400, never a database error.
    for (const cursor of ['nope', Buffer.from(JSON.stringify(['2026-02-30 00:00:00+00', card.id])).toString('base64url'), Buffer.from(JSON.stringify(['1', '2', '3'])).toString('base64url')]) {
      const badCursor = await owner.get(`/api/owner/gift-cards?cursor=${cursor}`);
      expect([badCursor.statusCode, badCursor.json().message]).toEqual([400, 'This page link is not valid. Start again from the first page.']);
    }

    const [first, second] = await Promise.all([
      owner.post(`/api/owner/gift-cards/${card.id}/disable`),
      owner.post(`/api/owner/gift-cards/${card.id}/disable`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const disabled = [first, second].find((answer) => answer.statusCode === 200)!.json();
    expect(disabled.giftCard).toMatchObject({ id: card.id, status: 'disabled', balanceCents: 5000 });
    expect([first, second].find((answer) => answer.statusCode === 409)!.json().message).toBe('This gift card is already disabled.');
    const missing = await owner.post('/api/owner/gift-cards/no-such-card/disable');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'This gift card does not exist.']);
  });

  it('needs orders:read to list and orders:write to disable', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get('/api/owner/gift-cards')).statusCode).toBe(403);
    const reporting = await ownerVisitor(server, 'reporting');
    expect((await reporting.get('/api/owner/gift-cards')).statusCode).toBe(200);
    expect((await reporting.post('/api/owner/gift-cards/anything/disable')).statusCode).toBe(403);
    const signedOut = new TestVisitor(server.app);
    await signedOut.visit('/');
    expect((await signedOut.get('/api/owner/gift-cards')).statusCode).toBe(401);
  });
});
