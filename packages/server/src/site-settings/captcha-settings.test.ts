// databases: one — the settings' answers; their races are proven by site-settings.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import type { Website } from '../db/schema';
import { stableId } from '../ids';
import { demoProductId, demoVariantId, openTestServer, ownerVisitor, solveCaptcha, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';

let server: TestServer;
let website: Website;
const URL = '/api/owner/site-settings/captcha';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

const siteKey = async () => (await server.database.db.selectFrom('websites').select('captcha_site_key').where('id', '=', website.id).executeTakeFirstOrThrow()).captcha_site_key;

/** A restock sign-up with no captcha solution (the linen shirt's navy M is sold out in the demo). */
async function restockWithoutCaptcha(email: string) {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  return visitor.post('/api/site-users/account/notifications/restock', {
    isJoinMailingList: false,
    productId: demoProductId('linen-shirt'),
    variantId: demoVariantId('SHIRT-M-NAVY'),
    siteVisitorEmail: email,
  });
}

/** The contact form sent with no captcha solution. */
async function contactWithoutCaptcha() {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/contact');
  const headers = { 'user-agent': BROWSER };
  const key = (await visitor.request({ method: 'POST', url: '/api/form/FormSubmissionKey', headers })).json().key as string;
  const form = { name: ['Ada', 'Lovelace'], email: 'ada@example.com', topic: 'A product', message: 'Green?', 'contact-by': 'Email', interests: ['Home'], satisfaction: { 'The shop is easy to use': '2' }, source: 'contact-page' };
  return visitor.request({
    method: 'POST',
    url: '/api/form/SaveFormSubmission',
    headers,
    payload: { key, formId: stableId('form:demo:contact'), form: JSON.stringify(form), pageTitle: 'Contact', pageId: stableId('page:demo:contact'), contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: 1 },
  });
}

describe('the captcha switch (GET/PUT /api/owner/site-settings/captcha)', () => {
  it('answers on for the demo (it has a site key); site:read to read, site:write to change', async () => {
    expect((await (await ownerVisitor(server, 'viewer')).get(URL)).json()).toEqual({ enabled: true });
    expect((await new TestVisitor(server.app).get(URL)).statusCode).toBe(401);
    const refused = await (await ownerVisitor(server, 'storeManager')).put(URL, { enabled: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    const bad = await (await ownerVisitor(server, 'editor')).put(URL, { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(await siteKey()).toBe('demo-captcha-site-key');
  });

  it('off clears the key: pages carry no site key, no challenge, restock sign-ups and forms ask no captcha', async () => {
    const editor = await ownerVisitor(server, 'editor');
    expect((await restockWithoutCaptcha('before@example.com')).json().message).toBe(CAPTCHA_MESSAGES.missing);

    const off = await editor.put(URL, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect(await siteKey()).toBeNull();
    expect((await editor.get(URL)).json()).toEqual({ enabled: false });
    const context = (await new TestVisitor(server.app).get('/shop?format=json')).json();
    expect(context.website.captchaSettings.siteKey).toBeNull();
    expect((await new TestVisitor(server.app).get('/api/captcha/challenge')).statusCode).toBe(404);

    const signUp = await restockWithoutCaptcha('no-captcha@example.com');
    expect(signUp.statusCode, signUp.body).toBe(200);
    const sent = await contactWithoutCaptcha();
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('on makes a new site key: the challenge is back and a call without a solution is refused; on again keeps the key', async () => {
    const editor = await ownerVisitor(server, 'editor');
    const on = await editor.put(URL, { enabled: true });
    expect(on.json()).toEqual({ enabled: true });
    const key = await siteKey();
    expect(key).toMatch(/^site_[A-Za-z0-9_-]{20,}$/);
    expect((await new TestVisitor(server.app).get('/shop?format=json')).json().website.captchaSettings.siteKey).toBe(key);
    expect((await new TestVisitor(server.app).get('/api/captcha/challenge')).statusCode).toBe(200);
    const refused = await restockWithoutCaptcha('after@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CAPTCHA_MESSAGES.missing);
    expect((await contactWithoutCaptcha()).statusCode).toBe(400);

    expect((await editor.put(URL, { enabled: true })).json()).toEqual({ enabled: true });
    expect(await siteKey()).toBe(key);
    // A solved captcha is accepted with the new key.
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/');
    const token = await solveCaptcha(visitor);
    const signUp = await visitor.post('/api/site-users/account/notifications/restock', {
      isJoinMailingList: false,
      productId: demoProductId('linen-shirt'),
      variantId: demoVariantId('SHIRT-M-NAVY'),
      siteVisitorEmail: 'solved@example.com',
      captchaToken: token,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
  });
});
