// databases: one — the HTTP edge's answers, not the SQL
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { CRUMB_HEADER } from './crumb';

/**
 * Every spelling of a path is either counted by the per-visitor limit or not routed at all: never a
 * handler reached uncounted. Requests go over a real socket, written byte for byte, because
 * app.inject normalises some spellings (dot segments) before the router sees them. Each spelling
 * comes from its own loopback address (127.0.0.x), so it is its own visitor.
 */

// A day-long window: three calls and a fourth must not straddle a window boundary.
const LIMIT = { max: 3, windowMs: 86_400_000 };

let server: TestServer;
let port: number;
let crumb: string;
let cookies: string;
beforeAll(async () => {
  server = await openTestServer({ rateLimit: LIMIT });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as net.AddressInfo).port;
  const visitor = new TestVisitor(server.app);
  crumb = await visitor.fetchCrumb();
  cookies = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});
afterAll(async () => {
  await server?.close();
});

let nextAddress = 10;

/** One HTTP/1.1 request exactly as written, from the given loopback address. */
function rawRequest(from: string, method: string, target: string, body?: unknown): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Cookie: ${cookies}`,
    `${CRUMB_HEADER}: ${crumb}`,
    ...(body === undefined ? [] : ['Content-Type: application/json']),
    `Content-Length: ${Buffer.byteLength(payload)}`,
    'Connection: close',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // The server closes the connection after its answer (Connection: close); a half-close from this
    // side first could end the exchange before a slow handler (sign-in hashes a password) answers.
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from }, () => socket.write(`${head}\r\n\r\n${payload}`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!status) return reject(new Error(`No HTTP answer to ${method} ${target}: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status: Number(status[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const addSticker = { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 };
const wrongSignIn = { email: 'nobody@example.com', password: 'not the password' };

/** [method, request target as sent, body, the status a call below the limit gets: the handler's, or the router's 404] */
const SPELLINGS: Array<[string, string, unknown, number]> = [
  ['POST', '/api/commerce/shopping-cart/entries', addSticker, 200],
  ['POST', '/%61pi/commerce/shopping-cart/entries', addSticker, 200],
  ['POST', '/api/commerce/shopping%2Dcart/%65ntries', addSticker, 200],
  ['POST', '/%61pi/site-users/account/session', wrongSignIn, 401],
  ['POST', '//api/commerce/shopping-cart/entries', addSticker, 404],
  ['POST', '/api/../api/commerce/shopping-cart/entries', addSticker, 404],
  ['POST', '/api/./commerce/shopping-cart/entries', addSticker, 404],
  ['POST', '/API/commerce/shopping-cart/entries', addSticker, 404],
  ['POST', '/Api/site-users/account/session', wrongSignIn, 404],
  ['POST', '/api/commerce/shopping-cart/entries/', addSticker, 404],
  ['POST', '/api/commerce/shopping-cart/entries;jsessionid=1', addSticker, 404],
  ['POST', '/api%2Fcommerce/shopping-cart/entries', addSticker, 404],
  ['POST', `http://127.0.0.1/api/commerce/shopping-cart/entries`, addSticker, 200],
  ['POST', '/shop', addSticker, 404],
  ['PUT', '/no/such/thing', {}, 404],
  ['DELETE', '/%61pi/no-such-call', undefined, 404],
];

describe('the per-visitor limit decides on the routed call, not on how its path is spelled', () => {
  it.each(SPELLINGS)('%s %s is counted', async (method, target, body, belowLimit) => {
    const from = `127.0.0.${nextAddress++}`;
    for (let call = 1; call <= LIMIT.max; call++) {
      const answer = await rawRequest(from, method, target, body);
      expect(answer.status, `call ${call}: ${answer.body}`).toBe(belowLimit);
    }
    const limited = await rawRequest(from, method, target, body);
    expect(limited.status, limited.body).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({ message: 'Please try again in a few seconds.' });
  });

  it('counts junk calls that match no route under the same visitor as real ones', async () => {
    const from = `127.0.0.${nextAddress++}`;
    expect((await rawRequest(from, 'POST', '/nope', {})).status).toBe(404);
    expect((await rawRequest(from, 'PATCH', '/api/commerce/shopping-cart', {})).status).toBe(404);
    expect((await rawRequest(from, 'POST', '/%61pi/commerce/shopping-cart/entries/', addSticker)).status).toBe(404);
    // The visitor's allowance is spent: the real call is refused before its handler.
    expect((await rawRequest(from, 'POST', '/api/commerce/shopping-cart/entries', addSticker)).status).toBe(429);
    // Reading is not counted, and other visitors are not affected.
    expect((await rawRequest(from, 'GET', '/api/commerce/shopping-cart')).status).toBe(200);
    expect((await rawRequest(`127.0.0.${nextAddress++}`, 'POST', '/api/commerce/shopping-cart/entries', addSticker)).status).toBe(200);
  });
});

describe('the tracking calls have a bucket of their own', () => {
  // The default: three times the limit.
  const ANALYTICS_MAX = LIMIT.max * 3;
  const beacon = () => ['POST', '/api/census/button-click', { visitorCookie: 'x' }] as const;

  it('a visitor who spent the shopper allowance still sends tracking, and the reverse', async () => {
    const from = `127.0.0.${nextAddress++}`;
    for (let call = 1; call <= LIMIT.max; call++) expect((await rawRequest(from, 'POST', '/api/commerce/shopping-cart/entries', addSticker)).status).toBe(200);
    expect((await rawRequest(from, 'POST', '/api/commerce/shopping-cart/entries', addSticker)).status).toBe(429);
    for (let call = 1; call <= ANALYTICS_MAX; call++) expect((await rawRequest(from, ...beacon())).status, `beacon ${call}`).not.toBe(429);
    const limited = await rawRequest(from, ...beacon());
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({ message: 'Please try again in a few seconds.' });
  });

  it('is decided by the routed call: a spelling no route matches counts as an ordinary call', async () => {
    const from = `127.0.0.${nextAddress++}`;
    for (let call = 1; call <= LIMIT.max; call++) expect((await rawRequest(from, 'POST', '/API/census/button-click', {})).status).toBe(404);
    expect((await rawRequest(from, 'POST', '/api/commerce/shopping-cart/entries', addSticker)).status).toBe(429);
  });
});
