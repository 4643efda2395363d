// databases: one — the platform's pages and their forms, cookies and mail at the HTTP edge; the races are handoff.test.ts'
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SIGN_UPS_PER_HOUR } from '../accounts';
import { clientAddressKey } from '../http/client-address';
import { DatabaseRateLimitStore } from '../http/rate-limit';
import { HOST_MESSAGES } from '../http/host-answer';
import { TOTP_MESSAGES } from '../site-users';
import { openTestServer, type TestServer } from '../testing';
import { hiddenField, linkIn, PASSWORD, PLATFORM, PLATFORM_URL, platformMailTo, PlatformBrowser, signedUpAccount } from './platform-test-support';
import { PLATFORM_PAGE_MESSAGES } from './routes';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, publicUrl: PLATFORM_URL });
});
afterAll(() => server?.close());

const DEMO = `demo.${PLATFORM}`;
const cookieOf = (response: { headers: Record<string, unknown> }, name: string) =>
  ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`));

describe('the platform at its own host', () => {
  it('says what it is, with Sign up and Sign in, while the websites keep their own pages', async () => {
    const browser = new PlatformBrowser(server);
    const home = await browser.get(`${PLATFORM}:3000`, '/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.body).toContain('<h1>Build a website with a shop</h1>');
    expect(home.body).toContain('<a class="button" href="/signup">Sign up</a>');
    expect(home.body).toContain('<a class="button button-secondary" href="/signin">Sign in</a>');
    expect(home.body).not.toContain('Vitrine Demo Store');
    expect((await browser.get(DEMO, '/')).body).toContain('Vitrine Demo Store');
  });

  it("answers a website's paths on the platform's host with the plain 404, and the platform's paths on a website's host as that website does", async () => {
    const browser = new PlatformBrowser(server);
    for (const path of ['/shop', '/config', '/about', '/shop/p/linen-shirt']) {
      const page = await browser.get(PLATFORM, path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body).toContain(HOST_MESSAGES.unknown);
    }
    const call = await server.app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', headers: { host: PLATFORM } });
    expect(call.statusCode).toBe(404);
    expect(call.json()).toEqual({ message: HOST_MESSAGES.unknown });
    for (const path of ['/signup', '/signin', '/websites', '/websites/new', '/forgot-password', '/account/two-step']) {
      const page = await browser.get(DEMO, path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body, path).not.toContain('Vitrine</a>');
    }
    // A post with the website's crumb reaches its router, which has no such route.
    await browser.get(DEMO, '/');
    const post = await browser.at(DEMO).post('/signup', { email: 'x@example.com', password: PASSWORD });
    expect(post.statusCode).toBe(404);
    expect(await server.database.db.selectFrom('platform_accounts').select('id').where('email', '=', 'x@example.com').execute()).toEqual([]);
  });
});

describe('sign-up and the confirmation mail', () => {
  it('mails a confirmation link through the outbox, refuses to sign in until it is used, and signs in with its button', async () => {
    const browser = new PlatformBrowser(server);
    const form = await browser.get(PLATFORM, '/signup');
    expect(form.body).toContain('<label for="platform-email">Email</label>');
    expect(form.body).toContain('name="crumb"');
    const signUp = await browser.postForm(PLATFORM, '/signup', { email: ' Nora@Example.com ', password: PASSWORD });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.body).toContain('<h1>Check your mail</h1>');
    expect(signUp.body).toContain(ACCOUNT_MESSAGES.confirmationSent);
    expect(signUp.body).toContain('<strong>nora@example.com</strong>');

    const mail = await platformMailTo(server, 'nora@example.com');
    expect(mail).toMatchObject({ website_id: null, kind: 'transactional', template: 'platform-confirm-email', status: 'pending' });
    expect(mail.subject).toBe('Confirm your email address for Vitrine');
    expect(mail.from_address).toBe('"Vitrine" <no-reply@localhost>');
    const link = linkIn(mail.text_body, '/signup/confirm?token=');
    expect(`${link.origin}${link.pathname}`).toBe(`${PLATFORM_URL}/signup/confirm`);
    expect(mail.html_body).toContain(`href="${link.href}"`);
    const token = link.searchParams.get('token')!;
    // Only the token's hash is stored.
    expect(JSON.stringify(await server.database.db.selectFrom('platform_account_tokens').selectAll().execute())).not.toContain(token);

    const unconfirmed = await browser.postForm(PLATFORM, '/signin', { email: 'nora@example.com', password: PASSWORD, next: '/websites' });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.body).toContain(ACCOUNT_MESSAGES.notConfirmed);
    expect(unconfirmed.body).toContain('action="/signup/resend"');
    expect(cookieOf(unconfirmed, 'platformSession')).toBeUndefined();
    // A wrong password learns nothing of the confirmation.
    const wrong = await browser.postForm(PLATFORM, '/signin', { email: 'nora@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(ACCOUNT_MESSAGES.wrongCredentials);

    // Opening the link confirms nothing (a mail scanner's visit): its button does.
    const page = await browser.get(PLATFORM, `/signup/confirm?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit" class="button">Confirm my address</button>');
    const stillUnconfirmed = await server.database.db.selectFrom('platform_accounts').select('confirmed_at').where('email', '=', 'nora@example.com').executeTakeFirstOrThrow();
    expect(stillUnconfirmed.confirmed_at).toBeNull();

    const confirmed = await browser.postForm(PLATFORM, '/signup/confirm', { token });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/websites?welcome=1');
    const cookie = cookieOf(confirmed, 'platformSession')!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/domain=/i);
    const websites = await browser.follow(confirmed);
    expect(websites.statusCode).toBe(200);
    expect(websites.body).toContain('<h1>Your websites</h1>');
    expect(websites.body).toContain(ACCOUNT_MESSAGES.confirmed);
    expect(websites.body).toContain('You have no website yet.');
    expect(websites.body).toContain('<span class="platform-email">nora@example.com</span>');

    // The link works once.
    const again = await new PlatformBrowser(server).postForm(PLATFORM, '/signup/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(ACCOUNT_MESSAGES.confirmLinkNotValid);
    expect((await browser.get(PLATFORM, `/signup/confirm?token=${token}`)).statusCode).toBe(400);
  });

  it('refuses bad fields each in its place, an address that has an account, and a form without its crumb — writing nothing', async () => {
    const browser = new PlatformBrowser(server);
    const bad = await browser.postForm(PLATFORM, '/signup', { email: 'not-an-address', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(ACCOUNT_MESSAGES.refused);
    expect(bad.body).toContain(`<span class="owner-field-error" id="platform-email-error">${ACCOUNT_MESSAGES.invalidEmail}</span>`);
    expect(bad.body).toContain(`<span class="owner-field-error" id="platform-password-error">${ACCOUNT_MESSAGES.passwordTooShort}</span>`);
    expect(bad.body).toContain('aria-describedby="platform-email-error"');
    await signedUpAccount(server, 'taken@example.com');
    const taken = await browser.postForm(PLATFORM, '/signup', { email: 'TAKEN@example.com', password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(ACCOUNT_MESSAGES.emailTaken);
    const forged = await browser.postForm(PLATFORM, '/signup', { email: 'forged@example.com', password: PASSWORD, crumb: 'forged.crumb' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain(PLATFORM_PAGE_MESSAGES.formExpired);
    const rows = await server.database.db.selectFrom('platform_accounts').select('email').where('email', 'in', ['not-an-address', 'forged@example.com']).execute();
    expect(rows).toEqual([]);
    expect(await server.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'forged@example.com').execute()).toEqual([]);
  });

  it('sends the confirmation again on request, and limits sign-ups from one address', async () => {
    const browser = new PlatformBrowser(server);
    await browser.postForm(PLATFORM, '/signup', { email: 'again@example.com', password: PASSWORD });
    const resent = await browser.postForm(PLATFORM, '/signup/resend', { email: 'again@example.com' });
    expect(resent.statusCode).toBe(200);
    expect(resent.body).toContain(ACCOUNT_MESSAGES.confirmationResent);
    const mails = await server.database.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', 'again@example.com').execute();
    expect(mails).toHaveLength(2);
    // The same answer for an address with no account, and nothing mailed.
    expect((await browser.postForm(PLATFORM, '/signup/resend', { email: 'nobody@example.com' })).body).toContain(ACCOUNT_MESSAGES.confirmationResent);
    expect(await server.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'nobody@example.com').execute()).toEqual([]);

    // This address already signed up SIGN_UPS_PER_HOUR times this hour (counted in the shared store).
    const crowded = new PlatformBrowser(server);
    const store = new DatabaseRateLimitStore(server.database.db);
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i += 1) await store.hit(`platform-sign-up:${clientAddressKey(crowded.ip)}`, 3600_000, Date.now());
    const limited = await crowded.postForm(PLATFORM, '/signup', { email: 'eleventh@example.com', password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body).toContain(ACCOUNT_MESSAGES.tooManySignUps);
    expect(await server.database.db.selectFrom('platform_accounts').select('id').where('email', '=', 'eleventh@example.com').execute()).toEqual([]);
  });
});

describe('sign-in, two-step sign-in and sign-out', () => {
  it('signs in and goes back where it was asked, signs out, and slows password guessing like the owner sign-in', async () => {
    await signedUpAccount(server, 'sam@example.com');
    const browser = new PlatformBrowser(server);
    const asked = await browser.get(PLATFORM, '/websites/new');
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe('/signin?next=%2Fwebsites%2Fnew');
    const form = await browser.follow(asked);
    expect(form.body).toContain('name="next" value="/websites/new"');
    const signedIn = await browser.postForm(PLATFORM, '/signin', { email: 'Sam@Example.com', password: PASSWORD, next: '/websites/new', rememberMe: 'true' });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/websites/new');
    expect(cookieOf(signedIn, 'platformSession')).toMatch(/; Max-Age=2592000/);
    expect((await browser.follow(signedIn)).body).toContain('<h1>Create a website</h1>');
    // Another host is never a way back.
    expect((await browser.postForm(PLATFORM, '/signin', { email: 'sam@example.com', password: PASSWORD, next: '//evil.example/x' })).headers.location).toBe('/websites');

    const page = await browser.get(PLATFORM, '/websites');
    // Sign-out without the session's own token (a planted cookie's form) changes nothing.
    expect((await browser.postForm(PLATFORM, '/signout', {})).statusCode).toBe(403);
    expect((await browser.get(PLATFORM, '/websites')).statusCode).toBe(200);
    const out = await browser.postForm(PLATFORM, '/signout', { xsrf: hiddenField(page.body, 'xsrf') });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/signin');
    expect((await browser.get(PLATFORM, '/websites')).statusCode).toBe(303);

    const guesser = new PlatformBrowser(server);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await guesser.postForm(PLATFORM, '/signin', { email: 'sam@example.com', password: `guess-${i}-wrong` })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const held = await guesser.postForm(PLATFORM, '/signin', { email: 'sam@example.com', password: PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.body).toContain(ACCOUNT_MESSAGES.tooManyAttempts);
    // The account's own address is not held back.
    expect((await new PlatformBrowser(server).postForm(PLATFORM, '/signin', { email: 'sam@example.com', password: PASSWORD })).statusCode).toBe(303);
  });

  it('turns two-step sign-in on, then asks for the code after the password, once per code', async () => {
    const browser = await signedUpAccount(server, 'tess@example.com');
    const settings = await browser.get(PLATFORM, '/account/two-step');
    expect(settings.body).toContain('Two-step sign-in is <strong>off</strong>');
    const xsrf = hiddenField(settings.body, 'xsrf');
    const begun = await browser.postForm(PLATFORM, '/account/two-step', { xsrf });
    expect(begun.statusCode).toBe(200);
    const secret = /Key: <code>([A-Z2-7]+)<\/code>/.exec(begun.body)![1]!;
    const wrongSetup = await browser.postForm(PLATFORM, '/account/two-step/confirm', { xsrf, code: '000000' });
    expect(wrongSetup.statusCode).toBe(400);
    expect(wrongSetup.body).toContain(TOTP_MESSAGES.wrongCode);
    // The same key is shown again, to try the next code.
    expect(wrongSetup.body).toContain(`Key: <code>${secret}</code>`);
    expect(wrongSetup.body).toContain('aria-describedby="platform-code-error"');
    const on = await browser.postForm(PLATFORM, '/account/two-step/confirm', { xsrf, code: await generate({ secret }) });
    expect(on.statusCode).toBe(200);
    expect(on.body).toContain(PLATFORM_PAGE_MESSAGES.twoStepOn);

    const other = new PlatformBrowser(server);
    const first = await other.postForm(PLATFORM, '/signin', { email: 'tess@example.com', password: PASSWORD, next: '/account/two-step' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Enter your sign-in code</h1>');
    expect(first.body).not.toContain(PASSWORD);
    expect(cookieOf(first, 'platformSession')).toBeUndefined();
    const pending = hiddenField(first.body, 'pending');
    const wrong = await other.postForm(PLATFORM, '/signin', { pending, totpCode: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(TOTP_MESSAGES.wrongCode);
    // The code the set-up took is spent: the next time step's code signs in, once.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await other.postForm(PLATFORM, '/signin', { pending, totpCode: code });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/account/two-step');
    const replay = await new PlatformBrowser(server).postForm(PLATFORM, '/signin', { pending, totpCode: code });
    expect(replay.statusCode).toBe(401);
    const forged = await other.postForm(PLATFORM, '/signin', { pending: 'a.b.c', totpCode: code });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(PLATFORM_PAGE_MESSAGES.signInStepExpired);
  });
});

describe('a forgotten password', () => {
  it('mails a reset link (the same answer for an unknown address), sets the new password once and ends every session', async () => {
    const signedIn = await signedUpAccount(server, 'rita@example.com');
    const browser = new PlatformBrowser(server);
    const unknown = await browser.postForm(PLATFORM, '/forgot-password', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain(ACCOUNT_MESSAGES.resetSent);
    const asked = await browser.postForm(PLATFORM, '/forgot-password', { email: 'rita@example.com' });
    expect(asked.body).toContain(ACCOUNT_MESSAGES.resetSent);
    const mail = await platformMailTo(server, 'rita@example.com');
    expect(mail.subject).toBe('Reset your Vitrine password');
    expect(mail.template).toBe('platform-password-reset');
    const link = linkIn(mail.text_body, '/reset-password?token=');
    const page = await browser.get(PLATFORM, `${link.pathname}${link.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="platform-password">New password (at least 8 characters)</label>');
    const token = link.searchParams.get('token')!;
    const short = await browser.postForm(PLATFORM, '/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(ACCOUNT_MESSAGES.passwordTooShort);
    const changed = await browser.postForm(PLATFORM, '/reset-password', { token, password: 'a brand new password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain(ACCOUNT_MESSAGES.passwordChanged);
    // The browser that was signed in is signed out; the old password no longer works, the new one does.
    expect((await signedIn.get(PLATFORM, '/websites')).statusCode).toBe(303);
    expect((await browser.postForm(PLATFORM, '/signin', { email: 'rita@example.com', password: PASSWORD })).statusCode).toBe(401);
    expect((await browser.postForm(PLATFORM, '/signin', { email: 'rita@example.com', password: 'a brand new password' })).statusCode).toBe(303);
    const used = await browser.postForm(PLATFORM, '/reset-password', { token, password: 'yet another password' });
    expect(used.statusCode).toBe(400);
    expect(used.body).toContain(ACCOUNT_MESSAGES.resetLinkNotValid);
  });
});

describe('the platform session stays on the platform host', () => {
  it('is never accepted by a website host', async () => {
    const browser = await signedUpAccount(server, 'host-only@example.com');
    const session = browser.platform.cookies.get('platformSession')!;
    expect(session).toEqual(expect.any(String));
    // Sent to a website's host by hand (a browser never would: the cookie is host-only), it signs nobody in there.
    const config = await server.app.inject({ method: 'GET', url: '/config', headers: { host: DEMO, accept: 'text/html', cookie: `platformSession=${session}` } });
    expect(config.statusCode).toBe(200);
    expect(config.body).toContain('Sign in to manage your website');
    expect(config.body).toContain(`Signed up on Vitrine? <a href="${PLATFORM_URL}/websites">Sign in on Vitrine</a>`);
    const me = await server.app.inject({ method: 'GET', url: '/api/owner/me', headers: { host: DEMO, cookie: `platformSession=${session}` } });
    expect(me.statusCode).toBe(401);
    // And a website's session cookie means nothing on the platform's host.
    const siteSession = await server.app.inject({ method: 'GET', url: '/websites', headers: { host: PLATFORM, cookie: `siteUserSession=${session}` } });
    expect(siteSession.statusCode).toBe(303);
  });
});
