// databases: both — newsletter campaigns: CRUD with roles and field errors, preview, test send, the throttled send job
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, CAMPAIGN_TEST_SENDS_PER_HOUR, MAIL_TEMPLATE_MESSAGES } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';
import { UnsubscribeTokens } from '../mail';
import { demoProductId, openTestServer, ownerVisitor, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { setWebsiteQuotas } from '../quotas';
import { CampaignSendJob } from './job';
import { CampaignLinkTokens } from './links';
import { CAMPAIGN_TEST_LIMIT_MESSAGE } from './service';

let server: TestServer;
let website: Website;
let manager: TestVisitor;
let links: CampaignLinkTokens;
let mail: { from: string; publicUrl: string; unsubscribeTokens: UnsubscribeTokens };
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  manager = await ownerVisitor(server, 'storeManager');
  // The demo site's own subscribers: each test writes the audience it sends to.
  await server.database.db.deleteFrom('newsletter_subscribers').execute();
  links = new CampaignLinkTokens(await loadServerSecret(server.database.db, 'campaign-links'));
  mail = { from: 'no-reply@localhost', publicUrl: 'http://localhost:3000', unsubscribeTokens: new UnsubscribeTokens(await loadServerSecret(server.database.db, 'mail')) };
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  const db = server.database.db;
  await db.deleteFrom('newsletter_campaigns').execute();
  await db.deleteFrom('mail_outbox').execute();
  await db.deleteFrom('mail_suppressions').execute();
  await db.deleteFrom('newsletter_subscribers').execute();
});

const URL = '/api/owner/campaigns';
const body = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Winter news from {{site.title}}',
  preheader: 'Two new totes and a sale',
  blocks: [
    { type: 'heading', text: 'Winter is here' },
    { type: 'picture', url: 'https://images.example.com/winter.jpg', alt: 'A snowy street' },
    { type: 'text', text: 'Our warmest things, at {{site.url}}' },
    { type: 'products', productIds: [demoProductId('canvas-tote')] },
    { type: 'button', label: 'See the sale', url: 'https://shop.example.com/sale' },
  ],
  audience: { kind: 'all' },
  ...overrides,
});

async function subscribe(email: string, extra: { status?: 'pending' | 'confirmed' | 'unsubscribed'; tags?: string[]; language?: string } = {}) {
  await server.database.db.insertInto('newsletter_subscribers')
    .values({ website_id: website.id, email, source: 'newsletter', status: extra.status ?? 'confirmed', tags: extra.tags ?? [], language: extra.language ?? null })
    .execute();
}

const job = (messagesPerSecond = 1000) => new CampaignSendJob(server.database.db, { mail, links, messagesPerSecond, intervalMs: 0 });

/** Makes the job due now (the throttle put it off), for the next round. */
const dueNow = (campaignId: string) => server.database.db.updateTable('newsletter_campaign_jobs').set({ run_at: new Date(Date.now() - 1000) }).where('campaign_id', '=', campaignId).execute();

describe('Mail → Campaigns', () => {
  it('creates, lists, changes and deletes drafts, with field errors and nothing written for mistakes', async () => {
    const created = await manager.post(URL, body());
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().campaign;
    expect(campaign).toMatchObject({ status: 'draft', subject: 'Winter news from {{site.title}}', preheader: 'Two new totes and a sale', trackOpens: false, sendAt: null,
      audience: { kind: 'all' }, counts: { recipients: 0, sent: 0, skipped: 0, clickers: 0, clicks: 0, opens: 0 } });

    const bad = await manager.post(URL, body({
      subject: '',
      blocks: [{ type: 'summary' }, { type: 'button', label: 'Go', url: 'javascript:alert(1)' }, { type: 'picture', url: 'http://plain.example.com/a.jpg', alt: 'x' }, { type: 'products', productIds: ['nope'] }, { type: 'text', text: 'Hi {{order.number}}' }],
      audience: { kind: 'tag', tag: 'no spaces allowed' },
    }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: CAMPAIGN_MESSAGES.invalid,
      errors: {
        subject: MAIL_TEMPLATE_MESSAGES.subjectBlank,
        'blocks.0': CAMPAIGN_MESSAGES.blockType,
        'blocks.1.url': MAIL_TEMPLATE_MESSAGES.url,
        'blocks.2.url': CAMPAIGN_MESSAGES.pictureUrl,
        'blocks.4.text': MAIL_TEMPLATE_MESSAGES.unknownVariable('order.number', ['site.title', 'site.url']),
        'audience.tag': CAMPAIGN_MESSAGES.tag,
      },
    });
    const unknownProduct = await manager.post(URL, body({ blocks: [{ type: 'products', productIds: ['not-a-product'] }] }));
    expect(unknownProduct.statusCode).toBe(400);
    expect(unknownProduct.json().errors).toEqual({ 'blocks.0.productIds': CAMPAIGN_MESSAGES.unknownProduct });
    expect((await manager.post(URL, body({ audience: { kind: 'everyone' } }))).json().errors).toEqual({ 'audience.kind': CAMPAIGN_MESSAGES.audience });

    const list = await manager.get(URL);
    expect(list.json().campaigns.map((each: { id: string }) => each.id)).toEqual([campaign.id]);
    const changed = await manager.put(`${URL}/${campaign.id}`, body({ subject: 'Changed', audience: { kind: 'language', language: 'pt' }, trackOpens: true }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().campaign).toMatchObject({ subject: 'Changed', audience: { kind: 'language', language: 'pt' }, trackOpens: true });
    expect((await manager.get(`${URL}/nope`)).statusCode).toBe(404);
    expect((await manager.delete(`${URL}/${campaign.id}`)).json()).toEqual({ deleted: true, id: campaign.id });
    expect((await manager.get(`${URL}/${campaign.id}`)).json()).toEqual({ message: CAMPAIGN_MESSAGES.notFound });
  });

  it('is for roles with campaigns:manage: a campaigns editor may, an editor may not', async () => {
    const campaignsEditor = await ownerVisitor(server, 'campaignsEditor');
    expect((await campaignsEditor.post(URL, body())).statusCode).toBe(201);
    const editor = await ownerVisitor(server, 'editor');
    const refused = await editor.get(URL);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role does not allow this.');
    expect((await new TestVisitor(server.app).get(URL)).statusCode).toBe(401);
  });

  it('previews through the path the send takes: preheader, picture, product card, button', async () => {
    const preview = await manager.post(`${URL}/preview`, body());
    expect(preview.statusCode, preview.body).toBe(200);
    const { subject, html, text } = preview.json();
    expect(subject).toBe(`Winter news from ${website.site_title}`);
    expect(html).toContain('Two new totes and a sale</div>');
    expect(html).toContain('<img src="https://images.example.com/winter.jpg" alt="A snowy street"');
    expect(html).toContain('Canvas Tote');
    expect(html).toContain('href="https://shop.example.com/sale"');
    expect(text).toContain('See the sale: https://shop.example.com/sale');
    expect(html).not.toContain('/mail/o?');
  });

  it("sends a test to the signed-in owner, at most the limit an hour per website", async () => {
    for (let sent = 0; sent < CAMPAIGN_TEST_SENDS_PER_HOUR; sent += 1) {
      const test = await manager.post(`${URL}/test`, body());
      expect(test.statusCode, test.body).toBe(200);
    }
    const over = await manager.post(`${URL}/test`, body());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(CAMPAIGN_TEST_LIMIT_MESSAGE);
    const outbox = await server.database.db.selectFrom('mail_outbox').select(['subject', 'to_address', 'template']).execute();
    expect(outbox).toHaveLength(CAMPAIGN_TEST_SENDS_PER_HOUR);
    expect(outbox[0]).toMatchObject({ subject: `[Test] Winter news from ${website.site_title}`, template: 'campaign-test' });
  });

  it('schedules with its job in the same transaction, refuses changes once scheduled, and cancels', async () => {
    const { campaign } = (await manager.post(URL, body())).json();
    const past = await manager.post(`${URL}/${campaign.id}/send`, { sendAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ sendAt: CAMPAIGN_MESSAGES.sendAtPast });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await manager.post(`${URL}/${campaign.id}/send`, { sendAt: at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().campaign).toMatchObject({ status: 'scheduled', sendAt: at });
    const jobs = await server.database.db.selectFrom('newsletter_campaign_jobs').select(['campaign_id', 'run_at']).execute();
    expect(jobs.map((row) => [row.campaign_id, new Date(row.run_at).toISOString()])).toEqual([[campaign.id, at]]);
    expect(await job().runOnce()).toBeUndefined();
    expect((await manager.put(`${URL}/${campaign.id}`, body())).json()).toEqual({ message: CAMPAIGN_MESSAGES.notEditable });
    expect((await manager.post(`${URL}/${campaign.id}/send`, {})).statusCode).toBe(409);
    const cancelled = await manager.post(`${URL}/${campaign.id}/cancel`);
    expect(cancelled.json().campaign.status).toBe('cancelled');
    expect(await server.database.db.selectFrom('newsletter_campaign_jobs').selectAll().execute()).toEqual([]);
    expect((await manager.post(`${URL}/${campaign.id}/cancel`)).json()).toEqual({ message: CAMPAIGN_MESSAGES.notCancellable });
  });

  it('sends once to each confirmed subscriber of the audience at the throttled rate, never to suppressed or unsubscribed addresses', async () => {
    for (const email of ['a@news.test', 'b@news.test', 'c@news.test', 'd@news.test']) await subscribe(email);
    await subscribe('pending@news.test', { status: 'pending' });
    await subscribe('gone@news.test', { status: 'unsubscribed' });
    await subscribe('bounced@news.test');
    await server.database.db.insertInto('mail_suppressions').values({ website_id: website.id, email: 'bounced@news.test', reason: 'hard-bounce' }).execute();
    const { campaign } = (await manager.post(URL, body())).json();
    expect((await manager.post(`${URL}/${campaign.id}/send`, {})).json().campaign.status).toBe('scheduled');

    const slow = job(2);
    expect(await slow.runOnce()).toEqual({ campaignId: campaign.id, queued: 2, skipped: 0, finished: false });
    // Two a second: the next two are due a second later, not at once.
    expect(await slow.runOnce()).toBeUndefined();
    // d unsubscribes between rounds: left out.
    await server.database.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).where('email', '=', 'd@news.test').execute();
    await dueNow(campaign.id);
    expect(await slow.runOnce()).toEqual({ campaignId: campaign.id, queued: 1, skipped: 1, finished: true });
    expect(await slow.runOnce()).toBeUndefined();

    const outbox = await server.database.db.selectFrom('mail_outbox').select(['to_address', 'kind', 'headers', 'html_body', 'text_body']).orderBy('to_address').execute();
    expect(outbox.map((row) => row.to_address)).toEqual(['a@news.test', 'b@news.test', 'c@news.test']);
    expect(outbox[0]!.kind).toBe('marketing');
    expect(outbox[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(outbox[0]!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/mail\/unsubscribe\?token=/);
    expect(outbox[0]!.text_body).toMatch(/Unsubscribe: http:\/\/localhost:3000\/mail\/unsubscribe\?token=/);
    expect(outbox[0]!.html_body).not.toContain('https://shop.example.com/sale');
    expect(outbox[0]!.html_body).not.toContain('/mail/o?');
    const reply = (await manager.get(`${URL}/${campaign.id}`)).json().campaign;
    expect(reply).toMatchObject({ status: 'sent', counts: { recipients: 4, sent: 3, skipped: 1, clickers: 0, clicks: 0, opens: 0 } });
    expect(reply.finishedAt).not.toBeNull();
  });

  it('past the daily mail quota, keeps what fitted and waits for the next window with one warning, then sends the rest', async () => {
    for (const email of ['q1@news.test', 'q2@news.test', 'q3@news.test', 'q4@news.test', 'q5@news.test']) await subscribe(email);
    await setWebsiteQuotas(server.database.db, website.id, { mailsPerDay: 2 });
    try {
      const { campaign } = (await manager.post(URL, body())).json();
      await manager.post(`${URL}/${campaign.id}/send`, {});
      const warnings: { details: object; message: string }[] = [];
      const limited = new CampaignSendJob(server.database.db, { mail, links, messagesPerSecond: 1000, intervalMs: 0, log: { warn: (details, message) => warnings.push({ details, message }) } });
      const first = await limited.runOnce();
      expect(first).toMatchObject({ campaignId: campaign.id, queued: 2, skipped: 0, finished: false });
      // The next window opens when the first of today's mails is a day old: the job sleeps until then.
      expect(first!.quotaWaitSeconds).toBeGreaterThan(86_390);
      expect(first!.quotaWaitSeconds).toBeLessThanOrEqual(86_400);
      const { run_at: runAt } = await server.database.db.selectFrom('newsletter_campaign_jobs').select('run_at').where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
      expect(new Date(runAt).getTime() - Date.now()).toBeGreaterThan(86_000_000);
      // Rounds meanwhile find nothing due: no rollback, no retry every second, one warning in all.
      for (let round = 0; round < 5; round += 1) expect(await limited.runOnce()).toBeUndefined();
      expect(warnings).toEqual([{ details: { campaignId: campaign.id, websiteId: website.id, queued: 2, retryInSeconds: first!.quotaWaitSeconds }, message: 'campaign send waits for the daily mail quota' }]);
      expect(await server.database.db.selectFrom('mail_outbox').select('to_address').orderBy('to_address').execute()).toEqual([{ to_address: 'q1@news.test' }, { to_address: 'q2@news.test' }]);
      // A day later (the morning's mails aged out): the next two, then the last.
      await server.database.db.updateTable('mail_outbox').set({ created_at: new Date(Date.now() - 2 * 86_400_000) }).execute();
      await dueNow(campaign.id);
      expect(await limited.runOnce()).toMatchObject({ queued: 2, finished: false });
      await server.database.db.updateTable('mail_outbox').set({ created_at: new Date(Date.now() - 2 * 86_400_000) }).execute();
      await dueNow(campaign.id);
      expect(await limited.runOnce()).toEqual({ campaignId: campaign.id, queued: 1, skipped: 0, finished: true });
      expect((await server.database.db.selectFrom('newsletter_campaign_recipients').select('status').where('campaign_id', '=', campaign.id).execute()).every((row) => row.status === 'queued')).toBe(true);
      expect(warnings).toHaveLength(2);
    } finally {
      await setWebsiteQuotas(server.database.db, website.id, { mailsPerDay: null });
    }
  });

  it('counts clicks through signed links that lead only to the campaign’s own links, and opens only when turned on', async () => {
    await subscribe('clicker@news.test');
    const { campaign } = (await manager.post(URL, body({ trackOpens: true }))).json();
    await manager.post(`${URL}/${campaign.id}/send`, {});
    expect((await job().runOnce())?.finished).toBe(true);
    const { html_body: html } = await server.database.db.selectFrom('mail_outbox').select('html_body').executeTakeFirstOrThrow();
    const clicks = [...html.matchAll(/href="http:\/\/localhost:3000(\/mail\/c\?t=[^"]+)"/g)].map((match) => match[1]!);
    // The product card (picture and title) and the button: links 0 and 1.
    expect(clicks).toHaveLength(3);
    const shopper = new TestVisitor(server.app);
    const button = await shopper.get(clicks[2]!);
    expect(button.statusCode).toBe(302);
    expect(button.headers.location).toBe('https://shop.example.com/sale');
    const card = await shopper.get(clicks[0]!);
    expect(card.headers.location).toMatch(/^http:\/\/localhost:3000\/.+canvas-tote/);
    // A forged index or a changed signature counts nothing and goes home.
    const forged = links.issue({ kind: 'click', websiteId: website.id, campaignId: campaign.id, index: 7, email: 'clicker@news.test' });
    expect((await shopper.get(`/mail/c?t=${forged}`)).headers.location).toBe('/');
    expect((await shopper.get(`${clicks[2]!.slice(0, -2)}xx`)).headers.location).toBe('/');
    const pixel = html.match(/src="http:\/\/localhost:3000(\/mail\/o\?t=[^"]+)"/)![1]!;
    const opened = await shopper.get(pixel);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');
    expect((await manager.get(`${URL}/${campaign.id}`)).json().campaign.counts).toEqual({ recipients: 1, sent: 1, skipped: 0, clickers: 1, clicks: 2, opens: 1 });
  });

  it('sends to a segment: buyers, a tag, a language', async () => {
    await subscribe('en@news.test', { language: 'en-GB', tags: ['vip'] });
    await subscribe('pt@news.test', { language: 'pt', tags: [] });
    // pt@news.test buys something (a paid order: the test payment provider takes it at once).
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 })).statusCode).toBe(200);
    const order = await shopper.post('/api/commerce/orders', { email: 'PT@news.test', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(order.statusCode, order.body).toBe(201);
    const audiences = [
      [{ kind: 'tag', tag: 'vip' }, ['en@news.test']],
      [{ kind: 'language', language: 'en' }, ['en@news.test']],
      [{ kind: 'language', language: 'pt' }, ['pt@news.test']],
      [{ kind: 'buyers' }, ['pt@news.test']],
    ] as const;
    for (const [audience, expected] of audiences) {
      const { campaign } = (await manager.post(URL, body({ audience }))).json();
      await manager.post(`${URL}/${campaign.id}/send`, {});
      await job().runOnce();
      const rows = await server.database.db.selectFrom('newsletter_campaign_recipients').select('email').where('campaign_id', '=', campaign.id).orderBy('email').execute();
      expect(rows.map((row) => row.email), JSON.stringify(audience)).toEqual(expected);
    }
  });
});
