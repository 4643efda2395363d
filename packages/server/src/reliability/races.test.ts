// databases: both — shoppers racing for stock: no oversell, no deadlock
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type OpenDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { createEmptyPostgresDatabase } from '../db/testing';
import { ORDER_MESSAGES } from '../orders/service';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { RACERS, timeLimit } from './config';
import { HttpVisitor, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

/*
 * Shoppers racing for the same stock, all checking out at once. Promised:
 *  - for the last `stock` units of a variant, exactly `stock` orders succeed and the rest answer 409;
 *  - carts holding the same variants added in opposite orders never deadlock into an error:
 *    every answer is 201 or 409, orders never exceed stock;
 *  - stock never goes below zero, and no answer is a 5xx.
 * On the test database in-process (PGlite, or PostgreSQL with TEST_DATABASE_URL), and with
 * TEST_DATABASE_URL on two real server processes sharing one PostgreSQL database, over HTTP.
 */

const ENTRIES = '/api/commerce/shopping-cart/entries';
const ORDERS = '/api/commerce/orders';

interface Answer {
  status: number;
  body: any;
}

interface Shopper {
  add(slug: string, sku: string, quantity: number): Promise<Answer>;
  checkout(email: string): Promise<Answer>;
}

/** Where the race runs: a way to make shoppers, and the database to check afterwards. */
interface Arena {
  db: Kysely<Database>;
  shopper(index: number): Promise<Shopper>;
}

async function setStock(db: Kysely<Database>, sku: string, quantity: number): Promise<void> {
  await db.updateTable('variants').set({ qty_in_stock: quantity }).where('sku', '=', sku).execute();
}

async function stockOf(db: Kysely<Database>, sku: string): Promise<number> {
  return (await db.selectFrom('variants').select('qty_in_stock').where('sku', '=', sku).executeTakeFirstOrThrow()).qty_in_stock;
}

async function ordersByEmailPrefix(db: Kysely<Database>, prefix: string): Promise<number> {
  const row = await db.selectFrom('orders').select(db.fn.countAll().as('n')).where('email', 'like', `${prefix}%`).executeTakeFirstOrThrow();
  return Number(row.n);
}

let scenario = 0;

/** N shoppers each holding one unit of `sku`, with `stock` left, all buying at once. */
async function raceForLastUnits(arena: Arena, slug: string, sku: string, stock: number, racers: number): Promise<void> {
  const prefix = `last${++scenario}-${stock}-`;
  // Stock is set before the adds (adding checks stock but reserves nothing, so every shopper gets one in the cart).
  await setStock(arena.db, sku, stock);
  const shoppers = await Promise.all(Array.from({ length: racers }, (_, index) => arena.shopper(index)));
  for (const shopper of shoppers) expect((await shopper.add(slug, sku, 1)).status).toBe(200);

  const answers = await Promise.all(shoppers.map((shopper, index) => shopper.checkout(`${prefix}${index}@example.com`)));
  const statuses = answers.map((answer) => answer.status);
  const summary = JSON.stringify(answers.map((answer) => [answer.status, answer.body?.message]));
  expect(statuses.filter((status) => status >= 500), summary).toEqual([]);
  expect(statuses.filter((status) => status === 201).length, summary).toBe(stock);
  expect(statuses.filter((status) => status === 409).length, summary).toBe(racers - stock);
  for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.message).toBe(ORDER_MESSAGES.notEnoughStock);
  expect(await stockOf(arena.db, sku)).toBe(0);
  expect(await ordersByEmailPrefix(arena.db, prefix)).toBe(stock);
}

/**
 * Every cart holds the same stocked variants, added in opposite orders (and rotated, with three), and
 * all check out at once. Each order takes one of each, so exactly min(stock) succeed.
 */
async function raceOppositeOrders(arena: Arena, lines: Array<{ slug: string; sku: string; stock: number }>, racers: number): Promise<void> {
  const prefix = `opposite${++scenario}-`;
  for (const line of lines) await setStock(arena.db, line.sku, line.stock);
  const shoppers = await Promise.all(Array.from({ length: racers }, (_, index) => arena.shopper(index)));
  await Promise.all(
    shoppers.map(async (shopper, index) => {
      const rotated = [...lines.slice(index % lines.length), ...lines.slice(0, index % lines.length)];
      const order = index % 2 === 0 ? rotated : rotated.reverse();
      for (const line of order) expect((await shopper.add(line.slug, line.sku, 1)).status).toBe(200);
    }),
  );

  const answers = await Promise.all(shoppers.map((shopper, index) => shopper.checkout(`${prefix}${index}@example.com`)));
  const summary = JSON.stringify(answers.map((answer) => [answer.status, answer.body?.message]));
  expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409), summary).toEqual([]);
  const placed = answers.filter((answer) => answer.status === 201).length;
  const fewest = Math.min(...lines.map((line) => line.stock));
  expect(placed, summary).toBe(Math.min(fewest, racers));
  for (const line of lines) {
    const left = await stockOf(arena.db, line.sku);
    expect(left, line.sku).toBeGreaterThanOrEqual(0);
    expect(left, line.sku).toBe(line.stock - placed);
  }
  expect(await ordersByEmailPrefix(arena.db, prefix)).toBe(placed);
}

const THREE_LINES = [
  { slug: 'wool-blanket', sku: 'BLANKET', stock: 7 },
  { slug: 'canvas-tote', sku: 'TOTE', stock: 9 },
  { slug: 'linen-shirt', sku: 'SHIRT-S-WHITE', stock: 8 },
];

function raceSuite(arenaOf: () => Arena): void {
  for (const stock of [1, 2, 5]) {
    it(
      `${RACERS} shoppers for the last ${stock}: exactly ${stock} orders, the rest 409, stock 0`,
      async () => raceForLastUnits(arenaOf(), 'leather-armchair', 'ARMCHAIR', stock, RACERS),
      timeLimit(60_000),
    );
  }

  it(
    `${RACERS} carts of the same two variants added in opposite orders, checking out at once`,
    async () => raceOppositeOrders(arenaOf(), THREE_LINES.slice(0, 2), RACERS),
    timeLimit(60_000),
  );

  it(
    `${RACERS} carts of the same three variants in rotated and opposite orders, checking out at once`,
    async () => raceOppositeOrders(arenaOf(), THREE_LINES, RACERS),
    timeLimit(60_000),
  );
}

describe('races in one process (app.inject)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ rateLimit: { max: 1_000_000_000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const read = async (response: Promise<{ statusCode: number; json(): unknown }>): Promise<Answer> => {
    const answer = await response;
    return { status: answer.statusCode, body: answer.json() };
  };

  raceSuite(() => ({
    db: server.database.db,
    async shopper() {
      const visitor = new TestVisitor(server.app);
      await visitor.visit('/shop');
      return {
        add: (slug, sku, quantity) => read(visitor.post(ENTRIES, { itemId: demoProductId(slug), sku, quantity })),
        checkout: (email) => read(visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email })),
      };
    },
  }));
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('races.test.ts: the two-process races need PostgreSQL: set TEST_DATABASE_URL.');

describe.skipIf(!serverUrl)('races across two server processes on one PostgreSQL (HTTP)', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let check: OpenDatabase | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl!);
    // One starts first (it migrates and seeds); two starting together is multi-process.test.ts's subject.
    servers.push(await startServerProcess({ env: { DATABASE_URL: database.url } }));
    servers.push(await startServerProcess({ env: { DATABASE_URL: database.url } }));
    check = openPostgres({ connectionString: database.url, maxConnections: 2 });
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all(servers.map((server) => stopServerProcess(server)));
    await check?.close();
    await database?.drop();
    expect(codes).toEqual(servers.map(() => 0));
  });

  raceSuite(() => ({
    db: check!.db,
    async shopper(index) {
      // Alternate: half the shoppers load the page and add on one process and check out on the other.
      const [first, second] = index % 2 === 0 ? [servers[0], servers[1]] : [servers[1], servers[0]];
      const visitor = new HttpVisitor();
      await visitor.visit(first.base);
      return {
        add: (slug, sku, quantity) => visitor.call(first.base, 'POST', ENTRIES, { itemId: demoProductId(slug), sku, quantity }),
        checkout: (email) => visitor.call(second.base, 'POST', ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email }),
      };
    },
  }));

  it('the server logs hold no deadlock and no unhandled error', () => {
    const logs = servers.map((server) => server.output.join('')).join('');
    expect(logs).not.toMatch(/deadlock|unhandled error/i);
  });
});
