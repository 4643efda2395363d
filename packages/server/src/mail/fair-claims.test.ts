// databases: both — the outbox claimed fairly across websites with FOR UPDATE SKIP LOCKED: one statement's skip scan, per-website shares and turns, two workers never sending a message twice
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { newId } from '../ids';
import { findDefaultWebsite, findWebsiteById, insertWebsite } from '../websites';
import { enqueueMail, enqueuePlatformMail } from './outbox';
import { startTestSmtpServer } from './test-smtp';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from './transport';
import { MailWorker } from './worker';

/*
 * Issue 32: one website's backlog must not hold back another's mail. Site A has 10,000 messages queued (written in
 * one INSERT … SELECT generate_series) before site B asks for a password reset; the worker sends B's within its
 * first claim, through a real SMTP server on loopback, and the order of arrival there is the order of sending.
 */

let database: TestDatabase;
let siteA: Website;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  database = await openTestDatabase();
  siteA = (await findDefaultWebsite(database.db))!;
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});
afterEach(async () => {
  await database.db.deleteFrom('mail_outbox').execute();
  await database.db.deleteFrom('mail_website_turns').execute();
  smtp.received.length = 0;
});

async function newWebsite(title: string): Promise<Website> {
  const id = newId();
  await insertWebsite(database.db, {
    id, identifier: `mail-${id.slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`, siteTitle: title, currency: 'USD', locale: 'en-US', timeZone: 'UTC',
    captchaSiteKey: null, settings: {},
  });
  return (await findWebsiteById(database.db, id))!;
}

/** `count` due messages of one website in one statement, addressed bulk-{n}@{tag}.test, oldest first. */
async function queue(website: Website, count: number, tag: string, kind: 'transactional' | 'marketing' = 'transactional'): Promise<void> {
  await sql`
    INSERT INTO mail_outbox (id, website_id, kind, template, from_address, to_address, subject, text_body, html_body, next_attempt_at, created_at)
    SELECT ${tag} || '-' || n, ${website.id}, ${kind}, 'order-confirmation', 'shop@example.com', 'bulk-' || n || '@' || ${tag} || '.test',
           'Your order', 'Thank you.', '<p>Thank you.</p>', now() - interval '1 hour' + n * interval '1 millisecond', now() - interval '1 hour'
    FROM generate_series(1, ${count}::int) AS n`.execute(database.db);
}

const passwordReset = (website: Website, to: string) =>
  enqueueMail(database.db, website, 'shop@example.com', { kind: 'transactional', template: 'password-reset', to, subject: 'Reset your password', text: 'Reset it.', html: '<p>Reset it.</p>' });

/** A transport that records what it was handed, in order (for the rounds that would send hundreds). */
function recordingTransport(sent: string[]): MailTransport {
  return { name: 'recording', send: async (mail: OutgoingMail) => void sent.push(mail.id) };
}

describe('fair claiming across websites', () => {
  it("site A's 10,000 queued messages do not hold back site B's password reset: it goes in the worker's first claim", async () => {
    const siteB = await newWebsite('Site B');
    await queue(siteA, 10_000, 'a');
    const resetId = await passwordReset(siteB, 'forgot@b.test');
    const worker = new MailWorker(database.db, createSmtpTransport(smtp.url));
    // A share of the batch for each website with due mail: B's one message and five of A's.
    expect(await worker.runOnce()).toBe(6);
    const arrived = smtp.received.map((mail) => mail.to[0]);
    expect(arrived).toHaveLength(6);
    expect(arrived.indexOf('forgot@b.test')).toBeLessThanOrEqual(1);
    expect(arrived.filter((to) => to !== 'forgot@b.test')).toEqual(['bulk-1@a.test', 'bulk-2@a.test', 'bulk-3@a.test', 'bulk-4@a.test', 'bulk-5@a.test']);
    const reset = await database.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', '=', resetId).executeTakeFirstOrThrow();
    expect(reset).toEqual({ status: 'sent', attempts: 1 });
    // B has nothing left: the next claim is all A's again, a whole batch.
    expect(await worker.runOnce()).toBe(10);
    const pending = await database.db.selectFrom('mail_outbox').select(database.db.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(10_000 - 15);
  });

  it('with room for one website a round, the website served longest ago (or never) goes first', async () => {
    const [siteB, siteC] = [await newWebsite('Site B'), await newWebsite('Site C')];
    await queue(siteA, 50, 'a');
    await queue(siteB, 50, 'b');
    const sent: string[] = [];
    const worker = new MailWorker(database.db, recordingTransport(sent), { batchSize: 1 });
    await worker.runOnce();
    await worker.runOnce();
    // C's reset arrives after A and B were each served once: C, never served, is next; then whoever waited longest.
    await passwordReset(siteC, 'forgot@c.test');
    for (let round = 0; round < 4; round++) await worker.runOnce();
    const siteOf = async (id: string) => (await database.db.selectFrom('mail_outbox').select('website_id').where('id', '=', id).executeTakeFirstOrThrow()).website_id;
    const order = await Promise.all(sent.map(siteOf));
    const name = (id: string | null) => (id === siteA.id ? 'A' : id === siteB.id ? 'B' : 'C');
    expect(order.map(name).slice(2)).toEqual(['C', order.map(name)[0], order.map(name)[1], order.map(name)[0]]);
    expect(new Set(order.slice(0, 2).map(name))).toEqual(new Set(['A', 'B']));
  });

  it("the platform's own mail (no website) is claimed beside a website's backlog, in the first claim", async () => {
    await queue(siteA, 50, 'a');
    await enqueuePlatformMail(database.db, 'platform@example.com', { kind: 'transactional', template: 'platform-confirm-email', to: 'newcomer@platform.test', subject: 'Confirm', text: 'Confirm.', html: '<p>Confirm.</p>' });
    const sent: string[] = [];
    await new MailWorker(database.db, recordingTransport(sent), { batchSize: 4 }).runOnce();
    const rows = await database.db.selectFrom('mail_outbox').select(['website_id', 'status']).where('id', 'in', sent).execute();
    expect(rows.filter((row) => row.website_id === null)).toEqual([{ website_id: null, status: 'sent' }]);
  });

  it("within a website, transactional mail goes before the marketing mail queued ahead of it", async () => {
    await queue(siteA, 200, 'news', 'marketing');
    await passwordReset(siteA, 'forgot@a.test');
    expect(await new MailWorker(database.db, createSmtpTransport(smtp.url), { batchSize: 3 }).runOnce()).toBe(3);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['forgot@a.test', 'bulk-1@news.test', 'bulk-2@news.test']);
  });

  it('two workers claiming together send every message of every website exactly once', async () => {
    const [siteB, siteC] = [await newWebsite('Site B'), await newWebsite('Site C')];
    await queue(siteA, 120, 'a');
    await queue(siteB, 80, 'b', 'marketing');
    await queue(siteC, 20, 'c');
    const sent: string[] = [];
    const one = new MailWorker(database.db, recordingTransport(sent), { batchSize: 10 });
    const two = new MailWorker(database.db, recordingTransport(sent), { batchSize: 10 });
    for (let rounds = 0; rounds < 100; rounds++) {
      const claimed = await Promise.all([one.runOnce(), two.runOnce()]);
      if (claimed[0] + claimed[1] === 0) break;
    }
    expect(sent).toHaveLength(220);
    expect(new Set(sent).size).toBe(220);
    const statuses = await database.db.selectFrom('mail_outbox').select(['status', 'attempts']).groupBy(['status', 'attempts']).select(database.db.fn.countAll<number>().as('n')).execute();
    expect(statuses.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([{ status: 'sent', attempts: 1, n: 220 }]);
    // Every website was served from the first rounds on, not after the others' backlogs.
    const firstTwenty = new Set(await Promise.all(sent.slice(0, 20).map(async (id) => (await database.db.selectFrom('mail_outbox').select('website_id').where('id', '=', id).executeTakeFirstOrThrow()).website_id)));
    expect(firstTwenty).toEqual(new Set([siteA.id, siteB.id, siteC.id]));
  });
});
