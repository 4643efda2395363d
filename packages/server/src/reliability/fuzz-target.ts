import fc from 'fast-check';
import { expect } from 'vitest';
import { DEMO_COLLECTION, DEMO_PRODUCTS } from '../catalog/demo-store';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../http/crumb';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, setStock, snapshotDomainTables, TestVisitor } from '../testing';
import { FUZZ_RUNS, FUZZ_SEED, LONG_RUN } from './config';
import { describeRequest, requestFor, routeCollector, routeSeed, type FuzzExamples, type FuzzHints, type FuzzRequest, type FuzzRoute } from './request-generator';

/*
 * What the route fuzzer's files share (fuzz-routes.test.ts, fuzz-routes-other-half.test.ts, fuzz-routes-poisoned.test.ts): a test server whose
 * route table is read from Fastify's onRoute hook, a placed order and a checkout link for the pages that show them,
 * the fuzzer's hints and known-good bodies, and the checks of an answer. One suite split in three files so its
 * parts run on both cores; each file opens a target of its own (a function, not module state: the server project's
 * workers keep modules from one file to the next).
 */

/** Stand-ins replaced at send time by the running visitor's own entry id and cart token. */
export const ENTRY_ID = 'fuzzentryid0000000000000';
export const CART_TOKEN = 'fuzzcarttoken00000000000';

const ENTRIES = '/api/commerce/shopping-cart/entries';
/** An injected request's answer (named through the testing helpers: outside route files, nothing imports Fastify). */
type LightMyRequestResponse = Awaited<ReturnType<TestVisitor['visit']>>;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface PreparedVisitor {
  visitor: TestVisitor;
  entryId: string;
  cartToken: string;
}

/** Every other route of the table (half 0: the first, third, …): the route table's fuzzing is split across two files. */
export function routeTableHalf(routes: FuzzRoute[], half: 0 | 1): FuzzRoute[] {
  return routes.filter((_, index) => index % 2 === half);
}

export type FuzzTarget = Awaited<ReturnType<typeof openFuzzTarget>>;

/** Opens the fuzzer's server and what it needs; `close()` closes it (and prints the tally in the long run). */
export async function openFuzzTarget(file: string) {
  const collector = routeCollector();
  const server = await openTestServer({ onRoute: collector.onRoute, rateLimit: { max: 1_000_000_000 } });
  const { app } = server;
  const db = server.database.db;
  /** Answers by route and status class: printed at the end, to see that fuzzing reaches past validation. */
  const tally = new Map<string, Record<string, number>>();

  console.info(`${file}: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} per route, ${collector.routes.length} routes (${server.database.kind})`);

  const sticker = { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 };

  // A placed order and a checkout link, so the pages that show them have something to show.
  const setupVisitor = new TestVisitor(app);
  await setupVisitor.visit('/shop');
  await setupVisitor.post(ENTRIES, sticker);
  const placed = (await setupVisitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'fuzz@example.com' })).json() as { order: { id: string } };
  const checkoutLink = (await setupVisitor.post('/api/commerce/express-checkout', sticker)).json() as { cartToken: string };
  const otherCrumb = setupVisitor.crumb!;
  // A publishable key of the headless API (issue 37 item 3), sent with its reads so they reach past the key check.
  const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
  const publishableKey = `vpk_${'f'.repeat(32)}`;
  await db.insertInto('headless_keys').values({ id: 'fuzzheadlesskey000000000', website_id: website.id, name: 'Fuzz', token: publishableKey }).execute();

  const hints: FuzzHints = {
    itemId: [...DEMO_PRODUCTS.map((product) => demoProductId(product.slug)), '000000000000000000000000'],
    sku: [...DEMO_PRODUCTS.flatMap((product) => product.variants.map((variant) => variant.sku)), null],
    quantity: [1, 2, '1', 9999, '9999'],
    qty: [1, '1'],
    additionalFields: ['{"text-engraving":"Hi"}', '{"text-engraving":"<script>alert(1)</script>"}', '', null],
    entryId: [ENTRY_ID],
    email: ['shopper@example.com', 'decline@example.com', 'fuzz@example.com'],
    password: ['correct horse battery staple'],
    rememberMe: [true, false],
    cartToken: [CART_TOKEN, checkoutLink.cartToken, null],
    orderId: [placed.order.id],
    collectionUrlId: [DEMO_COLLECTION.urlId, 'nope'],
    slug: DEMO_PRODUCTS.map((product) => product.slug),
    // The headless reads' id-or-slug, page size and cursor.
    ref: [...DEMO_PRODUCTS.map((product) => product.slug), demoProductId('canvas-tote'), DEMO_COLLECTION.urlId, 'nope'],
    limit: ['1', '20', '100', '0', '101'],
    cursor: ['WyJ4Il0', 'WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMDAwMFoiLCJ4Il0', 'WyIyIl0'],
    '*': ['site.css', 'sticker-pack.svg', 'manifest.json', '.vite/manifest.json', '../package.json'],
    queryKeys: ['format', 'q', 'cartToken', 'orderId', 'itemId', 'sku', 'mock', 'cloneCart', 'limit', 'cursor'],
    format: ['json'],
    q: ['shirt', 'pen'],
    mock: ['true'],
    cloneCart: ['true', 'false'],
  };

  const pen = { itemId: demoProductId('engraved-pen'), sku: 'PEN', quantity: 1, additionalFields: '{"text-engraving":"Hi"}' };
  const examples: FuzzExamples = {
    'POST /api/commerce/shopping-cart/entries': [sticker, pen, { itemId: demoProductId('linen-shirt'), sku: 'SHIRT-S-WHITE', quantity: '2' }],
    'PUT /api/commerce/shopping-cart/entries/:entryId/quantity': [{ quantity: 2 }],
    'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': [{ itemId: pen.itemId, sku: 'PEN', additionalFields: '{"text-engraving":"Yo"}' }],
    'POST /api/3/commerce/cart/subscription': [{ itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 }],
    'POST /api/commerce/express-checkout': [sticker, pen],
    'POST /api/commerce/orders': [{ shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' }, { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com', cartToken: CART_TOKEN }],
    'POST /api/site-users/account': [{ email: 'new-shopper@example.com', password: 'correct horse battery staple' }],
    'POST /api/site-users/account/session': [{ email: 'fuzz-user@example.com', password: 'correct horse battery staple', rememberMe: true }],
  };
  await setupVisitor.post('/api/site-users/account', { email: 'fuzz-user@example.com', password: 'correct horse battery staple' });
  // Every prepared visitor holds a pen, and accepted checkouts buy them: enough for the long run.
  await setStock(db, 'PEN', 1_000_000);

  /** A visitor who has loaded a page (so holds a crumb) and has a line with engraving answers in the cart. */
  async function prepareVisitor(): Promise<PreparedVisitor> {
    const visitor = new TestVisitor(app);
    await visitor.visit('/cart');
    const added = await visitor.post(ENTRIES, pen);
    expect(added.statusCode).toBe(200);
    return { visitor, entryId: added.json().newlyAdded.id, cartToken: visitor.cookies.get('CART')! };
  }

  /** The same visitor serves run after run while its requests are refused (a refusal changes nothing, as checked); a new one after an accepted write. */
  let current: PreparedVisitor | undefined;
  const currentVisitor = async (): Promise<PreparedVisitor> => (current ??= await prepareVisitor());

  function substitute<T extends string | Buffer | undefined>(value: T, entryId: string, cartToken: string): T {
    if (typeof value !== 'string') return value;
    return value.replaceAll(ENTRY_ID, entryId).replaceAll(CART_TOKEN, cartToken) as T;
  }

  async function send(request: FuzzRequest, visitor: TestVisitor, entryId: string, cartToken: string): Promise<LightMyRequestResponse> {
    const cookies = new Map(visitor.cookies);
    const headers: Record<string, string> = {};
    if (request.crumb === 'valid') headers[CRUMB_HEADER] = visitor.crumb!;
    if (request.crumb === 'mismatched') headers[CRUMB_HEADER] = otherCrumb;
    if (request.crumb === 'forged') {
      cookies.set(CRUMB_COOKIE, 'forged.crumb');
      headers[CRUMB_HEADER] = 'forged.crumb';
    }
    for (const [name, value] of request.cookies) cookies.set(name, value);
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    // A signed-in owner's change carries the session's XSRF token, as the owner app does.
    if (visitor.siteUserXsrfToken && request.method !== 'GET' && request.method !== 'HEAD') headers['x-siteuser-xsrf-token'] = visitor.siteUserXsrfToken;
    // A headless read carries the website's publishable key, as a frontend does (without it every read is a 401).
    if (request.url.startsWith('/api/headless/')) headers['x-vitrine-publishable-key'] = publishableKey;
    return app.inject({
      method: request.method as 'GET',
      url: substitute(request.url, entryId, cartToken),
      headers,
      payload: substitute(request.payload, entryId, cartToken),
      remoteAddress: visitor.ip,
    });
  }

  const isApi = (route: FuzzRoute, request: FuzzRequest) => route.url.startsWith('/api/') || request.url.startsWith('/api/');

  function checkAnswer(route: FuzzRoute, request: FuzzRequest, response: LightMyRequestResponse): void {
    const where = `${describeRequest(request)}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode < 300 || request.method === 'HEAD') return;
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) {
      // Only a page may answer with HTML (its not-found page); the API always answers JSON.
      expect(isApi(route, request), `non-JSON error from the API: ${where}`).toBe(false);
      expect(type, where).toMatch(/^text\/html/);
      return;
    }
    const body = response.json() as { message?: unknown };
    expect(typeof body.message, where).toBe('string');
  }

  /** After an accepted write, what the visitor sees still renders (a stored value must not break a later read). */
  async function checkReadsAfterWrite(visitor: TestVisitor, request: FuzzRequest, response: LightMyRequestResponse): Promise<void> {
    const reads = ['/api/commerce/shopping-cart', '/cart', '/cart?format=json', '/checkout'];
    const orderId = response.statusCode === 201 ? (response.json() as { order?: { id?: string } }).order?.id : undefined;
    if (orderId) reads.push(`/checkout/order-confirmed?orderId=${orderId}`);
    for (const url of reads) {
      const read = await visitor.get(url);
      expect(read.statusCode, `${url} after ${describeRequest(request)}\n→ ${read.statusCode} ${read.body.slice(0, 300)}`).toBeLessThan(500);
    }
  }

  /** One route fuzzed from its pattern and schemas: FUZZ_RUNS hostile requests from the route's own seed. */
  async function fuzzRoute(route: FuzzRoute): Promise<void> {
    await fc.assert(
      fc.asyncProperty(requestFor(route, hints, examples), async (request) => {
        const { visitor, entryId, cartToken } = await currentVisitor();
        const before = await snapshotDomainTables(db);
        const response = await send(request, visitor, entryId, cartToken);
        const counts = tally.get(`${route.method} ${route.url}`) ?? {};
        counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
        tally.set(`${route.method} ${route.url}`, counts);
        checkAnswer(route, request, response);
        if (response.statusCode >= 300) {
          expect(await snapshotDomainTables(db), `a refused request wrote: ${describeRequest(request)} → ${response.statusCode}`).toEqual(before);
        } else if (STATE_CHANGING.has(request.method)) {
          current = undefined;
          await checkReadsAfterWrite(visitor, request, response);
        }
      }),
      { seed: routeSeed(FUZZ_SEED, route), numRuns: FUZZ_RUNS, endOnFailure: true },
    );
  }

  async function close(): Promise<void> {
    const lines = [...tally].map(([route, counts]) => `  ${route}: ${Object.entries(counts).sort().map(([status, n]) => `${status}×${n}`).join(' ')}`);
    if (lines.length > 0 && (LONG_RUN || process.env.FUZZ_VERBOSE === '1')) console.info(`${file} answers:\n${lines.join('\n')}`);
    await server.close();
  }

  return { server, app, db, routes: collector.routes, hints, examples, otherCrumb, currentVisitor, send, fuzzRoute, close };
}
