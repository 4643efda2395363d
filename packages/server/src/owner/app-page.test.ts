// databases: one — sign-in, roles and the owner app page; no lock, race or transaction of its own
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { systemActor, visitorActor } from '../actor';
import type { Website } from '../db/schema';
import { beginTotp, confirmTotp, TOTP_MESSAGES } from '../site-users';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { createSetupLink } from './setup';
import { openPendingSignIn, ownerNextPath, sealPendingSignIn } from './sign-in-step';

/*
 * /config as the owner app: a built app (a stand-in dist with an index.html like Vite's) is served to a
 * signed-in contributor at /config and /config/*, with the boot data and no-store; its hashed files are kept a
 * year; signed out, the same paths ask to sign in and come back; the sign-in form's code step.
 */

let server: TestServer;
let website: Website;
let appDir: string;
const INDEX = `<!doctype html><html lang="en"><head><title>Vitrine</title><script type="module" crossorigin src="/assets/owner-app/assets/main-abc123.js"></script></head>
<body>
<!--owner-boot-->
<div id="owner-app"></div>
</body></html>`;

beforeAll(async () => {
  appDir = mkdtempSync(path.join(os.tmpdir(), 'owner-app-dist-'));
  mkdirSync(path.join(appDir, 'assets'));
  writeFileSync(path.join(appDir, 'index.html'), INDEX);
  writeFileSync(path.join(appDir, 'assets', 'main-abc123.js'), 'console.log("owner app");');
  writeFileSync(path.join(appDir, 'owner-pages.css'), 'body{}');
  writeFileSync(path.join(appDir, 'manifest.json'), '{}');
  server = await openTestServer({ ownerAppDir: appDir });
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
  rmSync(appDir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** A contributor signed in through the set-up form, as a browser would be. */
async function signedInOwner(email: string, role: keyof typeof CONTRIBUTOR_ROLES = 'admin'): Promise<TestVisitor> {
  const { token } = await createSetupLink(server.database.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES[role], email });
  const browser = new TestVisitor(server.app);
  await browser.get(`/config/setup?token=${token}`);
  const posted = await browser.request({ method: 'POST', url: '/config/setup', sendCrumb: false, ...form({ crumb: browser.crumb!, token, email, password: 'password1' }) });
  expect(posted.statusCode).toBe(303);
  expect(posted.headers.location).toBe('/config');
  return browser;
}

function bootOf(html: string): Record<string, any> {
  const match = /<script type="application\/json" id="owner-boot">([^<]*)<\/script>/.exec(html);
  expect(match, 'the boot data block').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('the owner app at /config', () => {
  it('is served to a signed-in owner at /config and every /config/* path, with the boot data, never cached', async () => {
    const browser = await signedInOwner('app-owner@example.com');
    for (const url of ['/config', '/config/', '/config/orders', '/config/no-such-screen?x=1']) {
      const answer = await browser.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(answer.body, url).toContain('<div id="owner-app"></div>');
      expect(answer.body, url).toContain('src="/assets/owner-app/assets/main-abc123.js"');
    }
    const boot = bootOf((await browser.get('/config')).body);
    expect(boot.owner).toMatchObject({ siteUser: { email: 'app-owner@example.com' }, roleName: 'admin' });
    expect(boot.website).toMatchObject({ id: website.id, title: website.site_title, locale: 'en-US', currency: 'USD' });
    // The token the app signs its changes with is the session's: a change through the API with it works.
    expect(boot.xsrfToken).toEqual(expect.any(String));
    const change = await browser.request({ method: 'DELETE', url: '/api/site-users/account/session', headers: { 'x-siteuser-xsrf-token': boot.xsrfToken } });
    expect(change.statusCode).toBe(200);
  });

  it('writes the boot data as JSON that cannot close its script element', async () => {
    const browser = await signedInOwner('</script><script>alert(1)</script>@example.com'.replace(/[<>/()]/g, 'x'));
    await server.database.db.updateTable('websites').set({ site_title: '</script><img src=x onerror=alert(1)>' }).where('id', '=', website.id).execute();
    try {
      await server.app.inject({ method: 'GET', url: '/' });
      // The website cache reads the title within seconds; the encoding is what matters: no raw '<' in the block.
      const body = (await browser.get('/config')).body;
      const block = /id="owner-boot">([^]*?)<\/script>/.exec(body)![1]!;
      expect(block).not.toContain('<');
    } finally {
      await server.database.db.updateTable('websites').set({ site_title: website.site_title }).where('id', '=', website.id).execute();
    }
  });

  it('asks a signed-out visitor to sign in, then goes to the page asked for', async () => {
    await signedInOwner('deep-link@example.com');
    const browser = new TestVisitor(server.app);
    const page = await browser.get('/config/orders');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Sign in to manage your website</h1>');
    expect(page.body).toContain('<input type="hidden" name="next" value="/config/orders">');
    expect(page.body).toContain('href="/assets/owner-app/owner-pages.css"');
    const signedIn = await browser.request({
      method: 'POST', url: '/config/sign-in', sendCrumb: false,
      ...form({ crumb: browser.crumb!, email: 'deep-link@example.com', password: 'password1', next: '/config/orders' }),
    });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/config/orders');
  });

  it("goes only to the app's own pages after sign-in", () => {
    expect(ownerNextPath('/config/orders?status=open')).toBe('/config/orders?status=open');
    for (const hostile of ['https://evil.example/config', '//evil.example', '/config//evil.example', '/shop', '/config/../api', '/config\\x', 42, undefined]) {
      expect(ownerNextPath(hostile), String(hostile)).toBe('/config');
    }
  });

  it('shows a shopper without a role that this account does not manage the website', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/');
    await shopper.post('/api/site-users/account', { email: 'only-a-shopper@example.com', password: 'password1' });
    const page = await shopper.get('/config/settings');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This account does not manage this website');
    expect(page.body).not.toContain('owner-boot');
  });
});

describe("the owner app's files", () => {
  it('keeps hashed files a year and the pages stylesheet an hour; never serves index.html or the manifest', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/assets/owner-app/assets/main-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stylesheet = await server.app.inject({ method: 'GET', url: '/assets/owner-app/owner-pages.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/assets/owner-app/index.html', '/assets/owner-app/manifest.json', '/assets/owner-app/']) {
      expect([403, 404], url).toContain((await server.app.inject({ method: 'GET', url })).statusCode);
    }
  });
});

describe('two-step sign-in on the sign-in form', () => {
  it('asks for the code after the right password, without the password in the page, and signs in with it', async () => {
    const browser = await signedInOwner('two-step@example.com');
    // Turn two-step sign-in on through the API, as the owner would.
    const siteUser = await server.database.db.selectFrom('site_users').select('id').where('email', '=', 'two-step@example.com').executeTakeFirstOrThrow();
    const actor = visitorActor({ siteUser: { id: siteUser.id, email: 'two-step@example.com', xsrfToken: 'x' }, address: '127.0.0.1' });
    const { secret } = await beginTotp(server.database.db, website, actor, totpKeyOf());
    await confirmTotp(server.database.db, website, actor, totpKeyOf(), { code: await generate({ secret }) });
    await browser.request({ method: 'POST', url: '/config/sign-out', sendCrumb: false, ...form({ crumb: browser.crumb! }) });

    const visitor = new TestVisitor(server.app);
    await visitor.get('/config/forms');
    const step = await visitor.request({
      method: 'POST', url: '/config/sign-in', sendCrumb: false,
      ...form({ crumb: visitor.crumb!, email: 'two-step@example.com', password: 'password1', next: '/config/forms' }),
    });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('<h1>Enter your sign-in code</h1>');
    expect(step.body).toContain('autocomplete="one-time-code"');
    expect(step.body).not.toContain('password1');
    expect(visitor.cookies.get('siteUserSession')).toBeFalsy();
    const pending = /name="pending" value="([^"]+)"/.exec(step.body)![1]!;

    const wrong = await visitor.request({ method: 'POST', url: '/config/sign-in', sendCrumb: false, ...form({ crumb: visitor.crumb!, pending, totpCode: '000000' }) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(TOTP_MESSAGES.wrongCode);
    expect(wrong.body).toContain('aria-invalid="true"');

    // A code of the next 30-second step is accepted (one step of drift) and is not the one used to turn it on.
    const right = await visitor.request({
      method: 'POST', url: '/config/sign-in', sendCrumb: false,
      ...form({ crumb: visitor.crumb!, pending, totpCode: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) }),
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/config/forms');
    expect(bootOf((await visitor.get('/config')).body).owner.siteUser.email).toBe('two-step@example.com');
  });

  it('refuses a forged or expired code step', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.get('/config');
    const forged = await visitor.request({ method: 'POST', url: '/config/sign-in', sendCrumb: false, ...form({ crumb: visitor.crumb!, pending: 'a.b.c', totpCode: '123456' }) });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This sign-in has expired. Please sign in again.');
    const sealed = sealPendingSignIn(totpKeyOf(), { email: 'a@example.com', password: 'p', rememberMe: false, next: '/config' }, Date.now() - 6 * 60_000);
    expect(openPendingSignIn(totpKeyOf(), sealed)).toBeUndefined();
    const fresh = sealPendingSignIn(totpKeyOf(), { email: 'a@example.com', password: 'p', rememberMe: true, next: '/config/orders' });
    expect(openPendingSignIn(totpKeyOf(), fresh)).toEqual({ email: 'a@example.com', password: 'p', rememberMe: true, next: '/config/orders' });
    expect(openPendingSignIn(Buffer.alloc(32, 7), fresh)).toBeUndefined();
  });
});

/** The server's TOTP key, derived as app.ts derives it from the stored secret. */
const totpKeyOf = (): Buffer => totpKey!;
let totpKey: Buffer | undefined;
beforeAll(async () => {
  const { loadServerSecret } = await import('../http/server-secrets');
  const { totpKeyFrom } = await import('../site-users');
  totpKey = totpKeyFrom(await loadServerSecret(server.database.db, 'totp'));
});
