// databases: one — the account rules and answers; sign-in races are proven by totp and sign-in-throttle on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { hashPassword, verifyPassword } from './passwords';
import { SITE_USER_MESSAGES } from './service';
import { SIGN_IN_THROTTLE } from './sign-in-throttle';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('passwords', () => {
  it('are stored as salted scrypt hashes and verified in constant time', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('correct horse');
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse!', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

async function browser(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit();
  return visitor;
}

const addSticker = (visitor: TestVisitor, quantity = 1) =>
  visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity });

describe('site users', () => {
  it('sign up, sign in with HttpOnly SameSite session cookies, and read the account', async () => {
    const visitor = await browser();
    const signUp = await visitor.post('/api/site-users/account', { email: 'Ada@Example.com', password: 'long enough' });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toMatchObject({ siteUser: { email: 'ada@example.com' } });
    expect(typeof signUp.json().xsrfToken).toBe('string');
    const session = signUp.cookies.find((cookie) => cookie.name === 'siteUserSession');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const info = signUp.cookies.find((cookie) => cookie.name === 'SiteUserInfo');
    expect(info?.httpOnly).toBeFalsy();
    expect(JSON.parse(decodeURIComponent(info!.value))).toEqual({ authenticated: true, siteUserId: signUp.json().siteUser.id });
    expect((await visitor.get('/api/site-users/account')).json()).toEqual({ siteUser: signUp.json().siteUser });

    const duplicate = await (await browser()).post('/api/site-users/account', { email: 'ada@example.com', password: 'another one' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(SITE_USER_MESSAGES.emailTaken);

    const stored = await server.database.db.selectFrom('site_users').select('password_hash').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(stored.password_hash.startsWith('scrypt$')).toBe(true);
  });

  it('refuses a wrong password with 401 and the same message as an unknown email', async () => {
    await (await browser()).post('/api/site-users/account', { email: 'grace@example.com', password: 'right password' });
    const wrong = await (await browser()).post('/api/site-users/account/session', { email: 'grace@example.com', password: 'wrong password' });
    const unknown = await (await browser()).post('/api/site-users/account/session', { email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: SITE_USER_MESSAGES.wrongCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    expect((await (await browser()).get('/api/site-users/account')).statusCode).toBe(401);
  });

  it('slows password guesses from one address, with Retry-After, while the owner signs in from another', async () => {
    await (await browser()).post('/api/site-users/account', { email: 'target@example.com', password: 'the real one' });
    const attacker = await browser();
    const free = SIGN_IN_THROTTLE.perAddress.free;
    const answers: number[] = [];
    // Free attempts, then waits of 1 s, 2 s, 4 s…: within a few more attempts one is held back,
    // however slowly this machine runs them (the exact schedule is in sign-in-throttle.test.ts).
    for (let i = 0; i < free + 4 && !answers.includes(429); i++) {
      const guess = await attacker.post('/api/site-users/account/session', { email: 'target@example.com', password: `guess ${i}!` });
      answers.push(guess.statusCode);
      if (guess.statusCode === 429) {
        expect(guess.json()).toEqual({ message: SITE_USER_MESSAGES.tooManyAttempts });
        expect(Number(guess.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    expect(answers.slice(0, free)).toEqual(Array(free).fill(401));
    expect(answers.at(-1)).toBe(429);
    // The owner, from another address, is not held back; nor is another account from the attacker's.
    expect((await (await browser()).post('/api/site-users/account/session', { email: 'target@example.com', password: 'the real one' })).statusCode).toBe(200);
    expect((await attacker.post('/api/site-users/account/session', { email: 'grace@example.com', password: 'right password' })).statusCode).toBe(200);
  });

  it("a signed-in user's cart follows them to another browser", async () => {
    const laptop = await browser();
    await laptop.post('/api/site-users/account', { email: 'linus@example.com', password: 'penguin penguin' });
    await addSticker(laptop, 2);

    const phone = await browser();
    expect((await phone.get('/api/commerce/shopping-cart')).json().entries).toEqual([]);
    const signIn = await phone.post('/api/site-users/account/session', { email: 'linus@example.com', password: 'penguin penguin', rememberMe: true });
    expect(signIn.statusCode).toBe(200);
    // Remember-me keeps the session cookie across browser restarts.
    expect(signIn.cookies.find((cookie) => cookie.name === 'siteUserSession')?.maxAge).toBeGreaterThan(0);
    const cart = (await phone.get('/api/commerce/shopping-cart')).json();
    expect(cart.totalQuantity).toBe(2);
    await addSticker(phone, 1);
    expect((await laptop.get('/api/commerce/shopping-cart')).json().totalQuantity).toBe(3);
  });

  it('signing in brings the anonymous cart along, merged into the user cart', async () => {
    const first = await browser();
    await first.post('/api/site-users/account', { email: 'merge@example.com', password: 'merge merge' });
    await addSticker(first, 1);
    const second = await browser();
    await second.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    await addSticker(second, 2);
    await second.post('/api/site-users/account/session', { email: 'merge@example.com', password: 'merge merge' });
    const cart = (await second.get('/api/commerce/shopping-cart')).json();
    const lines = cart.entries.map((entry: { chosenVariant: { sku: string }; quantity: number }) => [entry.chosenVariant.sku, entry.quantity]);
    // The stickers join the user's sticker line; the tote moves over.
    expect(lines.sort()).toEqual([['STICKERS', 3], ['TOTE', 1]]);
  });

  it('signing out drops the cart from the browser, or leaves a copy with cloneCart=true', async () => {
    const visitor = await browser();
    await visitor.post('/api/site-users/account', { email: 'out@example.com', password: 'sign me out' });
    await addSticker(visitor, 4);
    const out = await visitor.delete('/api/site-users/account/session?cloneCart=true');
    expect(out.statusCode).toBe(200);
    expect((await visitor.get('/api/site-users/account')).statusCode).toBe(401);
    const copy = (await visitor.get('/api/commerce/shopping-cart')).json();
    expect(copy.totalQuantity).toBe(4);
    // The copy is the browser's own: changing it leaves the user's cart alone.
    await addSticker(visitor, 1);
    await visitor.post('/api/site-users/account/session', { email: 'out@example.com', password: 'sign me out' });
    await visitor.delete('/api/site-users/account/session');
    expect((await visitor.get('/api/commerce/shopping-cart')).json().entries).toEqual([]);
  });
});
