// databases: one — the HTTP edge's answers (cookies, the crumb check), not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';
import { Crumbs } from './crumb';

describe('Crumbs', () => {
  const crumbs = new Crumbs('secret-one');
  const key = crumbs.newKey();

  it('are one per visitor key and website, and nothing else validates', () => {
    const crumb = crumbs.crumbFor('website-a', key);
    expect(crumb).toMatch(/^[\w-]{43}$/);
    expect(crumbs.crumbFor('website-a', key)).toBe(crumb);
    expect(crumbs.matches('website-a', key, crumb)).toBe(true);
    // Another visitor, another website, another secret, an altered one, a made-up key.
    expect(crumbs.matches('website-a', crumbs.newKey(), crumb)).toBe(false);
    expect(crumbs.matches('website-b', key, crumb)).toBe(false);
    expect(crumbs.matches('website-a', key, new Crumbs('secret-two').crumbFor('website-a', key))).toBe(false);
    expect(crumbs.matches('website-a', key, crumb.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBe(false);
    expect(crumbs.matches('website-a', 'not-a-key', crumbs.crumbFor('website-a', 'not-a-key'))).toBe(false);
    expect(crumbs.matches('website-a', undefined, crumb)).toBe(false);
    expect(crumbs.matches('website-a', key, undefined)).toBe(false);
    expect(crumbs.matches('website-a', key, `${crumb}${'x'.repeat(200)}`)).toBe(false);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ENTRIES = '/api/commerce/shopping-cart/entries';
const tote = { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 };
const addTote = (visitor: TestVisitor, headers?: Record<string, string>) =>
  visitor.request({ method: 'POST', url: ENTRIES, payload: tote, headers });
const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const EXPIRED = { message: 'Your session has expired. Please reload the page and try again.', crumbFail: true };

describe('a first-time visitor', () => {
  it('gets no cookie from any page: home, page, product, collection, blog post, search, and their JSON', async () => {
    for (const url of ['/', '/about', '/shop/p/canvas-tote', '/shop', '/journal/caring-for-linen', '/search?q=tote']) {
      for (const shown of [url, `${url}${url.includes('?') ? '&' : '?'}format=json`]) {
        const page = await server.app.inject({ method: 'GET', url: shown });
        expect(page.statusCode, shown).toBe(200);
        expect(page.headers['set-cookie'], shown).toBeUndefined();
      }
    }
  });

  it('asks GET /api/crumb when a change first needs it: the crumb, its readable cookie and the HttpOnly key', async () => {
    const visitor = new TestVisitor(server.app);
    const answer = await visitor.get('/api/crumb');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { crumb } = answer.json() as { crumb: string };
    const set = answer.cookies as Array<{ name: string; value: string; httpOnly?: boolean; path?: string; sameSite?: string; domain?: string }>;
    expect(set.map((cookie) => cookie.name).sort()).toEqual(['crumb', 'vitrine_crumb_key']);
    expect(set.find((cookie) => cookie.name === 'crumb')).toMatchObject({ value: crumb, path: '/', sameSite: 'Lax' });
    expect(set.find((cookie) => cookie.name === 'crumb')?.httpOnly).toBeFalsy();
    expect(set.find((cookie) => cookie.name === 'vitrine_crumb_key')).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: true });
    for (const header of [answer.headers['set-cookie']].flat()) expect(String(header)).not.toMatch(/domain=/i);
    // Asked again: the same crumb, nothing set.
    const again = await visitor.get('/api/crumb');
    expect(again.json()).toEqual({ crumb });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await addTote(visitor)).statusCode).toBe(200);
  });
});

describe('the crumb check', () => {
  it('fails with the enable-cookies message when the request carries no cookies at all', async () => {
    const response = await addTote(new TestVisitor(server.app), { 'x-csrf-token': new Crumbs('x').crumbFor('w', new Crumbs('x').newKey()) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Please enable cookies in your browser, reload the page, and try again.', crumbFail: true });
  });

  it('fails with the session-expired message when cookies are there but the crumb is missing, wrong or forged', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.fetchCrumb();
    const missing = await visitor.request({ method: 'POST', url: ENTRIES, payload: tote, sendCrumb: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(EXPIRED);
    expect((await addTote(visitor, { 'x-csrf-token': 'x'.repeat(43) })).json()).toEqual(EXPIRED);
    // A crumb cookie the attacker planted and echoed, but not this visitor's.
    const planted = new Map(visitor.cookies).set('crumb', 'abc.def');
    const forged = await addTote(visitor, { cookie: cookieHeader(planted), 'x-csrf-token': 'abc.def' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(EXPIRED);
  });

  it("refuses another visitor's valid crumb, even planted as the crumb cookie and echoed, and writes nothing", async () => {
    const attacker = new TestVisitor(server.app);
    const attackersCrumb = await attacker.fetchCrumb();
    const victim = new TestVisitor(server.app);
    expect((await addTote(victim)).statusCode).toBe(200);
    const before = await snapshotDomainTables(server.database.db);
    // The victim's own cookies, with the attacker's crumb in the crumb cookie (first, as a tossed cookie can be) and the header.
    const tossed = `crumb=${attackersCrumb}; ${cookieHeader(victim.cookies)}`;
    const response = await addTote(victim, { cookie: tossed, 'x-csrf-token': attackersCrumb });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(EXPIRED);
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });

  it('renews the key with a new cart: the crumb from before no longer passes, the new one does', async () => {
    const visitor = new TestVisitor(server.app);
    const before = await visitor.fetchCrumb();
    const first = await addTote(visitor);
    expect(first.statusCode).toBe(200);
    const renewed = (first.cookies as Array<{ name: string; value: string }>).map((cookie) => cookie.name).sort();
    expect(renewed).toEqual(['CART', 'crumb', 'vitrine_crumb_key']);
    expect(visitor.crumb).not.toBe(before);
    expect((await addTote(visitor, { 'x-csrf-token': before })).json()).toEqual(EXPIRED);
    const again = await addTote(visitor);
    expect(again.statusCode).toBe(200);
    // Adding to the same cart hands out nothing new.
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a change that carries the key, the cart or the session cookie twice (one planted beside ours)', async () => {
    const visitor = new TestVisitor(server.app);
    expect((await addTote(visitor)).statusCode).toBe(200);
    const own = cookieHeader(visitor.cookies);
    // The visitor holds a key and a cart; a session cookie it has not, so two are planted.
    const twins = { vitrine_crumb_key: `vitrine_crumb_key=${visitor.cookies.get('vitrine_crumb_key')}`, CART: 'CART=planted-cart-token', siteUserSession: 'siteUserSession=a; siteUserSession=b' };
    for (const [twin, plantedCookies] of Object.entries(twins)) {
      const planted = `${plantedCookies}; ${own}`;
      const response = await addTote(visitor, { cookie: planted });
      expect(response.statusCode, twin).toBe(403);
      expect(response.json(), twin).toEqual(EXPIRED);
    }
    expect((await addTote(visitor)).statusCode).toBe(200);
  });

  it('guards every state-changing call: PUT, DELETE, orders, sessions', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.fetchCrumb();
    for (const [method, url] of [
      ['PUT', '/api/commerce/shopping-cart/entries/x/quantity'],
      ['DELETE', '/api/commerce/shopping-cart/entries/x'],
      ['POST', '/api/commerce/orders'],
      ['POST', '/api/commerce/express-checkout'],
      ['POST', '/api/3/commerce/cart/subscription'],
      ['POST', '/api/site-users/account/session'],
      ['DELETE', '/api/site-users/account/session'],
    ] as const) {
      const response = await visitor.request({ method, url, payload: method === 'DELETE' ? undefined : {}, sendCrumb: false });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().crumbFail).toBe(true);
    }
  });
});
