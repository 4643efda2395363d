// databases: both — events written in their cause's transaction, deliveries claimed with FOR UPDATE SKIP LOCKED by racing jobs
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { systemActor } from '../actor';
import { loadServerSecret } from '../http/server-secrets';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, parseAddressList } from '../websites';
import { LoopbackDnsServer } from '../websites/custom-domains/test-support/loopback-dns';
import { dnsDomainResolver } from '../websites';
import { RETRY_WINDOW_MS, WebhookDeliveryJob } from './delivery-job';
import { postWebhook } from './outgoing';
import { createWebhookEndpoint } from './service';
import { outgoingPolicyOf } from './settings';
import { webhookSealKeyFrom } from './signing';

/** A receiver on loopback, as an integrator would write one: it checks each request's Standard Webhooks signature itself. */
class Receiver {
  readonly requests: Array<{ headers: http.IncomingHttpHeaders; body: string; path: string }> = [];
  /** Answers for the next requests (status, body, headers); 200 when none is queued. */
  readonly answers: Array<{ status: number; body?: string; headers?: Record<string, string> }> = [];
  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' });
        const answer = receiver.answers.shift() ?? { status: 200, body: 'ok' };
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The ids seen, once each: what a receiver de-duplicating by webhook-id processes. */
  uniqueIds(): string[] {
    return [...new Set(this.requests.map((request) => String(request.headers['webhook-id'])))];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The receiver's check, written from the Standard Webhooks specification (not with the server's code). */
function signatureValid(secret: string, request: { headers: http.IncomingHttpHeaders; body: string }): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64'));
  return String(request.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

let server: TestServer;
let admin: TestVisitor;
let receiver: Receiver;
let job: WebhookDeliveryJob;
/** The app's own job: its switch-off mails the admins. */
let appJob: WebhookDeliveryJob;
let sealKey: Buffer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer({ webhooks: { allowPrivate: 'loopback', intervalMs: 0, backoffBaseMs: 0, created: (created) => (appJob = created) } });
  admin = await ownerVisitor(server, 'admin');
  receiver = await Receiver.start();
  sealKey = webhookSealKeyFrom(await loadServerSecret(db(), 'webhooks'));
  // Retries due at once: the test drives the rounds itself.
  job = new WebhookDeliveryJob(db(), { policy: outgoingPolicyOf({ allowPrivate: 'loopback' }), sealKey, backoffBaseMs: 0, intervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});
afterEach(async () => {
  // Each test starts with no endpoint and an empty queue.
  await db().deleteFrom('webhook_endpoints').execute();
  await db().deleteFrom('webhook_events').execute();
  receiver.requests.length = 0;
  receiver.answers.length = 0;
});

async function addEndpoint(events: string[], url = receiver.url()): Promise<{ id: string; secret: string }> {
  const answer = await admin.post('/api/owner/webhooks', { url, description: 'Accounting', events });
  expect(answer.statusCode, answer.body).toBe(201);
  return { id: answer.json().endpoint.id, secret: answer.json().secret };
}

async function placeOrder(email = 'buyer@example.test'): Promise<string> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
  const answer = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().order.id;
}

describe('Settings → Webhooks calls', () => {
  it('shows the whsec_ secret once, keeps it sealed, and lists the endpoint with the event catalogue', async () => {
    const answer = await admin.post('/api/owner/webhooks', { url: receiver.url(), description: ' Accounting ', events: ['order.paid', 'order.created'] });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { endpoint, secret } = answer.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toEqual({
      id: expect.any(String), url: receiver.url(), description: 'Accounting', events: ['order.created', 'order.paid'], enabled: true, disabledReason: null,
      secretPrefix: `${secret.slice(0, 10)}…`, previousSecretValidUntil: null, created: expect.any(Number), updated: expect.any(Number),
    });
    const row = await db().selectFrom('webhook_endpoints').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    const list = await admin.get('/api/owner/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.json().endpoints).toEqual([endpoint]);
    expect(list.json().events.map((event: { type: string }) => event.type)).toEqual(WEBHOOK_EVENT_TYPES);
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(15);
  });

  it('refuses bad bodies with field errors and writes nothing', async () => {
    const cases: Array<[unknown, string, string?]> = [
      [{ url: 'ftp://example.test/hook', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: 'not a url', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: 'https://user:pw@example.test/hook', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: `https://example.test/${'a'.repeat(2100)}`, events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: 'http://10.1.2.3/hook', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlNotPublic],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlNotPublic],
      [{ url: 'http://[fd00::1]/hook', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlNotPublic],
      [{ url: 'https://example.test/hook', events: [] }, 'events', WEBHOOK_MESSAGES.events],
      [{ url: 'https://example.test/hook', events: ['order.shipped'] }, 'events', WEBHOOK_MESSAGES.events],
      [{ url: 'https://example.test/hook', events: ['order.paid', 'order.paid'] }, 'events', WEBHOOK_MESSAGES.events],
      [{ url: 'https://example.test/hook', events: ['order.paid'], description: 'd'.repeat(201) }, 'description', WEBHOOK_MESSAGES.description],
      [{ url: 'https://example.test/hook', events: ['order.paid'], enabled: 'yes' }, 'enabled', WEBHOOK_MESSAGES.enabled],
      [{ url: 'https://example.test/hook', events: ['order.paid'], secret: 'whsec_mine' }, 'secret'],
      [{ events: ['order.paid'] }, 'url'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.post('/api/owner/webhooks', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(answer.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await db().selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });

  it('is for admins: other roles get 403, nobody signed in 401, and another endpoint id 404', async () => {
    for (const role of ['websiteManager', 'storeManager', 'editor', 'viewer'] as const) {
      const visitor = await ownerVisitor(server, role);
      const answer = await visitor.get('/api/owner/webhooks');
      expect(answer.statusCode, role).toBe(403);
      expect(answer.json().message).toBe(OWNER_MESSAGES.notAllowed);
      expect((await visitor.post('/api/owner/webhooks', { url: 'https://example.test/hook', events: ['order.paid'] })).statusCode, role).toBe(403);
    }
    const stranger = new TestVisitor(server.app);
    await stranger.visit('/');
    expect((await stranger.get('/api/owner/webhooks')).statusCode).toBe(401);
    const missing = await admin.get('/api/owner/webhooks/no-such-endpoint/deliveries');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(WEBHOOK_MESSAGES.notFound);
    expect((await admin.put('/api/owner/webhooks/no-such-endpoint', { url: 'https://example.test/hook', events: ['order.paid'] })).statusCode).toBe(404);
    expect((await admin.delete('/api/owner/webhooks/no-such-endpoint')).statusCode).toBe(404);
  });
});

describe('delivery', () => {
  it('delivers a placed order to a subscribed endpoint, signed, and nothing for an event it did not subscribe to', async () => {
    const { secret } = await addEndpoint(['order.created', 'order.paid']);
    const orderId = await placeOrder();
    expect(await job.runOnce()).toEqual({ claimed: 2, delivered: 2 });
    expect(receiver.requests.map((request) => JSON.parse(request.body).type).sort()).toEqual(['order.created', 'order.paid']);
    for (const request of receiver.requests) {
      expect(request.path).toBe('/hook');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
      expect(signatureValid(secret, request)).toBe(true);
      expect(signatureValid('whsec_' + Buffer.alloc(24, 1).toString('base64'), request)).toBe(false);
      const payload = JSON.parse(request.body);
      expect(payload.data).toMatchObject({ id: orderId, email: 'buyer@example.test', paymentStatus: 'paid', currency: 'USD', lines: [{ sku: 'TOTE', quantity: 1 }] });
      expect(Number.isInteger(payload.data.grandTotalCents)).toBe(true);
    }
    // Fulfilling is an event the endpoint did not subscribe to: nothing is queued, nothing is sent.
    const fulfil = await admin.post(`/api/owner/orders/${orderId}/fulfil`, {});
    expect(fulfil.statusCode, fulfil.body).toBe(200);
    expect(await db().selectFrom('webhook_events').select('type').where('type', '=', 'order.fulfilled').execute()).toEqual([]);
    expect(await job.runOnce()).toEqual({ claimed: 0, delivered: 0 });
    expect(receiver.requests).toHaveLength(2);
  });

  it('retries after a 500 with the same webhook-id, and not after a 200; the log shows both attempts; Resend sends it again', async () => {
    const { id: endpointId, secret } = await addEndpoint(['order.created']);
    await placeOrder();
    receiver.answers.push({ status: 500, body: 'database down' });
    expect(await job.runOnce()).toEqual({ claimed: 1, delivered: 0 });
    expect(await job.runOnce()).toEqual({ claimed: 1, delivered: 1 });
    expect(await job.runOnce()).toEqual({ claimed: 0, delivered: 0 });
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.uniqueIds()).toHaveLength(1);
    expect(receiver.requests[1]!.body).toBe(receiver.requests[0]!.body);
    expect(receiver.requests.every((request) => signatureValid(secret, request))).toBe(true);

    const log = await admin.get(`/api/owner/webhooks/${endpointId}/deliveries`);
    expect(log.statusCode).toBe(200);
    const [delivery] = log.json().deliveries;
    expect(delivery).toMatchObject({ eventId: receiver.uniqueIds()[0], eventType: 'order.created', status: 'delivered', attempts: 2, nextAttemptAt: null, requestBody: receiver.requests[0]!.body });
    expect(delivery.attemptLog).toEqual([
      { attempt: 1, at: expect.any(Number), responseStatus: 500, responseBody: 'database down', durationMs: expect.any(Number), error: 'Answered 500.' },
      { attempt: 2, at: expect.any(Number), responseStatus: 200, responseBody: 'ok', durationMs: expect.any(Number), error: null },
    ]);

    const resend = await admin.post(`/api/owner/webhooks/${endpointId}/deliveries/${delivery.id}/resend`, {});
    expect(resend.statusCode, resend.body).toBe(202);
    expect(resend.json().delivery).toMatchObject({ eventId: delivery.eventId, status: 'pending', attempts: 0, attemptLog: [] });
    expect(await job.runOnce()).toEqual({ claimed: 1, delivered: 1 });
    expect(receiver.requests).toHaveLength(3);
    // A receiver de-duplicating by webhook-id processes the event once.
    expect(receiver.uniqueIds()).toHaveLength(1);
    expect((await admin.post(`/api/owner/webhooks/${endpointId}/deliveries/nope/resend`, {})).json().message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
  });

  it('does not follow a redirect: a 3xx is a failed attempt, and its Location is never asked', async () => {
    const { id: endpointId } = await addEndpoint(['order.created']);
    await placeOrder();
    receiver.answers.push({ status: 302, headers: { location: receiver.url('/elsewhere') } });
    expect(await job.runOnce()).toEqual({ claimed: 1, delivered: 0 });
    expect(receiver.requests.map((request) => request.path)).toEqual(['/hook']);
    const [delivery] = (await admin.get(`/api/owner/webhooks/${endpointId}/deliveries`)).json().deliveries;
    expect(delivery.status).toBe('pending');
    expect(delivery.attemptLog[0]).toMatchObject({ responseStatus: 302, error: 'Answered a redirect (302); redirects are not followed.' });
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const { id: endpointId, secret: oldSecret } = await addEndpoint(['order.created']);
    const rotated = await admin.post(`/api/owner/webhooks/${endpointId}/secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().secret;
    expect(newSecret).not.toBe(oldSecret);
    const graceUntil = rotated.json().endpoint.previousSecretValidUntil;
    expect(graceUntil - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(graceUntil - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await placeOrder();
    await job.runOnce();
    const [request] = receiver.requests;
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(signatureValid(newSecret, request!)).toBe(true);
    expect(signatureValid(oldSecret, request!)).toBe(true);
    // After the grace, only the new secret signs.
    await job.runOnce();
    await placeOrder();
    await new WebhookDeliveryJob(db(), { policy: outgoingPolicyOf({ allowPrivate: 'loopback' }), sealKey, intervalMs: 0 }).runOnce(graceUntil + 1);
    const last = receiver.requests.at(-1)!;
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(signatureValid(newSecret, last)).toBe(true);
    expect(signatureValid(oldSecret, last)).toBe(false);
  });

  it('writes nothing for a website without endpoints, and nothing when the order rolls back', async () => {
    await placeOrder();
    expect(await db().selectFrom('webhook_events').select('id').execute()).toEqual([]);
    await addEndpoint(['order.created']);
    // A refused order (an empty cart) rolls back with its event.
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    expect((await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'x@example.test' })).statusCode).toBe(400);
    expect(await db().selectFrom('webhook_events').select('id').execute()).toEqual([]);
  });

  it('switches an endpoint off after three days of failures and mails the admins, once', async () => {
    const { id: endpointId } = await addEndpoint(['order.created']);
    await placeOrder();
    await placeOrder('second@example.test');
    // Both deliveries were first due more than three days ago: the next failure is past the retry window.
    await db().updateTable('webhook_deliveries').set({ created_at: new Date(Date.now() - RETRY_WINDOW_MS - 60_000) }).where('endpoint_id', '=', endpointId).execute();
    receiver.answers.push({ status: 503 }, { status: 503 });
    expect(await appJob.runOnce()).toEqual({ claimed: 2, delivered: 0 });
    const endpoint = (await admin.get('/api/owner/webhooks')).json().endpoints[0];
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toBe('Deliveries failed for 3 days; the last attempt: Answered 503.');
    expect(await appJob.runOnce()).toEqual({ claimed: 0, delivered: 0 });
    const statuses = await db().selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', endpointId).execute();
    expect(statuses.map((row) => row.status)).toEqual(['failed', 'failed']);
    // One mail per admin (the role with webhooks:manage), however many deliveries gave up at once.
    const mails = await db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body', 'kind']).where('template', '=', 'webhook-endpoint-disabled').execute();
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(mails.length);
    expect(mails.every((mail) => /^admin-/.test(mail.to_address) && mail.kind === 'transactional')).toBe(true);
    expect(mails[0]!.subject).toBe(`A webhook endpoint of ${(await findDefaultWebsite(db()))!.site_title} was switched off`);
    expect(mails[0]!.text_body).toContain(`Deliveries to your webhook endpoint ${receiver.url()} failed for 3 days, so it was switched off`);
    expect(mails[0]!.text_body).toContain('/config/settings/webhooks');
    // Switching it on again clears the stop; a new event is delivered.
    const on = await admin.put(`/api/owner/webhooks/${endpointId}`, { url: receiver.url(), events: ['order.created'], enabled: true });
    expect(on.json().endpoint).toMatchObject({ enabled: true, disabledReason: null });
    await placeOrder();
    expect(await job.runOnce()).toEqual({ claimed: 1, delivered: 1 });
  });

  it('two jobs racing deliver each event once', async () => {
    await addEndpoint(['order.created', 'order.paid']);
    for (let index = 0; index < 3; index += 1) await placeOrder(`race-${index}@example.test`);
    const other = new WebhookDeliveryJob(db(), { policy: outgoingPolicyOf({ allowPrivate: 'loopback' }), sealKey, intervalMs: 0, batchSize: 2 });
    const mine = new WebhookDeliveryJob(db(), { policy: outgoingPolicyOf({ allowPrivate: 'loopback' }), sealKey, intervalMs: 0, batchSize: 2 });
    let rounds = 0;
    while (rounds < 10) {
      const [a, b] = await Promise.all([other.runOnce(), mine.runOnce()]);
      rounds += 1;
      if (a.claimed + b.claimed === 0) break;
    }
    expect(receiver.requests).toHaveLength(6);
    expect(receiver.uniqueIds()).toHaveLength(6);
  });

  it("sends at most three of one endpoint's deliveries in a round: its burst does not fill the round another waits behind", async () => {
    const busy = await addEndpoint(['order.created'], receiver.url('/busy'));
    for (let index = 0; index < 4; index += 1) await placeOrder(`burst-${index}@example.test`);
    const quiet = await addEndpoint(['order.paid'], receiver.url('/quiet'));
    await placeOrder('quiet@example.test');
    const round = new WebhookDeliveryJob(db(), { policy: outgoingPolicyOf({ allowPrivate: 'loopback' }), sealKey, intervalMs: 0, batchSize: 10 });
    // Five of the busy endpoint's are due (the fifth order's too) and one of the quiet one's: three and one are sent.
    expect(await round.runOnce()).toEqual({ claimed: 4, delivered: 4 });
    expect(receiver.requests.filter((request) => request.path === '/busy')).toHaveLength(3);
    expect(receiver.requests.filter((request) => request.path === '/quiet')).toHaveLength(1);
    expect(await round.runOnce()).toEqual({ claimed: 2, delivered: 2 });
    expect(busy.id).not.toBe(quiet.id);
  });
});

describe('SSRF guard', () => {
  it('refuses private, loopback, link-local and IPv6 loopback/ULA targets, and a name resolving to loopback, unless allowed', async () => {
    const dns = await LoopbackDnsServer.start();
    try {
      dns.set('hooks.example.test', { A: ['127.0.0.1'] });
      dns.set('mixed.example.test', { A: ['93.184.215.14', '10.0.0.7'] });
      const strict = { resolver: dnsDomainResolver({ servers: [dns.server], timeoutMs: 500, tries: 1 }), allowedTargets: parseAddressList('', 'test'), timeoutMs: 2000, maxBodyBytes: 1024 };
      const port = new URL(receiver.url()).port;
      const cases: Array<[string, string]> = [
        ['http://10.0.0.1/hook', '10.0.0.1 is a private, loopback, link-local or reserved address: webhooks are not sent there.'],
        [`http://127.0.0.1:${port}/hook`, '127.0.0.1 is a private, loopback, link-local or reserved address: webhooks are not sent there.'],
        ['http://169.254.169.254/latest', '169.254.169.254 is a private, loopback, link-local or reserved address: webhooks are not sent there.'],
        [`http://[::1]:${port}/hook`, '::1 is a private, loopback, link-local or reserved address: webhooks are not sent there.'],
        ['http://[fd12::1]/hook', 'fd12::1 is a private, loopback, link-local or reserved address: webhooks are not sent there.'],
        [`http://hooks.example.test:${port}/hook`, 'hooks.example.test points to 127.0.0.1, a private, loopback, link-local or reserved address: webhooks are not sent there.'],
        ['http://mixed.example.test/hook', 'mixed.example.test points to 10.0.0.7, a private, loopback, link-local or reserved address: webhooks are not sent there.'],
      ];
      for (const [url, reason] of cases) {
        const outcome = await postWebhook(url, '{}', {}, strict, 100);
        expect(outcome, url).toMatchObject({ status: null, error: reason });
      }
      expect(receiver.requests).toEqual([]);
      // The operator's allowance (WEBHOOKS_ALLOW_PRIVATE=loopback): the name is resolved once and that address is used.
      const allowed = await postWebhook(`http://hooks.example.test:${port}/hook`, '{"a":1}', { 'webhook-id': 'msg_x' }, { ...strict, allowedTargets: parseAddressList('loopback', 'test') }, 100);
      expect(allowed).toMatchObject({ status: 200, body: 'ok', error: null });
      expect(receiver.requests[0]!.headers.host).toBe(`hooks.example.test:${port}`);
      expect(dns.questions.filter((question) => question === 'A hooks.example.test')).toHaveLength(2);
    } finally {
      await dns.close();
    }
  });

  it('refuses a loopback endpoint when the operator did not allow it', async () => {
    const website = (await findDefaultWebsite(db()))!;
    const strictParts = { sealKey, allowedTargets: parseAddressList('', 'test') };
    for (const url of ['http://127.0.0.1:9/hook', 'http://[::1]/hook', 'http://localhost/hook']) {
      await expect(createWebhookEndpoint(db(), website, systemActor('test'), { url, events: ['order.paid'] }, strictParts), url).rejects.toMatchObject({
        kind: 'invalid',
        errors: { url: WEBHOOK_MESSAGES.urlNotPublic },
      });
    }
  });

  it('does not send a body over 256 KB, and gives up on an answer after the deadline', async () => {
    const policy = outgoingPolicyOf({ allowPrivate: 'loopback' });
    expect(policy).toMatchObject({ timeoutMs: 10_000, maxBodyBytes: 262_144 });
    const big = await postWebhook(receiver.url(), 'x'.repeat(262_145), {}, policy, 100);
    expect(big).toMatchObject({ status: null, error: 'The event is larger than 262144 bytes; it is not sent.' });
    expect(receiver.requests).toEqual([]);
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await postWebhook(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, '{}', {}, { ...policy, timeoutMs: 200 }, 100);
      expect(outcome).toMatchObject({ status: null, error: 'No answer within 0.2 s.' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
