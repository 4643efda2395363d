// databases: both — a manual order marked paid once when two requests race
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { demoProductId, openTestServer, ownerVisitor, stockOf, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { COMMERCE_PREFERENCE_MESSAGES, findDefaultWebsite } from '../websites';
import { DEFAULT_MANUAL_PAYMENT_EXPIRY_DAYS, MANUAL_PAYMENT_MESSAGES } from './manual-payment';
import { expireNextPendingPayment } from './payment-lifecycle-expiry';
import { startTestSmtpServer } from '../mail/test-smtp';
import { createSmtpTransport, MailWorker } from '../mail';

/**
 * The manual payment method (bank transfer, cash on delivery), through the real routes: the owner's settings with
 * their field errors, the shopper's order placed awaiting payment with the instructions on the receipt and in the
 * mail, stock held, nothing delivered until the owner's "Mark as paid" (once, however many requests race), and the
 * expiry that lets an unpaid order go.
 */

const INSTRUCTIONS = 'Pay to IBAN DE89 3704 0044 0532 0130 00\nReference: your order number';

let server: TestServer;
let website: Website;
let owner: TestVisitor;
let manager: TestVisitor;
let viewer: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  owner = await ownerVisitor(server, 'admin');
  manager = await ownerVisitor(server, 'storeManager');
  viewer = await ownerVisitor(server, 'viewer');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const preferencesUrl = () => `/api/v1/commerce-preferences/${website.id}`;

async function placeOrder(email: string, lines: Array<[slug: string, sku: string, quantity: number]>, body: Record<string, unknown> = { paymentMethod: 'manual' }) {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  for (const [slug, sku, quantity] of lines) {
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity })).statusCode).toBe(200);
  }
  const answer = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email, ...body });
  return { shopper, answer };
}

async function orderRow(id: string) {
  return db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body']).where('template', '=', 'order-confirmation').where('to_address', '=', email).orderBy('created_at').execute();

const grantsOf = (orderId: string) =>
  db().selectFrom('download_grants').innerJoin('order_items', 'order_items.id', 'download_grants.order_item_id').select('download_grants.id').where('order_items.order_id', '=', orderId).execute();

describe('the manual method in the commerce preferences', () => {
  it('refuses to turn it on without a name and instructions, field by field', async () => {
    const answer = await owner.put(preferencesUrl(), { manualPaymentEnabled: true });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: COMMERCE_PREFERENCE_MESSAGES.invalid,
      errors: { manualPaymentLabel: COMMERCE_PREFERENCE_MESSAGES.manualPaymentLabelRequired, manualPaymentInstructions: COMMERCE_PREFERENCE_MESSAGES.manualPaymentInstructionsRequired },
    });
    const tooLong = await owner.put(preferencesUrl(), { manualPaymentLabel: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ manualPaymentLabel: 'Enter a name of 60 characters at most, such as Bank transfer.' });
    const days = await owner.put(preferencesUrl(), { manualPaymentExpiryDays: 61 });
    expect(days.statusCode).toBe(400);
    expect(days.json().errors).toEqual({ manualPaymentExpiryDays: 'Enter a whole number of days from 1 to 60.' });
    expect((await db().selectFrom('websites').select('settings').where('id', '=', website.id).executeTakeFirstOrThrow()).settings.manualPaymentEnabled).toBeUndefined();
  });

  it('a shopper cannot choose it while it is off', async () => {
    const { answer } = await placeOrder('manual-off@example.com', [['canvas-tote', 'TOTE', 1]]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: MANUAL_PAYMENT_MESSAGES.notOffered, errors: { paymentMethod: MANUAL_PAYMENT_MESSAGES.notOffered } });
  });

  it('a viewer may not change it', async () => {
    expect((await viewer.put(preferencesUrl(), { manualPaymentEnabled: false })).statusCode).toBe(403);
  });

  it('is turned on with a label and instructions; the checkout page offers it', async () => {
    const answer = await owner.put(preferencesUrl(), { manualPaymentEnabled: true, manualPaymentLabel: 'Bank transfer', manualPaymentInstructions: INSTRUCTIONS });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ manualPaymentEnabled: true, manualPaymentLabel: 'Bank transfer', manualPaymentInstructions: INSTRUCTIONS });
    const shopper = new TestVisitor(server.app);
    const page = await shopper.visit('/checkout?format=json');
    expect(page.json().checkout.manualPayment).toEqual({ label: 'Bank transfer' });
  });
});

describe('an order paid by bank transfer', () => {
  let orderId: string;
  let stockBefore: number;

  it('is placed awaiting payment: stock held, no payment to confirm, the instructions on the receipt and in the mail', async () => {
    stockBefore = await stockOf(db(), 'TOTE');
    const started = Date.now();
    const { shopper, answer } = await placeOrder('transfer@example.com', [['canvas-tote', 'TOTE', 1], ['photography-ebook', 'EBOOK', 1]]);
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    orderId = body.order.id;
    expect(body.payment).toBeUndefined();
    expect(body.order).toMatchObject({ paymentStatus: 'pending', testMode: false, manualPayment: { label: 'Bank transfer', instructions: INSTRUCTIONS } });
    expect(await stockOf(db(), 'TOTE')).toBe(stockBefore - 1);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ payment_provider: 'manual', payment_reference: `manual:${orderId}`, payment_status: 'pending', status: 'placed', paid_at: null });
    const days = DEFAULT_MANUAL_PAYMENT_EXPIRY_DAYS * 86_400_000;
    expect(row.payment_expires_at!.getTime()).toBeGreaterThanOrEqual(started + days - 1000);
    expect(row.payment_expires_at!.getTime()).toBeLessThanOrEqual(Date.now() + days);
    // Nothing delivered before the money arrives.
    expect(await grantsOf(orderId)).toHaveLength(0);

    const [mail, ...more] = await mailsTo('transfer@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`We have your order #${row.order_number} from ${website.site_title}: how to pay`);
    expect(mail!.text_body).toContain('Awaiting payment: Bank transfer\nPay to IBAN DE89 3704 0044 0532 0130 00\nReference: your order number\nWe send your order once your payment has arrived.');
    expect(mail!.html_body).toContain('Pay to IBAN DE89 3704 0044 0532 0130 00<br>Reference: your order number');
    expect(mail!.text_body).not.toContain('Your downloads');

    const page = await shopper.visit(`/checkout/order-confirmed?orderId=${orderId}`);
    expect(page.body).toContain('<h2 id="payment-instructions-title">Awaiting payment: Bank transfer</h2>');
    expect(page.body).toContain(`<p class="payment-instructions-text">Pay to IBAN DE89 3704 0044 0532 0130 00\nReference: your order number</p>`);
    expect(page.body).not.toContain('Your order is confirmed.');
    expect(page.body).not.toContain('Your downloads');
  });

  it('shows the owner when it expires, and refuses to be fulfilled before it is paid', async () => {
    const { order } = (await manager.get(`/api/owner/orders/${orderId}`)).json();
    expect(order).toMatchObject({ paymentProvider: 'manual', paymentStatus: 'pending', manualPayment: { label: 'Bank transfer', instructions: INSTRUCTIONS } });
    expect(order.paymentExpiresAt).toBe((await orderRow(orderId)).payment_expires_at!.getTime());
    expect((await manager.post(`/api/owner/orders/${orderId}/fulfil`, {})).statusCode).toBe(409);
  });

  it('cannot be refunded before it is paid', async () => {
    const answer = await manager.post(`/api/owner/orders/${orderId}/refunds`, { idempotencyKey: 'too-early-1' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Nothing has been paid on this order yet: mark it paid first, or cancel it.');
  });

  it('a viewer may not mark it paid', async () => {
    const answer = await viewer.post(`/api/owner/orders/${orderId}/mark-paid`, {});
    expect(answer.statusCode).toBe(403);
    expect((await orderRow(orderId)).payment_status).toBe('pending');
  });

  it('marked paid by two requests at once (a double click): paid once, delivered once, one entry in its history', async () => {
    const [first, second] = await Promise.all([
      manager.post(`/api/owner/orders/${orderId}/mark-paid`, { note: 'Seen on the statement' }),
      manager.post(`/api/owner/orders/${orderId}/mark-paid`, { note: 'Seen on the statement' }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().order.paymentStatus).toBe('paid');
    expect(second.json().order.paymentStatus).toBe('paid');
    const paidEntries = first.json().order.history.filter((entry: { kind: string }) => entry.kind === 'paid');
    expect(paidEntries).toEqual([{ kind: 'paid', at: expect.any(Number), amount: null, by: expect.stringMatching(/^storemanager-/), note: 'Marked as paid (Bank transfer). Seen on the statement' }]);
    expect(await db().selectFrom('order_events').select('id').where('order_id', '=', orderId).where('kind', '=', 'paid').execute()).toHaveLength(1);
    expect(await grantsOf(orderId)).toHaveLength(1);
    const mails = await mailsTo('transfer@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/: how to pay$/),
      expect.stringMatching(/^Payment received: your order #\d+ from .+ is confirmed$/),
    ]);
    expect(mails[1]!.text_body).toContain('Your downloads:');
    expect(mails[1]!.text_body).not.toContain('Awaiting payment');
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ payment_status: 'paid', status: 'placed' });
    // Once paid, the stock it held stays sold.
    expect(await stockOf(db(), 'TOTE')).toBe(stockBefore - 1);
    // Paid, it can be fulfilled now.
    expect((await manager.post(`/api/owner/orders/${orderId}/fulfil`, {})).statusCode).toBe(200);
  });

  it('is refunded by hand: the refund is recorded without a provider', async () => {
    const answer = await manager.post(`/api/owner/orders/${orderId}/refunds`, { idempotencyKey: 'manual-refund-1', amountCents: 500 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().refund.paymentReference).toBe('manual_refund_manual-refund-1');
  });
});

describe("the owner's own confirmation mail", () => {
  it('carries the instructions in its summary block', async () => {
    const saved = await owner.put('/api/owner/mail-templates/order-confirmation', { subject: 'Order {{order.number}} received', blocks: [{ type: 'text', text: 'Thanks!' }, { type: 'summary' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { answer } = await placeOrder('own-template@example.com', [['sticker-pack', 'STICKERS', 1]]);
      expect(answer.statusCode, answer.body).toBe(201);
      const [mail] = await mailsTo('own-template@example.com');
      expect(mail!.text_body).toContain('Awaiting payment: Bank transfer\nPay to IBAN DE89 3704 0044 0532 0130 00\nReference: your order number');
      expect(mail!.html_body).toContain('Awaiting payment: Bank transfer</p><p style="margin:0">Pay to IBAN DE89 3704 0044 0532 0130 00<br>Reference: your order number</p>');
    } finally {
      expect((await owner.request({ method: 'DELETE', url: '/api/owner/mail-templates/order-confirmation' })).statusCode).toBeLessThan(300);
    }
  });
});

describe('a gift card paid by bank transfer', () => {
  it('is issued only once the owner marks the order paid', async () => {
    const shopper = new TestVisitor(server.app);
    const itemId = demoProductId('gift-card');
    await shopper.visit(`/checkout/gift-card?itemId=${itemId}&sku=GIFT-50`);
    const express = await shopper.post('/api/commerce/express-checkout', { itemId, sku: 'GIFT-50', quantity: 1 });
    expect(express.statusCode, express.body).toBe(200);
    const placed = await shopper.post('/api/commerce/orders', { email: 'gift-transfer@example.com', cartToken: express.json().cartToken, paymentMethod: 'manual' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id;
    const cards = () => db().selectFrom('gift_cards').select('id').where('order_id', '=', orderId).execute();
    expect(await cards()).toHaveLength(0);
    expect((await manager.post(`/api/owner/orders/${orderId}/mark-paid`, {})).statusCode).toBe(200);
    expect(await cards()).toHaveLength(1);
    expect((await manager.post(`/api/owner/orders/${orderId}/mark-paid`, {})).statusCode).toBe(200);
    expect(await cards()).toHaveLength(1);
  });
});

describe('a manual order nobody pays', () => {
  it('is let go when the owner-chosen days have passed: its stock goes back and it can no longer be marked paid', async () => {
    expect((await owner.put(preferencesUrl(), { manualPaymentExpiryDays: 3 })).statusCode).toBe(200);
    const before = await stockOf(db(), 'TOTE');
    const started = Date.now();
    const { answer } = await placeOrder('never-paid@example.com', [['canvas-tote', 'TOTE', 2]]);
    expect(answer.statusCode, answer.body).toBe(201);
    const orderId = answer.json().order.id;
    const expires = (await orderRow(orderId)).payment_expires_at!.getTime();
    expect(expires).toBeGreaterThanOrEqual(started + 3 * 86_400_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);
    expect(await stockOf(db(), 'TOTE')).toBe(before - 2);

    await db().updateTable('orders').set({ payment_expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', orderId).execute();
    // No provider to ask: the manual method has no canceller, so the job lets the order go at once.
    expect(await expireNextPendingPayment(db(), { cancellers: {}, paidContext: {} }, [], website.id)).toEqual({ orderId, outcome: 'expired' });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'expired', status: 'cancelled' });
    expect(await stockOf(db(), 'TOTE')).toBe(before);

    const late = await manager.post(`/api/owner/orders/${orderId}/mark-paid`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MANUAL_PAYMENT_MESSAGES.cancelled);
  });

  it('cancelled by the owner: stock back at once, and no "Mark as paid" after', async () => {
    const before = await stockOf(db(), 'TOTE');
    const { answer } = await placeOrder('cancelled-manual@example.com', [['canvas-tote', 'TOTE', 1]]);
    const orderId = answer.json().order.id;
    expect((await manager.post(`/api/owner/orders/${orderId}/cancel`, {})).statusCode).toBe(200);
    expect(await stockOf(db(), 'TOTE')).toBe(before);
    expect((await manager.post(`/api/owner/orders/${orderId}/mark-paid`, {})).statusCode).toBe(409);
  });

  it('an order of another method is not marked paid here', async () => {
    const { answer } = await placeOrder('card@example.com', [['canvas-tote', 'TOTE', 1]], {});
    expect(answer.statusCode, answer.body).toBe(201);
    const marked = await manager.post(`/api/owner/orders/${answer.json().order.id}/mark-paid`, {});
    expect(marked.statusCode).toBe(409);
    expect(marked.json().message).toBe(MANUAL_PAYMENT_MESSAGES.notManual);
    expect((await manager.post('/api/owner/orders/no-such-order/mark-paid', {})).statusCode).toBe(404);
  });

  it('a subscription cannot be paid by bank transfer, and its checkout does not offer it', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    const started = await shopper.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 });
    expect(started.statusCode, started.body).toBe(200);
    const { cartToken } = started.json();
    expect((await shopper.get(`/checkout/subscription?cartToken=${cartToken}&format=json`)).json().checkout.manualPayment).toBeNull();
    const answer = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'subscriber@example.com', cartToken, paymentMethod: 'manual' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: MANUAL_PAYMENT_MESSAGES.subscriptions, errors: { paymentMethod: MANUAL_PAYMENT_MESSAGES.subscriptions } });
  });
});

describe("the shopper's two mails, as delivered over SMTP", () => {
  it('says "order received, how to pay", then "payment received", never two order confirmations; {{payment.instructions}} in an owner\'s version', async () => {
    const smtp = await startTestSmtpServer();
    try {
      await db().updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
      const worker = new MailWorker(db(), createSmtpTransport(smtp.url), { backoffBaseMs: 60_000 });
      const { answer } = await placeOrder('two-mails@example.com', [['canvas-tote', 'TOTE', 1]]);
      expect(answer.statusCode, answer.body).toBe(201);
      const { id, number } = { id: answer.json().order.id as string, number: (await orderRow(answer.json().order.id)).order_number };
      expect(await worker.runOnce()).toBe(1);
      expect((await manager.post(`/api/owner/orders/${id}/mark-paid`, {})).statusCode).toBe(200);
      expect(await worker.runOnce()).toBe(1);
      const [placed, paid] = smtp.received.filter((mail) => mail.to.includes('two-mails@example.com')).map((mail) => decodeQuotedPrintable(mail.raw));
      expect(unfolded(placed!)).toContain(`Subject: We have your order #${number} from ${website.site_title}: how to pay`);
      expect(placed).toContain('Thank you for your order.\nWe have received your order and are holding its items for you. It is confirmed once your payment arrives.\nOrder #');
      expect(placed).toContain('Awaiting payment: Bank transfer\nPay to IBAN DE89 3704 0044 0532 0130 00\nReference: your order number\nWe send your order once your payment has arrived.');
      expect(unfolded(paid!)).toContain(`Subject: Payment received: your order #${number} from ${website.site_title} is confirmed`);
      expect(paid).toContain('We have received your payment.\nYour Bank transfer payment has arrived: your order is confirmed and we are preparing it.\nOrder #');
      expect(paid).not.toContain('Thank you for your order.');
      expect(paid).not.toContain('Awaiting payment');

      // The owner's own version names the instructions where it wants them: filled while the order awaits payment.
      const saved = await owner.put('/api/owner/mail-templates/order-confirmation', { subject: 'Order {{order.number}} received', blocks: [{ type: 'text', text: 'To pay:\n{{payment.instructions}}' }] });
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        smtp.received.length = 0;
        const again = await placeOrder('own-words@example.com', [['canvas-tote', 'TOTE', 1]]);
        expect(again.answer.statusCode).toBe(201);
        expect(await worker.runOnce()).toBe(1);
        const own = decodeQuotedPrintable(smtp.received[0]!.raw);
        expect(own).toContain('To pay:\nBank transfer\nPay to IBAN DE89 3704 0044 0532 0130 00\nReference: your order number');
      } finally {
        await owner.request({ method: 'DELETE', url: '/api/owner/mail-templates/order-confirmation' });
      }
    } finally {
      await smtp.close();
    }
  });
});

/** Long headers are folded onto indented lines (RFC 5322): one line again. */
const unfolded = (message: string) => message.replace(/\n[ \t]+/g, ' ');

/** The mail's bodies as text: quoted-printable soft breaks joined and =XX escapes decoded (UTF-8). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}
