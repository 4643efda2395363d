/**
 * Database round trips per request, counted at the driver (BEGIN and COMMIT included), for the
 * database-bound paths: add-to-cart (new cart, existing cart), the product page (new visitor,
 * returning visitor with a cart), the store page and GET cart.
 *
 *   node --import tsx bench/cart/count-queries.ts            # PGlite (in memory)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres node --import tsx bench/cart/count-queries.ts
 *   BENCH_SHOW_SQL=1 node --import tsx bench/cart/count-queries.ts   # also print each statement
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app';
import { openTestDatabase } from '../../packages/server/src/db/testing';
import { stableId } from '../../packages/server/src/ids';
import { TestVisitor } from '../../packages/server/src/testing';

/** The demo store ships to the US (no tax rule for Oregon): an order of goods that ship names where they go. */
const SHIPPING_ADDRESS = { name: 'Test Shopper', line1: '1 Test Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

const SHOW_SQL = process.env.BENCH_SHOW_SQL === '1';
const statements: string[] = [];

function record(text: unknown): void {
  const sqlText = typeof text === 'string' ? text : (text as { text?: string })?.text ?? String(text);
  statements.push(sqlText.replace(/\s+/g, ' ').trim());
}

/**
 * Counts every statement the drivers send. PGlite: each call into its backend that runs a statement
 * (a simple query such as BEGIN or COMMIT, an unprepared statement's parse, a prepared statement's
 * bind); preparing a statement, once per process, is not counted. PostgreSQL: each Client.query.
 */
function countRoundTrips(): void {
  const decoder = new TextDecoder();
  const preparedTexts = new Map<string, string>();
  const originalStream = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function (this: PGlite, message: Uint8Array, options) {
    const kind = String.fromCharCode(message[0]);
    const unnamedParse = kind === 'P' && message[5] === 0;
    if (kind === 'P' && !unnamedParse) {
      const nameEnd = message.indexOf(0, 5);
      preparedTexts.set(decoder.decode(message.subarray(5, nameEnd)), decoder.decode(message.subarray(nameEnd + 1, message.indexOf(0, nameEnd + 1))));
    }
    if (kind === 'Q' || kind === 'B' || unnamedParse) {
      const end = kind === 'B' ? message.indexOf(0, 6) : message.indexOf(0, kind === 'Q' ? 5 : 6);
      const text = decoder.decode(message.subarray(kind === 'Q' ? 5 : 6, end));
      record(kind === 'B' ? `(prepared) ${preparedTexts.get(text) ?? text}` : text);
    }
    return originalStream.call(this, message, options);
  };
  const originalClientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as Record<string, unknown>).query = function (this: pg.Client, ...args: unknown[]) {
    record(args[0]);
    return originalClientQuery.apply(this, args);
  };
}

async function measure(label: string, run: () => Promise<{ statusCode: number }>): Promise<void> {
  statements.length = 0;
  const response = await run();
  console.log(`${String(statements.length).padStart(3)}  ${label} (HTTP ${response.statusCode})`);
  if (SHOW_SQL) for (const statement of statements) console.log(`       ${statement.slice(0, 220)}`);
}

async function main(): Promise<void> {
  const database = await openTestDatabase();
  countRoundTrips();
  const app = await buildApp({ db: database.db, databaseKind: database.kind, rateLimit: { max: 1_000_000 } });
  try {
    const itemId = stableId('product:demo:sticker-pack');
    const add = { itemId, sku: 'STICKERS', quantity: 1 };
    console.log(`round trips per request on ${database.kind}:`);
    const newcomer = new TestVisitor(app);
    // Warm: the pages' catalog cache holds the store's addresses, as it does on a server in use.
    await newcomer.visit('/shop');
    await newcomer.visit('/shop/p/linen-shirt');
    await measure('product page, new visitor', () => new TestVisitor(app).get('/shop/p/linen-shirt'));
    await measure('store page, new visitor', () => new TestVisitor(app).get('/shop'));
    await measure('add-to-cart, first add (creates the cart)', () => newcomer.post('/api/commerce/shopping-cart/entries', add));
    await measure('add-to-cart, same variant again', () => newcomer.post('/api/commerce/shopping-cart/entries', add));
    await measure('product page, visitor with a cart', () => newcomer.get('/shop/p/linen-shirt'));
    await measure('product page ?format=json', () => newcomer.get('/shop/p/linen-shirt?format=json'));
    await measure('GET cart', () => newcomer.get('/api/commerce/shopping-cart'));
    await measure('cart page', () => newcomer.get('/cart'));
    await measure('inventory stock', () => newcomer.get(`/api/commerce/inventory/stock/?itemId=${itemId}`));
    await measure('checkout (order)', () => newcomer.post('/api/commerce/orders', { email: 'shopper@example.com', shippingAddress: SHIPPING_ADDRESS }));
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
