import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitStoreCases } from './rate-limit-store-cases';
import { encodeCommand, parseReply, RedisRateLimitStore } from './redis-rate-limit';

describe('RESP encoding', () => {
  it('encodes commands as arrays of bulk strings', () => {
    expect(encodeCommand(['INCR', 'k'])).toBe('*2\r\n$4\r\nINCR\r\n$1\r\nk\r\n');
    expect(encodeCommand(['SET', 'é'])).toBe('*2\r\n$3\r\nSET\r\n$2\r\né\r\n');
  });

  it('parses integers, simple strings, errors and bulk strings, waiting for complete replies', () => {
    expect(parseReply(Buffer.from(':42\r\n'), 0)).toEqual({ reply: 42, end: 5 });
    expect(parseReply(Buffer.from('+OK\r\n'), 0)).toEqual({ reply: 'OK', end: 5 });
    expect(parseReply(Buffer.from('-ERR no\r\n'), 0)?.reply).toBeInstanceOf(Error);
    expect(parseReply(Buffer.from('$3\r\nabc\r\n'), 0)).toEqual({ reply: 'abc', end: 9 });
    expect(parseReply(Buffer.from('$-1\r\n'), 0)).toEqual({ reply: null, end: 5 });
    expect(parseReply(Buffer.from('$3\r\nab'), 0)).toBeUndefined();
    expect(parseReply(Buffer.from(':4'), 0)).toBeUndefined();
  });
});

/**
 * A stand-in Redis speaking RESP over a real socket, with INCR, PEXPIRE, AUTH and SELECT: enough to
 * check the client's protocol and that two clients share one counter. (A real Redis is checked when
 * TEST_REDIS_URL is set.)
 */
function fakeRedis(): Promise<{ url: string; counters: Map<string, number>; expiries: Map<string, number>; close(): Promise<void> }> {
  const counters = new Map<string, number>();
  const expiries = new Map<string, number>();
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        const match = /^\*(\d+)\r\n/.exec(buffer);
        if (!match) return;
        let offset = match[0].length;
        const args: string[] = [];
        for (let i = 0; i < Number(match[1]); i++) {
          const header = /^\$(\d+)\r\n/.exec(buffer.slice(offset));
          if (!header) return;
          const start = offset + header[0].length;
          if (buffer.length < start + Number(header[1]) + 2) return;
          args.push(buffer.slice(start, start + Number(header[1])));
          offset = start + Number(header[1]) + 2;
        }
        buffer = buffer.slice(offset);
        const [command, key, value] = args;
        if (command === 'INCR') {
          const next = (counters.get(key) ?? 0) + 1;
          counters.set(key, next);
          socket.write(`:${next}\r\n`);
        } else if (command === 'GET') {
          const count = counters.get(key);
          socket.write(count === undefined ? '$-1\r\n' : `$${String(count).length}\r\n${count}\r\n`);
        } else if (command === 'PEXPIRE') {
          expiries.set(key, Number(value));
          socket.write(':1\r\n');
        } else if (command === 'AUTH' || command === 'SELECT') {
          socket.write('+OK\r\n');
        } else {
          socket.write(`-ERR unknown command '${command}'\r\n`);
        }
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `redis://:pw@127.0.0.1:${port}/2`, counters, expiries, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let redis: Awaited<ReturnType<typeof fakeRedis>>;
beforeAll(async () => {
  redis = await fakeRedis();
});
afterAll(async () => {
  await redis?.close();
});

describe('RedisRateLimitStore', () => {
  it('counts per key and window, shared by every client, with counters that expire', async () => {
    const first = new RedisRateLimitStore(redis.url);
    const second = new RedisRateLimitStore(redis.url);
    try {
      expect(await first.hit('visitor:a', 10_000, 50_000)).toBe(1);
      expect(await second.hit('visitor:a', 10_000, 55_000)).toBe(2);
      expect(await Promise.all([first.hit('visitor:a', 10_000, 59_999), second.hit('visitor:a', 10_000, 59_999)])).toEqual(
        expect.arrayContaining([3, 4]),
      );
      expect(await first.hit('visitor:a', 10_000, 60_000)).toBe(1);
      expect(await first.hit('visitor:b', 10_000, 60_000)).toBe(1);
      // Each window's key names its length and start, and lives until the window after it has ended.
      expect(redis.expiries.get('vitrine:rl:visitor:a:w10000:50000')).toBe(50_000 + 20_000 - 59_999);
      expect(await first.peek('visitor:a', 10_000, 55_000)).toBe(4);
      expect(await first.peek('visitor:c', 10_000, 55_000)).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("keeps each limiter's windows apart: one key counted in 1-second and 1-minute windows", async () => {
    const store = new RedisRateLimitStore(redis.url);
    try {
      expect(await store.hit('visitor:d', 1000, 60_000)).toBe(1);
      expect(await store.hit('visitor:d', 60_000, 60_000)).toBe(1);
      expect(await store.hit('visitor:d', 1000, 60_500)).toBe(2);
      expect(await store.hit('visitor:d', 60_000, 60_500)).toBe(2);
    } finally {
      await store.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('works against a real Redis (TEST_REDIS_URL)', async () => {
    const store = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    try {
      const key = `test-${Math.random()}`;
      expect(await store.hit(key, 10_000, Date.now())).toBe(1);
      expect(await store.hit(key, 10_000, Date.now())).toBe(2);
    } finally {
      await store.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('RedisRateLimitStore against a real Redis (TEST_REDIS_URL)', () => {
  let store: RedisRateLimitStore;
  beforeAll(() => {
    store = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await store?.close();
  });
  rateLimitStoreCases(() => store);
});
