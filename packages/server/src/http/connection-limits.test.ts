// databases: one — the HTTP edge's answers, not the SQL
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import { openTestServer, type TestServer } from '../testing';
import { proxyMatcher } from './client-address';
import { applyConnectionLimits, connectionLimitsFromEnv, resolveConnectionLimits } from './connection-limits';
import { EDGE_ERROR_MESSAGES } from './edge-errors';

// A real listening server with short limits, and raw sockets that misbehave on purpose.
const LIMITS = { requestTimeoutMs: 800, headersTimeoutMs: 800, keepAliveTimeoutMs: 300, checkIntervalMs: 100, maxConnectionsPerAddress: 3 };

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await openTestServer({ connectionLimits: LIMITS });
  port = await freePort();
  await server.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

interface Connection {
  socket: net.Socket;
  received(): string;
  closed: Promise<void>;
}

function connect(): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', () => {
      // resets are expected when the server cuts a connection
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Writes one byte at a time until the connection closes or the bytes run out. */
async function trickle(connection: Connection, bytes: string, everyMs: number): Promise<{ sentAll: boolean }> {
  let open = true;
  void connection.closed.then(() => (open = false));
  for (const byte of bytes) {
    if (!open) return { sentAll: false };
    connection.socket.write(byte);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return { sentAll: open };
}

/** Waits until a whole answer (its head at least) has arrived on the connection. */
async function answerOn(connection: Connection): Promise<string> {
  for (let waited = 0; waited < 5_000 && !connection.received().includes('\r\n\r\n'); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return connection.received();
}

function statusOf(answer: string): number {
  return Number(answer.split('\r\n')[0]?.split(' ')[1]);
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

/** A visitor's crumb and the Cookie header that goes with it (GET /api/crumb sets the crumb and its key). */
async function crumbCookie(): Promise<{ crumb: string; cookie: string }> {
  const answer = await fetch(`http://127.0.0.1:${port}/api/crumb`);
  const { crumb } = (await answer.json()) as { crumb: string };
  const cookie = answer.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
  if (!cookie.includes('crumb=')) throw new Error('no crumb cookie');
  return { crumb, cookie };
}

describe('slow clients are cut off', () => {
  it('a body trickling in slower than the request timeout gets 408 and the connection closes', async () => {
    const { crumb, cookie } = await crumbCookie();
    const body = JSON.stringify({ itemId: 'x'.repeat(24), sku: 'TOTE', quantity: 1 });
    const connection = await connect();
    connection.socket.write(
      'POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${crumb}\r\n\r\n`,
    );
    // 60+ bytes, one every 100 ms: 6 s to send in full, far past the 800 ms request timeout.
    const { sentAll } = await trickle(connection, body, 100);
    await connection.closed;
    expect(sentAll).toBe(false);
    expect(statusOf(connection.received())).toBe(408);
    expect(bodyOf(connection.received())).toEqual({ message: EDGE_ERROR_MESSAGES.timeout });
  });

  it('headers trickling in slower than the headers timeout get 408', async () => {
    const connection = await connect();
    connection.socket.write('GET /shop HTTP/1.1\r\nHost: shop.example\r\n');
    const { sentAll } = await trickle(connection, `X-Slow: ${'s'.repeat(60)}\r\n\r\n`, 100);
    await connection.closed;
    expect(sentAll).toBe(false);
    expect(statusOf(connection.received())).toBe(408);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const connection = await connect();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    await connection.closed;
    expect(statusOf(connection.received())).toBe(200);
  });
});

describe('connections per address', () => {
  it('connections past the cap are closed at once; the others keep working, and a freed place can be taken again', async () => {
    const allowed = [await connect(), await connect(), await connect()];
    const extra = await connect();
    await extra.closed;
    expect(extra.received()).toBe('');

    for (const connection of allowed) {
      connection.socket.write('GET /api/health HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    }
    for (const connection of allowed) expect(statusOf(await answerOn(connection))).toBe(200);

    allowed[0]!.socket.destroy();
    await allowed[0]!.closed;
    // The server sees the close a moment later; retry briefly until the place is free.
    let replacement: Connection | undefined;
    for (let attempt = 0; attempt < 20 && !replacement; attempt += 1) {
      const candidate = await connect();
      candidate.socket.write('GET /api/health HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n');
      await candidate.closed;
      if (statusOf(candidate.received()) === 200) replacement = candidate;
    }
    expect(replacement).toBeDefined();
    for (const connection of allowed) connection.socket.destroy();
  });
});

describe('connections from listed proxies', () => {
  it('the cap spares the listed proxies (TRUST_PROXY) and still holds for every other peer', async () => {
    const bare = http.createServer((_request, response) => response.end('ok'));
    applyConnectionLimits(bare, resolveConnectionLimits({ maxConnectionsPerAddress: 1 }), { isProxy: proxyMatcher('127.0.0.2') });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as net.AddressInfo).port;
    const open = (from: string) =>
      new Promise<{ socket: net.Socket; closed: Promise<void> }>((resolve, reject) => {
        const socket = net.connect({ host: '127.0.0.1', port: barePort, localAddress: from });
        socket.on('error', () => undefined);
        const closed = new Promise<void>((done) => socket.once('close', () => done()));
        socket.once('connect', () => resolve({ socket, closed }));
        socket.once('error', reject);
      });
    const served = (connection: { socket: net.Socket }) =>
      new Promise<boolean>((resolve) => {
        connection.socket.once('data', () => resolve(true));
        connection.socket.once('close', () => resolve(false));
        connection.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      });
    try {
      const fromProxy = [await open('127.0.0.2'), await open('127.0.0.2'), await open('127.0.0.2')];
      expect(await Promise.all(fromProxy.map(served))).toEqual([true, true, true]);
      const direct = await open('127.0.0.3');
      const extra = await open('127.0.0.3');
      await extra.closed;
      expect(await served(direct)).toBe(true);
      for (const connection of [...fromProxy, direct]) connection.socket.destroy();
    } finally {
      bare.closeAllConnections();
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});

describe('limits from the environment', () => {
  it('reads whole numbers and refuses anything else', () => {
    expect(connectionLimitsFromEnv({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS_PER_ADDRESS: '0' })).toEqual({
      requestTimeoutMs: 5000,
      maxConnectionsPerAddress: 0,
    });
    expect(() => connectionLimitsFromEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow('REQUEST_TIMEOUT_MS must be a whole number above 0');
    expect(() => connectionLimitsFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '1e3' })).toThrow('MAX_CONNECTIONS_PER_ADDRESS');
    expect(resolveConnectionLimits({}).maxConnectionsPerAddress).toBe(64);
    expect(resolveConnectionLimits({ requestTimeoutMs: 5000 }).headersTimeoutMs).toBe(5000);
  });
});
