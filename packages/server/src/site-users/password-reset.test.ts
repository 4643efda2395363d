// databases: one — the account rules and answers; sign-in races are proven by totp and sign-in-throttle on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { PASSWORD_RESET_MESSAGES, RESETS_PER_HOUR } from './password-reset';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
});
afterAll(async () => {
  await server?.close();
});

async function browser(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  return visitor;
}

const outboxFor = (email: string) =>
  server.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
const tokenIn = (text: string) => /\/(?:config|account)\/reset-password\?token=([\w-]+)/.exec(text)?.[1];

describe('password reset by email', () => {
  it('mails a one-hour link through the outbox, pointing at the configured address, not the request\'s Host', async () => {
    const owner = await browser();
    await owner.post('/api/site-users/account', { email: 'forgetful@example.com', password: 'old-password' });
    const visitor = await browser();
    const answer = await visitor.request({ method: 'POST', url: '/api/site-users/account/password-reset', payload: { email: 'Forgetful@Example.com' }, headers: { host: 'evil.example.net' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ sent: true });
    const [mail] = await outboxFor('forgetful@example.com');
    expect(mail).toMatchObject({ kind: 'transactional', template: 'password-reset', status: 'pending', subject: 'Reset your password for Vitrine Demo Store' });
    // A shopper's link opens the storefront's page (members/password-pages.ts); a contributor's, the owner's.
    expect(mail!.text_body).toContain('https://shop.example.com/account/reset-password?token=');
    expect(mail!.html_body).toContain('href="https://shop.example.com/account/reset-password?token=');
    expect(mail!.text_body + mail!.html_body).not.toContain('evil.example.net');
    // Only the token's hash is kept.
    const token = tokenIn(mail!.text_body)!;
    const stored = await server.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const answer = await (await browser()).post('/api/site-users/account/password-reset', { email: 'nobody-here@example.com' });
    expect(answer.json()).toEqual({ sent: true });
    expect(await outboxFor('nobody-here@example.com')).toEqual([]);
    const bad = await (await browser()).post('/api/site-users/account/password-reset', { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
  });

  it('sets the new password once, signs the account out everywhere, and retires the other links', async () => {
    const signedIn = await browser();
    await signedIn.post('/api/site-users/account', { email: 'resetter@example.com', password: 'old-password' });
    const visitor = await browser();
    await visitor.post('/api/site-users/account/password-reset', { email: 'resetter@example.com' });
    await visitor.post('/api/site-users/account/password-reset', { email: 'resetter@example.com' });
    const [first, second] = await outboxFor('resetter@example.com');
    const short = await visitor.post('/api/site-users/account/password-reset/confirm', { token: tokenIn(first!.text_body), password: 'short' });
    expect(short.statusCode).toBe(400);
    const reset = await visitor.post('/api/site-users/account/password-reset/confirm', { token: tokenIn(first!.text_body), password: 'new-password' });
    expect(reset.json()).toEqual({ reset: true });
    // The session opened with the old password is over.
    expect((await signedIn.get('/api/site-users/account')).statusCode).toBe(401);
    for (const token of [tokenIn(first!.text_body), tokenIn(second!.text_body)]) {
      const again = await visitor.post('/api/site-users/account/password-reset/confirm', { token, password: 'another-password' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(PASSWORD_RESET_MESSAGES.linkNotValid);
    }
    const withOld = await (await browser()).post('/api/site-users/account/session', { email: 'resetter@example.com', password: 'old-password' });
    expect(withOld.statusCode).toBe(401);
    const withNew = await (await browser()).post('/api/site-users/account/session', { email: 'resetter@example.com', password: 'new-password' });
    expect(withNew.statusCode).toBe(200);
  });

  it(`mails at most ${RESETS_PER_HOUR} links an hour for one account`, async () => {
    await (await browser()).post('/api/site-users/account', { email: 'flooded@example.com', password: 'password-1' });
    const visitor = await browser();
    for (let index = 0; index < RESETS_PER_HOUR + 2; index++) {
      expect((await visitor.post('/api/site-users/account/password-reset', { email: 'flooded@example.com' })).statusCode).toBe(200);
    }
    expect(await outboxFor('flooded@example.com')).toHaveLength(RESETS_PER_HOUR);
  });

  it('works from the owner pages with plain forms (they set any site user\'s password)', async () => {
    await (await browser()).post('/api/site-users/account', { email: 'page-reset@example.com', password: 'password-1' });
    const visitor = new TestVisitor(server.app);
    const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await visitor.get('/config')).body).toContain('<a href="/config/forgot-password">Forgot your password?</a>');
    await visitor.get('/config/forgot-password');
    const sent = await visitor.request({ method: 'POST', url: '/config/forgot-password', sendCrumb: false, ...form({ crumb: visitor.crumb!, email: 'page-reset@example.com' }) });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('If an account uses this email, a link to choose a new password is on its way.');
    const [mail] = await outboxFor('page-reset@example.com');
    const token = tokenIn(mail!.text_body)!;
    expect((await visitor.get(`/config/reset-password?token=${token}`)).body).toContain('<h1>Choose a new password</h1>');
    const done = await visitor.request({ method: 'POST', url: '/config/reset-password', sendCrumb: false, ...form({ crumb: visitor.crumb!, token, password: 'brand-new-password' }) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is changed. Sign in with the new one.');
  });
});
