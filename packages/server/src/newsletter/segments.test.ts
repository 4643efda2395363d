// databases: both — subscribers' language and tags, set at sign-up and by the owner, and the campaigns they segment
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_NEWSLETTER_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import type { Website } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';
import { stableId } from '../ids';
import { UnsubscribeTokens } from '../mail';
import { CampaignSendJob } from '../campaigns/job';
import { CampaignLinkTokens } from '../campaigns/links';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { notifyWebsiteChanged } from '../websites/changes';

/*
 * Issue 38's segments end to end: addresses sign up through the newsletter block (their page's language is
 * recorded), are confirmed, the owner tags some of them through the API, and a campaign to "tag X" or "language fr"
 * reaches exactly those subscribers.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const newsletterFormId = stableId('form:demo:newsletter');
const TAGS = '/api/owner/newsletter/subscribers/tags';
const LIST = '/api/owner/newsletter/subscribers';

let server: TestServer;
let website: Website;
let manager: TestVisitor;
let editor: TestVisitor;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
  website = (await findDefaultWebsite(server.database.db))!;
  [manager, editor, admin] = await Promise.all([ownerVisitor(server, 'storeManager'), ownerVisitor(server, 'editor'), ownerVisitor(server, 'admin')]);
  await server.database.db.deleteFrom('newsletter_subscribers').execute();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

async function setLocale(locale: string) {
  await db().updateTable('websites').set({ locale }).where('id', '=', website.id).execute();
  notifyWebsiteChanged(website.id);
}

/**
 * A visitor signs up through the newsletter block and the address is confirmed (the link's work, done here directly).
 * `pageLanguage`: the `<html lang>` of the page the block is on, which the storefront's calls carry.
 */
async function signUp(email: string, pageLanguage?: string) {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  const headers = { 'user-agent': BROWSER, ...(pageLanguage ? { 'x-page-language': pageLanguage } : {}) };
  const post = (url: string, payload?: object) => visitor.request({ method: 'POST', url, payload, headers });
  const key = (await post('/api/form/FormSubmissionKey')).json().key as string;
  const answer = await post('/api/form/SaveFormSubmission', { key, formId: newsletterFormId, form: JSON.stringify({ 'newsletter-email': email }), pagePath: '/', contentSource: 'c' });
  expect(answer.statusCode, answer.body).toBe(200);
  await db().updateTable('newsletter_subscribers').set({ status: 'confirmed', confirmed_at: new Date() }).where('email', '=', email).execute();
}

describe('segments', () => {
  it('records the language at sign-up, tags through the owner API, and a campaign reaches exactly the segment', async () => {
    await setLocale('fr-FR');
    await signUp('amelie@segments.test');
    await signUp('bruno@segments.test');
    await setLocale('en-US');
    await signUp('carla@segments.test');
    await signUp('dan@segments.test');
    const languages = await db().selectFrom('newsletter_subscribers').select(['email', 'language']).where('website_id', '=', website.id).orderBy('email').execute();
    expect(languages).toEqual([
      { email: 'amelie@segments.test', language: 'fr-FR' },
      { email: 'bruno@segments.test', language: 'fr-FR' },
      { email: 'carla@segments.test', language: 'en-US' },
      { email: 'dan@segments.test', language: 'en-US' },
    ]);

    // The owner tags two (one French, one English), in one call; case and repeats are folded.
    const tagged = await manager.post(TAGS, { emails: ['bruno@segments.test', 'Carla@Segments.test', 'nobody@segments.test'], add: ['VIP', 'vip', 'winter-2026'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().updated).toBe(2);
    expect(tagged.json().subscribers.map((row: { email: string; tags: string[] }) => [row.email, row.tags]).sort()).toEqual([
      ['bruno@segments.test', ['vip', 'winter-2026']],
      ['carla@segments.test', ['vip', 'winter-2026']],
    ]);
    // …and removes one tag from one of them.
    const removed = await manager.post(TAGS, { emails: ['carla@segments.test'], remove: ['winter-2026'] });
    expect(removed.json().subscribers[0].tags).toEqual(['vip']);
    // The list (forms:read, an admin's) shows tags and language.
    const listed = (await admin.get(`${LIST}?status=confirmed`)).json().subscribers.find((row: { email: string }) => row.email === 'bruno@segments.test');
    expect(listed).toMatchObject({ tags: ['vip', 'winter-2026'], language: 'fr-FR' });
    const csv = (await admin.get('/api/owner/newsletter/subscribers/export.csv')).body;
    expect(csv).toContain('bruno@segments.test,confirmed,newsletter,');
    expect(csv.split('\n').find((line: string) => line.startsWith('bruno@'))!.endsWith(',vip winter-2026,fr-FR')).toBe(true);

    const links = new CampaignLinkTokens(await loadServerSecret(db(), 'campaign-links'));
    const mail = { from: 'no-reply@localhost', publicUrl: 'http://localhost:3000', unsubscribeTokens: new UnsubscribeTokens(await loadServerSecret(db(), 'mail')) };
    const job = new CampaignSendJob(db(), { mail, links, messagesPerSecond: 1000, intervalMs: 0 });
    const audiences = [
      [{ kind: 'tag', tag: 'VIP' }, ['bruno@segments.test', 'carla@segments.test']],
      [{ kind: 'tag', tag: 'winter-2026' }, ['bruno@segments.test']],
      [{ kind: 'language', language: 'fr' }, ['amelie@segments.test', 'bruno@segments.test']],
      [{ kind: 'language', language: 'en' }, ['carla@segments.test', 'dan@segments.test']],
    ] as const;
    for (const [audience, expected] of audiences) {
      const created = await manager.post('/api/owner/campaigns', { subject: 'News', blocks: [{ type: 'text', text: 'Hello' }], audience });
      expect(created.statusCode, created.body).toBe(201);
      const { campaign } = created.json();
      expect((await manager.post(`/api/owner/campaigns/${campaign.id}/send`, {})).statusCode).toBe(200);
      expect((await job.runOnce())?.finished).toBe(true);
      const sent = await db().selectFrom('mail_outbox').select('to_address').where('template', '=', `campaign:${campaign.id}`).orderBy('to_address').execute();
      expect(sent.map((row) => row.to_address), JSON.stringify(audience)).toEqual(expected);
    }
  });

  it("records the language of a /fr/ page's sign-up (its calls name the page's language), and answers its refusals in it", async () => {
    await setLocale('en-US');
    expect((await admin.put('/api/multilingual/languages', { languages: ['fr-FR'] })).statusCode).toBe(200);
    try {
      await signUp('elodie@segments.test', 'fr-FR');
      // A language the site does not have, and the default's own: the default language.
      await signUp('franz@segments.test', 'de-DE');
      await signUp('gina@segments.test', 'en-US');
      const languages = await db().selectFrom('newsletter_subscribers').select(['email', 'language']).where('email', 'in', ['elodie@segments.test', 'franz@segments.test', 'gina@segments.test']).orderBy('email').execute();
      expect(languages).toEqual([
        { email: 'elodie@segments.test', language: 'fr-FR' },
        { email: 'franz@segments.test', language: 'en-US' },
        { email: 'gina@segments.test', language: 'en-US' },
      ]);
      // A restock sign-up refused on a French page reads in French; the same call from an English page in English.
      const visitor = new TestVisitor(server.app);
      await visitor.visit('/');
      const restock = (pageLanguage: string) =>
        visitor.request({ method: 'POST', url: '/api/site-users/account/notifications/restock', payload: { isJoinMailingList: false, productId: 'x', variantId: 'y', siteVisitorEmail: 'not an address' }, headers: { 'x-page-language': pageLanguage } });
      const french = await restock('fr-FR');
      expect(french.statusCode).toBe(400);
      expect(french.json().message).toBe('L’adresse e-mail n’est pas valide');
      expect((await restock('en-US')).json().message).toBe('Email is invalid');
    } finally {
      await admin.put('/api/multilingual/languages', { languages: [] });
    }
  });

  it('refuses bad tags with field errors, writing nothing, and a role without campaigns:manage', async () => {
    await db().deleteFrom('newsletter_subscribers').execute();
    await db().insertInto('newsletter_subscribers').values({ website_id: website.id, email: 'eve@segments.test', source: 'newsletter', status: 'confirmed', tags: ['kept'] }).execute();
    const bad = await manager.post(TAGS, { emails: ['eve@segments.test'], add: ['ok', 'no spaces', 'x'.repeat(41)] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: OWNER_NEWSLETTER_MESSAGES.tagsInvalid, errors: { 'add.1': OWNER_NEWSLETTER_MESSAGES.tag, 'add.2': OWNER_NEWSLETTER_MESSAGES.tag } });
    const none = await manager.post(TAGS, { emails: [], add: [] });
    expect(none.json()).toEqual({ message: OWNER_NEWSLETTER_MESSAGES.tagsInvalid, errors: { emails: OWNER_NEWSLETTER_MESSAGES.emails, add: OWNER_NEWSLETTER_MESSAGES.nothingToChange } });
    // Past 20 tags on one subscriber: the whole change is refused.
    const many = Array.from({ length: 20 }, (_, index) => `t${index}`);
    const tooMany = await manager.post(TAGS, { emails: ['eve@segments.test'], add: many });
    expect(tooMany.json()).toEqual({ message: OWNER_NEWSLETTER_MESSAGES.tagsInvalid, errors: { add: OWNER_NEWSLETTER_MESSAGES.tooManyTags } });
    const forbidden = await editor.post(TAGS, { emails: ['eve@segments.test'], add: ['x'] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(OWNER_MESSAGES.notAllowed);
    expect((await db().selectFrom('newsletter_subscribers').select('tags').where('email', '=', 'eve@segments.test').executeTakeFirstOrThrow()).tags).toEqual(['kept']);
  });
});
