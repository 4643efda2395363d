// databases: one — the pages and answers; membership races are proven by members.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { PASSWORD_RESET_MESSAGES, SITE_USER_MESSAGES } from '../site-users';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { ACCOUNT_ERRORS } from './pages';
import { PASSWORD_PAGE_TEXT } from './password-pages';

/*
 * A shopper's password reset on the storefront, through the real app and its plain forms: "Forgot your password?"
 * on /account, the one status line for any email, the mail in the outbox with a link to /account/reset-password,
 * the new password set once, and a used or expired link refused. A contributor's link opens the owner's page.
 */

let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
  admin = await ownerVisitor(server);
});
afterAll(async () => {
  await server?.close();
});

const outboxFor = (email: string) =>
  server.database.db.selectFrom('mail_outbox').select(['text_body', 'html_body', 'template']).where('to_address', '=', email).orderBy('created_at').execute();
const linkIn = (text: string) => /https:\/\/shop\.example\.com(\/[\w/-]+)\?token=([\w-]+)/.exec(text);

async function browser(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/account');
  return visitor;
}

/** Posts a plain form the way a browser does: the crumb as a field, urlencoded. */
const submit = (visitor: TestVisitor, url: string, fields: Record<string, string>) =>
  visitor.request({
    method: 'POST', url, sendCrumb: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, crumb: visitor.crumb ?? '' }).toString(),
  });

async function shopperAccount(password = 'old-password-1'): Promise<string> {
  const email = `reset-${newId()}@example.com`;
  const made = await (await browser()).post('/api/site-users/account', { email, password });
  expect(made.statusCode, made.body).toBe(201);
  return email;
}

describe('a shopper\'s password reset on the storefront', () => {
  it('links "Forgot your password?" from the sign-in form, and answers every email with the same status line', async () => {
    const visitor = await browser();
    const account = await visitor.get('/account');
    expect(account.body).toContain('<a href="/account/forgot-password">Forgot your password?</a>');
    const page = await visitor.get('/account/forgot-password');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${PASSWORD_PAGE_TEXT.forgotTitle}</h1>`);
    expect(page.body).toContain('action="/account/forgot-password"');
    expect(page.body).not.toContain(PASSWORD_RESET_MESSAGES.sent);

    const email = await shopperAccount();
    const known = await submit(visitor, '/account/forgot-password', { email: email.toUpperCase() });
    const unknown = await submit(visitor, '/account/forgot-password', { email: `nobody-${newId()}@example.com` });
    expect(known.statusCode).toBe(303);
    expect(known.headers.location).toBe('/account/forgot-password?sent=1');
    expect(unknown.headers.location).toBe(known.headers.location);
    const sent = await visitor.get(known.headers.location as string);
    expect(sent.body).toContain(`<p class="notice" role="status">${PASSWORD_RESET_MESSAGES.sent}</p>`);

    const mails = await outboxFor(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('password-reset');
    const link = linkIn(mails[0]!.text_body)!;
    expect(link[1]).toBe('/account/reset-password');
    expect(mails[0]!.html_body).toContain(`href="https://shop.example.com/account/reset-password?token=${link[2]}"`);

    const bad = await submit(visitor, '/account/forgot-password', { email: 'not an email' });
    expect(bad.headers.location).toBe('/account/forgot-password?error=email');
    expect((await visitor.get(bad.headers.location as string)).body).toContain(`role="alert">${SITE_USER_MESSAGES.invalidEmail}</p>`);
  });

  it('sets the new password once from the mailed link, signs the account out, and refuses the link afterwards', async () => {
    const email = await shopperAccount();
    const signedIn = new TestVisitor(server.app);
    await signedIn.visit('/');
    expect((await signedIn.post('/api/site-users/account/session', { email, password: 'old-password-1' })).statusCode).toBe(200);

    const visitor = await browser();
    await submit(visitor, '/account/forgot-password', { email });
    const [mail] = await outboxFor(email);
    const token = linkIn(mail!.text_body)![2]!;
    const page = await visitor.get(`/account/reset-password?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${PASSWORD_PAGE_TEXT.resetTitle}</h1>`);
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(page.body).toContain('autocomplete="new-password"');

    const short = await submit(visitor, '/account/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(303);
    expect(short.headers.location).toBe(`/account/reset-password?token=${token}&error=short`);
    const again = await visitor.get(short.headers.location as string);
    expect(again.body).toContain(`role="alert">${SITE_USER_MESSAGES.passwordTooShort}</p>`);
    expect(again.body).toContain(`name="token" value="${token}"`);

    const done = await submit(visitor, '/account/reset-password', { token, password: 'new-password-1' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/account?notice=reset');
    expect((await visitor.get('/account?notice=reset')).body).toContain(`<p class="notice" role="status">${PASSWORD_RESET_MESSAGES.changed}</p>`);
    // The session opened with the old password is over; the old password no longer signs in, the new one does.
    expect((await signedIn.get('/api/site-users/account')).statusCode).toBe(401);
    const withOld = await submit(visitor, '/account/sign-in', { email, password: 'old-password-1' });
    expect(withOld.headers.location).toBe('/account?form=sign-in&error=credentials&next=%2Faccount');
    const withNew = await submit(visitor, '/account/sign-in', { email, password: 'new-password-1' });
    expect(withNew.headers.location).toBe('/account');
    expect((await visitor.get('/account')).body).toContain(`Signed in as ${email}`);

    // Used: the page says so at once (400, no form), and a post with it changes nothing.
    const used = await visitor.get(`/account/reset-password?token=${token}`);
    expect(used.statusCode).toBe(400);
    expect(used.body).toContain(`role="alert">${PASSWORD_RESET_MESSAGES.linkNotValid}</p>`);
    expect(used.body).not.toContain('name="password"');
    expect(used.body).toContain('<a class="button" href="/account/forgot-password">Ask for a new link</a>');
    const reused = await submit(visitor, '/account/reset-password', { token, password: 'third-password-1' });
    expect(reused.headers.location).toBe('/account/reset-password?error=link');
    expect((await (await browser()).post('/api/site-users/account/session', { email, password: 'new-password-1' })).statusCode).toBe(200);
  });

  it('refuses an expired link and a made-up one', async () => {
    const email = await shopperAccount();
    const visitor = await browser();
    await submit(visitor, '/account/forgot-password', { email });
    const [mail] = await outboxFor(email);
    const token = linkIn(mail!.text_body)![2]!;
    const user = await server.database.db.selectFrom('site_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await server.database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('site_user_id', '=', user.id).execute();
    const expired = await visitor.get(`/account/reset-password?token=${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(PASSWORD_RESET_MESSAGES.linkNotValid);
    const posted = await submit(visitor, '/account/reset-password', { token, password: 'new-password-1' });
    expect(posted.headers.location).toBe('/account/reset-password?error=link');
    expect((await (await browser()).post('/api/site-users/account/session', { email, password: 'old-password-1' })).statusCode).toBe(200);

    for (const url of ['/account/reset-password', '/account/reset-password?token=made-up-token-0123456789', `/account/reset-password?token=${'x'.repeat(500)}`]) {
      const answer = await visitor.get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.body).toContain(PASSWORD_RESET_MESSAGES.linkNotValid);
    }
    const json = await visitor.get('/account/reset-password?token=made-up-token-0123456789&format=json');
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(PASSWORD_RESET_MESSAGES.linkNotValid);
    expect(json.json().passwordReset).toMatchObject({ form: null, error: PASSWORD_RESET_MESSAGES.linkNotValid, forgotUrl: '/account/forgot-password' });
  });

  it('refuses a form without its crumb, and writes nothing', async () => {
    const email = await shopperAccount();
    const visitor = await browser();
    const forged = await visitor.request({
      method: 'POST', url: '/account/forgot-password', sendCrumb: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email, crumb: 'forged' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(await outboxFor(email)).toEqual([]);
  });

  it('mails a contributor the owner\'s reset page, and a shopper the owner\'s too while accounts are off', async () => {
    const owner = await ownerVisitor(server, 'editor');
    const ownerEmail = (await owner.get('/api/site-users/account')).json().siteUser.email as string;
    await submit(await browser(), '/account/forgot-password', { email: ownerEmail });
    expect(linkIn((await outboxFor(ownerEmail))[0]!.text_body)![1]).toBe('/config/reset-password');

    const email = await shopperAccount();
    expect((await admin.put('/api/owner/feature-flags', { flags: [{ code: 29, enabled: false }] })).statusCode).toBe(200);
    try {
      const visitor = new TestVisitor(server.app);
      // Nobody can sign up: the header offers no sign-in to a signed-out visitor.
      expect((await visitor.get('/')).body).not.toContain('class="site-account"');
      expect((await visitor.get('/account/forgot-password')).statusCode).toBe(404);
      expect((await visitor.get('/account/reset-password?token=made-up-token-0123456789')).statusCode).toBe(404);
      const refused = await submit(visitor, '/account/forgot-password', { email });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain(ACCOUNT_ERRORS.off);
      // The owner's page still serves every site user; its link is the one that works now.
      await visitor.get('/config/forgot-password');
      await submit(visitor, '/config/forgot-password', { email });
      expect(linkIn((await outboxFor(email))[0]!.text_body)![1]).toBe('/config/reset-password');
    } finally {
      expect((await admin.put('/api/owner/feature-flags', { flags: [{ code: 29, enabled: true }] })).statusCode).toBe(200);
    }
  });
});
