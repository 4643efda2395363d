import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKindOf, mayFetchAddress, NO_ADDRESSES, parseAddressList } from './address-ranges';
import { dnsDomainResolver, type DomainResolver } from './dns';
import { fetchChallenge, type OutgoingRequestPolicy } from './outgoing-request';
import { LoopbackDnsServer } from './test-support/loopback-dns';

/**
 * The guard on the one request an owner aims (the HTTP token check): what an address is, which ones may be fetched,
 * and what the fetch does with a redirect, a long body, a silent server. The DNS is a real resolver asking a DNS
 * server on loopback; the target a plain HTTP server on loopback. No database.
 */

const PATH = '/.well-known/vitrine-challenge/tok123';

let dns: LoopbackDnsServer;
let resolver: DomainResolver;
let target: http.Server;
let port: number;
const requests: string[] = [];

beforeAll(async () => {
  dns = await LoopbackDnsServer.start();
  resolver = dnsDomainResolver({ servers: [dns.server], timeoutMs: 500, tries: 1 });
  target = http.createServer((request, response) => {
    requests.push(`${request.headers.host} ${request.url}`);
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (host === 'redirect.test') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (host === 'big.test') return void response.end('x'.repeat(64 * 1024));
    if (host === 'silent.test') return; // never answers
    if (host === 'missing.test') return void response.writeHead(404).end('no');
    response.end('tok123\n');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
  for (const name of ['loop.test', 'redirect.test', 'big.test', 'silent.test', 'missing.test']) dns.set(name, { A: ['127.0.0.1'] });
  dns.set('alias.test', { CNAME: 'loop.test' });
  dns.set('ten.test', { A: ['10.1.2.3'] });
  dns.set('metadata.test', { A: ['169.254.169.254'] });
  dns.set('six-loop.test', { AAAA: ['::1'] });
  dns.set('mixed.test', { A: ['93.184.215.14', '192.168.1.10'] });
  dns.set('mapped.test', { AAAA: ['::ffff:10.0.0.1'] });
});
afterAll(async () => {
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await dns?.close();
});

const policy = (overrides: Partial<OutgoingRequestPolicy> = {}): OutgoingRequestPolicy => ({
  resolver,
  allowedTargets: NO_ADDRESSES,
  port,
  timeoutMs: 400,
  maxBodyBytes: 1024,
  ...overrides,
});
const loopbackAllowed = () => policy({ allowedTargets: parseAddressList('loopback', 'test') });

describe('what an address is', () => {
  it('sorts loopback, private, link-local and reserved ranges from public ones, IPv4-mapped IPv6 as its IPv4', () => {
    const cases: Array<[string, ReturnType<typeof addressKindOf>]> = [
      ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['::1', 'loopback'], ['::ffff:127.0.0.1', 'loopback'], ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
      ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['172.31.255.255', 'private'], ['192.168.0.1', 'private'], ['100.64.0.1', 'private'], ['fd12::1', 'private'],
      ['::ffff:10.0.0.1', 'private'], ['::ffff:a00:1', 'private'],
      ['169.254.169.254', 'linklocal'], ['fe80::1%eth0', 'linklocal'],
      ['0.0.0.0', 'reserved'], ['224.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'], ['192.0.2.1', 'reserved'], ['::', 'reserved'],
      ['2001:db8::1', 'reserved'], ['64:ff9b::a00:1', 'reserved'], ['2002:a00:1::', 'reserved'], ['ff02::1', 'reserved'], ['not-an-ip', 'reserved'],
      ['93.184.215.14', 'public'], ['172.32.0.1', 'public'], ['2606:4700::1111', 'public'],
    ];
    for (const [address, kind] of cases) expect(addressKindOf(address), address).toBe(kind);
  });

  it('reads an allowance list of names, addresses and ranges, and refuses anything else', () => {
    const allowed = parseAddressList(' loopback , 10.9.0.0/16,2001:db8::7 ', 'DOMAIN_CHECK_ALLOW');
    expect(allowed.text).toBe('loopback,10.9.0.0/16,2001:db8::7');
    expect(mayFetchAddress('127.0.0.1', allowed)).toBe(true);
    expect(mayFetchAddress('::1', allowed)).toBe(true);
    expect(mayFetchAddress('10.9.4.4', allowed)).toBe(true);
    expect(mayFetchAddress('10.8.4.4', allowed)).toBe(false);
    expect(mayFetchAddress('2001:db8::7', allowed)).toBe(true);
    expect(mayFetchAddress('169.254.169.254', allowed)).toBe(false);
    expect(mayFetchAddress('93.184.215.14', NO_ADDRESSES)).toBe(true);
    expect(mayFetchAddress('127.0.0.1', NO_ADDRESSES)).toBe(false);
    for (const bad of ['everything', '10.0.0.0/33', '10.0.0.0/8/1', 'example.com', '::1/129']) {
      expect(() => parseAddressList(bad, 'DOMAIN_CHECK_ALLOW'), bad).toThrow(/DOMAIN_CHECK_ALLOW/);
    }
  });
});

describe('fetching a challenge token', () => {
  it('refuses private, loopback, link-local and mixed targets before connecting, however the name reaches them', async () => {
    const before = requests.length;
    const cases: Array<[string, string]> = [
      ['ten.test', '10.1.2.3'],
      ['loop.test', '127.0.0.1'],
      ['alias.test', '127.0.0.1'],
      ['metadata.test', '169.254.169.254'],
      ['six-loop.test', '::1'],
      ['mixed.test', '192.168.1.10'],
      ['mapped.test', '::ffff:10.0.0.1'],
    ];
    for (const [host, address] of cases) {
      const outcome = await fetchChallenge(host, PATH, policy());
      expect(outcome, host).toEqual({ ok: false, reason: `${host} points to ${address}, a private, loopback, link-local or reserved address: the platform does not fetch it.` });
    }
    expect(requests.length).toBe(before);
  });

  it('fetches an allowed loopback target by the address it resolved, sending the domain as Host', async () => {
    const outcome = await fetchChallenge('alias.test', PATH, loopbackAllowed());
    expect(outcome).toEqual({ ok: true, body: 'tok123\n' });
    expect(requests.at(-1)).toBe(`alias.test:${port} ${PATH}`);
  });

  it('follows no redirect, stops reading past the body cap, gives up at its deadline, and says why', async () => {
    const url = (host: string) => `http://${host}:${port}${PATH}`;
    expect(await fetchChallenge('redirect.test', PATH, loopbackAllowed())).toEqual({ ok: false, reason: `${url('redirect.test')} answered a redirect (302); redirects are not followed.` });
    expect(requests.filter((line) => line.includes('169.254'))).toEqual([]);
    expect(await fetchChallenge('big.test', PATH, loopbackAllowed())).toEqual({ ok: false, reason: `${url('big.test')} answered more than 1024 bytes.` });
    expect(await fetchChallenge('missing.test', PATH, loopbackAllowed())).toEqual({ ok: false, reason: `${url('missing.test')} answered 404.` });
    expect(await fetchChallenge('silent.test', PATH, loopbackAllowed())).toEqual({ ok: false, reason: `${url('silent.test')} took longer than 0.4 s to answer.` });
    expect(await fetchChallenge('nowhere.test', PATH, loopbackAllowed())).toEqual({ ok: false, reason: 'nowhere.test has no address (no A or AAAA record) yet.' });
  });

  it('says so when the DNS cannot be reached', async () => {
    const deaf = dnsDomainResolver({ servers: ['127.0.0.1:9'], timeoutMs: 200, tries: 1 });
    const outcome = await fetchChallenge('loop.test', PATH, policy({ resolver: deaf }));
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.reason).toMatch(/^The DNS for loop\.test could not be reached \(E[A-Z]+\)\.$/);
  });
});
