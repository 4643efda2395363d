// databases: both — two sign-ins racing with one code: one gets through
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { openSecret, sealSecret, TOTP_MESSAGES, totpKeyFrom } from './totp';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A code of `secret` for a moment `stepsAhead` 30-second steps from now. */
const codeAt = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function signedUp(email: string): Promise<TestVisitor> {
  const browser = new TestVisitor(server.app);
  await browser.visit('/');
  expect((await browser.post('/api/site-users/account', { email, password: 'password-one' })).statusCode).toBe(201);
  return browser;
}

async function withTotpOn(email: string): Promise<{ browser: TestVisitor; secret: string }> {
  const browser = await signedUp(email);
  const begun = await browser.post('/api/site-users/account/totp');
  expect(begun.statusCode).toBe(200);
  const { secret, otpauthUrl } = begun.json();
  expect(otpauthUrl).toBe(`otpauth://totp/Vitrine:${encodeURIComponent(email)}?secret=${secret}&issuer=Vitrine`);
  const confirmed = await browser.post('/api/site-users/account/totp/confirm', { code: await codeAt(secret) });
  expect(confirmed.json()).toEqual({ totpEnabled: true });
  return { browser, secret };
}

const signIn = async (email: string, extra: Record<string, unknown> = {}) => {
  const browser = new TestVisitor(server.app);
  await browser.visit('/');
  return browser.post('/api/site-users/account/session', { email, password: 'password-one', ...extra });
};

describe('two-step sign-in', () => {
  it('seals the secret: the database holds no readable secret, and only the right key opens it', async () => {
    const key = totpKeyFrom('server secret');
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => openSecret(totpKeyFrom('another secret'), sealed)).toThrow();
    const { secret } = await withTotpOn('sealed@example.com');
    const row = await server.database.db.selectFrom('site_users').select('totp_secret_sealed').where('email', '=', 'sealed@example.com').executeTakeFirstOrThrow();
    expect(row.totp_secret_sealed).not.toContain(secret);
  });

  it('asks for the code after the right password, refuses a wrong one, and lets the right one in once', async () => {
    const { secret } = await withTotpOn('two-step@example.com');
    const missing = await signIn('two-step@example.com');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: TOTP_MESSAGES.codeNeeded, errors: { totpCode: TOTP_MESSAGES.codeNeeded } });
    expect(missing.cookies.find((cookie) => cookie.name === 'siteUserSession')).toBeUndefined();
    const wrongPassword = await signIn('two-step@example.com', { password: 'not-the-password', totpCode: '000000' });
    expect(wrongPassword.json().message).toBe('Your email or password is incorrect.');
    const wrong = await signIn('two-step@example.com', { totpCode: (await codeAt(secret, 10)) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual({ totpCode: TOTP_MESSAGES.wrongCode });
    const code = await codeAt(secret, 1);
    expect((await signIn('two-step@example.com', { totpCode: code })).statusCode).toBe(200);
    // The same code again (a replay) is refused.
    expect((await signIn('two-step@example.com', { totpCode: code })).statusCode).toBe(401);
  });

  it('lets only one of two sign-ins racing with the same code through', async () => {
    const { secret } = await withTotpOn('race-code@example.com');
    const code = await codeAt(secret, 1);
    const answers = await Promise.all([signIn('race-code@example.com', { totpCode: code }), signIn('race-code@example.com', { totpCode: code })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a malformed code by schema, and turning it on twice; turns off only with a current code', async () => {
    const { browser, secret } = await withTotpOn('off-again@example.com');
    const malformed = await browser.post('/api/site-users/account/totp/confirm', { code: '12345x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ code: TOTP_MESSAGES.codeNeeded });
    expect((await browser.post('/api/site-users/account/totp')).json()).toEqual({ message: TOTP_MESSAGES.alreadyOn });
    expect((await browser.post('/api/site-users/account/totp/disable', { code: await codeAt(secret, 10) })).statusCode).toBe(400);
    const off = await browser.post('/api/site-users/account/totp/disable', { code: await codeAt(secret, 1) });
    expect(off.json()).toEqual({ totpEnabled: false });
    expect((await signIn('off-again@example.com')).statusCode).toBe(200);
  });

  it('needs a signed-in user, and the signed-in user\'s XSRF token', async () => {
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit('/');
    expect((await anonymous.post('/api/site-users/account/totp')).statusCode).toBe(401);
    const browser = await signedUp('xsrf-totp@example.com');
    const forged = await browser.request({ method: 'POST', url: '/api/site-users/account/totp', headers: { 'x-siteuser-xsrf-token': 'stolen-cookie-only' } });
    expect(forged.statusCode).toBe(403);
  });
});
