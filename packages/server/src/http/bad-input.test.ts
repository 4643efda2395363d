// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
let visitor: TestVisitor;
let entryId: string;
beforeAll(async () => {
  server = await openTestServer();
  visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  const added = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
  entryId = added.json().newlyAdded.id;
});
afterAll(async () => {
  await server?.close();
});

const ENTRIES = '/api/commerce/shopping-cart/entries';
const tote = () => demoProductId('canvas-tote');
const json = { 'content-type': 'application/json' };

interface BadCall {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  payload?: () => unknown;
  headers?: Record<string, string>;
  sendCrumb?: boolean;
  status: number;
  message?: string;
}

const calls: BadCall[] = [
  { name: 'malformed JSON', method: 'POST', url: () => ENTRIES, payload: () => '{"itemId": "abc", "quantity": ', headers: json, status: 400, message: 'The request body is not valid JSON.' },
  { name: 'a prototype-poisoning body', method: 'POST', url: () => ENTRIES, payload: () => `{"itemId":"${tote()}","sku":"TOTE","quantity":1,"__proto__":{"admin":true}}`, headers: json, status: 400, message: 'The request body is not valid JSON.' },
  { name: 'an empty JSON body', method: 'POST', url: () => ENTRIES, payload: () => '', headers: json, status: 400, message: 'The request body is empty.' },
  { name: 'a JSON array', method: 'POST', url: () => ENTRIES, payload: () => [1, 2], status: 400, message: 'The request body must be a JSON object.' },
  { name: 'a JSON string', method: 'POST', url: () => ENTRIES, payload: () => '"hello"', headers: json, status: 400, message: 'The request body must be a JSON object.' },
  { name: 'a form-encoded body', method: 'POST', url: () => ENTRIES, payload: () => 'itemId=x&quantity=1', headers: { 'content-type': 'text/plain' }, status: 415, message: 'Send the request body as JSON.' },
  { name: 'itemId of the wrong type', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: 42, sku: 'TOTE', quantity: 1 }), status: 400, message: 'itemId must be a product id.' },
  { name: 'itemId as an object', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: { $ne: null }, sku: 'TOTE', quantity: 1 }), status: 400, message: 'itemId must be a product id.' },
  { name: 'sku of the wrong type', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: ['TOTE'], quantity: 1 }), status: 400, message: 'sku must be a string.' },
  { name: 'quantity true', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: true }), status: 400, message: 'Quantity must be a number.' },
  { name: 'quantity missing', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE' }), status: 400, message: 'Quantity must be a number.' },
  { name: 'additionalFields as an object', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: 1, additionalFields: { a: 1 } }), status: 400, message: 'additionalFields must be a JSON string.' },
  { name: 'an unknown itemId', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: '000000000000000000000000', sku: 'TOTE', quantity: 1 }), status: 404, message: 'Sorry, that item is no longer available.' },
  { name: 'an unknown sku', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'NOPE', quantity: 1 }), status: 400, message: 'Sorry, that item variant is unavailable. Please select another variant.' },
  { name: 'quantity 0', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: 0 }), status: 400, message: 'Quantity must be between 1 and 9999.' },
  { name: 'quantity 10000', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: 10000 }), status: 400, message: 'Quantity must be between 1 and 9999.' },
  { name: 'quantity 1.5', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: 1.5 }), status: 400, message: 'Quantity must be a whole number' },
  { name: 'quantity "abc"', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: 'abc' }), status: 400, message: 'Quantity must be a number.' },
  { name: 'quantity 1e400', method: 'POST', url: () => ENTRIES, payload: () => `{"itemId":"${tote()}","sku":"TOTE","quantity":1e400}`, headers: json, status: 400, message: 'Quantity must be a number.' },
  { name: 'a 1 MB body', method: 'POST', url: () => ENTRIES, payload: () => JSON.stringify({ itemId: tote(), sku: 'TOTE', quantity: 1, additionalFields: 'x'.repeat(1_000_000) }), headers: json, status: 413, message: 'The request body is too large.' },
  { name: 'a missing crumb', method: 'POST', url: () => ENTRIES, payload: () => ({ itemId: tote(), sku: 'TOTE', quantity: 1 }), sendCrumb: false, status: 403, message: 'Your session has expired. Please reload the page and try again.' },
  { name: 'quantity update to 0', method: 'PUT', url: () => `${ENTRIES}/${entryId}/quantity`, payload: () => ({ quantity: 0 }), status: 400, message: 'Quantity must be between 1 and 9999.' },
  { name: 'quantity update to "abc"', method: 'PUT', url: () => `${ENTRIES}/${entryId}/quantity`, payload: () => ({ quantity: 'abc' }), status: 400, message: 'Quantity must be a number.' },
  { name: 'quantity update of an unknown entry', method: 'PUT', url: () => `${ENTRIES}/nope/quantity`, payload: () => ({ quantity: 2 }), status: 404 },
  { name: 'removing an unknown entry', method: 'DELETE', url: () => `${ENTRIES}/nope`, status: 404, message: 'Sorry, that item is no longer in your cart.' },
  { name: 'an entry id of 500 characters', method: 'DELETE', url: () => `${ENTRIES}/${'x'.repeat(500)}`, status: 414 },
  { name: 'additionalFields update without a string', method: 'PUT', url: () => `${ENTRIES}/${entryId}/additionalFields`, payload: () => ({ itemId: tote(), sku: 'TOTE', additionalFields: 7 }), status: 400 },
  { name: 'subscription with a non-subscription product', method: 'POST', url: () => '/api/3/commerce/cart/subscription', payload: () => ({ itemId: tote(), sku: 'TOTE', qty: 1 }), status: 400 },
  { name: 'subscription with qty 1.5', method: 'POST', url: () => '/api/3/commerce/cart/subscription', payload: () => ({ itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1.5 }), status: 400, message: 'Quantity must be a whole number' },
  { name: 'express checkout of an unknown sku', method: 'POST', url: () => '/api/commerce/express-checkout', payload: () => ({ itemId: tote(), sku: 'GIFT-25', quantity: 1 }), status: 400 },
  { name: 'an order without email', method: 'POST', url: () => '/api/commerce/orders', payload: () => ({}), status: 400, message: 'Email is not valid.' },
  { name: 'an order with a numeric cartToken', method: 'POST', url: () => '/api/commerce/orders', payload: () => ({ email: 'a@example.com', cartToken: 12 }), status: 400 },
  { name: 'an order with an unknown cartToken', method: 'POST', url: () => '/api/commerce/orders', payload: () => ({ email: 'a@example.com', cartToken: 'nope' }), status: 404 },
  { name: 'a sign-in with a wrong password', method: 'POST', url: () => '/api/site-users/account/session', payload: () => ({ email: 'nobody@example.com', password: 'wrong-password' }), status: 401 },
  { name: 'a sign-up with a short password', method: 'POST', url: () => '/api/site-users/account', payload: () => ({ email: 'new@example.com', password: 'short' }), status: 400 },
];

describe('bad input: a clear 4xx JSON error, never a 500, nothing written', () => {
  for (const call of calls) {
    it(`${call.name} → ${call.status}`, async () => {
      const before = await snapshotDomainTables(server.database.db);
      const response = await visitor.request({
        method: call.method,
        url: call.url(),
        payload: call.payload?.() as string | object | undefined,
        headers: call.headers,
        sendCrumb: call.sendCrumb ?? true,
      });
      expect(response.statusCode).toBe(call.status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
      if (call.message) expect(body.message).toBe(call.message);
      expect(await snapshotDomainTables(server.database.db)).toEqual(before);
    });
  }

  it('still works after all of that', async () => {
    const response = await visitor.get('/api/commerce/shopping-cart');
    expect(response.json().entries).toHaveLength(1);
  });
});
