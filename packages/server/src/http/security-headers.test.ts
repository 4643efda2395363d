// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/** The CSP as a map of directive → sources, so a test names the directive it cares about. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('security headers (plain HTTP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a page carries the CSP, nosniff, no framing and the referrer policy, and no HSTS', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/shop/p/linen-shirt' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('style-src-elem')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('the page has no inline script for the CSP to block', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/cart' });
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attributes, content] of scripts) {
      // Either an external module from our own assets, or a JSON data block (never executed).
      if (/type="application\/json"/.test(attributes!)) continue;
      expect(attributes).toMatch(/src="\/assets\//);
      expect(content).toBe('');
    }
  });

  it('a JSON answer carries nosniff and no-framing too, and so does an error', async () => {
    const visitor = new TestVisitor(server.app);
    const cart = await visitor.get('/api/commerce/shopping-cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['x-content-type-options']).toBe('nosniff');
    expect(cart.headers['x-frame-options']).toBe('DENY');
    expect(directives(cart.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);

    const missing = await visitor.get('/api/no-such-call');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found.' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['x-frame-options']).toBe('DENY');

    const refused = await visitor.post('/api/commerce/shopping-cart/entries', '{"itemId": ');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers behind HTTPS (secureCookies)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ secureCookies: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Every Set-Cookie of an answer, as sent. */
  const setCookiesOf = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
  const tote = { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 };

  it('names every cookie __Host-…, Secure, on Path=/ and without a Domain: crumb, key, cart, session, and their clearing', async () => {
    const visitor = new TestVisitor(server.app);
    const answers = [
      await visitor.get('/api/crumb'),
      await visitor.post('/api/commerce/shopping-cart/entries', tote),
      await visitor.post('/api/site-users/account', { email: 'https-shopper@example.com', password: 'correct horse battery staple' }),
      await visitor.request({ method: 'DELETE', url: '/api/site-users/account/session?cloneCart=true' }),
      await visitor.get('/account'),
    ];
    const names = new Set<string>();
    for (const header of answers.flatMap(setCookiesOf)) {
      const name = header.slice(0, header.indexOf('='));
      names.add(name);
      expect(name).toMatch(/^__Host-/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).not.toMatch(/domain=/i);
    }
    expect([...names].sort()).toEqual(['__Host-CART', '__Host-SiteUserInfo', '__Host-crumb', '__Host-siteUserSession', '__Host-vitrine_crumb_key']);
    expect(visitor.crumb).toBe(visitor.cookies.get('__Host-crumb'));
  });

  it('reads only the __Host- cookies: the same values under the plain names (as a sibling could plant them) count for nothing', async () => {
    const visitor = new TestVisitor(server.app);
    expect((await visitor.post('/api/commerce/shopping-cart/entries', tote)).statusCode).toBe(200);
    const plain = [...visitor.cookies].map(([name, value]) => `${name.replace(/^__Host-/, '')}=${value}`).join('; ');
    const refused = await visitor.request({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: tote, headers: { cookie: plain } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ crumbFail: true });
    const cart = await visitor.request({ method: 'GET', url: '/api/commerce/shopping-cart', headers: { cookie: plain } });
    expect(cart.json()).toMatchObject({ id: '', entries: [] });
    expect((await visitor.get('/api/commerce/shopping-cart')).json().entries).toHaveLength(1);
  });

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/shop' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const api = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
