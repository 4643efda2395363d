// databases: both — the outbox written with its cause, and two workers claiming with SKIP LOCKED
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { findDefaultWebsite } from '../websites';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { enqueueMail, type MailMessage } from './outbox';
import { startTestSmtpServer } from './test-smtp';
import { createFolderTransport, createSmtpTransport } from './transport';
import { UnsubscribeTokens } from './unsubscribe';
import { MailWorker } from './worker';

let server: TestServer;
let website: Website;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await server?.close();
});
afterEach(async () => {
  await server.database.db.deleteFrom('mail_outbox').execute();
  await server.database.db.deleteFrom('mail_suppressions').execute();
  smtp.received.length = 0;
});

const message = (to: string, overrides: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'transactional', template: 'test', to, subject: 'Your order', text: 'Thank you.', html: '<p>Thank you.</p>', ...overrides,
});
const enqueue = (to: string, overrides: Partial<MailMessage> = {}) => enqueueMail(server.database.db, website, 'shop@example.com', message(to, overrides));
const statusOf = async (id: string) =>
  server.database.db.selectFrom('mail_outbox').select(['status', 'attempts', 'last_error', 'next_attempt_at']).where('id', '=', id).executeTakeFirstOrThrow();
const worker = (options = {}) => new MailWorker(server.database.db, createSmtpTransport(smtp.url), { backoffBaseMs: 60_000, ...options });

describe('the outbox', () => {
  it('holds a message only when its cause commits', async () => {
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, website, 'shop@example.com', message('rolled-back@example.com'));
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await server.database.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });

  it('delivers through SMTP: sender named after the site, a stable Message-ID, text and HTML bodies', async () => {
    const id = await enqueue('Ana@Example.com');
    expect(await worker().runOnce()).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['ana@example.com']);
    expect(mail!.raw).toMatch(new RegExp(`^From: "?${website.site_title}"? <shop@example.com>`, 'm'));
    expect(mail!.raw).toMatch(new RegExp(`^Message-ID: <${id}@example.com>`, 'mi'));
    expect(mail!.raw).toContain('Content-Type: multipart/alternative');
    expect(mail!.raw).toContain('Thank you.');
    expect(mail!.raw).toContain('<p>Thank you.</p>');
    // Sent is sent: another round sends nothing.
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('never lets two workers send the same message', async () => {
    const ids = await Promise.all(Array.from({ length: 24 }, (_, index) => enqueue(`many-${index}@example.com`)));
    const one = worker({ batchSize: 5 });
    const two = worker({ batchSize: 5 });
    let claimed = 0;
    for (let round = 0; round < 6; round++) claimed += (await Promise.all([one.runOnce(), two.runOnce()])).reduce((a, b) => a + b, 0);
    expect(claimed).toBe(24);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(ids.map((_, index) => `many-${index}@example.com`).sort());
  });

  it('retries a refused delivery later with a growing wait, then delivers', async () => {
    smtp.refuse('busy@example.com', 451, 2);
    const id = await enqueue('busy@example.com');
    await worker().runOnce();
    const first = await statusOf(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toMatch(/try again later/);
    const firstWait = new Date(first.next_attempt_at).getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    // Not due yet: nothing is claimed.
    expect(await worker().runOnce()).toBe(0);
    await server.database.db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1) }).where('id', '=', id).execute();
    await worker().runOnce();
    const second = await statusOf(id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(second.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(110_000);
    await server.database.db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1) }).where('id', '=', id).execute();
    await worker().runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last attempt', async () => {
    smtp.refuse('always-busy@example.com', 421);
    const id = await enqueue('always-busy@example.com');
    await worker({ maxAttempts: 1 }).runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('stops writing to an address the server refuses for good, and respects unsubscribes for marketing mail only', async () => {
    smtp.refuse('gone@example.com', 550);
    const bounced = await enqueue('gone@example.com');
    await worker().runOnce();
    expect(await statusOf(bounced)).toMatchObject({ status: 'failed' });
    const again = await enqueue('gone@example.com');
    await worker().runOnce();
    expect(await statusOf(again)).toMatchObject({ status: 'suppressed', last_error: 'suppressed: hard-bounce' });

    await server.database.db.insertInto('mail_suppressions').values({ website_id: website.id, email: 'quiet@example.com', reason: 'unsubscribed' }).execute();
    const news = await enqueue('quiet@example.com', { kind: 'marketing' });
    const receipt = await enqueue('quiet@example.com', { kind: 'transactional' });
    await worker().runOnce();
    expect(await statusOf(news)).toMatchObject({ status: 'suppressed', last_error: 'suppressed: unsubscribed' });
    expect(await statusOf(receipt)).toMatchObject({ status: 'sent' });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['quiet@example.com']);
  });

  it('takes back a message whose worker died mid-send, and never resends a sent one', async () => {
    const orphan = await enqueue('orphan@example.com');
    const sent = await enqueue('done@example.com');
    // A process claimed both and died: one was sent and marked, the other's claim ran out.
    await sql`UPDATE mail_outbox SET status = 'sending', attempts = 1, locked_until = now() - interval '1 second' WHERE id = ${orphan}`.execute(server.database.db);
    await sql`UPDATE mail_outbox SET status = 'sent', attempts = 1, sent_at = now() WHERE id = ${sent}`.execute(server.database.db);
    expect(await worker().runOnce()).toBe(1);
    expect(await statusOf(orphan)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['orphan@example.com']);
    // A claim still running is left alone.
    const busy = await enqueue('claimed@example.com');
    await sql`UPDATE mail_outbox SET status = 'sending', attempts = 1, locked_until = now() + interval '1 minute' WHERE id = ${busy}`.execute(server.database.db);
    expect(await worker().runOnce()).toBe(0);
  });

  it('without SMTP, writes each message as an .eml file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-'));
    try {
      const id = await enqueue('folder@example.com');
      await new MailWorker(server.database.db, createFolderTransport(dir)).runOnce();
      expect(readdirSync(dir)).toEqual([`${id}.eml`]);
      const eml = readFileSync(path.join(dir, `${id}.eml`), 'utf8');
      expect(eml).toContain('To: folder@example.com');
      expect(eml).toContain('Subject: Your order');
      expect(await statusOf(id)).toMatchObject({ status: 'sent' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the owner\'s view of the outbox', () => {
  it('lists newest first, a page at a time, and shows one message whole', async () => {
    for (let index = 0; index < 53; index++) await enqueue(`page-${String(index).padStart(2, '0')}@example.com`);
    const manager = await ownerVisitor(server, 'storeManager');
    const first = (await manager.get('/api/owner/mail')).json();
    expect(first.messages).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    const second = (await manager.get(`/api/owner/mail?cursor=${first.nextPageCursor}`)).json();
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const seen = [...first.messages, ...second.messages].map((mail: { to: string }) => mail.to);
    expect(new Set(seen).size).toBe(53);
    const one = (await manager.get(`/api/owner/mail/${first.messages[0].id}`)).json();
    expect(one).toMatchObject({ status: 'pending', text: 'Thank you.', html: '<p>Thank you.</p>', from: expect.stringContaining('shop@example.com') });
    expect((await manager.get('/api/owner/mail/no-such-mail')).statusCode).toBe(404);
  });
});

describe('unsubscribing', () => {
  const tokens = () => new UnsubscribeTokens('test');

  it('signs tokens: a changed address or signature is refused', () => {
    const token = tokens().issue('w1', 'A@Example.com');
    expect(tokens().read(token)).toEqual({ websiteId: 'w1', email: 'a@example.com' });
    expect(new UnsubscribeTokens('other').read(token)).toBeUndefined();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from('w1\nsomeone@example.com').toString('base64url');
    expect(tokens().read(`${forged}.${signature}`)).toBeUndefined();
    expect(tokens().read(`${payload}.${signature}.x`)).toBeUndefined();
  });

  it('one click adds the address to the suppression list; a bad link is a 400', async () => {
    const browser = new TestVisitor(server.app);
    const page = await browser.get('/mail/unsubscribe?token=nonsense');
    expect(page.statusCode).toBe(400);
    const bad = await browser.request({ method: 'POST', url: '/api/mail/unsubscribe?token=nonsense', sendCrumb: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'This unsubscribe link is not valid.', errors: { token: 'This unsubscribe link is not valid.' } });
    // The token the server itself signs (its secret is in the database).
    const secret = (await server.database.db.selectFrom('server_secrets').select('value').where('name', '=', 'mail').executeTakeFirstOrThrow()).value;
    const token = new UnsubscribeTokens(secret).issue(website.id, 'reader@example.com');
    const confirm = await browser.get(`/mail/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('<strong>reader@example.com</strong>');
    // A mail client's one-click POST (RFC 8058) to the List-Unsubscribe address, with no cookies at all.
    const oneClick = await server.app.inject({
      method: 'POST', url: `/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const suppression = await server.database.db.selectFrom('mail_suppressions').selectAll().where('email', '=', 'reader@example.com').executeTakeFirst();
    expect(suppression?.reason).toBe('unsubscribed');
    // The JSON call does the same for the owner app's own links.
    const otherToken = new UnsubscribeTokens(secret).issue(website.id, 'second@example.com');
    const json = await browser.request({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(otherToken)}`, sendCrumb: false });
    expect(json.json()).toEqual({ unsubscribed: true });
  });

  it('takes a confirmed newsletter subscriber off the list (kept as unsubscribed, with when)', async () => {
    await server.database.db.insertInto('newsletter_subscribers').values({ website_id: website.id, email: 'leaving@example.com', source: 'newsletter', status: 'confirmed', confirmed_at: new Date() }).execute();
    const secret = (await server.database.db.selectFrom('server_secrets').select('value').where('name', '=', 'mail').executeTakeFirstOrThrow()).value;
    const token = new UnsubscribeTokens(secret).issue(website.id, 'Leaving@Example.com');
    const answer = await new TestVisitor(server.app).request({ method: 'POST', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, sendCrumb: false });
    expect(answer.statusCode).toBe(200);
    const row = await server.database.db.selectFrom('newsletter_subscribers').select(['status', 'unsubscribed_at']).where('email', '=', 'leaving@example.com').executeTakeFirstOrThrow();
    expect(row.status).toBe('unsubscribed');
    expect(row.unsubscribed_at).toBeInstanceOf(Date);
  });
});
