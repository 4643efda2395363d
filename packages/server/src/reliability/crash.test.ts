// databases: both — kill -9 inside transactions: nothing acknowledged lost
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite } from '../demo-site';
import { openDatabaseFromEnv, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import type { Database } from '../db/schema';
import { createEmptyPostgresDatabase } from '../db/testing';
import { TEST_SHIPPING_ADDRESS, demoProductId } from '../testing';
import { DEMO_WEBSITE } from '../catalog';
import { stableId } from '../ids';
import { CRASH_WRITES, timeLimit } from './config';
import { HttpVisitor, killServerProcess, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

/*
 * kill -9 under a write load. Promised: every write the server acknowledged (a 2xx: a cart entry, an
 * order, a form submission) is there after a restart on the same data; stock and orders agree (what was sold is what left
 * stock, so no half-done checkout survives); the restarted server takes over the dead process's data
 * (PGlite lock file, PostgreSQL row locks) and works.
 */

const ENTRIES = '/api/commerce/shopping-cart/entries';
const ORDERS = '/api/commerce/orders';
const NEWSLETTER_FORM_ID = stableId(`form:${DEMO_WEBSITE.identifier}:newsletter`);
const STOCKED = ['TOTE', 'BLANKET', 'SHIRT-S-WHITE'] as const;
const INITIAL_STOCK = 1_000_000;

/** What the server acknowledged: entry id → the quantity the last 2xx answer showed; order ids. */
interface Ledger {
  entries: Map<string, number>;
  orders: Set<string>;
  /** The addresses of newsletter sign-ups the server answered 'received'. */
  submissions: Set<string>;
  /** 2xx writes so far. */
  acknowledged: number;
  failures: string[];
}

const newLedger = (): Ledger => ({ entries: new Map(), orders: new Set(), submissions: new Set(), acknowledged: 0, failures: [] });

function record(ledger: Ledger, status: number, body: any): void {
  if (status >= 500) ledger.failures.push(`${status} ${JSON.stringify(body)}`);
  if (status === 200 && body?.newlyAdded) {
    const entry = body.shoppingCart.entries.find((one: { id: string }) => one.id === body.newlyAdded.id);
    ledger.entries.set(body.newlyAdded.id, entry?.quantity ?? body.newlyAdded.quantity);
    ledger.acknowledged++;
  }
  if (status === 201 && body?.order?.id) {
    ledger.orders.add(body.order.id);
    ledger.acknowledged++;
  }
}

/** The footer's newsletter form, as a browser sends it: a key first, then the submission with it. */
async function signUp(base: string, visitor: HttpVisitor, ledger: Ledger, email: string): Promise<void> {
  const key = await visitor.call(base, 'POST', '/api/form/FormSubmissionKey', {});
  if (key.status >= 500) ledger.failures.push(`${key.status} ${JSON.stringify(key.body)}`);
  if (key.status !== 200) return;
  const form = JSON.stringify({ 'newsletter-email': email });
  const answer = await visitor.call(base, 'POST', '/api/form/SaveFormSubmission', { key: key.body.key, formId: NEWSLETTER_FORM_ID, form });
  if (answer.status >= 500) ledger.failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
  if (answer.status === 200 && answer.body?.status === 'received') {
    ledger.submissions.add(email);
    ledger.acknowledged++;
  }
}

const LINES: Array<[slug: string, sku: string]> = [
  ['canvas-tote', 'TOTE'],
  ['wool-blanket', 'BLANKET'],
  ['linen-shirt', 'SHIRT-S-WHITE'],
  ['sticker-pack', 'STICKERS'],
];

/**
 * A shopper after another: load a page, add two or three lines (one twice, which raises its quantity),
 * check out every other cart. Stops at the first network error (the server is gone) or when told to.
 */
async function shopUntilStopped(base: () => string, ledger: Ledger, worker: number, stop: { now: boolean }, lines = LINES): Promise<void> {
  for (let round = 0; !stop.now; round++) {
    const visitor = new HttpVisitor();
    try {
      await visitor.visit(base());
      for (let line = 0; line < 3 && !stop.now; line++) {
        const [slug, sku] = lines[(worker + round + line) % lines.length];
        const answer = await visitor.call(base(), 'POST', ENTRIES, { itemId: demoProductId(slug), sku, quantity: 1 + (line % 2) });
        record(ledger, answer.status, answer.body);
      }
      if ((worker + round) % 2 === 0 && !stop.now) {
        const answer = await visitor.call(base(), 'POST', ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: `crash-${worker}-${round}@example.com` });
        record(ledger, answer.status, answer.body);
      }
      // The newsletter allows a form 120 sign-ups in 10 minutes: beyond, a 429 acknowledges nothing.
      if ((worker + round) % 3 === 0 && !stop.now) await signUp(base(), visitor, ledger, `crash-news-${worker}-${round}@example.com`);
    } catch {
      return;
    }
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every acknowledged write is there; what was sold is what left stock. */
async function checkLedger(db: Kysely<Database>, ledger: Ledger): Promise<void> {
  const entryIds = [...ledger.entries.keys()];
  const rows = entryIds.length ? await db.selectFrom('cart_entries').select(['id', 'quantity']).where('id', 'in', entryIds).execute() : [];
  const stored = new Map(rows.map((row) => [row.id, row.quantity]));
  const lostEntries = entryIds.filter((id) => !stored.has(id));
  expect(lostEntries, 'acknowledged cart entries missing after the restart').toEqual([]);
  for (const [id, quantity] of ledger.entries) expect(stored.get(id), `entry ${id} quantity`).toBeGreaterThanOrEqual(quantity);

  const orderIds = [...ledger.orders];
  const orders = orderIds.length ? await db.selectFrom('orders').select('id').where('id', 'in', orderIds).execute() : [];
  const found = new Set(orders.map((order) => order.id));
  expect(orderIds.filter((id) => !found.has(id)), 'acknowledged orders missing after the restart').toEqual([]);

  const emails = [...ledger.submissions];
  expect(emails.length, 'newsletter sign-ups acknowledged before the kill').toBeGreaterThan(0);
  const kept = emails.length
    ? await db.selectFrom('form_submissions').select(sql<string>`answers->>'newsletter-email'`.as('email')).where('form_id', '=', NEWSLETTER_FORM_ID).execute()
    : [];
  const keptEmails = new Set(kept.map((row) => row.email));
  expect(emails.filter((email) => !keptEmails.has(email)), 'acknowledged form submissions missing after the restart').toEqual([]);

  for (const sku of STOCKED) {
    const left = (await db.selectFrom('variants').select('qty_in_stock').where('sku', '=', sku).executeTakeFirstOrThrow()).qty_in_stock;
    const sold = await db.selectFrom('order_items').select(db.fn.sum<number>('quantity').as('n')).where('sku', '=', sku).executeTakeFirstOrThrow();
    expect(INITIAL_STOCK - left, `${sku}: stock taken = units sold`).toBe(Number(sold.n ?? 0));
  }
  const orphans = await db
    .selectFrom('orders')
    .leftJoin('order_items', 'order_items.order_id', 'orders.id')
    .select('orders.id')
    .where('order_items.id', 'is', null)
    .execute();
  expect(orphans, 'orders without lines').toEqual([]);
}

async function setStockEverywhere(db: Kysely<Database>): Promise<void> {
  await db.updateTable('variants').set({ qty_in_stock: INITIAL_STOCK }).where('sku', 'in', [...STOCKED]).execute();
}

/** The restarted server works: a new cart and its checkout. */
async function checkWorks(base: string): Promise<void> {
  const visitor = new HttpVisitor();
  await visitor.visit(base);
  expect((await visitor.call(base, 'POST', ENTRIES, { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 })).status).toBe(200);
  expect((await visitor.call(base, 'POST', ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'after-restart@example.com' })).status).toBe(201);
}

const WORKERS = 6;

const serverUrl = process.env.TEST_DATABASE_URL;

// The PGlite crash needs no test database, so it runs once, in the PGlite pass of `npm test`.
describe.skipIf(Boolean(serverUrl))('kill -9 on PGlite (DATA_DIR)', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-crash-'));
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps every acknowledged write, and the restart takes over the dead process lock',
    async () => {
      // Migrated, seeded and stocked here first, as a deployment's first start would.
      const setup = await openDatabaseFromEnv({ DATA_DIR: dataDir });
      await migrate(setup.db);
      await seedDemoSite(setup.db);
      await setStockEverywhere(setup.db);
      await setup.close();

      server = await startServerProcess({ env: { DATA_DIR: dataDir } });
      const first = server;
      const ledger = newLedger();
      const stop = { now: false };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, worker) => shopUntilStopped(() => first.base, ledger, worker, stop)));
      await waitFor(() => ledger.acknowledged >= CRASH_WRITES / 2 || first.child.exitCode !== null, 'half the writes');
      // Requests are in flight: every worker loops without pause.
      const killed = killServerProcess(first);
      // A supervisor restarts at once; the dead process's lock file is still there.
      const restart = startServerProcess({ env: { DATA_DIR: dataDir } });
      await killed;
      stop.now = true;
      await load;
      expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).not.toBe('');
      server = await restart;
      expect(ledger.failures).toEqual([]);
      await checkWorks(server.base);
      expect(await stopServerProcess(server)).toBe(0);
      server = undefined;

      const after = await openDatabaseFromEnv({ DATA_DIR: dataDir });
      try {
        await checkLedger(after.db, ledger);
      } finally {
        await after.close();
      }
      console.info(
        `crash (PGlite): ${ledger.entries.size} entries, ${ledger.orders.size} orders and ${ledger.submissions.size} sign-ups acknowledged before kill -9; all present`,
      );
    },
    timeLimit(90_000, 600_000),
  );

  // A server started while the previous one is still shutting down (finishing a request after SIGTERM,
  // up to 10 s) waits for the lock (db/database.ts lockDataDir) rather than refusing: a supervisor that
  // restarts without waiting for the exit would otherwise get a crash loop.
  it(
    'a server started while the previous one is still shutting down waits for the lock instead of refusing',
    async () => {
      const old = await startServerProcess({ env: { DATA_DIR: dataDir } });
      // A request in flight (past the crumb check, its body not sent yet): the old process keeps running
      // until it is answered.
      const visitor = new HttpVisitor();
      await visitor.call(old.base, 'GET', '/api/crumb');
      const crumb = visitor.cookies.get('crumb')!;
      const socket = net.connect({ port: old.port, host: '127.0.0.1' });
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/commerce/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n` +
          `Cookie: ${visitor.cookieHeader()}\r\nX-CSRF-Token: ${crumb}\r\n\r\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const oldExit = stopServerProcess(old);
      // The request stays open until the new process has started or given up, so the old one is alive
      // (shutting down) when the new one looks at the lock; it ends at the latest when main.ts's 10 s
      // shutdown limit exits it.
      const next = startServerProcess({ env: { DATA_DIR: dataDir }, timeoutMs: 30_000 });
      try {
        server = await next;
        expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      } finally {
        socket.end('{}');
        await oldExit;
      }
    },
    timeLimit(60_000),
  );

  // After a container restart pids start again from 1, so the dead server's pid may belong to another
  // live process: the lock file names its owner's start time too, so a reused pid is not taken for it.
  it(
    'starts when the stale lock names a pid now used by another, unrelated live process (pid reuse after a restart)',
    async () => {
      // The previous test's server goes first: this one overwrites its lock file, so it would be left running.
      if (server) await stopServerProcess(server);
      server = undefined;
      const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        // A lock left by a server before a restart: the same pid number, but that server's start time.
        writeFileSync(path.join(dataDir, 'pglite.lock'), `${unrelated.pid} 1`);
        server = await startServerProcess({ env: { DATA_DIR: dataDir }, timeoutMs: 30_000 });
        expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      } finally {
        unrelated.kill('SIGKILL');
      }
    },
    timeLimit(60_000),
  );
});

if (!serverUrl) console.info('crash.test.ts: the PostgreSQL crash needs TEST_DATABASE_URL.');

describe.skipIf(!serverUrl)('kill -9 on PostgreSQL, mid-transaction', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let holder: pg.Client | undefined;
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    await holder?.end().catch(() => undefined);
    await database?.drop();
  });

  it(
    'keeps every acknowledged write; checkouts killed inside their transaction leave nothing behind',
    async () => {
      database = await createEmptyPostgresDatabase(serverUrl!);
      server = await startServerProcess({ env: { DATABASE_URL: database.url } });
      const first = server;
      const check = openPostgres({ connectionString: database.url, maxConnections: 2 });
      try {
        await setStockEverywhere(check.db);
        const blanketBefore = INITIAL_STOCK;

        const blockedVisitors = await Promise.all(
          [0, 1, 2].map(async () => {
            const visitor = new HttpVisitor();
            await visitor.visit(first.base);
            for (const [slug, sku] of [['canvas-tote', 'TOTE'], ['wool-blanket', 'BLANKET']]) {
              expect((await visitor.call(first.base, 'POST', ENTRIES, { itemId: demoProductId(slug), sku, quantity: 1 })).status).toBe(200);
            }
            return visitor;
          }),
        );
        // Another session holds the blanket's stock row (NO KEY UPDATE: the checkout's stock update waits,
        // new cart lines referencing the variant do not): checkouts of those carts stop inside their
        // transaction (cart row locked, the tote's stock maybe taken) and wait there.
        holder = new pg.Client({ connectionString: database.url });
        await holder.connect();
        await holder.query('BEGIN');
        await holder.query(`SELECT qty_in_stock FROM variants WHERE sku = 'BLANKET' FOR NO KEY UPDATE`);
        const blocked = blockedVisitors.map((visitor, index) => ({
          visitor,
          answer: visitor.call(first.base, 'POST', ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: `blocked-${index}@example.com` }).catch(() => undefined),
        }));
        const waiting = async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${database!.name} AND wait_event_type = 'Lock'`.execute(check.db);
          return rows[0].n >= 3;
        };
        await waitFor(waiting, 'three checkouts waiting on the stock lock');

        // The load: carts of other variants go through (the blocked checkouts may hold the tote's row
        // too, as stock is taken in variant-id order); the kill comes in the middle of it.
        const ledger = newLedger();
        const stop = { now: false };
        const unblocked = LINES.filter(([, sku]) => sku !== 'BLANKET' && sku !== 'TOTE');
        const load = Promise.all(
          Array.from({ length: WORKERS }, (_, worker) => shopUntilStopped(() => first.base, ledger, worker, stop, unblocked)),
        );
        await waitFor(() => ledger.acknowledged >= CRASH_WRITES / 2 || first.child.exitCode !== null, 'half the writes');
        await killServerProcess(first);
        stop.now = true;
        await load;
        await Promise.all(blocked.map((one) => one.answer));
        expect(ledger.failures).toEqual([]);

        // The killed sessions' transactions end when PostgreSQL sees their clients gone.
        await holder.query('ROLLBACK');
        await holder.end();
        holder = undefined;

        server = await startServerProcess({ env: { DATABASE_URL: database.url } });
        await checkLedger(check.db, ledger);
        const blankets = await check.db.selectFrom('order_items').select('id').where('sku', '=', 'BLANKET').execute();
        expect(blankets, 'an order of a checkout killed mid-transaction').toEqual([]);
        const blanketLeft = await check.db.selectFrom('variants').select('qty_in_stock').where('sku', '=', 'BLANKET').executeTakeFirstOrThrow();
        expect(blanketLeft.qty_in_stock).toBe(blanketBefore);
        // Their carts are free again: the first one checks out on the restarted server.
        const retried = await blocked[0].visitor.call(server.base, 'POST', ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'blocked-again@example.com' });
        expect(retried.status).toBe(201);
        await checkWorks(server.base);
        console.info(
          `crash (PostgreSQL): ${ledger.entries.size} entries, ${ledger.orders.size} orders and ${ledger.submissions.size} sign-ups acknowledged before kill -9; all present`,
        );
      } finally {
        await check.close();
      }
    },
    timeLimit(120_000, 600_000),
  );
});
