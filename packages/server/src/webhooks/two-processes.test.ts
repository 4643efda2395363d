// databases: both — two server processes on one PostgreSQL claim the webhook queue with SKIP LOCKED
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../actor';
import { openPostgres } from '../db/database';
import { createEmptyPostgresDatabase } from '../db/testing';
import { loadServerSecret } from '../http/server-secrets';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../reliability/server-process';
import { demoProductId, TEST_SHIPPING_ADDRESS } from '../testing';
import { findDefaultWebsite, parseAddressList } from '../websites';
import { createWebhookEndpoint } from './service';
import { webhookSealKeyFrom } from './signing';

// Two processes (main.ts, as `npm start` runs) share one PostgreSQL: each runs its delivery job every 100 ms, and every
// event placed through either reaches the receiver once. PGlite is one process's embedded database, so this file needs
// PostgreSQL (TEST_DATABASE_URL); without it it says so and skips, like multi-process.test.ts.

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('webhooks/two-processes.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL.');

const ORDERS = 6;

/** A shopper's calls over fetch: the crumb cookie first, as the storefront does. */
async function placeOrder(base: string, email: string): Promise<void> {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (method !== 'GET') headers['x-csrf-token'] = cookies.get('crumb') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: response.status, text: await response.text() };
  };
  await call('GET', '/api/crumb');
  const added = await call('POST', '/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });
  if (added.status !== 200) throw new Error(`add: ${added.status} ${added.text}`);
  const placed = await call('POST', '/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${placed.text}`);
}

describe.skipIf(!serverUrl)('two server processes deliver each webhook event once', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const ids: string[] = [];
  const receiver = http.createServer((request, response) => {
    ids.push(String(request.headers['webhook-id']));
    request.resume();
    request.on('end', () => response.writeHead(200).end('ok'));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    database = await createEmptyPostgresDatabase(serverUrl!);
    const env = { DATABASE_URL: database.url, WEBHOOKS_ALLOW_PRIVATE: 'loopback', WEBHOOKS_INTERVAL_MS: '100', MAX_CONNECTIONS_PER_ADDRESS: '64', RATE_LIMIT_MAX: '1000' };
    a = await startServerProcess({ env, timeoutMs: 60_000 });
    b = await startServerProcess({ env, timeoutMs: 60_000 });
    const check = openPostgres({ connectionString: database.url, maxConnections: 1 });
    try {
      const website = (await findDefaultWebsite(check.db))!;
      const sealKey = webhookSealKeyFrom(await loadServerSecret(check.db, 'webhooks'));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      await createWebhookEndpoint(check.db, website, systemActor('test'), { url, events: ['order.created', 'order.paid'] }, { sealKey, allowedTargets: parseAddressList('loopback', 'test') });
    } finally {
      await check.close();
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await new Promise((resolve) => receiver.close(resolve));
    await database?.drop();
  });

  it(`sends the ${ORDERS * 2} events of ${ORDERS} orders placed through both, each once`, async () => {
    await Promise.all(Array.from({ length: ORDERS }, (_, index) => placeOrder((index % 2 === 0 ? a : b)!.base, `two-${index}@example.test`)));
    const until = Date.now() + 30_000;
    while (ids.length < ORDERS * 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    // A few more rounds of both jobs: nothing else may come.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ids).toHaveLength(ORDERS * 2);
    expect(new Set(ids).size).toBe(ORDERS * 2);
    const check = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    try {
      const statuses = await check.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
      expect(statuses).toHaveLength(ORDERS * 2);
      expect(statuses.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
    } finally {
      await check.close();
    }
  });
});
