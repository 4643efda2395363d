// databases: one — the HTTP edge under forged and hostile input, not the SQL
import net from 'node:net';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_COLLECTION, DEMO_PRODUCTS } from '../catalog/demo-store';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../http/crumb';
import { UNSTORABLE_TEXT_MESSAGES } from '../http/unstorable-text';
import { contractFor } from '@vitrine/contracts';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, setStock, snapshotDomainTables, TestVisitor } from '../testing';
import { FUZZ_RUNS, FUZZ_SEED, LONG_RUN, timeLimit } from './config';
import {
  describeRequest,
  requestFor,
  routeCollector,
  routeSeed,
  type FuzzExamples,
  type FuzzHints,
  type FuzzRequest,
  type FuzzRoute,
} from './request-generator';

/*
 * Every route the app registers (read from Fastify's onRoute hook, so a new route is fuzzed without
 * editing this file) gets hostile requests from a fixed seed. Promised for each one:
 *  - never a 5xx;
 *  - a non-2xx answer to /api/… is JSON with a string `message` (a page may answer its HTML not-found page);
 *  - a refused request writes nothing (the domain tables are the same before and after);
 *  - after an accepted write, the visitor's cart, the cart page and the order page still render.
 */

const collector = routeCollector();
const server = await openTestServer({ onRoute: collector.onRoute, rateLimit: { max: 1_000_000_000 } });
const { app } = server;
const db = server.database.db;
/** Answers by route and status class: printed at the end, to see that fuzzing reaches past validation. */
const tally = new Map<string, Record<string, number>>();
afterAll(async () => {
  const lines = [...tally].map(([route, counts]) => `  ${route}: ${Object.entries(counts).sort().map(([status, n]) => `${status}×${n}`).join(' ')}`);
  if (LONG_RUN || process.env.FUZZ_VERBOSE === '1') console.info(`fuzz-routes answers:\n${lines.join('\n')}`);
  await server.close();
});

console.info(`fuzz-routes: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} per route, ${collector.routes.length} routes (${server.database.kind})`);

/** Stand-ins replaced at send time by the running visitor's own entry id and cart token. */
const ENTRY_ID = 'fuzzentryid0000000000000';
const CART_TOKEN = 'fuzzcarttoken00000000000';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const sticker = { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 };

// A placed order and a checkout link, so the pages that show them have something to show.
const setupVisitor = new TestVisitor(app);
await setupVisitor.visit('/shop');
await setupVisitor.post(ENTRIES, sticker);
const placed = (await setupVisitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'fuzz@example.com' })).json() as { order: { id: string } };
const checkoutLink = (await setupVisitor.post('/api/commerce/express-checkout', sticker)).json() as { cartToken: string };
const otherCrumb = setupVisitor.crumb!;

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
  '*': ['site.css', 'sticker-pack.svg', 'manifest.json', '.vite/manifest.json', '../package.json'],
  queryKeys: ['format', 'q', 'cartToken', 'orderId', 'itemId', 'sku', 'mock', 'cloneCart'],
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

interface Prepared {
  visitor: TestVisitor;
  entryId: string;
  cartToken: string;
}

/** A visitor who has loaded a page (so holds a crumb) and has a line with engraving answers in the cart. */
async function prepareVisitor(): Promise<Prepared> {
  const visitor = new TestVisitor(app);
  await visitor.visit('/cart');
  const added = await visitor.post(ENTRIES, pen);
  expect(added.statusCode).toBe(200);
  return { visitor, entryId: added.json().newlyAdded.id, cartToken: visitor.cookies.get('CART')! };
}

/** The same visitor serves run after run while its requests are refused (a refusal changes nothing, as checked); a new one after an accepted write. */
let current: Prepared | undefined;

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

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('every route, fuzzed from the route table', () => {
  it('the route table holds the API contracts and the pages', () => {
    const table = collector.routes.map((route) => `${route.method} ${route.url}`);
    expect(table).toContain('POST /api/commerce/shopping-cart/entries');
    expect(table).toContain('GET /:collectionUrlId/p/:slug');
    expect(table.length).toBeGreaterThan(20);
  });

  for (const route of collector.routes) {
    it(
      `${route.method} ${route.url}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(route, hints, examples), async (request) => {
            current ??= await prepareVisitor();
            const { visitor, entryId, cartToken } = current;
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
      },
      timeLimit(30_000, 3_600_000),
    );
  }
});

/*
 * Not left to chance: every string of every example body (and a key), every path parameter and query
 * key of every route, poisoned with a NUL or a lone surrogate, and every body 10,000 levels deep.
 * Text the database cannot store is refused with 400 and its message, before anything is written.
 */
describe('every string of every route, poisoned', () => {
  const POISONS = ['\u0000', '\ud800', '\udc00'];

  /** A body the route would take: its example, else the first hint of each property of its schema. */
  function bodiesOf(route: FuzzRoute): Array<Record<string, unknown>> {
    const known = examples[`${route.method} ${route.url}`];
    if (known) return known.map((example) => ({ ...example }));
    const properties = (route.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (!properties) return [];
    return [Object.fromEntries(Object.keys(properties).map((name) => [name, hints[name]?.[0] ?? 'x']))];
  }

  /** Owner calls refuse everyone else before reading input (owner/access.test.ts): an admin sends their poisons. */
  let admin: TestVisitor | undefined;

  async function expectRefused(route: FuzzRoute, what: string, request: FuzzRequest, message: string): Promise<void> {
    current ??= await prepareVisitor();
    const ownerCall = contractFor(route.method, route.url)?.access !== undefined;
    if (ownerCall) admin ??= await ownerVisitor(server, 'admin');
    const { entryId, cartToken } = current;
    const visitor = ownerCall ? admin! : current.visitor;
    const before = await snapshotDomainTables(db);
    const response = await send(request, visitor, entryId, cartToken);
    const where = `${route.method} ${route.url} with ${what}: ${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, where).toBe(400);
    if (request.method !== 'HEAD') expect((response.json() as { message: string }).message, where).toBe(message);
    expect(await snapshotDomainTables(db), where).toEqual(before);
  }

  const concrete = (route: FuzzRoute) => route.url.replace(/:[A-Za-z]+/g, (param) => String(hints[param.slice(1)]?.[0] ?? 'x')).replace('*', 'site.css');
  const base = (route: FuzzRoute, payload?: string): FuzzRequest => ({
    method: route.method,
    url: concrete(route),
    payload,
    contentType: payload === undefined ? undefined : 'application/json',
    cookies: [],
    crumb: 'valid',
  });

  for (const route of collector.routes) {
    it(`${route.method} ${route.url}`, async () => {
      for (const body of bodiesOf(route)) {
        for (const field of Object.keys(body)) {
          for (const poison of POISONS) {
            const value = body[field];
            const poisoned = JSON.stringify({ ...body, [field]: typeof value === 'string' ? `${value.slice(0, 3)}${poison}${value.slice(3)}` : poison });
            await expectRefused(route, `${JSON.stringify(poison)} in ${field}`, base(route, poisoned), UNSTORABLE_TEXT_MESSAGES.text);
          }
        }
        for (const poison of POISONS) {
          await expectRefused(route, `${JSON.stringify(poison)} in a key`, base(route, JSON.stringify({ ...body, [`k${poison}`]: 1 })), UNSTORABLE_TEXT_MESSAGES.text);
        }
        const deep = `{${Object.keys(body).map((field, index) => `${JSON.stringify(field)}:${index === 0 ? `${'['.repeat(10_000)}${']'.repeat(10_000)}` : JSON.stringify(body[field])}`).join(',')}}`;
        // A body with no fields (POST …/product-feed/token takes {}) has no field to bury.
        if (Object.keys(body).length > 0) await expectRefused(route, 'a field 10,000 levels deep', base(route, deep), UNSTORABLE_TEXT_MESSAGES.deep);
      }
      const params = route.url.split('/').filter((part) => part.startsWith(':'));
      for (const param of params) {
        const request = { ...base(route), url: concrete({ ...route, url: route.url.replace(param, `${String(hints[param.slice(1)]?.[0] ?? 'x')}%00`) }) };
        await expectRefused(route, `%00 in ${param}`, request, UNSTORABLE_TEXT_MESSAGES.text);
      }
      if (route.url.endsWith('*')) {
        await expectRefused(route, '%00 in the file path', { ...base(route), url: `${concrete(route)}%00.css` }, UNSTORABLE_TEXT_MESSAGES.text);
      }
      const queryKeys = Object.keys((route.schema?.querystring as { properties?: object } | undefined)?.properties ?? {});
      for (const key of [...queryKeys, 'q', 'format']) {
        await expectRefused(route, `%00 in ?${key}`, { ...base(route), url: `${concrete(route)}?${key}=a%00b` }, UNSTORABLE_TEXT_MESSAGES.text);
        await expectRefused(route, `%00 in a query key`, { ...base(route), url: `${concrete(route)}?${key}%00=1` }, UNSTORABLE_TEXT_MESSAGES.text);
      }
    });
  }
});

/** Raw bytes on a socket: what app.inject cannot send (it normalises URLs through WHATWG URL). */
function rawRequest(port: number, head: string): Promise<{ status: number; body: string; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers, ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.slice(0, 80)}`)));
    // write, not end: a client that half-closes gets no answer from the static-file routes (send aborts
    // when the request side closes), which is @fastify/static's behaviour, not what a browser does.
    socket.write(Buffer.from(head, 'latin1'));
  });
}

describe('raw request lines over a socket', () => {
  const paths = [
    '/api/../cart',
    '/api/commerce/../../checkout',
    '//api/health',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/theme/..%2f..%2fpackage.json',
    '/assets/theme/%2e%2e/%2e%2e/package.json',
    '/%00',
    '/api/commerce/shopping-cart/%00',
    '/%E0%A4%A',
    `/${'a'.repeat(5000)}`,
    `/api/commerce/shopping-cart/entries/${'a'.repeat(5000)}`,
    `/shop/p/${'%41'.repeat(3000)}`,
    '/shop?%E0%A4%A=1',
    '/search?q=\xff\xfe',
    '/api/commerce/shopping-cart?mock=%ED%A0%80',
    '*',
    'http://evil.example/api/health',
  ];

  it('never answer a 5xx, and API errors are JSON', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const path of paths) {
        const head =
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: crumb=${otherCrumb}\r\n` +
          `X-CSRF-Token: ${otherCrumb}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
        const answer = await rawRequest(port, head);
        const where = `${method} ${path.slice(0, 100)} → ${answer.status} ${answer.body.slice(0, 200)}`;
        expect(answer.status, where).toBeGreaterThanOrEqual(200);
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status >= 400 && /^content-type: application\/json/im.test(answer.headers)) {
          expect(typeof JSON.parse(answer.body).message, where).toBe('string');
        } else if (answer.status >= 400) {
          expect(path.startsWith('/api/'), `non-JSON error from the API: ${where}`).toBe(false);
        }
      }
    }
  });
});
