// databases: both — complaints and late bounces from the provider's signed webhook suppress the address
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';
import { CampaignSendJob } from '../campaigns/job';
import { CampaignLinkTokens } from '../campaigns/links';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { feedbackSignatureOf, MAIL_FEEDBACK_MESSAGES } from './feedback';
import { enqueueMail } from './outbox';
import { startTestSmtpServer } from './test-smtp';
import { createSmtpTransport } from './transport';
import { UnsubscribeTokens } from './unsubscribe';
import { MailWorker } from './worker';

/*
 * Issue 38's complaint suppression over real parts: a campaign goes out through the loopback SMTP server, the
 * provider reports a complaint with the Message-ID it received (signed with MAIL_FEEDBACK_SECRET), and the next
 * campaign — and any other marketing mail — leaves the address out, while its order mail still goes.
 */

const SECRET = 'feedback-secret-for-tests';
const FEEDBACK = '/api/mail/feedback';

let server: TestServer;
let unconfigured: TestServer | undefined;
let website: Website;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let manager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ mailFeedbackSecret: SECRET });
  website = (await findDefaultWebsite(server.database.db))!;
  smtp = await startTestSmtpServer();
  manager = await ownerVisitor(server, 'storeManager');
  await server.database.db.deleteFrom('newsletter_subscribers').execute();
}, 60_000);
afterAll(async () => {
  await smtp?.close();
  await server?.close();
  await unconfigured?.close();
});

const db = () => server.database.db;
const provider = () => new TestVisitor(server.app);
const report = (body: unknown, signature: string | null = feedbackSignatureOf(SECRET, JSON.stringify(body))) =>
  provider().request({ method: 'POST', url: FEEDBACK, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(signature ? { 'x-vitrine-signature': signature } : {}) } });

async function sendCampaign(job: CampaignSendJob) {
  const { campaign } = (await manager.post('/api/owner/campaigns', { subject: 'News', blocks: [{ type: 'text', text: 'Hello' }], audience: { kind: 'all' } })).json();
  expect((await manager.post(`/api/owner/campaigns/${campaign.id}/send`, {})).statusCode).toBe(200);
  expect((await job.runOnce())?.finished).toBe(true);
  return campaign.id as string;
}

describe('POST /api/mail/feedback', () => {
  it('refuses a missing or wrong signature (401), a body that is no report (400), and answers 404 unconfigured', async () => {
    const body = { type: 'complaint', email: 'x@example.com', messageId: '<nope@localhost>' };
    const missing = await report(body, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: MAIL_FEEDBACK_MESSAGES.badSignature });
    const wrong = await report(body, feedbackSignatureOf('another-secret', JSON.stringify(body)));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MAIL_FEEDBACK_MESSAGES.badSignature });
    const notAReport = await report({ hello: 'world' });
    expect(notAReport.statusCode).toBe(400);
    expect(notAReport.json()).toEqual({ message: MAIL_FEEDBACK_MESSAGES.notAReport });
    // A report naming no message of ours is acknowledged and changes nothing.
    expect((await report(body)).json()).toEqual({ received: true, suppressed: 0, unmatched: 1 });
    expect(await db().selectFrom('mail_suppressions').selectAll().execute()).toEqual([]);

    unconfigured = await openTestServer();
    const off = await new TestVisitor(unconfigured.app).request({ method: 'POST', url: FEEDBACK, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-vitrine-signature': feedbackSignatureOf(SECRET, JSON.stringify(body)) } });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: MAIL_FEEDBACK_MESSAGES.notConfigured });
  });

  it('suppresses a complained address for every later campaign and marketing mail, end to end over SMTP', async () => {
    for (const email of ['grumpy@feedback.test', 'happy@feedback.test', 'bouncy@feedback.test']) {
      await db().insertInto('newsletter_subscribers').values({ website_id: website.id, email, source: 'newsletter', status: 'confirmed' }).execute();
    }
    const links = new CampaignLinkTokens(await loadServerSecret(db(), 'campaign-links'));
    const mail = { from: 'no-reply@localhost', publicUrl: 'http://localhost:3000', unsubscribeTokens: new UnsubscribeTokens(await loadServerSecret(db(), 'mail')) };
    const job = new CampaignSendJob(db(), { mail, links, messagesPerSecond: 1000, intervalMs: 0 });
    const worker = new MailWorker(db(), createSmtpTransport(smtp.url), { backoffBaseMs: 60_000 });

    await sendCampaign(job);
    expect(await worker.runOnce()).toBe(3);
    const messageIdOf = (to: string) => /^Message-ID: (<[^>]+>)/im.exec(smtp.received.find((each) => each.to.includes(to))!.raw)![1]!;

    // Amazon SES's complaint, in its SNS envelope, with the Message-ID the provider received from us.
    const ses = { Type: 'Notification', Message: JSON.stringify({
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'Grumpy@Feedback.test' }], complaintFeedbackType: 'abuse' },
      mail: { commonHeaders: { messageId: messageIdOf('grumpy@feedback.test') } },
    }) };
    const answer = await report(ses);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true, suppressed: 1, unmatched: 0 });
    // SendGrid's late hard bounce, for another address.
    expect((await report([{ event: 'bounce', type: 'bounce', email: 'bouncy@feedback.test', 'smtp-id': messageIdOf('bouncy@feedback.test') }, { event: 'delivered', email: 'happy@feedback.test' }])).json())
      .toEqual({ received: true, suppressed: 1, unmatched: 0 });
    expect(await db().selectFrom('mail_suppressions').select(['email', 'reason']).orderBy('email').execute()).toEqual([
      { email: 'bouncy@feedback.test', reason: 'hard-bounce' },
      { email: 'grumpy@feedback.test', reason: 'complaint' },
    ]);
    // The complaint takes the address off the newsletter list too.
    expect((await db().selectFrom('newsletter_subscribers').select('status').where('email', '=', 'grumpy@feedback.test').executeTakeFirstOrThrow()).status).toBe('unsubscribed');
    // A complaint later never weakens the hard bounce.
    await report({ type: 'complaint', email: 'bouncy@feedback.test', messageId: messageIdOf('bouncy@feedback.test') });
    expect((await db().selectFrom('mail_suppressions').select('reason').where('email', '=', 'bouncy@feedback.test').executeTakeFirstOrThrow()).reason).toBe('hard-bounce');

    // The next campaign reaches only the happy reader.
    smtp.received.length = 0;
    const second = await sendCampaign(job);
    expect(await worker.runOnce()).toBe(1);
    expect(smtp.received.map((each) => each.to)).toEqual([['happy@feedback.test']]);
    expect((await db().selectFrom('newsletter_campaign_recipients').select('email').where('campaign_id', '=', second).execute()).map((row) => row.email)).toEqual(['happy@feedback.test']);

    // Other marketing mail to the complained address is held back; its order mail (transactional) still goes.
    smtp.received.length = 0;
    const marketing = await enqueueMail(db(), website, 'shop@example.com', { kind: 'marketing', template: 'restock-notice', to: 'grumpy@feedback.test', subject: 'Back in stock', text: 'It is back.', html: '<p>It is back.</p>' });
    const order = await enqueueMail(db(), website, 'shop@example.com', { kind: 'transactional', template: 'order-confirmation', to: 'grumpy@feedback.test', subject: 'Your order', text: 'Thanks.', html: '<p>Thanks.</p>' });
    await worker.runOnce();
    const statuses = await db().selectFrom('mail_outbox').select(['id', 'status', 'last_error']).where('id', 'in', [marketing, order]).execute();
    expect(statuses.find((row) => row.id === marketing)).toMatchObject({ status: 'suppressed', last_error: 'suppressed: complaint' });
    expect(statuses.find((row) => row.id === order)).toMatchObject({ status: 'sent' });
    expect(smtp.received.map((each) => each.to)).toEqual([['grumpy@feedback.test']]);
  });
});
