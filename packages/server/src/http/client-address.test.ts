// databases: one — the HTTP edge's answers, not the SQL
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../testing';
import { clientAddressKey, fastifyTrustProxy, parseTrustProxy, type TrustProxyOption } from './client-address';

describe('TRUST_PROXY', () => {
  it('reads off, or a list of proxy addresses and ranges', () => {
    for (const off of [undefined, '', ' ', '0', 'false', 'off']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback')).toBe('10.0.0.0/8,192.168.1.7,fd00::/8,loopback');
  });

  it('refuses a number of hops at start: it would believe the X-Forwarded-For of any client that reaches the server directly', () => {
    for (const hops of ['1', '2']) {
      expect(() => parseTrustProxy(hops)).toThrow(
        `TRUST_PROXY=${hops} is a number of proxies: X-Forwarded-For would be believed from any client that reaches the server directly, ` +
          "which could then name a new address on every call. List the proxies' addresses or CIDR ranges instead " +
          '(TRUST_PROXY=10.0.0.5, TRUST_PROXY=10.0.0.0/8, or TRUST_PROXY=loopback for a proxy on this machine).',
      );
    }
  });

  it("refuses 'true' (it would believe the client's own X-Forwarded-For) and anything that is not an address", () => {
    expect(() => parseTrustProxy('true')).toThrow(/List the proxies' addresses or CIDR ranges instead/);
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.1/8/2', '1.2.3']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

/** The address Fastify settles on for a request from `socket` carrying X-Forwarded-For `forwarded`. */
async function clientIp(trustProxy: FastifyServerOptions['trustProxy'], socket: string, forwarded?: string) {
  const app: FastifyInstance = Fastify({ trustProxy });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  try {
    const answer = await app.inject({ method: 'GET', url: '/ip', remoteAddress: socket, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
    return answer.json().ip as string;
  } finally {
    await app.close();
  }
}

const ipWith = (option: TrustProxyOption | undefined, socket: string, forwarded?: string) => clientIp(fastifyTrustProxy(option), socket, forwarded);

describe('the client address behind trusted proxies', () => {
  it("Fastify's own numeric trustProxy believes no hop (so we give it a function of the hop instead)", async () => {
    // Fastify 5's declarations no longer list a number; at run time it is accepted and trusts nothing.
    expect(await clientIp(1 as unknown as FastifyServerOptions['trustProxy'], '10.0.0.2', '203.0.113.9')).toBe('10.0.0.2');
  });

  it('one listed balancer: the address it appended, whatever the client wrote before it', async () => {
    expect(await ipWith('10.0.0.2', '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith('10.0.0.2', '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith('10.0.0.0/8', '10.0.0.2', '6.6.6.6,7.7.7.7, 203.0.113.9')).toBe('203.0.113.9');
    // Without the header, the peer is the client.
    expect(await ipWith('10.0.0.2', '10.0.0.2')).toBe('10.0.0.2');
    // An IPv4-mapped peer matches its IPv4 range; the named ranges are the usual ones.
    expect(await ipWith('10.0.0.0/8', '::ffff:10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith('loopback', '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith('loopback', '::1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith('uniquelocal', 'fd00::5', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a direct client that is not a listed proxy is its own address, whatever X-Forwarded-For it writes', async () => {
    expect(await ipWith('10.0.0.2', '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(await ipWith('loopback', '198.51.100.1', '127.0.0.1')).toBe('198.51.100.1');
  });

  it('two proxies in a row, both listed: the entry left of the nearer one', async () => {
    expect(await ipWith('10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.5.5')).toBe('203.0.113.9');
  });

  it('a list of proxies: read from the right while the hop is one of them', async () => {
    const proxies = '10.0.0.0/8,192.168.1.7';
    expect(await ipWith(proxies, '10.0.0.2', '6.6.6.6, 203.0.113.9, 192.168.1.7')).toBe('203.0.113.9');
    // A client that is not one of the proxies is taken at its word on nothing.
    expect(await ipWith(proxies, '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
  });

  it('off: the socket address, whatever the header says', async () => {
    expect(await ipWith(false, '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
    expect(await ipWith(undefined, '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
    expect(await ipWith('0', '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
  });
});

describe('the key an address is counted under', () => {
  it('is the IPv4 address itself, mapped or not', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it("is an IPv6 client's /64, however the address is written", () => {
    const key = clientAddressKey('2001:db8:0:12:1:2:3:4');
    expect(key).toBe('2001:db8:0:12::/64');
    expect(clientAddressKey('2001:DB8:0:12:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:0db8:0000:0012::9')).toBe(key);
    expect(clientAddressKey('2001:db8:0:12::1%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:0:13::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });
});

describe('the per-visitor limit behind a listed load balancer (TRUST_PROXY=10.0.0.2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ trustProxy: '10.0.0.2', rateLimit: { max: 2, windowMs: 86_400_000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (from: string, forwarded: string) =>
    server.app.inject({ method: 'POST', url: '/api/commerce/shopping-cart/entries', remoteAddress: from, headers: { 'x-forwarded-for': forwarded } });

  it("counts the client the balancer saw, not the addresses the client wrote, nor the balancer's", async () => {
    expect((await call('10.0.0.2', '1.1.1.1, 203.0.113.50')).statusCode).not.toBe(429);
    expect((await call('10.0.0.2', '2.2.2.2, 203.0.113.50')).statusCode).not.toBe(429);
    expect((await call('10.0.0.2', '3.3.3.3, 203.0.113.50')).statusCode).toBe(429);
    // Another client behind the same balancer is told apart by its forwarded address: its own allowance.
    expect((await call('10.0.0.2', '203.0.113.51')).statusCode).not.toBe(429);
  });

  it('a client reaching the server directly stays one visitor however it rotates X-Forwarded-For', async () => {
    expect((await call('198.51.100.77', '203.0.113.60')).statusCode).not.toBe(429);
    expect((await call('198.51.100.77', '203.0.113.61')).statusCode).not.toBe(429);
    const third = await call('198.51.100.77', '203.0.113.62');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: 'Please try again in a few seconds.' });
    // The addresses it named were never counted: through the balancer, they still have their allowance.
    expect((await call('10.0.0.2', '203.0.113.62')).statusCode).not.toBe(429);
  });
});
