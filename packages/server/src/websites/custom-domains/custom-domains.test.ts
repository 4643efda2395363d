// databases: both — two websites proving one domain at once are told apart by the partial unique index on verified hosts (one wins, the other 409), and domain changes lock the website row
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, DOMAIN_MESSAGES, HTTP_MESSAGES, MAX_DOMAINS_PER_WEBSITE, type ContributorRoleName, type DomainsReply } from '@vitrine/contracts';
import { systemActor } from '../../actor';
import { OWNER_MESSAGES } from '../../authorize';
import type { Website } from '../../db/schema';
import { isFailure } from '../../failures';
import { freePort } from '../../free-port';
import { HOST_MESSAGES } from '../../http/host-answer';
import { createSetupLink } from '../../owner';
import { openTestServer, TestVisitor, type TestServer } from '../../testing';
import { findDefaultWebsite, findWebsiteById, insertWebsite } from '../queries';
import { dnsDomainResolver } from './dns';
import { addDomain, DOMAIN_CHECK_MESSAGES } from './service';
import { customDomainSettings } from './settings';
import { LoopbackDnsServer } from './test-support/loopback-dns';
import { VERIFY_NOW_PER_MINUTE, verifyThrottleMessage } from './verify-throttle';
import { DELETE_GRACE_DAYS, deleteWebsite, purgeDeletedWebsites, restoreWebsite } from '../../platform';

/**
 * Settings → Domains on a platform (`vitrine.test`): adding, proving by DNS TXT (a DNS server on loopback, asked
 * through Node's resolver) and by the HTTP token (the platform fetching its own challenge answer from this very
 * server listening on loopback, the one non-public target these tests allow), a race of two websites for one
 * domain, the primary and its 301s, removal, and the TLS ask endpoint. One server for the file.
 */

const PLATFORM = 'vitrine.test';
const VERIFY_LIMIT = 25;
let dns: LoopbackDnsServer;
let server: TestServer;
let demo: Website;
let rival: Website;
let admin: TestVisitor;
let rivalAdmin: TestVisitor;
let port: number;

const db = () => server.database.db;
const demoHost = () => `${demo.identifier}.${PLATFORM}`;

beforeAll(async () => {
  dns = await LoopbackDnsServer.start();
  port = await freePort();
  server = await openTestServer({
    platformDomain: PLATFORM,
    customDomains: {
      resolver: dnsDomainResolver({ servers: [dns.server], timeoutMs: 500, tries: 1 }),
      // The HTTP check reaches this server itself on loopback: allowed here, refused by default.
      httpCheck: { allowedTargets: 'loopback', port, timeoutMs: 2000 },
      // Room for this file's many checks of the demo website within a minute; the throttle's test counts to it.
      verifyPerMinute: VERIFY_LIMIT,
    },
  });
  await server.app.listen({ host: '127.0.0.1', port });
  demo = (await findDefaultWebsite(db()))!;
  await insertWebsite(db(), { id: 'rival-website', identifier: 'rival', siteTitle: 'Rival Goods', currency: 'USD', locale: 'en-US', timeZone: 'UTC', captchaSiteKey: null, settings: {} });
  rival = (await findWebsiteById(db(), 'rival-website'))!;
  admin = await ownerOn(demo, demoHost());
  rivalAdmin = await ownerOn(rival, `rival.${PLATFORM}`);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await dns?.close();
});

let owners = 0;
/** A signed-in contributor of `website`, calling on `host` (ownerVisitor in testing.ts knows one-site mode only). */
async function ownerOn(website: Website, host: string, role: ContributorRoleName = 'admin'): Promise<TestVisitor> {
  owners += 1;
  const email = `domains-${role.toLowerCase()}-${owners}-${process.pid}@owner.test`;
  const link = await createSetupLink(db(), website, systemActor('test'), { role: CONTRIBUTOR_ROLES[role], email });
  const visitor = new TestVisitor(server.app, undefined, { host });
  await visitor.visit('/config');
  const answer = await visitor.post('/api/owner/setup', { token: link.token, email, password: 'owner-password-1' });
  if (answer.statusCode !== 201) throw new Error(`owner set-up failed: ${answer.statusCode} ${answer.body}`);
  return visitor;
}

const visitorAt = (host: string) => new TestVisitor(server.app, undefined, { host });

async function add(owner: TestVisitor, domain: string) {
  const answer = await owner.post('/api/owner/domains', { domain });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().domain as DomainsReply['domains'][number];
}

async function rowsOf(websiteId: string) {
  return db().selectFrom('website_domains').select(['host', 'verified_at', 'is_primary']).where('website_id', '=', websiteId).orderBy('host').execute();
}

describe('adding a domain', () => {
  it('lists none at first, with the platform subdomain as primary', async () => {
    const answer = await admin.get('/api/owner/domains');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ domains: [], subdomain: demoHost(), primaryHost: demoHost(), limit: MAX_DOMAINS_PER_WEBSITE });
  });

  it('reads what an owner pastes (case, scheme, path, final dot, IDN) and shows the TXT record and the HTTP token', async () => {
    const domain = await add(admin, '  HTTPS://Shop.Example.COM./collections?x=1 ');
    expect(domain).toEqual({
      host: 'shop.example.com',
      status: 'waiting',
      primary: false,
      added: expect.any(Number),
      verified: null,
      txtRecord: { type: 'TXT', name: '_vitrine-challenge.shop.example.com', value: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) },
      httpToken: { url: `http://shop.example.com/.well-known/vitrine-challenge/${domain.txtRecord.value}`, body: domain.txtRecord.value },
    });
    expect((await add(admin, 'Café.Example')).host).toBe('xn--caf-dma.example');
    const list = (await admin.get('/api/owner/domains')).json() as DomainsReply;
    expect(list.domains.map((entry) => entry.host)).toEqual(['shop.example.com', 'xn--caf-dma.example']);
  });

  it('refuses what is no domain, the platform\'s own names and a second copy, by the field, writing nothing', async () => {
    const before = await rowsOf(demo.id);
    const cases: Array<[unknown, number, string]> = [
      [{ domain: '' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'localhost' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: '10.0.0.1' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: '[::1]' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'shop.example.com:8080' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'bad_name.example' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'a..example' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'someone@example.com' }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'x'.repeat(301) }, 400, DOMAIN_MESSAGES.domain],
      [{ domain: 'VITRINE.test' }, 400, DOMAIN_MESSAGES.platformName],
      [{ domain: 'rival.vitrine.test' }, 400, DOMAIN_MESSAGES.platformName],
      [{ domain: 'shop.example.com' }, 409, DOMAIN_MESSAGES.alreadyAdded],
      [{ domain: 'SHOP.example.com.' }, 409, DOMAIN_MESSAGES.alreadyAdded],
    ];
    for (const [body, status, message] of cases) {
      const answer = await admin.post('/api/owner/domains', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json(), JSON.stringify(body)).toEqual({ message, errors: { domain: message } });
    }
    const unknownField = await admin.post('/api/owner/domains', { domain: 'ok.example', primary: true });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors).toEqual({ primary: 'Unknown field.' });
    expect(await rowsOf(demo.id)).toEqual(before);
  });

  it('keeps domains to admins: a website manager and a store manager are refused, a signed-out visitor asked to sign in', async () => {
    for (const role of ['websiteManager', 'storeManager'] as const) {
      const other = await ownerOn(demo, demoHost(), role);
      const answer = await other.post('/api/owner/domains', { domain: `${role.toLowerCase()}.example` });
      expect(answer.statusCode, role).toBe(403);
      expect(answer.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
      expect((await other.get('/api/owner/domains')).statusCode).toBe(403);
    }
    const stranger = visitorAt(demoHost());
    expect((await stranger.get('/api/owner/domains')).statusCode).toBe(401);
    // Another website's owner on this website's host is nobody here.
    const crossed = new TestVisitor(server.app, rivalAdmin.ip, { host: demoHost() });
    for (const [name, value] of rivalAdmin.cookies) crossed.cookies.set(name, value);
    expect((await crossed.get('/api/owner/domains')).statusCode).toBe(401);
  });

  it(`holds at most ${MAX_DOMAINS_PER_WEBSITE} domains a website`, async () => {
    const owner = await ownerOn(rival, `rival.${PLATFORM}`);
    for (let index = 1; index <= MAX_DOMAINS_PER_WEBSITE; index += 1) await add(owner, `many-${index}.example`);
    const answer = await owner.post('/api/owner/domains', { domain: 'one-more.example' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: DOMAIN_MESSAGES.tooMany, errors: { domain: DOMAIN_MESSAGES.tooMany } });
    for (let index = 1; index <= MAX_DOMAINS_PER_WEBSITE; index += 1) expect((await owner.delete(`/api/owner/domains/many-${index}.example`)).statusCode).toBe(200);
    expect(await rowsOf(rival.id)).toEqual([]);
  });

  it('is refused on a one-website server, where every address already shows the website', async () => {
    const oneSite = customDomainSettings(undefined, { resolver: dnsDomainResolver({ servers: [dns.server] }) });
    const refusal = await addDomain(db(), demo, systemActor('test'), { domain: 'one-site.example' }, oneSite).catch((error: unknown) => error);
    expect(isFailure(refusal) && refusal.kind === 'conflict' && refusal.message === DOMAIN_MESSAGES.oneSite).toBe(true);
  });
});

describe('proving a domain', () => {
  it('by its DNS TXT record: not yet, then found; the website answers there at once', async () => {
    const domain = await add(admin, 'dns-proof.example');
    const before = await visitorAt('dns-proof.example').get('/');
    expect(before.statusCode).toBe(404);

    const notYet = await admin.post('/api/owner/domains/dns-proof.example/verification');
    expect(notYet.statusCode, notYet.body).toBe(200);
    expect(notYet.json()).toMatchObject({
      verified: false,
      domain: { host: 'dns-proof.example', status: 'waiting' },
      checks: [
        { method: 'dns', found: false, message: DOMAIN_CHECK_MESSAGES.txtMissing('_vitrine-challenge.dns-proof.example') },
        { method: 'http', found: false, message: 'dns-proof.example has no address (no A or AAAA record) yet.' },
      ],
    });

    dns.set('_vitrine-challenge.dns-proof.example', { TXT: ['something-else'] });
    const other = await admin.post('/api/owner/domains/dns-proof.example/verification');
    expect(other.json().checks[0]).toEqual({ method: 'dns', found: false, message: DOMAIN_CHECK_MESSAGES.txtOther('_vitrine-challenge.dns-proof.example') });

    dns.set('_vitrine-challenge.dns-proof.example', { TXT: ['something-else', domain.txtRecord.value] });
    const proven = await admin.post('/api/owner/domains/dns-proof.example/verification');
    expect(proven.statusCode).toBe(200);
    expect(proven.json()).toMatchObject({ verified: true, domain: { status: 'verified', verified: expect.any(Number) }, checks: [{ method: 'dns', found: true }] });
    expect(dns.questions).toContain('TXT _vitrine-challenge.dns-proof.example');

    // The resolver had remembered "unknown" for this host: the change made it forget. Until the domain is made
    // primary, the subdomain is, and the domain answers 301 to it (path and query kept).
    const page = await visitorAt('dns-proof.example').get('/shop?page=2');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`http://${demoHost()}/shop?page=2`);
    const again = await admin.post('/api/owner/domains/dns-proof.example/verification');
    expect(again.json()).toMatchObject({ verified: true, checks: [] });
  });

  it('by its HTTP token: the platform answers the token on the domain before it is verified, and reads it back', async () => {
    const domain = await add(admin, 'http-proof.example');
    const challengeUrl = `/.well-known/vitrine-challenge/${domain.txtRecord.value}`;
    const challenge = await visitorAt('HTTP-Proof.example.:8080').get(challengeUrl);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(challenge.body).toBe(domain.txtRecord.value);
    expect((await visitorAt('http-proof.example').get('/.well-known/vitrine-challenge/not-the-token')).statusCode).toBe(404);
    expect((await visitorAt('elsewhere.example').get(challengeUrl)).json()).toEqual({ message: HTTP_MESSAGES.notFound });
    expect((await visitorAt('http-proof.example').get('/')).body).toContain(HOST_MESSAGES.unknown);

    dns.set('http-proof.example', { A: ['127.0.0.1'] });
    const proven = await admin.post('/api/owner/domains/http-proof.example/verification');
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({
      verified: true,
      checks: [
        { method: 'dns', found: false },
        { method: 'http', found: true, message: DOMAIN_CHECK_MESSAGES.httpFound(`http://http-proof.example${challengeUrl}`) },
      ],
    });
    // Verified: the token is not answered any more, and the website is.
    expect((await visitorAt('http-proof.example').get(challengeUrl)).statusCode).toBe(404);
    expect((await visitorAt('http-proof.example').get('/')).headers.location).toBe(`http://${demoHost()}/`);
  });

  it('does not fetch private, link-local or (unless allowed) other reserved targets', async () => {
    const cases: Array<[string, string]> = [
      ['ten.example', '10.20.30.40'],
      ['metadata.example', '169.254.169.254'],
      ['mixed.example', '172.20.0.1'],
    ];
    for (const [host, address] of cases) {
      dns.set(host, { A: host === 'mixed.example' ? ['93.184.215.14', address] : [address] });
      await add(admin, host);
      const answer = await admin.post(`/api/owner/domains/${host}/verification`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        verified: false,
        checks: [{ method: 'dns', found: false }, { method: 'http', found: false, message: `${host} points to ${address}, a private, loopback, link-local or reserved address: the platform does not fetch it.` }],
      });
      expect((await admin.delete(`/api/owner/domains/${host}`)).statusCode).toBe(200);
    }
  });

  it('answers 404 for a domain the website does not have, and a bad name in the path 400', async () => {
    const missing = await admin.post('/api/owner/domains/not-added.example/verification');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: DOMAIN_MESSAGES.notFound });
    const bad = await admin.post('/api/owner/domains/bad%20name/verification');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: DOMAIN_MESSAGES.domainParam, errors: { domain: DOMAIN_MESSAGES.domainParam } });
  });
});

describe('two websites and one domain', () => {
  it('lets both wait for it, answers neither one\'s HTTP token, and lets exactly one of two racing proofs win', async () => {
    const mine = await add(admin, 'contested.example');
    const theirs = await add(rivalAdmin, 'contested.example');
    expect(mine.txtRecord.value).not.toBe(theirs.txtRecord.value);
    for (const token of [mine.txtRecord.value, theirs.txtRecord.value]) {
      expect((await visitorAt('contested.example').get(`/.well-known/vitrine-challenge/${token}`)).statusCode).toBe(404);
    }

    dns.set('_vitrine-challenge.contested.example', { TXT: [mine.txtRecord.value, theirs.txtRecord.value] });
    const answers = await Promise.all([admin.post('/api/owner/domains/contested.example/verification'), rivalAdmin.post('/api/owner/domains/contested.example/verification')]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toEqual({ message: DOMAIN_MESSAGES.takenElsewhere });
    const verified = await db().selectFrom('website_domains').select('website_id').where('host', '=', 'contested.example').where('verified_at', 'is not', null).execute();
    expect(verified).toHaveLength(1);

    const [winner, losing] = verified[0]!.website_id === demo.id ? [admin, rivalAdmin] : [rivalAdmin, admin];
    expect(((await losing.get('/api/owner/domains')).json() as DomainsReply).domains.find((entry) => entry.host === 'contested.example')?.status).toBe('taken');
    expect(((await winner.get('/api/owner/domains')).json() as DomainsReply).domains.find((entry) => entry.host === 'contested.example')?.status).toBe('verified');
    expect((await losing.post('/api/owner/domains/contested.example/verification')).statusCode).toBe(409);
    const page = await visitorAt('contested.example').get('/');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(winner === admin ? `http://${demoHost()}/` : `http://rival.${PLATFORM}/`);

    // The winner gives it up; the loser can prove it now.
    expect((await winner.delete('/api/owner/domains/contested.example')).statusCode).toBe(200);
    expect((await losing.post('/api/owner/domains/contested.example/verification')).json()).toMatchObject({ verified: true });
    // …and a third try to add it elsewhere is refused at once.
    const added = await winner.post('/api/owner/domains', { domain: 'contested.example' });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({ message: DOMAIN_MESSAGES.takenElsewhere, errors: { domain: DOMAIN_MESSAGES.takenElsewhere } });
    expect((await losing.delete('/api/owner/domains/contested.example')).statusCode).toBe(200);
  });
});

describe('the primary domain', () => {
  it('sends the other verified domain and the subdomain to it with 301 (pages; path and query kept); a waiting domain cannot be it', async () => {
    const made = await admin.put('/api/owner/domains/dns-proof.example/primary');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ primaryHost: 'dns-proof.example', subdomain: demoHost() });
    expect((made.json() as DomainsReply).domains.filter((entry) => entry.primary).map((entry) => entry.host)).toEqual(['dns-proof.example']);

    for (const host of ['http-proof.example', demoHost()]) {
      const moved = await visitorAt(host).get('/shop?sort=price&page=2');
      expect(moved.statusCode, host).toBe(301);
      expect(moved.headers.location).toBe('http://dns-proof.example/shop?sort=price&page=2');
    }
    expect((await visitorAt('dns-proof.example').get('/shop')).statusCode).toBe(200);
    // The owner app and the API stay where they were opened (the owner's session cookie is host-only).
    expect((await visitorAt('http-proof.example').get('/config')).statusCode).toBe(200);
    expect((await admin.get('/api/owner/domains')).statusCode).toBe(200);

    const waiting = await admin.put('/api/owner/domains/shop.example.com/primary');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ message: DOMAIN_MESSAGES.notVerified });
    expect((await admin.put('/api/owner/domains/not-added.example/primary')).statusCode).toBe(404);

    const other = await admin.put('/api/owner/domains/http-proof.example/primary');
    expect(other.json().primaryHost).toBe('http-proof.example');
    expect((await rowsOf(demo.id)).filter((row) => row.is_primary).map((row) => row.host)).toEqual(['http-proof.example']);
    expect((await visitorAt('dns-proof.example').get('/a?b=c')).headers.location).toBe('http://http-proof.example/a?b=c');
  });

  it('goes back to the subdomain when the primary is removed, or when the subdomain is made primary', async () => {
    const removed = await admin.delete('/api/owner/domains/http-proof.example');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect((await admin.get('/api/owner/domains')).json().primaryHost).toBe(demoHost());
    expect((await visitorAt(demoHost()).get('/shop')).statusCode).toBe(200);
    expect((await visitorAt('http-proof.example').get('/')).statusCode).toBe(404);
    expect((await admin.delete('/api/owner/domains/http-proof.example')).statusCode).toBe(404);
    // The domain still verified keeps sending shoppers on, now to the subdomain, path and query kept.
    const moved = await visitorAt('dns-proof.example').get('/shop?sort=price');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`http://${demoHost()}/shop?sort=price`);

    await admin.put('/api/owner/domains/dns-proof.example/primary');
    expect((await visitorAt(demoHost()).get('/')).statusCode).toBe(301);
    const back = await admin.put(`/api/owner/domains/${demoHost()}/primary`);
    expect(back.json().primaryHost).toBe(demoHost());
    expect((await rowsOf(demo.id)).some((row) => row.is_primary)).toBe(false);
    expect((await visitorAt(demoHost()).get('/')).statusCode).toBe(200);
  });
});

describe("Caddy's ask endpoint", () => {
  const ask = (domain: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/internal/tls-ask?domain=${encodeURIComponent(domain)}`, remoteAddress, headers: { host: '127.0.0.1:3000', ...headers } });

  it('says yes for verified domains, live websites\' subdomains and the platform domain, no for anything else', async () => {
    for (const domain of ['dns-proof.example', 'DNS-Proof.example.', PLATFORM, demoHost(), `rival.${PLATFORM}`]) {
      const answer = await ask(domain);
      expect(answer.statusCode, domain).toBe(200);
      expect(answer.json()).toEqual({ allowed: true });
    }
    for (const domain of ['shop.example.com', 'unknown.example', `nobody.${PLATFORM}`, `a.${demoHost()}`, `www.${PLATFORM}.evil.example`, '127.0.0.1', '']) {
      const answer = await ask(domain);
      expect(answer.statusCode, domain).toBe(404);
      expect(answer.json()).toEqual({ message: HTTP_MESSAGES.notFound });
    }
  });

  it('answers only its configured peers (loopback), whatever X-Forwarded-For says, and tells others nothing', async () => {
    for (const peer of ['::1', '::ffff:127.0.0.1', '127.0.0.2']) expect((await ask('dns-proof.example', peer)).statusCode, peer).toBe(200);
    for (const peer of ['10.0.0.9', '192.168.1.1', '::ffff:10.0.0.9']) expect((await ask('dns-proof.example', peer)).statusCode, peer).toBe(404);
    expect((await ask('dns-proof.example', '10.0.0.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    const noQuery = await server.app.inject({ method: 'GET', url: '/internal/tls-ask', remoteAddress: '10.0.0.9' });
    expect(noQuery.statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/internal/tls-ask', remoteAddress: '127.0.0.1' })).statusCode).toBe(400);
  });

  it('says no for a deleted website, its subdomain and its domains', async () => {
    const owned = await add(rivalAdmin, 'rival-shop.example');
    dns.set('_vitrine-challenge.rival-shop.example', { TXT: [owned.txtRecord.value] });
    expect((await rivalAdmin.post('/api/owner/domains/rival-shop.example/verification')).json().verified).toBe(true);
    expect((await ask('rival-shop.example')).statusCode).toBe(200);
    await db().updateTable('websites').set({ deleted_at: new Date() }).where('id', '=', rival.id).execute();
    expect((await ask('rival-shop.example')).statusCode).toBe(404);
    expect((await ask(`rival.${PLATFORM}`)).statusCode).toBe(404);
  });
});

describe("a deleted website's domains", () => {
  it('stay reserved during the grace period, so a restore brings them back, and are released at the purge', async () => {
    // The rival was deleted by the test above, with rival-shop.example verified (and made its primary here).
    await db().updateTable('website_domains').set({ is_primary: true }).where('host', '=', 'rival-shop.example').execute();
    expect((await visitorAt('rival-shop.example').get('/')).statusCode).toBe(404);
    const refused = await admin.post('/api/owner/domains', { domain: 'rival-shop.example' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DOMAIN_MESSAGES.takenElsewhere, errors: { domain: DOMAIN_MESSAGES.takenElsewhere } });
    await restoreWebsite(db(), rival.id);
    const back = await visitorAt('rival-shop.example').get('/');
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Rival Goods');

    await deleteWebsite(db(), rival.id);
    const noFiles = { removeImage: async () => {}, removeDownload: async () => {}, removeLessonVideo: async () => {} };
    expect(await purgeDeletedWebsites(db(), noFiles, { now: new Date(Date.now() + (DELETE_GRACE_DAYS + 1) * 86_400_000) })).toEqual(['rival']);
    const added = await admin.post('/api/owner/domains', { domain: 'rival-shop.example' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().domain).toMatchObject({ host: 'rival-shop.example', status: 'waiting' });
  });
});

describe('"Verify now"', () => {
  it(`is allowed a number of times a minute per website (${VERIFY_NOW_PER_MINUTE} by default), then answers 429 with the wait, leaving other websites alone`, async () => {
    await insertWebsite(db(), { id: 'busy-website', identifier: 'busy', siteTitle: 'Busy', currency: 'USD', locale: 'en-US', timeZone: 'UTC', captchaSiteKey: null, settings: {} });
    await insertWebsite(db(), { id: 'calm-website', identifier: 'calm', siteTitle: 'Calm', currency: 'USD', locale: 'en-US', timeZone: 'UTC', captchaSiteKey: null, settings: {} });
    const busy = await ownerOn((await findWebsiteById(db(), 'busy-website'))!, `busy.${PLATFORM}`);
    const calm = await ownerOn((await findWebsiteById(db(), 'calm-website'))!, `calm.${PLATFORM}`);
    await add(busy, 'busy-shop.example');
    await add(calm, 'calm-shop.example');
    for (let check = 1; check <= VERIFY_LIMIT; check += 1) {
      const answer = await busy.post('/api/owner/domains/busy-shop.example/verification');
      expect(answer.statusCode, `check ${check}`).toBe(200);
      expect(answer.json().verified).toBe(false);
    }
    const refused = await busy.post('/api/owner/domains/busy-shop.example/verification');
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ message: verifyThrottleMessage(wait, VERIFY_LIMIT) });
    expect(refused.json().message).toContain(`at most ${VERIFY_LIMIT} a minute`);
    expect(VERIFY_NOW_PER_MINUTE).toBe(10);
    expect(verifyThrottleMessage(30)).toBe('Too many domain checks for this website: at most 10 a minute. Try again in 30 seconds.');
    // Another website's checks are counted apart.
    expect((await calm.post('/api/owner/domains/calm-shop.example/verification')).statusCode).toBe(200);
  });
});
