// databases: both — a one-time link used by two racing sign-ups
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, PERMISSIONS, type ContributorRole } from '@vitrine/contracts';
import { systemActor } from '../actor';
import { findDefaultWebsite } from '../websites';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { Website } from '../db/schema';
import { OWNER_MESSAGES } from '../authorize';
import { parseOwnerCommand } from './cli';
import { createSetupLink, needsFirstAdmin, SETUP_MESSAGES } from './setup';

let server: TestServer;
let website: Website;
beforeAll(async () => {
  // No owner app built here: a signed-in /config is the server's stand-in page (app-page.test.ts serves a built app).
  server = await openTestServer({ ownerAppDir: '/nonexistent/owner-app/dist' });
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

const link = (options: { role?: number; email?: string; hours?: number } = {}) =>
  createSetupLink(server.database.db, website, systemActor('test'), { ...options, role: (options.role ?? 1) as ContributorRole });

async function visitor(): Promise<TestVisitor> {
  const browser = new TestVisitor(server.app);
  await browser.visit('/');
  return browser;
}

describe('the first admin', () => {
  it('is made from a one-time link: the account, the admin role and a session at once', async () => {
    expect(await needsFirstAdmin(server.database.db, website)).toBe(true);
    const { token } = await link();
    const browser = await visitor();
    const answer = await browser.post('/api/owner/setup', { token, email: 'Owner@Example.com', password: 'correct horse' });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body.xsrfToken).toEqual(expect.any(String));
    expect(body.owner).toMatchObject({ siteUser: { email: 'owner@example.com' }, role: 1, roleName: 'admin' });
    expect(body.owner.permissions).toEqual(Object.keys(PERMISSIONS));
    expect(browser.cookies.get('siteUserSession')).toBeTruthy();
    expect((await browser.get('/api/owner/me')).json()).toMatchObject({ role: 1, roleName: 'admin' });
    expect(await needsFirstAdmin(server.database.db, website)).toBe(false);

    // Used once: a second use is refused, and signs nobody in.
    const again = await (await visitor()).post('/api/owner/setup', { token, email: 'other@example.com', password: 'correct horse' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SETUP_MESSAGES.linkNotValid, errors: { token: SETUP_MESSAGES.linkNotValid } });
  });

  it('refuses an unknown or expired link, and one made for another email, leaving a valid link usable', async () => {
    const browser = await visitor();
    expect((await browser.post('/api/owner/setup', { token: 'x'.repeat(43), email: 'a@example.com', password: 'password1' })).statusCode).toBe(400);
    const expired = await link({ hours: -1 });
    expect((await browser.post('/api/owner/setup', { token: expired.token, email: 'a@example.com', password: 'password1' })).json().message).toBe(
      SETUP_MESSAGES.linkNotValid,
    );
    const forBea = await link({ role: CONTRIBUTOR_ROLES.storeManager, email: 'bea@example.com' });
    const wrong = await browser.post('/api/owner/setup', { token: forBea.token, email: 'carl@example.com', password: 'password1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ email: SETUP_MESSAGES.otherEmail });
    const right = await browser.post('/api/owner/setup', { token: forBea.token, email: 'bea@example.com', password: 'password1' });
    expect(right.statusCode).toBe(201);
    expect(right.json().owner).toMatchObject({ role: 8, roleName: 'storeManager' });
  });

  it('gives an existing shopper account the role only with its password', async () => {
    const shopper = await visitor();
    expect((await shopper.post('/api/site-users/account', { email: 'dana@example.com', password: 'dana-password' })).statusCode).toBe(201);
    const { token } = await link({ role: CONTRIBUTOR_ROLES.editor });
    const browser = await visitor();
    const wrong = await browser.post('/api/owner/setup', { token, email: 'dana@example.com', password: 'not-her-password' });
    expect(wrong.statusCode).toBe(401);
    const right = await browser.post('/api/owner/setup', { token, email: 'dana@example.com', password: 'dana-password' });
    expect(right.statusCode).toBe(201);
    expect(right.json().owner.roleName).toBe('editor');
  });

  it('lets exactly one of two racing redemptions of the same link win', async () => {
    const { token } = await link({ role: CONTRIBUTOR_ROLES.viewer });
    const [one, two] = await Promise.all([
      (await visitor()).post('/api/owner/setup', { token, email: 'race-1@example.com', password: 'password1' }),
      (await visitor()).post('/api/owner/setup', { token, email: 'race-2@example.com', password: 'password1' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 400]);
    const made = await server.database.db.selectFrom('site_users').select('email').where('email', 'like', 'race-%').execute();
    expect(made).toHaveLength(1);
  });

  it('a new first-admin link retires the unused one before it', async () => {
    const first = await link();
    const second = await link();
    const browser = await visitor();
    expect((await browser.post('/api/owner/setup', { token: first.token, email: 'e1@example.com', password: 'password1' })).statusCode).toBe(400);
    expect((await browser.post('/api/owner/setup', { token: second.token, email: 'e2@example.com', password: 'password1' })).statusCode).toBe(201);
  });
});

describe('owner calls', () => {
  it('answer 401 to nobody, 403 to a shopper, and the role to an owner', async () => {
    const anonymous = await visitor();
    expect((await anonymous.get('/api/owner/me')).json()).toEqual({ message: OWNER_MESSAGES.notSignedIn });
    expect((await anonymous.get('/api/owner/me')).statusCode).toBe(401);
    const shopper = await visitor();
    await shopper.post('/api/site-users/account', { email: 'shopper-only@example.com', password: 'password1' });
    const refused = await shopper.get('/api/owner/me');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notContributor });
    const manager = await ownerVisitor(server, 'storeManager');
    expect((await manager.get('/api/owner/me')).json()).toMatchObject({ roleName: 'storeManager', permissions: expect.arrayContaining(['orders:write']) });
  });
});

describe('the owner pages at /config', () => {
  const form = (fields: Record<string, string>) => ({
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  it('set up the first account with a plain HTML form, then show who is signed in', async () => {
    const { token } = await link({ role: CONTRIBUTOR_ROLES.websiteManager });
    const browser = new TestVisitor(server.app);
    const setup = await browser.get(`/config/setup?token=${token}`);
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toContain('<h1>Create your owner account</h1>');
    const crumb = browser.crumb!;
    const posted = await browser.request({ method: 'POST', url: '/config/setup', sendCrumb: false, ...form({ crumb, token, email: 'web@example.com', password: 'password1' }) });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/config');
    const home = await browser.get('/config');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Signed in as <strong>web@example.com</strong>, role <strong>websiteManager</strong>.');
    expect(home.body).toContain('The owner app is not built on this server yet');
    expect(home.headers['cache-control']).toBe('no-store');
  });

  it('say an invitation is one (the site, the role, the address filled in), and a used or unknown link is not valid', async () => {
    const { token } = await link({ role: CONTRIBUTOR_ROLES.storeManager, email: 'invited@example.com' });
    const browser = new TestVisitor(server.app);
    const page = await browser.get(`/config/setup?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Accept your invitation</h1>');
    expect(page.body).toContain('as <strong>store manager</strong>');
    expect(page.body).toContain('value="invited@example.com"');
    expect(page.body).toContain('>Accept invitation</button>');
    const unknown = await browser.get('/config/setup?token=not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This set-up link is not valid, has expired or has been used. Ask for a new one.');
  });

  it('refuse a form without the crumb, and say what was wrong with the fields', async () => {
    const { token } = await link({ role: CONTRIBUTOR_ROLES.viewer });
    const browser = new TestVisitor(server.app);
    await browser.get(`/config/setup?token=${token}`);
    const forged = await browser.request({ method: 'POST', url: '/config/setup', sendCrumb: false, ...form({ crumb: 'forged', token, email: 'x@example.com', password: 'password1' }) });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form has expired. Please try again.');
    const short = await browser.request({ method: 'POST', url: '/config/setup', sendCrumb: false, ...form({ crumb: browser.crumb!, token, email: 'x@example.com', password: 'short' }) });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('aria-invalid="true"');
    expect(short.body).toContain('value="x@example.com"');
  });

  it('sign in and out with forms; a hostile email is printed as text', async () => {
    const browser = new TestVisitor(server.app);
    const signInForm = await browser.get('/config');
    expect(signInForm.body).toContain('<h1>Sign in to manage your website</h1>');
    const bad = await browser.request({
      method: 'POST', url: '/config/sign-in', sendCrumb: false,
      ...form({ crumb: browser.crumb!, email: '"><script>alert(1)</script>@example.com', password: 'password1' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>alert(1)');
    const signedIn = await browser.request({ method: 'POST', url: '/config/sign-in', sendCrumb: false, ...form({ crumb: browser.crumb!, email: 'web@example.com', password: 'password1' }) });
    expect(signedIn.statusCode).toBe(303);
    expect((await browser.get('/config')).body).toContain('web@example.com');
    const out = await browser.request({ method: 'POST', url: '/config/sign-out', sendCrumb: false, ...form({ crumb: browser.crumb! }) });
    expect(out.statusCode).toBe(303);
    expect((await browser.get('/config')).body).toContain('Sign in to manage your website');
  });
});

describe('npm run owner', () => {
  it('reads create EMAIL [--role ROLE]', () => {
    expect(parseOwnerCommand(['create', 'a@example.com'])).toEqual({ email: 'a@example.com', role: 'admin' });
    expect(parseOwnerCommand(['create', 'a@example.com', '--role', 'storeManager'])).toEqual({ email: 'a@example.com', role: 'storeManager' });
    expect(parseOwnerCommand(['create'])).toHaveProperty('error');
    expect(parseOwnerCommand(['create', 'a@example.com', '--role', 'emperor'])).toHaveProperty('error');
    expect(parseOwnerCommand(['delete', 'a@example.com'])).toHaveProperty('error');
  });
});

describe('the server README', () => {
  it('prints the permission matrix the code enforces', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROLE_PERMISSIONS } = await import('@vitrine/contracts');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const columns = ['admin', 'websiteManager', 'storeManager', 'editor', 'reporting', 'billing', 'viewer', 'moderator', 'campaignsEditor'] as const;
    const rows = [...readme.matchAll(/^\| `([a-z-]+:[a-z]+)`[^|]*((?:\|[^|\n]*){10})\|$/gm)];
    expect(rows.map((row) => row[1]).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const [, permission, cells] of rows) {
      const marks = cells!.split('|').slice(1).map((cell) => cell.trim() === '✓');
      columns.forEach((role, index) => expect(marks[index], `${permission} for ${role}`).toBe(ROLE_PERMISSIONS[role].includes(permission as never)));
      expect(marks[9], `${permission} for the others`).toBe(false);
    }
  });
});
