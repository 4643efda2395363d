// databases: one — the HTTP edge's answers, not the SQL
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import { openTestServer, type TestServer } from '../testing';
import { EDGE_ERROR_MESSAGES } from './edge-errors';

// Errors raised before a route runs (the router, Node's HTTP parser) answer in our shape too:
// a real listening server and raw sockets, because app.inject never goes through Node's parser.

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await openTestServer();
  port = await freePort();
  await server.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are and reads everything the server answers until it closes the connection. */
function send(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {
      // A reset after the answer arrived is fine: the answer is what the test reads.
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const get = (target: string, headers = 'Host: shop.example\r\n') => `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

function expectOurJson(answer: RawAnswer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(JSON.parse(answer.body)).toEqual({ message });
}

describe('errors at the edge answer { message } JSON', () => {
  it('a page path with broken percent-encoding', async () => {
    const answer = await send(get('/shop/%E0%A4%A'));
    expectOurJson(answer, 400, EDGE_ERROR_MESSAGES.badUrl);
    expect(answer.body).not.toContain('%E0');
    expect(answer.body).not.toContain('/shop');
  });

  it('an API path with broken percent-encoding', async () => {
    const answer = await send(get('/api/commerce/shopping-cart/entries/%zz-secret'));
    expectOurJson(answer, 400, EDGE_ERROR_MESSAGES.badUrl);
    expect(answer.body).not.toContain('secret');
  });

  it('an overlong path parameter is 414', async () => {
    const id = 'q'.repeat(500);
    const answer = await send(`DELETE /api/commerce/shopping-cart/entries/${id} HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n`);
    expectOurJson(answer, 414, EDGE_ERROR_MESSAGES.urlTooLong);
    expect(answer.body).not.toContain('qqqq');
  });

  it('an HTTP/1.1 request without a Host header', async () => {
    const answer = await send(get('/shop', ''));
    expectOurJson(answer, 400, EDGE_ERROR_MESSAGES.hostRequired);
    expect(answer.headers.connection).toBe('close');
  });

  it('an HTTP/1.0 request without a Host header is served (Host is optional there)', async () => {
    const answer = await send('GET /api/health HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(200);
  });

  it('headers over 16 KB are 431', async () => {
    const answer = await send(`GET /shop/mystery HTTP/1.1\r\nHost: shop.example\r\nX-Padding: ${'p'.repeat(20 * 1024)}\r\n\r\n`);
    expectOurJson(answer, 431, EDGE_ERROR_MESSAGES.headersTooLarge);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).not.toContain('mystery');
  });

  it('bytes that are not HTTP', async () => {
    const answer = await send('HELLO /shop/echo-me\r\n\r\n');
    expectOurJson(answer, 400, EDGE_ERROR_MESSAGES.badRequest);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).not.toContain('echo-me');
  });

  it('a well-formed request still works on the same server', async () => {
    const answer = await send(get('/api/health'));
    expect(answer.status).toBe(200);
  });
});
