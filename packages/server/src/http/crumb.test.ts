// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { Crumbs } from './crumb';

describe('Crumbs', () => {
  const crumbs = new Crumbs('secret-one');

  it('accepts what it issued, and nothing forged or signed with another secret', () => {
    const crumb = crumbs.issue();
    expect(crumbs.isValid(crumb)).toBe(true);
    expect(crumbs.isValid(crumb.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBe(false);
    expect(crumbs.isValid(new Crumbs('secret-two').issue())).toBe(false);
    expect(crumbs.isValid('plain-value')).toBe(false);
    expect(crumbs.isValid(`${crumb}.extra`)).toBe(false);
    expect(crumbs.isValid(undefined)).toBe(false);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const addTote = (visitor: TestVisitor, headers?: Record<string, string>) =>
  visitor.request({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 },
    headers,
  });

describe('the crumb', () => {
  it('is set on page responses as a cookie scripts can read, SameSite=Lax', async () => {
    const response = await new TestVisitor(server.app).visit('/shop/p/canvas-tote');
    const crumb = response.cookies.find((cookie) => cookie.name === 'crumb');
    expect(crumb).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(crumb?.httpOnly).toBeFalsy();
    expect(crumb?.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('is kept while valid, and replaced when not', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const first = visitor.crumb;
    const again = await visitor.visit('/cart');
    expect(again.cookies.find((cookie) => cookie.name === 'crumb')).toBeUndefined();
    visitor.cookies.set('crumb', 'forged');
    await visitor.visit();
    expect(visitor.crumb).not.toBe('forged');
    expect(visitor.crumb).not.toBe(first);
  });

  it('lets a state-changing call through when the header echoes the cookie', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    expect((await addTote(visitor)).statusCode).toBe(200);
  });

  it('fails with the enable-cookies message when the request carries no cookies at all', async () => {
    const visitor = new TestVisitor(server.app);
    const response = await addTote(visitor, { 'x-csrf-token': new Crumbs('x').issue() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Please enable cookies in your browser, reload the page, and try again.', crumbFail: true });
  });

  it('fails with the session-expired message when cookies are there but the crumb is missing, wrong or forged', async () => {
    const expired = { message: 'Your session has expired. Please reload the page and try again.', crumbFail: true };
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const missing = await visitor.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 },
      sendCrumb: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(expired);
    const wrong = await addTote(visitor, { 'x-csrf-token': new Crumbs('other').issue() });
    expect(wrong.json()).toEqual(expired);
    // A cookie the attacker planted and echoed, but not signed by this server.
    const forged = await addTote(visitor, { cookie: 'crumb=abc.def', 'x-csrf-token': 'abc.def' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(expired);
  });

  it('guards every state-changing call: PUT, DELETE, orders, sessions', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
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
