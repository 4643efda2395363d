// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';
import { findUnstorableValue, isUnstorableText, MAX_BODY_DEPTH, UNSTORABLE_TEXT_MESSAGES } from './unstorable-text';

describe('isUnstorableText', () => {
  it('finds NUL and lone surrogates, and lets paired surrogates (emoji) through', () => {
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('a\ud800b')).toBe(true);
    expect(isUnstorableText('\udc00')).toBe(true);
    expect(isUnstorableText('x\ud800')).toBe(true);
    expect(isUnstorableText('🛒 café')).toBe(false);
    expect(isUnstorableText('')).toBe(false);
  });

  it('looks through keys, arrays and nesting without recursion', () => {
    expect(findUnstorableValue({ a: [{ b: 'ok' }, { 'c\u0000': 1 }] })).toBe('text');
    expect(findUnstorableValue({ a: [1, 'x', null, { b: ['\ud83d'] }] })).toBe('text');
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableValue(deep)).toBe('deep');
    let fine: unknown = 'end';
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i++) fine = { next: fine };
    expect(findUnstorableValue(fine)).toBeUndefined();
  });
});

describe('text the database cannot store, at the edge', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const expectRefused = (response: { statusCode: number; json(): unknown }, message: string = UNSTORABLE_TEXT_MESSAGES.text) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  };

  it('refuses NUL in paths and query strings of pages and calls, on any route', async () => {
    const visitor = new TestVisitor(server.app);
    for (const url of ['/shop/p/%00', '/%00', '/shop?x=%00', '/checkout/gift-card?itemId=%00', '/api/commerce/inventory/stock/?itemId=%00', '/api/commerce/shopping-cart/entries/%00/quantity']) {
      const response = url.includes('/quantity') ? await visitor.put(url, { quantity: 1 }) : await visitor.get(url);
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('refuses NUL and lone surrogates anywhere in a JSON body, writing nothing', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const before = await snapshotDomainTables(server.database.db);
    const item = demoProductId('canvas-tote');
    expectRefused(await visitor.post('/api/commerce/shopping-cart/entries', { itemId: 'a\u0000b', quantity: 1 }));
    expectRefused(await visitor.post('/api/commerce/shopping-cart/entries', { itemId: item, sku: 'TOTE', quantity: 1, additionalFields: '{"note":"\\u0000"}'.replace('\\u0000', '\u0000') }));
    expectRefused(await visitor.post('/api/commerce/shopping-cart/entries', { itemId: item, sku: 'TOTE', quantity: 1, additionalFields: '{"note":"x\ud800"}' }));
    expectRefused(await visitor.post('/api/commerce/orders', { email: 'a\u0000@example.com' }));
    expectRefused(await visitor.post('/api/site-users/account/session', { 'email\u0000': 'x' }));
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });

  it('refuses a body nested too deeply with its own message', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const payload = `{"itemId":${'['.repeat(5000)}${']'.repeat(5000)},"quantity":1}`;
    const response = await visitor.request({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload, headers: { 'content-type': 'application/json' } });
    expectRefused(response, UNSTORABLE_TEXT_MESSAGES.deep);
  });

  it('drops a cookie holding a NUL as if it had not been sent', async () => {
    const response = await server.app.inject({ url: '/cart?format=json', headers: { cookie: 'CART=%00; siteUserSession=a%00b' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().shoppingCart.id).toBe('');
  });
});
