// databases: both — several server processes on one database
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres } from './db/database';
import { loadMigrations } from './db/migrate';
import { DEMO_PRODUCTS } from './catalog/demo-store';
import { createEmptyPostgresDatabase } from './db/testing';
import { demoProductId } from './testing';
import { startServerProcess, stopServerProcess, type ServerProcess } from './reliability/server-process';
import { systemActor } from './actor';
import { findDefaultWebsite, updateWebsiteSettings } from './websites';
import { newId } from './ids';

const serverUrl = process.env.TEST_DATABASE_URL;
const RATE_LIMIT_MAX = 8;

if (!serverUrl) {
  console.info('multi-process.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:54329/postgres).');
}

const startServer = (databaseUrl: string) =>
  startServerProcess({
    // The abandoned-cart job every 150 ms, so both processes race for the same due carts.
    env: { DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: String(RATE_LIMIT_MAX), RATE_LIMIT_WINDOW_MS: '3600000', MAX_CONNECTIONS_PER_ADDRESS: '64', ABANDONED_CART_INTERVAL_MS: '150' },
    timeoutMs: 60_000,
  });
const stopServer = stopServerProcess;

/** A browser's cookie jar over fetch, talking to whichever process it is pointed at. */
class Browser {
  cookies = new Map<string, string>();

  /** The Cookie header it sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(base: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
    // Pages set no cookie: the first change asks for the crumb, as the storefront does.
    if (method !== 'GET' && !this.cookies.has('crumb')) await this.call(base, 'GET', '/api/crumb');
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('crumb')) headers['x-csrf-token'] = this.cookies.get('crumb')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (value) this.cookies.set(pair.slice(0, index), value);
      else this.cookies.delete(pair.slice(0, index));
    }
    const text = await response.text();
    return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : text };
  }
}

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL behave as one server', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    // An empty database: both processes start at once, so both try to migrate and seed it.
    database = await createEmptyPostgresDatabase(serverUrl!);
    [a, b] = await Promise.all([startServer(database.url), startServer(database.url)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.drop();
  });

  it('migrate and seed an empty database exactly once when they start together', async () => {
    const check = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    try {
      const counts = await sql<{ websites: number; products: number; migrations: number }>`
        SELECT (SELECT count(*) FROM websites)::int AS websites,
               (SELECT count(*) FROM products)::int AS products,
               (SELECT count(*) FROM schema_migrations)::int AS migrations`.execute(check.db);
      expect(counts.rows[0]).toEqual({ websites: 1, products: DEMO_PRODUCTS.length, migrations: loadMigrations().length });
    } finally {
      await check.close();
    }
  });

  const addSticker = (browser: Browser, server: ServerProcess) =>
    browser.call(server.base, 'POST', '/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });

  it('share crumbs and carts: a crumb from A is accepted by B, a cart made on B is seen on A', async () => {
    const browser = new Browser();
    await browser.call(a!.base, 'GET', '/api/crumb');
    expect(browser.cookies.get('crumb')).toBeTruthy();
    const added = await addSticker(browser, b!);
    expect(added.status).toBe(200);
    const cartOnA = await browser.call(a!.base, 'GET', '/api/commerce/shopping-cart');
    expect(cartOnA.json).toMatchObject({ id: added.json.shoppingCart.id, totalQuantity: 1 });
    const forged = new Browser();
    forged.cookies.set('crumb', 'made.up');
    forged.cookies.set('vitrine_crumb_key', 'made-up-key-0000000000');
    expect((await addSticker(forged, a!)).status).toBe(403);
  });

  it('share rate-limit counters: the limit applies to the sum of calls on both', async () => {
    const browser = new Browser();
    await browser.call(a!.base, 'GET', '/shop');
    // Every call here comes from 127.0.0.1, one visitor; the first test's calls count too (2 so far).
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX - 2; i++) statuses.push((await addSticker(browser, i % 2 === 0 ? a! : b!)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const onA = await addSticker(browser, a!);
    const onB = await addSticker(browser, b!);
    expect([onA.status, onB.status]).toEqual([429, 429]);
    expect(onB.json).toEqual({ message: 'Please try again in a few seconds.' });
  });

  it('see a settings change made by another process within a second, without a restart', async () => {
    // This test process is the other process: it changes the setting through the websites service.
    const writer = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    try {
      const website = await findDefaultWebsite(writer.db);
      const minimumOn = (server: ServerProcess) =>
        new Browser().call(server.base, 'GET', '/cart?format=json').then((page) => page.json.websiteSettings.storeSettings.minimumOrderSubtotalCents);
      expect(await minimumOn(a!)).toBeNull();
      const changedAt = Date.now();
      await updateWebsiteSettings(writer.db, website!, systemActor('test'), { minimumOrderSubtotalCents: 4200 });
      const seenAfter: number[] = [];
      for (const server of [a!, b!]) {
        while ((await minimumOn(server)) !== 4200) {
          if (Date.now() - changedAt > 5_000) throw new Error('the change was not seen within 5 s');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        seenAfter.push(Date.now() - changedAt);
      }
      expect(Math.max(...seenAfter)).toBeLessThan(1_000);
      await updateWebsiteSettings(writer.db, website!, systemActor('test'), { minimumOrderSubtotalCents: null });
    } finally {
      await writer.close();
    }
  });

  it('send each abandoned cart one reminder while both run the reminder job (issue 38)', async () => {
    // Carts written directly (the visitor's rate limit is spent above): left two hours ago with an email given at
    // checkout, on a site that switched one-hour reminders on three hours ago — all due in both processes' next round.
    const writer = openPostgres({ connectionString: database!.url, maxConnections: 1 });
    try {
      const db = writer.db;
      const website = (await findDefaultWebsite(db))!;
      const sticker = await db.selectFrom('variants').select(['id', 'product_id']).where('website_id', '=', website.id).where('sku', '=', 'STICKERS').executeTakeFirstOrThrow();
      const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
      const emails = Array.from({ length: 12 }, (_, index) => `left-${index}@processes.test`);
      for (const email of emails) {
        const cartId = newId();
        await db.insertInto('carts').values({ id: cartId, website_id: website.id, token: newId(), site_user_id: null, order_id: null, created_at: hoursAgo(3), updated_at: hoursAgo(2), checkout: JSON.stringify({ email }) }).execute();
        await db.insertInto('cart_entries').values({ id: newId(), website_id: website.id, cart_id: cartId, product_id: sticker.product_id, variant_id: sticker.id, quantity: 1, additional_fields: null, created_at: hoursAgo(3) }).execute();
      }
      await db.insertInto('abandoned_cart_settings').values({ website_id: website.id, delay_hours: 1, enabled_at: hoursAgo(3), updated_at: new Date() }).execute();
      const deadline = Date.now() + 15_000;
      const settled = async () => {
        const rows = await db.selectFrom('abandoned_cart_reminders').select('status').where('email', 'like', '%@processes.test').execute();
        return rows.length === emails.length && rows.every((row) => row.status !== 'queued');
      };
      while (!(await settled())) {
        if (Date.now() > deadline) throw new Error('the reminders were not all sent within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const mails = await db.selectFrom('mail_outbox').select('to_address').where('template', '=', 'abandoned-cart').where('to_address', 'like', '%@processes.test').execute();
      expect(mails.map((mail) => mail.to_address).sort()).toEqual([...emails].sort());
      const statuses = await db.selectFrom('abandoned_cart_reminders').select('status').where('email', 'like', '%@processes.test').execute();
      expect(statuses.every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await writer.close();
    }
  });

  it('finish a request in flight on SIGTERM, then exit 0', async () => {
    const browser = new Browser();
    await browser.call(b!.base, 'GET', '/api/crumb');
    const body = JSON.stringify({ itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const port = Number(new URL(b!.base).port);
    // From another loopback address: a visitor whose rate limit is not spent yet.
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Headers and half the body: the request is in flight when the signal arrives.
    socket.write(
      `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: ${browser.cookieHeader()}\r\n` +
        `X-CSRF-Token: ${browser.cookies.get('crumb')}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const exited = stopServer(b);
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"newlyAdded"');
    expect(await exited).toBe(0);
    expect(await stopServer(a)).toBe(0);
  });
});
