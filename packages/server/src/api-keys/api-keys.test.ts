// databases: one — key rules and the feed answers; no lock, race or transaction of its own
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API_KEY_MESSAGES, CRUMB_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { API_KEY_RATE_LIMIT_MESSAGE } from './key-rate-limit';
import { API_KEY_SERVICE_MESSAGES } from './service';

let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

async function createKey(scopes: string[], by: TestVisitor = admin, name = 'Warehouse sync'): Promise<{ id: string; secret: string }> {
  const answer = await by.post('/api/owner/api-keys', { name, scopes });
  expect(answer.statusCode, answer.body).toBe(201);
  return { id: answer.json().apiKey.id, secret: answer.json().secret };
}

/** A headless client: the key in the Authorization header, no cookies, no crumb. */
function withKey(secret: string, options: InjectOptions, target: TestServer = server) {
  return target.app.inject({ ...options, headers: { authorization: `Bearer ${secret}`, ...(options.headers as Record<string, string>) }, remoteAddress: '10.9.9.9' });
}

async function placeOrder(email: string): Promise<string> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
  return (await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email })).json().order.id;
}

describe('creating and listing keys', () => {
  it('shows the secret once (vk_…), stores only its SHA-256 and a display prefix, and never lists it', async () => {
    const answer = await admin.post('/api/owner/api-keys', { name: 'Reporting sheet', scopes: ['orders:read', 'catalog:read'] });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { apiKey, secret } = answer.json();
    expect(secret).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({ id: expect.any(String), name: 'Reporting sheet', prefix: `${secret.slice(0, 11)}…`, scopes: ['orders:read', 'catalog:read'], created: expect.any(Number), lastUsed: null });

    const row = await db().selectFrom('api_keys').selectAll().where('id', '=', apiKey.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(11));

    const list = await admin.get('/api/owner/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(11));
    expect(list.json().apiKeys).toContainEqual(apiKey);
  });

  it('refuses bad names and scopes with field errors, writing nothing', async () => {
    const before = (await db().selectFrom('api_keys').select('id').execute()).length;
    const cases: Array<[unknown, string]> = [
      [{ name: '', scopes: ['orders:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['orders:read'] }, 'name'],
      [{ name: 'a\u0000b', scopes: ['orders:read'] }, ''],
      [{ name: 'ok', scopes: [] }, 'scopes'],
      [{ name: 'ok', scopes: ['orders:delete'] }, 'scopes'],
      [{ name: 'ok', scopes: ['orders:read', 'orders:read'] }, 'scopes'],
      [{ name: 'ok', scopes: 'orders:read' }, 'scopes'],
      [{ name: 'ok' }, 'scopes'],
      [{ name: 'ok', scopes: ['orders:read'], secret: 'vk_mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const answer = await admin.post('/api/owner/api-keys', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const blank = await admin.post('/api/owner/api-keys', { name: '   ', scopes: ['orders:read'] });
    expect(blank.json()).toEqual({ message: API_KEY_MESSAGES.name, errors: { name: API_KEY_MESSAGES.name } });
    expect((await db().selectFrom('api_keys').select('id').execute()).length).toBe(before);
  });

  it('a key gets at most its creator\'s permissions; roles without api-keys:manage cannot make keys', async () => {
    const websiteManager = await ownerVisitor(server, 'websiteManager');
    const beyond = await websiteManager.post('/api/owner/api-keys', { name: 'Too much', scopes: ['orders:read', 'contributors:manage'] });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.scopeBeyondCreator });
    await createKey(['orders:read'], websiteManager);
    const storeManager = await ownerVisitor(server, 'storeManager');
    const refused = await storeManager.post('/api/owner/api-keys', { name: 'Mine', scopes: ['orders:read'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
  });
});

describe('calling the owner API with a key', () => {
  it('answers within its scopes, 403 outside them, with no cookies, crumb or XSRF header', async () => {
    const { secret } = await createKey(['orders:read']);
    const current = await withKey(secret, { method: 'GET', url: '/api/owner/api-keys/current' });
    expect(current.statusCode).toBe(200);
    expect(current.json().apiKey).toMatchObject({ name: 'Warehouse sync', scopes: ['orders:read'] });
    const orders = await withKey(secret, { method: 'GET', url: '/api/owner/orders?limit=5' });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(Object.keys(orders.json())).toEqual(['orders', 'nextCursor']);

    const list = await withKey(secret, { method: 'GET', url: '/api/owner/api-keys' });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: OWNER_MESSAGES.keyScopeMissing });
    const orderId = await placeOrder('key-scope@keys.test');
    const fulfil = await withKey(secret, { method: 'POST', url: `/api/owner/orders/${orderId}/fulfil`, payload: {} });
    expect(fulfil.statusCode).toBe(403);
    expect(fulfil.json()).toEqual({ message: OWNER_MESSAGES.keyScopeMissing });
    expect((await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('placed');

    const me = await withKey(secret, { method: 'GET', url: '/api/owner/me' });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ message: OWNER_MESSAGES.apiKeyHasNoAccount });
  });

  it('changes what its scopes allow, and the history names the key', async () => {
    const { secret } = await createKey(['orders:read', 'orders:write'], admin, 'Fulfilment robot');
    const orderId = await placeOrder('key-write@keys.test');
    const fulfil = await withKey(secret, { method: 'POST', url: `/api/owner/orders/${orderId}/fulfil`, payload: { note: 'Shipped by the robot' } });
    expect(fulfil.statusCode, fulfil.body).toBe(200);
    expect(fulfil.json().order.history).toEqual([
      { kind: 'fulfilled', at: expect.any(Number), amount: null, by: `API key ${secret.slice(0, 11)}…`, note: 'Shipped by the robot' },
    ]);
  });

  it('a key with api-keys:manage may make keys, never with more than its own scopes', async () => {
    const { secret } = await createKey(['api-keys:manage', 'orders:read']);
    const narrower = await withKey(secret, { method: 'POST', url: '/api/owner/api-keys', payload: { name: 'Child', scopes: ['orders:read'] } });
    expect(narrower.statusCode, narrower.body).toBe(201);
    const wider = await withKey(secret, { method: 'POST', url: '/api/owner/api-keys', payload: { name: 'Child', scopes: ['orders:write'] } });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.scopeBeyondCreator });
  });

  it('refuses a malformed, unknown or deleted key with a 401, and a key sent with cookies with a 400', async () => {
    const { id, secret } = await createKey(['orders:read']);
    for (const header of ['Bearer nope', `Bearer vk_${randomBytes(32).toString('base64url')}`, 'Bearer ', `bearer ${secret}x`]) {
      const answer = await server.app.inject({ method: 'GET', url: '/api/owner/orders', headers: { authorization: header } });
      expect(answer.statusCode, header).toBe(401);
      expect(answer.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.notValid });
    }
    const lowercase = await server.app.inject({ method: 'GET', url: '/api/owner/orders', headers: { authorization: `bearer ${secret}` } });
    expect(lowercase.statusCode).toBe(200);

    // Cookies beside a key: two identities; refused whatever the cookies are, and the crumb still guards changes.
    const withCookies = await withKey(secret, { method: 'GET', url: '/api/owner/orders', headers: { cookie: 'CART=abc' } });
    expect(withCookies.statusCode).toBe(400);
    expect(withCookies.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.withCookies });
    const changeWithCookies = await withKey(secret, { method: 'POST', url: '/api/owner/api-keys', payload: { name: 'x', scopes: ['orders:read'] }, headers: { cookie: 'CART=abc' } });
    expect(changeWithCookies.statusCode).toBe(403);
    expect(changeWithCookies.json()).toMatchObject({ message: CRUMB_MESSAGES.sessionExpired, crumbFail: true });
    const adminCookies = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const sessionAndKey = await withKey(secret, {
      method: 'POST',
      url: '/api/owner/api-keys',
      payload: { name: 'x', scopes: ['orders:read'] },
      headers: { cookie: adminCookies, 'x-csrf-token': admin.crumb!, 'x-siteuser-xsrf-token': admin.siteUserXsrfToken! },
    });
    expect(sessionAndKey.statusCode).toBe(400);
    expect(sessionAndKey.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.withCookies });

    const deleted = await admin.delete(`/api/owner/api-keys/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    const after = await withKey(secret, { method: 'GET', url: '/api/owner/orders' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.notValid });
    expect((await admin.delete(`/api/owner/api-keys/${id}`)).statusCode).toBe(404);
  });

  it('is an owner-API credential only: elsewhere the header changes nothing and the crumb is still required', async () => {
    const { secret } = await createKey(['orders:read']);
    const add = await withKey(secret, { method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 } });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ crumbFail: true });
    const current = await admin.get('/api/owner/api-keys/current');
    expect(current.statusCode).toBe(404);
    expect(current.json()).toEqual({ message: API_KEY_SERVICE_MESSAGES.notAnApiKey });
  });

  it('records last use at most once a minute', async () => {
    const { id, secret } = await createKey(['orders:read']);
    const lastUsed = async () => (await db().selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    expect(await lastUsed()).toBeNull();
    await withKey(secret, { method: 'GET', url: '/api/owner/api-keys/current' });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await withKey(secret, { method: 'GET', url: '/api/owner/api-keys/current' });
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    await db().updateTable('api_keys').set({ last_used_at: new Date(Date.now() - 61_000) }).where('id', '=', id).execute();
    const answer = await withKey(secret, { method: 'GET', url: '/api/owner/api-keys/current' });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(answer.json().apiKey.lastUsed).toBeGreaterThan(Date.now() - 61_000 - 1000);
  });
});

describe('the per-key rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await openTestServer({ apiKeyRateLimit: { max: 3, windowMs: 60_000 } });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('counts every method, reads included, per key: past the limit 429 with Retry-After; another key is not held', async () => {
    const owner = await ownerVisitor(limited, 'admin');
    const create = async () => (await owner.post('/api/owner/api-keys', { name: 'Busy', scopes: ['orders:read'] })).json().secret as string;
    const busy = await create();
    const other = await create();
    for (let call = 1; call <= 3; call++) expect((await withKey(busy, { method: 'GET', url: '/api/owner/orders' }, limited)).statusCode).toBe(200);
    const held = await withKey(busy, { method: 'GET', url: '/api/owner/orders' }, limited);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ message: API_KEY_RATE_LIMIT_MESSAGE });
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await withKey(other, { method: 'GET', url: '/api/owner/orders' }, limited)).statusCode).toBe(200);
  });
});
