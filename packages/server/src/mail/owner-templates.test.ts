// databases: both — the owner's mail templates: CRUD with roles and field errors, preview, test send, the fallback
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_STARTERS, MAIL_TEST_SENDS_PER_HOUR } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { findDefaultWebsite } from '../websites';
import { openTestServer, ownerVisitor, type TestServer, type TestVisitor } from '../testing';
import { enqueueMail } from './outbox';
import { renderSiteMail } from './owner-templates';
import { TEST_SEND_LIMIT_MESSAGE } from './owner-templates-service';
import { startTestSmtpServer } from './test-smtp';
import { createSmtpTransport } from './transport';
import { MailWorker } from './worker';

let server: TestServer;
let website: Website;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let manager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  smtp = await startTestSmtpServer();
  manager = await ownerVisitor(server, 'storeManager');
});
afterAll(async () => {
  await smtp?.close();
  await server?.close();
});
afterEach(async () => {
  await server.database.db.deleteFrom('mail_outbox').execute();
  await server.database.db.deleteFrom('mail_templates').execute();
  smtp.received.length = 0;
});

const URL = '/api/owner/mail-templates';
const edited = {
  subject: 'Order {{order.number}} is ours now, {{shopper.name}}',
  blocks: [{ type: 'heading', text: 'Merci!' }, { type: 'text', text: 'We got order {{order.number}} for {{order.total}}.' }, { type: 'summary' }, { type: 'divider' }, { type: 'button', label: 'Track it', url: '{{order.url}}' }],
};

describe('Settings → Mail → Templates', () => {
  it('lists the nine templates, our defaults until the owner saves one', async () => {
    const list = await manager.get(URL);
    expect(list.statusCode).toBe(200);
    expect(list.json().templates.map((each: { name: string }) => each.name)).toEqual([
      'order-confirmation', 'order-shipped', 'return-requested', 'return-update', 'abandoned-cart', 'restock-notice', 'gift-card', 'password-reset', 'newsletter-confirm',
    ]);
    expect(list.json().templates.every((each: { customized: boolean }) => !each.customized)).toBe(true);
    const one = (await manager.get(`${URL}/order-confirmation`)).json();
    expect(one).toMatchObject({ customized: false, subject: MAIL_TEMPLATE_STARTERS['order-confirmation'].subject, summaryBlock: true, lastFallback: null });
    expect(Object.keys(one.variables)).toContain('order.number');
    expect((await manager.get(`${URL}/contributor-invitation`)).statusCode).toBe(400);
  });

  it('saves with field errors for unknown variables and bad blocks, writing nothing; then saves and resets', async () => {
    const bad = await manager.put(`${URL}/restock-notice`, {
      subject: 'Back: {{product.name}}',
      blocks: [{ type: 'summary' }, { type: 'button', label: 'Go', url: 'javascript:alert(1)' }, { type: 'text', text: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'This template has mistakes: see each field.',
      errors: {
        subject: 'Unknown variable {{product.name}}: use {{site.title}}, {{site.url}}, {{product.title}}, {{product.variant}}, {{product.url}}.',
        'blocks.0': 'This mail has no order summary.',
        'blocks.1.url': 'A button links to a variable ({{order.url}}) or an address starting with https://.',
        'blocks.2.text': 'Write something here, or remove the block.',
      },
    });
    expect(await server.database.db.selectFrom('mail_templates').selectAll().execute()).toEqual([]);

    const saved = await manager.put(`${URL}/order-confirmation`, edited);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ customized: true, subject: edited.subject, blocks: edited.blocks });
    expect((await manager.get(URL)).json().templates[0]).toMatchObject({ name: 'order-confirmation', customized: true });

    const reset = await manager.delete(`${URL}/order-confirmation`);
    expect(reset.json()).toMatchObject({ customized: false, subject: MAIL_TEMPLATE_STARTERS['order-confirmation'].subject });
    expect(await server.database.db.selectFrom('mail_templates').selectAll().execute()).toEqual([]);
  });

  it('keeps roles: billing reads but may not change them, a moderator may not read them, nobody signed out', async () => {
    const viewer = await ownerVisitor(server, 'billing');
    expect((await viewer.get(URL)).statusCode).toBe(200);
    expect((await viewer.put(`${URL}/gift-card`, edited)).statusCode).toBe(403);
    const moderator = await ownerVisitor(server, 'moderator');
    expect((await moderator.get(URL)).statusCode).toBe(403);
    expect((await new (manager.constructor as typeof TestVisitor)(server.app).get(URL)).statusCode).toBe(401);
  });

  it('previews with sample data in the layout, with the site logo or title and the button colour', async () => {
    const preview = await manager.post(`${URL}/order-confirmation/preview`, edited);
    expect(preview.statusCode).toBe(200);
    const { subject, html, text } = preview.json();
    expect(subject).toBe('Order #1001 is ours now, Ana Lima');
    expect(html).toContain('<!doctype html>');
    expect(html).toContain('Merci!');
    // The sample money is in the store's currency (the demo sells in dollars).
    expect(html).toContain('We got order #1001 for $73.00.');
    expect(html).toContain('2 × Wool socks');
    expect(html).toContain('background:#24382b;color:#ffffff');
    expect(text).toContain('Track it: http');
    expect((await manager.post(`${URL}/order-confirmation/preview`, { ...edited, subject: '{{nope}}' })).json().errors).toEqual({ subject: expect.stringContaining('Unknown variable {{nope}}') });
  });

  it("sends a test to the signed-in owner's address over SMTP, a few an hour per website", async () => {
    const sent = await manager.post(`${URL}/order-confirmation/test`, edited);
    expect(sent.statusCode).toBe(200);
    const me = (await manager.get('/api/owner/me')).json().siteUser.email as string;
    expect(sent.json().sentTo).toBe(me);
    await new MailWorker(server.database.db, createSmtpTransport(smtp.url)).runOnce();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([me]);
    expect(smtp.received[0]!.raw).toContain('[Test] Order #1001 is ours now');
    for (let index = 1; index < MAIL_TEST_SENDS_PER_HOUR; index++) expect((await manager.post(`${URL}/gift-card/test`, MAIL_TEMPLATE_STARTERS['gift-card'])).statusCode).toBe(200);
    const over = await manager.post(`${URL}/gift-card/test`, MAIL_TEMPLATE_STARTERS['gift-card']);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TEST_SEND_LIMIT_MESSAGE);
  });
});

describe('a real send', () => {
  const values = { orderNumber: '#2002', grandTotal: '€10.00', orderUrl: 'https://shop.test/o/2002', items: [{ quantity: 1, productName: 'Mug', lineTotal: '€10.00' }] };
  const send = () => server.database.db.transaction().execute(async (trx) => {
    const rendered = await renderSiteMail(trx, 'order-confirmation', website, values, { publicUrl: 'https://shop.test' });
    return enqueueMail(trx, website, 'shop@example.com', { kind: 'transactional', template: 'order-confirmation', to: 'ana@example.com', ...rendered, dailyQuota: 'exempt' });
  });

  it("uses the owner's version once saved, our default otherwise", async () => {
    await send();
    expect(await manager.put(`${URL}/order-confirmation`, edited).then((answer) => answer.statusCode)).toBe(200);
    await send();
    const subjects = (await server.database.db.selectFrom('mail_outbox').select('subject').orderBy('created_at').execute()).map((row) => row.subject);
    expect(subjects).toEqual([`Your order #2002 from ${website.site_title} is confirmed`, 'Order #2002 is ours now,']);
  });

  it('falls back to the default when the owner version cannot render, and says so on the template', async () => {
    // A version saved before a variable was withdrawn (or written around the checks): it names one that no longer exists.
    await server.database.db.insertInto('mail_templates').values({
      website_id: website.id, name: 'order-confirmation', subject: 'Hello {{order.secret}}', blocks: JSON.stringify([{ type: 'text', text: 'Hi' }]),
    }).execute();
    await send();
    await new MailWorker(server.database.db, createSmtpTransport(smtp.url)).runOnce();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain(`Subject: Your order #2002 from`);
    const template = (await manager.get(`${URL}/order-confirmation`)).json();
    expect(template.lastFallback).toEqual({ reason: 'the subject names an unknown variable {{order.secret}}', at: expect.any(String) });
    // Saving a new version clears the note.
    expect((await manager.put(`${URL}/order-confirmation`, edited)).json().lastFallback).toBeNull();
  });
});
