// databases: one — the HTTP edge under forged and hostile input, not the SQL
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../http/crumb';
import { SITE_USER_XSRF_HEADER } from '../http/request-context';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';
import { BENIGN_PAYLOAD, XSS_PAYLOADS, elementShape, islandProps, jsonDataBlocks, liveMarkup, parseHtml } from './html-safety';
import { percentEncode, routeCollector, type FuzzRoute } from './request-generator';

/*
 * Attacks with a purpose. Promised:
 *  - CSRF: every state-changing route (from the route table) refuses a call without a crumb, with a
 *    forged one, or with one that does not match the cookie: 403 { crumbFail: true }, nothing written;
 *  - XSS: whatever a shopper types (additional-fields answers, the search query, any query or path
 *    value, the checkout email) is shown as text on every page, never as live markup, and the data the
 *    islands read carries it unchanged;
 *  - the rate limit counts a call whatever the spelling of its path, or the spelling reaches no route.
 * Slow clients are covered by http/connection-limits.test.ts.
 */

const ENTRIES = '/api/commerce/shopping-cart/entries';
const ORDERS = '/api/commerce/orders';
const pen = (engraving: string) => ({
  itemId: demoProductId('engraved-pen'),
  sku: 'PEN',
  quantity: 1,
  additionalFields: JSON.stringify({ 'text-engraving': engraving, 'select-font': 'Serif' }),
});
const sticker = { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The three cases that walk every route or page take 4–9 s on a quiet machine and four times that when CI's other
 * workers load both cores (they timed out at the 30 s default under load 10+); they are loops, not waits, so a
 * longer limit hides nothing.
 */
const LOOP_TIMEOUT_MS = 120_000;

describe('CSRF: every state-changing route', () => {
  const collector = routeCollector();
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ onRoute: collector.onRoute, rateLimit: { max: 1_000_000_000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A shopper with a crumb and a cart line, and a body that the route would accept from them. */
  async function shopper() {
    const visitor = new TestVisitor(server.app);
    // Its first change asks for its crumb (GET /api/crumb), as the storefront does: a page sets none.
    const added = await visitor.post(ENTRIES, pen('Hi'));
    expect(added.statusCode).toBe(200);
    return { visitor, entryId: added.json().newlyAdded.id as string };
  }

  const bodies: Record<string, unknown> = {
    [`POST ${ENTRIES}`]: sticker,
    [`PUT ${ENTRIES}/:entryId/quantity`]: { quantity: 2 },
    [`PUT ${ENTRIES}/:entryId/additionalFields`]: { itemId: demoProductId('engraved-pen'), sku: 'PEN', additionalFields: '{"text-engraving":"Yo"}' },
    'POST /api/3/commerce/cart/subscription': { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 },
    'POST /api/commerce/express-checkout': sticker,
    [`POST ${ORDERS}`]: { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'csrf@example.com' },
    'POST /api/site-users/account': { email: 'csrf-new@example.com', password: 'correct horse battery staple' },
    'POST /api/site-users/account/session': { email: 'csrf-new@example.com', password: 'correct horse battery staple' },
  };

  /** The ways a forged request carries (or fails to carry) the crumb; `own` is the victim's valid crumb. */
  const attacks: Array<{ name: string; headers: (own: string, other: string) => { cookie?: string; crumb?: string } }> = [
    { name: 'no crumb header', headers: (own) => ({ cookie: own }) },
    { name: 'no cookies and no header', headers: () => ({}) },
    { name: 'a made-up crumb in cookie and header', headers: () => ({ cookie: 'forged.crumb', crumb: 'forged.crumb' }) },
    { name: 'a valid crumb with its signature altered, in both', headers: (own) => ({ cookie: `${own.slice(0, -2)}xx`, crumb: `${own.slice(0, -2)}xx` }) },
    { name: "another visitor's crumb in the header", headers: (own, other) => ({ cookie: own, crumb: other }) },
    { name: 'the header without the cookie', headers: (own) => ({ crumb: own }) },
    { name: 'an empty header', headers: (own) => ({ cookie: own, crumb: '' }) },
  ];

  it('the route table has state-changing routes, each with a body here', () => {
    const changing = collector.routes.filter((route) => STATE_CHANGING.has(route.method));
    expect(changing.length).toBeGreaterThanOrEqual(10);
  });

  const urlOf = (route: FuzzRoute, entryId: string) => route.url.replace(':entryId', entryId).replace(/:[A-Za-z]+/g, 'x');

  it('refuses each forged call with 403 crumbFail, writes nothing; the same call with the crumb is accepted', async () => {
    const other = (await shopper()).visitor.crumb!;
    // Routes that check their own crumb (the owner's plain forms: owner/owner.test.ts) or are authorised by a
    // signed token instead of cookies (a mail's one-click unsubscribe: mail/mail.test.ts) are tested there.
    const victims = [];
    for (const attack of attacks) victims.push({ attack, ...(await shopper()) });
    for (const route of collector.routes.filter((one) => STATE_CHANGING.has(one.method) && !one.ownCrumbCheck)) {
      const key = `${route.method} ${route.url}`;
      // One snapshot around all seven attacks: none may write anything, so the victims (made once, below the
      // loop's start) stay as they were from route to route. (A snapshot of every table and a new shopper per
      // attack made this the suite's slowest case.)
      const before = await snapshotDomainTables(server.database.db);
      for (const { attack, visitor, entryId } of victims) {
        const { cookie, crumb } = attack.headers(visitor.crumb!, other);
        const cookies = new Map(visitor.cookies);
        if (cookie === undefined) cookies.delete(CRUMB_COOKIE);
        else cookies.set(CRUMB_COOKIE, cookie);
        const headers: Record<string, string> = { cookie: attack.name === 'no cookies and no header' ? '' : [...cookies].map(([n, v]) => `${n}=${v}`).join('; ') };
        if (crumb !== undefined) headers[CRUMB_HEADER] = crumb;
        const response = await visitor.request({ method: route.method as 'POST', url: urlOf(route, entryId), payload: bodies[key] as object, headers, sendCrumb: false });
        const where = `${key} with ${attack.name} → ${response.statusCode} ${response.body}`;
        expect(response.statusCode, where).toBe(403);
        expect(response.json(), where).toMatchObject({ crumbFail: true, message: expect.any(String) });
      }
      expect(await snapshotDomainTables(server.database.db), `${key}: a forged call wrote something`).toEqual(before);
      if (bodies[key] !== undefined) {
        const { visitor, entryId } = await shopper();
        const control = await visitor.request({ method: route.method as 'POST', url: urlOf(route, entryId), payload: bodies[key] as object });
        expect(control.statusCode, `${key} with the crumb → ${control.statusCode} ${control.body}`).toBeLessThan(300);
      }
    }
  }, LOOP_TIMEOUT_MS);

  it("a signed-in shopper's change without X-SiteUser-XSRF-Token is refused and writes nothing, even with the crumb", async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    expect((await visitor.post('/api/site-users/account', { email: 'xsrf@example.com', password: 'correct horse battery staple' })).statusCode).toBe(201);
    const before = await snapshotDomainTables(server.database.db);
    const response = await visitor.request({ method: 'POST', url: ENTRIES, payload: sticker, headers: { [SITE_USER_XSRF_HEADER]: 'stolen-cookie-only' } });
    expect(response.statusCode).toBe(403);
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });
});

describe('XSS: what a shopper types is shown as text on every page', () => {
  const collector = routeCollector();
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ onRoute: collector.onRoute, rateLimit: { max: 1_000_000_000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Every string in a parsed JSON value. */
  function stringsIn(value: unknown, out: string[] = []): string[] {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, out);
    return out;
  }

  /** The page is safe, and shaped as it is for a harmless value in the same place. */
  function expectSafe(url: string, html: string, benignHtml: string): void {
    expect(liveMarkup(html), url).toEqual([]);
    expect(elementShape(html), `${url}: the payload changed the page's elements`).toEqual(elementShape(benignHtml));
  }

  it('the detector sees each payload come alive when a page writes it raw (so a pass below means something)', () => {
    const naive = (value: string) => [
      `<p>${value}</p>`,
      `<input value="${value}">`,
      `<input value='${value}'>`,
      `<script type="application/json">"${value}"</script><p>after</p>`,
      `<a href="${value}">link</a>`,
    ];
    for (const payload of XSS_PAYLOADS) {
      const caught = naive(payload).some(
        (page, index) => liveMarkup(page).length > 0 || elementShape(page).join() !== elementShape(naive(BENIGN_PAYLOAD)[index]).join(),
      );
      expect(caught, payload).toBe(true);
    }
  });

  const pageRoutes = () => collector.routes.filter((route) => route.method === 'GET' && !route.url.startsWith('/api/') && !route.url.startsWith('/assets/'));

  it('in additional-fields answers: the cart, checkout and every other page with the header cart; the data keeps them unchanged', async () => {
    for (const payload of XSS_PAYLOADS) {
      const pages: Record<string, string> = {};
      for (const value of [BENIGN_PAYLOAD, payload]) {
        const visitor = new TestVisitor(server.app);
        await visitor.visit('/shop');
        const added = await visitor.post(ENTRIES, pen(value));
        expect(added.statusCode).toBe(200);
        // And again through the edit call, which stores what it is given.
        const entryId = added.json().newlyAdded.id;
        const edited = await visitor.put(`${ENTRIES}/${entryId}/additionalFields`, { itemId: demoProductId('engraved-pen'), sku: 'PEN', additionalFields: pen(value).additionalFields });
        expect(edited.statusCode).toBe(200);
        for (const url of ['/cart', '/checkout', '/', '/shop', '/shop/p/engraved-pen', '/search?q=pen']) {
          const page = await visitor.get(url);
          expect(page.statusCode, url).toBe(200);
          pages[`${value === payload ? 'hostile' : 'benign'} ${url}`] = page.body;
          if (value === payload) {
            expectSafe(`${url} with answers ${payload}`, page.body, pages[`benign ${url}`]);
            const carried = stringsIn([...jsonDataBlocks(page.body), ...islandProps(page.body)]);
            expect(carried, `${url}: the cart's answers, intact`).toContain(pen(payload).additionalFields);
          }
        }
      }
    }
  }, LOOP_TIMEOUT_MS);

  it('in every query value and path parameter of every page (the search box shows ?q= on every page)', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const keys = ['q', 'cartToken', 'orderId', 'itemId', 'sku'];
    for (const route of pageRoutes()) {
      for (const payload of XSS_PAYLOADS) {
        const urlFor = (value: string) => {
          const path = route.url.replace(/:[A-Za-z]+/g, () => percentEncode(value));
          return `${path}?${keys.map((key) => `${key}=${percentEncode(value)}`).join('&')}`;
        };
        const benign = await visitor.get(urlFor(BENIGN_PAYLOAD));
        const hostile = await visitor.get(urlFor(payload));
        const where = `${route.url} with ${payload} → ${hostile.statusCode}`;
        expect(hostile.statusCode, where).toBeLessThan(500);
        if (!String(hostile.headers['content-type']).startsWith('text/html')) continue;
        expect(hostile.statusCode, where).toBe(benign.statusCode);
        expectSafe(where, hostile.body, benign.body);
      }
    }
  }, LOOP_TIMEOUT_MS);

  it('in the search page: the query is shown, as text, in the box and in the answer', async () => {
    const visitor = new TestVisitor(server.app);
    for (const payload of XSS_PAYLOADS) {
      const page = await visitor.get(`/search?q=${percentEncode(payload)}`);
      expect(liveMarkup(page.body)).toEqual([]);
      const document = parseHtml(page.body);
      const boxes = Array.from(document.querySelectorAll('input[name="q"]')).map((input) => input.getAttribute('value'));
      expect(boxes.length).toBeGreaterThan(0);
      for (const value of boxes) expect(value).toBe(payload);
      expect(document.body.textContent).toContain(payload.trim());
    }
  });

  it('in the checkout email: refused unless it is an email; an accepted one is never shown on the confirmation page', async () => {
    // Characters the email pattern allows, arranged to break out of an attribute or to be decoded twice.
    const emails = [...XSS_PAYLOADS.map((payload) => `${payload}@example.com`), "x'onmouseover='alert`1`'@example.com", '&#60;script&#62;@example.com', '"x"@example.com'];
    for (const email of emails) {
      const visitor = new TestVisitor(server.app);
      await visitor.visit('/shop');
      expect((await visitor.post(ENTRIES, pen('Hi'))).statusCode).toBe(200);
      const before = await snapshotDomainTables(server.database.db);
      const placed = await visitor.post(ORDERS, { shippingAddress: TEST_SHIPPING_ADDRESS, email });
      expect(placed.statusCode, `${email} → ${placed.body}`).toBeLessThan(500);
      if (placed.statusCode !== 201) {
        expect(placed.statusCode).toBe(400);
        expect(await snapshotDomainTables(server.database.db)).toEqual(before);
        continue;
      }
      const page = await visitor.get(`/checkout/order-confirmed?orderId=${placed.json().order.id}`);
      expect(page.statusCode).toBe(200);
      expect(liveMarkup(page.body), email).toEqual([]);
      expect(page.body, 'the confirmation page does not show the email').not.toContain(email.split('@')[0]);
    }
  });
});

describe('the rate limit, whatever the spelling of the path', () => {
  const MAX = 3;
  let server: TestServer;
  let port: number;
  let crumb: string;
  let cookies: string;
  beforeAll(async () => {
    server = await openTestServer({ rateLimit: { max: MAX, windowMs: 24 * 3_600_000 } });
    const visitor = new TestVisitor(server.app);
    crumb = await visitor.fetchCrumb();
    cookies = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One raw request from its own loopback address (one visitor per spelling), as a client would send it, unnormalised. */
  function post(path: string, from: string): Promise<number> {
    const body = JSON.stringify(sticker);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: ${cookies}\r\n${CRUMB_HEADER}: ${crumb}\r\n\r\n${body}`,
      );
    });
  }

  let address = 10;
  /** MAX + 2 calls: fine if every one is a 404 (no route), or if the ones past MAX are 429. */
  async function expectCountedOrUnrouted(path: string): Promise<void> {
    const from = `127.0.0.${address++}`;
    const statuses: number[] = [];
    for (let call = 0; call < MAX + 2; call++) statuses.push(await post(path, from));
    const unrouted = statuses.every((status) => status === 404);
    const counted = statuses.slice(MAX).every((status) => status === 429) && statuses.slice(0, MAX).every((status) => status !== 429);
    if (process.env.DEBUG_SPELLINGS) console.info(`${path}: ${statuses.join(', ')}`);
    expect(unrouted || counted, `${path}: ${statuses.join(', ')}`).toBe(true);
  }

  it('the plain path is counted (the control)', async () => {
    await expectCountedOrUnrouted(ENTRIES);
  });

  const spellings = [
    '/%61pi/commerce/shopping-cart/entries',
    '/%61%70%69/commerce/shopping-cart/entries',
    '/api/commerce/shopping-cart/%65ntries',
    '//api/commerce/shopping-cart/entries',
    '/api//commerce/shopping-cart/entries',
    '/API/commerce/shopping-cart/entries',
    '/Api/Commerce/Shopping-Cart/Entries',
    '/api/commerce/shopping-cart/entries/',
    '/api/commerce/shopping-cart/entries?',
    '/api/commerce/shopping-cart/entries?x=1',
    '/api/commerce/shopping-cart/entries;x=1',
    '/./api/commerce/shopping-cart/entries',
    '/api/./commerce/shopping-cart/entries',
    '/x/../api/commerce/shopping-cart/entries',
    '/api/commerce/shopping-cart/entries#x',
    'http://127.0.0.1/api/commerce/shopping-cart/entries',
    '/%2561pi/commerce/shopping-cart/entries',
  ];
  for (const spelling of spellings) {
    it(`${spelling} is counted or reaches no route`, async () => {
      await expectCountedOrUnrouted(spelling);
    });
  }
});
