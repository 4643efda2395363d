// databases: both — the caches sit in front of SQL scoped by website, whichever engine runs it
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES } from '@vitrine/contracts';
import { FORM_MESSAGES } from '@vitrine/forms';
import { openTestServer, solveCaptcha, TestVisitor } from '../testing';
import { createWebsite } from '../platform';
import { stableId } from '../ids';

/*
 * Caches keyed by website (issue 32 item 5): two websites on one server whose rows share every name — the same
 * product slug, the same page paths, the same forms — but not their content. Each case fills a cache on site A
 * first, then asks site B the same question: B must answer from its own rows, and A must still answer from its own.
 *
 * Proven elsewhere, so not repeated here:
 *  - sessions (owner sessions, site-user sessions, API keys, visitor and cart cookies): reliability/cross-tenant.test.ts
 *    sends A's cookies and key to B on every route and gets 401/403/404;
 *  - rate limits: http/website-rate-limit.test.ts (an allowance spent on A leaves B's, and the per-website ceiling);
 *  - cookies planted from a sibling subdomain: http/cookie-tossing.test.ts.
 * Compiled themes are shared on purpose (one compiled theme serves every site that uses it, shared/index.ts): what
 * must not leak is a page rendered for A, which the page and settings cases below check through that shared theme.
 */

const PLATFORM = 'vitrine.test';
const A_HOST = `demo.${PLATFORM}`;
const B_HOST = `bravo.${PLATFORM}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const server = await openTestServer({ platformDomain: PLATFORM, rateLimit: { max: 1_000_000_000 } });
const db = server.database.db;
afterAll(() => server.close());

// Site B: the same sample content as the demo (site A), then made to differ before anything is cached.
const bravo = (await createWebsite(db, { identifier: 'bravo', siteTitle: 'Bravo Goods', sampleContent: true })).website;
const demo = await db.selectFrom('websites').selectAll().where('identifier', '=', 'demo').executeTakeFirstOrThrow();
// B turns its captcha on (as the owner's switch does: a site key of its own), so both sites hand out challenges.
await db.updateTable('websites').set({ captcha_site_key: 'site_bravo-own-key' }).where('id', '=', bravo.id).execute();
await db.updateTable('products').set({ title: 'Bravo Linen Shirt' }).where('website_id', '=', bravo.id).where('url_id', '=', 'linen-shirt').execute();
const demoProduct = await db.selectFrom('products').select(['title']).where('website_id', '=', demo.id).where('url_id', '=', 'linen-shirt').executeTakeFirstOrThrow();

const html = (host: string, url: string) => server.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
const json = (host: string, url: string) => server.app.inject({ method: 'GET', url, headers: { host, accept: 'application/json' } });

describe('a cache filled on site A never answers site B', () => {
  it('website settings: each host gets its own site title, in the page and in the storefront context', async () => {
    const a = await html(A_HOST, '/');
    expect(a.statusCode).toBe(200);
    expect(a.body).toContain(demo.site_title);
    const b = await html(B_HOST, '/');
    expect(b.statusCode).toBe(200);
    expect(b.body).toContain('Bravo Goods');
    expect(b.body).not.toContain(demo.site_title);
    const context = (await json(B_HOST, '/shop?format=json')).json() as { website: { siteTitle?: string; id?: string } };
    expect(JSON.stringify(context.website)).toContain('Bravo Goods');
    expect(JSON.stringify(context.website)).not.toContain(demo.id);
    expect((await html(A_HOST, '/')).body).not.toContain('Bravo Goods');
  });

  it('catalog and page caches: the same product slug answers each site\'s own product', async () => {
    expect(demoProduct.title).not.toBe('Bravo Linen Shirt');
    for (let round = 0; round < 2; round += 1) {
      const a = await html(A_HOST, '/shop/p/linen-shirt');
      expect(a.statusCode).toBe(200);
      expect(a.body).toContain(demoProduct.title);
      expect(a.body).not.toContain('Bravo Linen Shirt');
      const b = await html(B_HOST, '/shop/p/linen-shirt');
      expect(b.statusCode).toBe(200);
      expect(b.body).toContain('Bravo Linen Shirt');
      expect(b.body).not.toContain(demo.site_title);
    }
    const shopB = JSON.stringify((await json(B_HOST, '/shop?format=json')).json());
    expect(shopB).toContain('Bravo Linen Shirt');
    const shopA = JSON.stringify((await json(A_HOST, '/shop?format=json')).json());
    expect(shopA).not.toContain('Bravo Linen Shirt');
  });

  it('a product changed on B (its cache forgotten) changes nothing on A', async () => {
    await html(A_HOST, '/shop/p/linen-shirt');
    await db.updateTable('products').set({ title: 'Bravo Linen Shirt, Second Run' }).where('website_id', '=', bravo.id).where('url_id', '=', 'linen-shirt').execute();
    const { notifyContentChanged } = await import('../content/content-changes');
    notifyContentChanged(bravo.id);
    const { notifyWebsiteChanged } = await import('../websites');
    notifyWebsiteChanged(bravo.id);
    await expect.poll(async () => (await html(B_HOST, '/shop/p/linen-shirt')).body).toContain('Bravo Linen Shirt, Second Run');
    const a = await html(A_HOST, '/shop/p/linen-shirt');
    expect(a.body).toContain(demoProduct.title);
    expect(a.body).not.toContain('Second Run');
  });

  it('captcha challenges: a solution for A\'s challenge is refused on B; B\'s own passes', async () => {
    const onA = new TestVisitor(server.app, undefined, { host: A_HOST });
    await onA.visit('/contact');
    const solvedOnA = await solveCaptcha(onA);
    const onB = new TestVisitor(server.app, onA.ip, { host: B_HOST });
    await onB.visit('/contact');
    const send = async (captchaKey: string) =>
      onB.request({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { 'user-agent': BROWSER },
        payload: {
          key: (await onB.request({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { 'user-agent': BROWSER } })).json().key,
          formId: stableId('form:bravo:contact'),
          form: JSON.stringify(contactAnswers),
          captchaKey,
          ...contactPage('bravo'),
        },
      });
    const refused = await send(solvedOnA);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CAPTCHA_MESSAGES.invalid);
    const accepted = await send(await solveCaptcha(onB));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('form keys: a submission key handed out on A is refused on B (401), B\'s own is accepted', async () => {
    const onA = new TestVisitor(server.app, undefined, { host: A_HOST });
    await onA.visit('/contact');
    const keyOfA = (await onA.request({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { 'user-agent': BROWSER } })).json().key as string;
    expect(keyOfA).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const onB = new TestVisitor(server.app, onA.ip, { host: B_HOST });
    await onB.visit('/contact');
    const send = async (key: string) =>
      onB.request({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { 'user-agent': BROWSER },
        payload: { key, formId: stableId('form:bravo:contact'), form: JSON.stringify(contactAnswers), captchaKey: await solveCaptcha(onB), ...contactPage('bravo') },
      });
    const before = await db.selectFrom('form_submissions').select(db.fn.countAll().as('n')).where('website_id', '=', bravo.id).executeTakeFirstOrThrow();
    const refused = await send(keyOfA);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(FORM_MESSAGES.unauthorized);
    const after = await db.selectFrom('form_submissions').select(db.fn.countAll().as('n')).where('website_id', '=', bravo.id).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const ownKey = (await onB.request({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { 'user-agent': BROWSER } })).json().key as string;
    expect((await send(ownKey)).statusCode).toBe(200);
  });
});

const contactAnswers = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  topic: 'A product',
  message: 'Do you make the linen shirt in green?',
  'contact-by': 'Email',
  interests: ['Clothing', 'Home'],
  satisfaction: { 'The shop is easy to use': '2' },
  source: 'contact-page',
};
function contactPage(identifier: string) {
  return { pageTitle: 'Contact', pageId: stableId(`page:${identifier}:contact`), contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: 1 };
}
