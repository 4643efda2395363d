// databases: both — every read and write must be scoped by website, whichever engine runs the SQL
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PERMISSIONS } from '@vitrine/contracts';
import { contractFor } from '@vitrine/contracts';
import { demoProductId, openTestServer, ownerVisitor, TEST_SHIPPING_ADDRESS, TestVisitor } from '../testing';
import { createWebsite } from '../platform';
import { cartRestoreLinksFor } from '../abandoned-carts';
import { renderSiteMail } from '../mail';
import { CampaignLinkTokens } from '../campaigns';
import { loadServerSecret } from '../http/server-secrets';
import { routeCollector, type FuzzRoute } from './request-generator';
import { CRUMB_HEADER } from '../http/crumb';
import { SITE_USER_XSRF_HEADER } from '../http/request-context';

/*
 * Isolation, proven for every route (issue 32): two websites on one platform. Site A's visitor cookies, owner
 * session, API key and object ids go to site B's host. Promised for each route of the route table (read from
 * Fastify's onRoute hook, so a new route is covered without editing this file):
 *  - an owner call answers 401 with A's session (403 for a change: A's crumb is refused first) and with A's API key;
 *  - a route whose path names one of A's objects answers 401, 403 or 404;
 *  - no answer carries any of A's ids;
 *  - nothing is written: every table's row count is the same before and after (but what anonymous traffic on B
 *    makes of B's own: rate-limit counters, analytics, captcha and form keys).
 */

const PLATFORM = 'vitrine.test';
const A_HOST = `demo.${PLATFORM}`;
const B_HOST = `bravo.${PLATFORM}`;
const collector = routeCollector();
const server = await openTestServer({ platformDomain: PLATFORM, onRoute: collector.onRoute, rateLimit: { max: 1_000_000_000 } });
const db = server.database.db;
afterAll(() => server.close());

await createWebsite(db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: true });
const websiteA = await db.selectFrom('websites').selectAll().where('identifier', '=', 'demo').executeTakeFirstOrThrow();

// Site A's visitor: a cart entry and an order, signed up as a member of its site.
const shopperA = new TestVisitor(server.app, undefined, { host: A_HOST });
await shopperA.visit('/shop');
const added = await shopperA.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });
if (added.statusCode !== 200) throw new Error(`set-up add to cart: ${added.statusCode} ${added.body}`);
const placed = await shopperA.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'alpha-shopper@example.com' });
if (placed.statusCode >= 300) throw new Error(`set-up order: ${placed.statusCode} ${placed.body}`);
await shopperA.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });

// Site A's owner (admin) and an API key with every permission.
const ownerA = await ownerVisitor(server, 'admin', { identifier: 'demo', host: A_HOST });
const key = await ownerA.post('/api/owner/api-keys', { name: 'Alpha key', scopes: Object.keys(PERMISSIONS) });
if (key.statusCode >= 300) throw new Error(`set-up API key: ${key.statusCode} ${key.body}`);
const apiKeyA = (key.json() as { secret: string }).secret;
// Site A's webhook endpoint (issue 37): its id goes to B's host in the endpoint routes' paths.
const hook = await ownerA.post('/api/owner/webhooks', { url: 'https://hooks.example.test/alpha', events: ['order.created'] });
if (hook.statusCode >= 300) throw new Error(`set-up webhook endpoint: ${hook.statusCode} ${hook.body}`);
// Site A's queued site export (issue 37 item 4): its id goes to B's host in the archive routes' paths.
const siteExport = await ownerA.post('/api/owner/site-archives', { includePersonalData: false });
if (siteExport.statusCode >= 300) throw new Error(`set-up site export: ${siteExport.statusCode} ${siteExport.body}`);
// Site A's publishable key of the headless API (issue 37 item 3) and its allowed origin: refused on B's host below.
const publishable = await ownerA.post('/api/owner/headless/keys', { name: 'Alpha frontend' });
if (publishable.statusCode !== 201) throw new Error(`set-up publishable key: ${publishable.statusCode} ${publishable.body}`);
const publishableKeyA = (publishable.json() as { key: { key: string } }).key.key;
const originsA = await ownerA.put('/api/owner/headless/origins', { origins: ['https://alpha-frontend.example.test'] });
if (originsA.statusCode !== 200) throw new Error(`set-up headless origins: ${originsA.statusCode} ${originsA.body}`);
// Site A's queued WordPress import (issue 37 item 5): its id goes to B's host in the import routes' paths.
const siteImport = await ownerA.request({
  method: 'POST', url: '/api/owner/site-imports/wxr', headers: { 'content-type': 'application/xml' },
  payload: '<?xml version="1.0"?><rss><channel><title>Alpha blog</title><item><title>Alpha post</title><wp:post_type>post</wp:post_type><wp:post_name>alpha-post</wp:post_name></item></channel></rss>',
});
if (siteImport.statusCode >= 300) throw new Error(`set-up site import: ${siteImport.statusCode} ${siteImport.body}`);

// Site A's queued object removal (issue 36 item 5; not due for an hour): no call on B's host shows or changes it.
await db.insertInto('object_removals').values({ id: 'alpha-removal-0001', website_id: websiteA.id, kind: 'picture', ref: 'alphapicture', not_before: new Date(Date.now() + 3_600_000), created_at: new Date() }).execute();

// Site A's abandoned-cart reminders (issue 38 item 3): on, and a reminder sent for A's open cart, whose signed link
// goes to B's host below.
const delay = await ownerA.put('/api/owner/abandoned-carts/settings', { delayHours: 1 });
if (delay.statusCode >= 300) throw new Error(`set-up abandoned-cart setting: ${delay.statusCode} ${delay.body}`);
const cartOfA = await db.selectFrom('carts').select('id').where('website_id', '=', websiteA.id).where('token', '=', shopperA.cookies.get('CART') ?? '').executeTakeFirstOrThrow();
await db.insertInto('abandoned_cart_reminders').values({ cart_id: cartOfA.id, website_id: websiteA.id, email: 'alpha-shopper@example.com', status: 'sent', sent_at: new Date() }).execute();
const restorePathOfA = (await cartRestoreLinksFor(db)).path(websiteA.id, cartOfA.id, new Date(Date.now() + 60 * 60 * 1000));

// Site A's automatic discount (issue 38 item 5): its id goes to B's host in the discount routes' paths, and B's
// carts must never apply it.
const discountOfA = await ownerA.post('/api/owner/automatic-discounts', { title: 'Alpha free shipping', kind: 'free-shipping', minSubtotalCents: 100_000 });
if (discountOfA.statusCode >= 300) throw new Error(`set-up automatic discount: ${discountOfA.statusCode} ${discountOfA.body}`);

// Site A's announcement bar (issue 34 item 4): B's pages must never draw it.
const announcementA = await ownerA.put('/api/owner/site-settings/announcement', { enabled: true, text: 'Alpha-only announcement', linkLabel: '', linkUrl: '', colourTheme: 'dark' });
if (announcementA.statusCode >= 300) throw new Error(`set-up announcement: ${announcementA.statusCode} ${announcementA.body}`);
// Site A's footer (issue 34 item 4, also edited in the page editor): B's pages never draw it, B's owner never reads it.
const footerA = await ownerA.put('/api/owner/site-settings/footer', { columns: [{ title: 'Alpha column', links: [{ label: 'Alpha mail', url: 'mailto:alpha@example.com' }] }], social: [], legalText: 'Alpha-only legal line' });
if (footerA.statusCode >= 300) throw new Error(`set-up footer: ${footerA.statusCode} ${footerA.body}`);

// Site A's own order-confirmation mail (issue 38 item 7): B's owner neither sees it nor does B's mail use it.
const templateOfA = await ownerA.put('/api/owner/mail-templates/order-confirmation', { subject: 'Alpha secret subject {{order.number}}', blocks: [{ type: 'text', text: 'Alpha body' }] });
if (templateOfA.statusCode !== 200) throw new Error(`set-up mail template: ${templateOfA.statusCode} ${templateOfA.body}`);

// Site A's manual payment method (issue 38 item 6) and an order awaiting payment by it: B's host neither offers the
// method nor marks A's order paid (the mark-paid route gets A's order ids like every route with an :orderId).
const manualOfA = await ownerA.put(`/api/v1/commerce-preferences/${websiteA.id}`, { manualPaymentEnabled: true, manualPaymentLabel: 'Alpha transfer', manualPaymentInstructions: 'Alpha IBAN only' });
if (manualOfA.statusCode !== 200) throw new Error(`set-up manual payment: ${manualOfA.statusCode} ${manualOfA.body}`);
const manualShopperA = new TestVisitor(server.app, undefined, { host: A_HOST });
await manualShopperA.visit('/shop');
await manualShopperA.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });
const manualOrderA = await manualShopperA.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'alpha-transfer@example.com', paymentMethod: 'manual' });
if (manualOrderA.statusCode !== 201) throw new Error(`set-up manual order: ${manualOrderA.statusCode} ${manualOrderA.body}`);
const manualOrderIdA = (manualOrderA.json() as { order: { id: string } }).order.id;
// Site A's newsletter campaign (issue 38 item 4), sent to one recipient: B's owner neither sees nor changes it, and
// A's click and opens links count nothing on B's host.
const campaignOfA = await ownerA.post('/api/owner/campaigns', {
  subject: 'Alpha secret campaign', blocks: [{ type: 'button', label: 'Alpha sale', url: 'https://alpha.example.com/sale' }], audience: { kind: 'all' }, trackOpens: true,
});
if (campaignOfA.statusCode !== 201) throw new Error(`set-up campaign: ${campaignOfA.statusCode} ${campaignOfA.body}`);
const campaignIdOfA: string = campaignOfA.json().campaign.id;
await db.insertInto('newsletter_campaigns').values({ id: `${campaignIdOfA}-sent`, website_id: websiteA.id, status: 'sent', subject: 'Alpha sent', blocks: '[]', audience: '{"kind":"all"}', links: JSON.stringify(['https://alpha.example.com/sale']) }).execute();
await db.insertInto('newsletter_campaign_recipients').values({ campaign_id: `${campaignIdOfA}-sent`, website_id: websiteA.id, email: 'alpha-reader@example.com', status: 'queued' }).execute();

/** Every id of site A, by table: the tables with a website_id and an id column, found in the catalog. */
const idsOfA = new Map<string, string[]>();
const tables = await sql<{ table_name: string }>`
  SELECT c.table_name FROM information_schema.columns c
  JOIN information_schema.columns i ON i.table_name = c.table_name AND i.table_schema = c.table_schema AND i.column_name = 'id'
  WHERE c.column_name = 'website_id' AND c.table_schema = current_schema()`.execute(db);
for (const { table_name: table } of tables.rows) {
  const rows = await sql<{ id: unknown }>`SELECT id FROM ${sql.table(table)} WHERE website_id = ${websiteA.id} LIMIT 3`.execute(db);
  const ids = rows.rows.map((row) => String(row.id)).filter((id) => id.length >= 8);
  if (ids.length > 0) idsOfA.set(table, ids);
}
idsOfA.set('websites', [websiteA.id]);
const everyIdOfA = [...new Set([...idsOfA.values()].flat())];

/** The tables a path parameter names, by its name: `:memberAreaId` → member_areas, `:storeId` → collections. */
const PARAM_TABLES: Record<string, string[]> = { storeId: ['collections'], itemId: ['products', 'site_items'], sessionId: ['session_replay_sessions', 'replay_sessions'] };
function tablesFor(param: string): string[] {
  if (PARAM_TABLES[param]) return PARAM_TABLES[param].filter((table) => idsOfA.has(table));
  if (!param.endsWith('Id')) return [];
  const snake = param.slice(0, -2).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return [...idsOfA.keys()].filter((table) => table === `${snake}s` || table.endsWith(`_${snake}s`) || table === `${snake}es` || table === snake.replace(/y$/, 'ies'));
}

/** The URLs of a route with A's ids in its id parameters (one per table a parameter may name); none without id parameters. */
function urlsWithIdsOfA(route: FuzzRoute): string[] {
  const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  if (params.length === 0 || !params.some((param) => tablesFor(param).length > 0)) return [];
  const choices = params.map((param) => {
    const found = tablesFor(param).map((table) => idsOfA.get(table)![0]!);
    return found.length > 0 ? found : ['x'];
  });
  const widest = Math.max(...choices.map((choice) => choice.length));
  return Array.from({ length: widest }, (_, index) => {
    let url = route.url.replace('*', 'x');
    params.forEach((param, at) => (url = url.replace(`:${param}`, encodeURIComponent(choices[at]![index % choices[at]!.length]!))));
    return url;
  });
}

/** Row counts of every table but the counters anonymous traffic keeps. */
async function rowCounts(): Promise<Record<string, number>> {
  const all = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of all.rows) {
    if (/rate_limit|analytics|census|page_view|visit|replay|schema_migrations|captcha|form_submission_keys/.test(table)) continue;
    const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0]!.n);
  }
  return counts;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routes = collector.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');

/** Sends a request to B's host carrying one of A's identities. */
function asA(identity: 'visitor' | 'owner' | 'key', method: string, url: string) {
  const headers: Record<string, string> = { host: B_HOST, accept: 'application/json' };
  const body = STATE_CHANGING.has(method) ? { payload: {} } : {};
  if (identity === 'key') return server.app.inject({ method: method as 'GET', url, headers: { ...headers, authorization: `Bearer ${apiKeyA}` }, ...body });
  const visitor = identity === 'owner' ? ownerA : shopperA;
  // A's cookies, crumb and XSRF token, as a tossed cookie or a stolen session would bring them (sent by hand: B's
  // answers must not change the jar A's own requests use).
  const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const identityHeaders: Record<string, string> = { cookie, ...(visitor.crumb ? { [CRUMB_HEADER]: visitor.crumb } : {}) };
  if (visitor.siteUserXsrfToken) identityHeaders[SITE_USER_XSRF_HEADER] = visitor.siteUserXsrfToken;
  return server.app.inject({ method: method as 'GET', url, headers: { ...headers, ...identityHeaders }, remoteAddress: visitor.ip, ...body });
}

const leaks: string[] = [];
const wrongStatus: string[] = [];

describe('site A\'s identities and ids on site B\'s host', () => {
  it(`are refused on every route (${routes.length} routes) and read or write nothing of either site`, async () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(everyIdOfA.length).toBeGreaterThan(20);
    const before = await rowCounts();
    let withIdsOfA = 0;
    for (const route of routes) {
      const owner = contractFor(route.method, route.url)?.access !== undefined;
      const plainUrl = route.url.replace(/:([A-Za-z]+)/g, 'x').replace('*', 'x');
      const attempts: Array<{ identity: 'visitor' | 'owner' | 'key'; url: string; expect?: number[] }> = [];
      if (owner) {
        // A's crumb is refused on B before the session is even looked up (403); a session alone would be unknown there (401).
        attempts.push({ identity: 'owner', url: urlsWithIdsOfA(route)[0] ?? plainUrl, expect: STATE_CHANGING.has(route.method) ? [401, 403] : [401] });
        attempts.push({ identity: 'key', url: urlsWithIdsOfA(route)[0] ?? plainUrl, expect: [401] });
      } else {
        for (const url of urlsWithIdsOfA(route)) attempts.push({ identity: 'visitor', url, expect: [400, 401, 403, 404, 405, 410] });
        if (attempts.length === 0) attempts.push({ identity: 'visitor', url: plainUrl });
      }
      for (const attempt of attempts) {
        const answer = await asA(attempt.identity, route.method, attempt.url);
        if (attempt.url !== plainUrl) withIdsOfA += 1;
        const where = `${route.method} ${attempt.url} as A's ${attempt.identity} → ${answer.statusCode}`;
        if (attempt.expect && !attempt.expect.includes(answer.statusCode)) wrongStatus.push(where);
        if (answer.statusCode >= 500) wrongStatus.push(where);
        const leaked = everyIdOfA.find((id) => answer.body.includes(id));
        if (leaked) leaks.push(`${where}: carries ${leaked}`);
      }
    }
    // The suite reaches past the routes without parameters: most id parameters named one of A's objects.
    expect(withIdsOfA).toBeGreaterThan(60);
    expect(wrongStatus).toEqual([]);
    expect(leaks).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it("does not hand A's cart to B's visitor through A's reminder link, nor count B's restore on A", async () => {
    const visitorB = new TestVisitor(server.app, undefined, { host: B_HOST });
    const answer = await visitorB.get(restorePathOfA);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/cart?restore=expired');
    expect(visitorB.cookies.has('CART')).toBe(false);
    expect((await db.selectFrom('abandoned_cart_reminders').select('restored_at').where('cart_id', '=', cartOfA.id).executeTakeFirstOrThrow()).restored_at).toBeNull();
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    expect((await ownerB.get('/api/owner/abandoned-carts/settings')).json().delayHours).toBeNull();
    expect((await ownerB.get('/api/owner/abandoned-carts/summary')).json().remindersSent).toBe(0);
  });

  it("refuses A's publishable key and A's allowed origin on B's host, and B's own key reads nothing of A's", async () => {
    const reads = ['/api/headless/v1/products', '/api/headless/v1/products/canvas-tote', '/api/headless/v1/collections', '/api/headless/v1/collections/shop/products',
      '/api/headless/v1/pages', '/api/headless/v1/posts', '/api/headless/v1/search?q=tote'];
    const onA = await server.app.inject({ method: 'GET', url: reads[0]!, headers: { host: A_HOST, 'x-vitrine-publishable-key': publishableKeyA } });
    expect(onA.statusCode).toBe(200);
    for (const url of reads) {
      const answer = await server.app.inject({ method: 'GET', url, headers: { host: B_HOST, 'x-vitrine-publishable-key': publishableKeyA, origin: 'https://alpha-frontend.example.test' } });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().message).toBe('This publishable key is not valid for this website, or it has been revoked.');
      expect(answer.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const preflight = await server.app.inject({
      method: 'OPTIONS', url: reads[0]!, headers: { host: B_HOST, origin: 'https://alpha-frontend.example.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-vitrine-publishable-key' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    expect((await ownerB.get('/api/owner/headless')).json()).toEqual({ keys: [], allowedOrigins: [] });
    const keyB = (await ownerB.post('/api/owner/headless/keys', { name: 'Bravo frontend' })).json().key.key as string;
    for (const url of reads) {
      const answer = await server.app.inject({ method: 'GET', url, headers: { host: B_HOST, 'x-vitrine-publishable-key': keyB } });
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(everyIdOfA.find((id) => answer.body.includes(id)), url).toBeUndefined();
    }
    expect((await server.app.inject({ method: 'GET', url: reads[0]!, headers: { host: B_HOST, 'x-vitrine-publishable-key': keyB } })).statusCode).toBe(200);
    expect((await ownerB.delete(`/api/owner/headless/keys/${(publishable.json() as { key: { id: string } }).key.id}`)).statusCode).toBe(404);
  });

  it("does not apply A's automatic discounts to B's carts, nor list them to B's owner", async () => {
    const shopperB = new TestVisitor(server.app, undefined, { host: B_HOST });
    await shopperB.visit('/shop');
    const productB = await db.selectFrom('products').innerJoin('websites', 'websites.id', 'products.website_id').select('products.id')
      .where('websites.identifier', '=', 'bravo').where('products.url_id', '=', 'sticker-pack').executeTakeFirstOrThrow();
    const cartB = await shopperB.post('/api/commerce/shopping-cart/entries', { itemId: productB.id, sku: 'STICKERS', quantity: 1 });
    expect(cartB.statusCode, cartB.body).toBe(200);
    expect(cartB.json().shoppingCart).toMatchObject({ automaticDiscounts: [], freeShippingNudge: null });
    expect((await shopperA.get('/api/commerce/shopping-cart')).json().freeShippingNudge).toMatch(/^Add \$\d+\.\d\d for free shipping$/);
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    expect((await ownerB.get('/api/owner/automatic-discounts')).json()).toEqual({ automaticDiscounts: [] });
  });

  it("draws A's announcement bar on A's pages only, and shows B's owner none", async () => {
    expect((await new TestVisitor(server.app, undefined, { host: A_HOST }).get('/')).body).toContain('Alpha-only announcement');
    expect((await new TestVisitor(server.app, undefined, { host: B_HOST }).get('/')).body).not.toContain('Alpha-only announcement');
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    expect((await ownerB.get('/api/owner/site-settings/announcement')).json().announcement).toMatchObject({ enabled: false, text: '' });
  });

  it("draws A's footer on A's pages only; B's owner reads B's own and saving it leaves A's", async () => {
    expect((await new TestVisitor(server.app, undefined, { host: A_HOST }).get('/')).body).toContain('Alpha-only legal line');
    expect((await new TestVisitor(server.app, undefined, { host: B_HOST }).get('/')).body).not.toContain('Alpha-only legal line');
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    const footerB = (await ownerB.get('/api/owner/site-settings/footer')).json();
    expect(footerB.isDefault).toBe(true);
    expect(JSON.stringify(footerB)).not.toContain('Alpha');
    expect((await ownerB.put('/api/owner/site-settings/footer', { columns: [], social: [], legalText: 'Bravo legal line' })).statusCode).toBe(200);
    // A's footer is as A saved it.
    expect((await ownerA.get('/api/owner/site-settings/footer')).json().footer.legalText).toBe('Alpha-only legal line');
  });

  it("neither shows A's mail templates to B's owner nor sends them in B's mail", async () => {
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    const list = (await ownerB.get('/api/owner/mail-templates')).json();
    expect(list.templates.find((each: { name: string }) => each.name === 'order-confirmation')).toMatchObject({ customized: false, lastFallback: null });
    const one = await ownerB.get('/api/owner/mail-templates/order-confirmation');
    expect(one.body).not.toContain('Alpha secret subject');
    const websiteB = await db.selectFrom('websites').selectAll().where('identifier', '=', 'bravo').executeTakeFirstOrThrow();
    const values = { orderNumber: '#1', grandTotal: '$1.00', orderUrl: 'https://bravo.vitrine.test/o', items: [] };
    expect((await renderSiteMail(db, 'order-confirmation', websiteB, values, { publicUrl: 'https://bravo.vitrine.test' })).subject).toBe('Your order #1 from Bravo is confirmed');
    expect((await renderSiteMail(db, 'order-confirmation', websiteA, values, { publicUrl: 'https://demo.vitrine.test' })).subject).toBe('Alpha secret subject #1');
  });

  it("offers A's manual method on A's checkout only, and B's owner cannot mark A's manual order paid", async () => {
    const checkoutOf = async (host: string) => {
      const visitor = new TestVisitor(server.app, undefined, { host });
      await visitor.visit('/shop');
      await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 });
      return { visitor, page: (await visitor.get('/checkout?format=json')).json() };
    };
    expect((await checkoutOf(A_HOST)).page.checkout.manualPayment).toEqual({ label: 'Alpha transfer' });
    const onB = await checkoutOf(B_HOST);
    expect(onB.page.checkout.manualPayment).toBeNull();
    const refused = await onB.visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'bravo-transfer@example.com', paymentMethod: 'manual' });
    expect(refused.statusCode).toBe(400);
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    expect((await ownerB.post(`/api/owner/orders/${manualOrderIdA}/mark-paid`, {})).statusCode).toBe(404);
    expect((await db.selectFrom('orders').select('payment_status').where('id', '=', manualOrderIdA).executeTakeFirstOrThrow()).payment_status).toBe('pending');
  });

  it("neither shows A's campaigns to B's owner nor counts A's campaign links on B's host", async () => {
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    const list = await ownerB.get('/api/owner/campaigns');
    expect(list.json()).toEqual({ campaigns: [] });
    expect((await ownerB.get(`/api/owner/campaigns/${campaignIdOfA}`)).statusCode).toBe(404);
    expect((await ownerB.post(`/api/owner/campaigns/${campaignIdOfA}/send`, {})).statusCode).toBe(404);
    const links = new CampaignLinkTokens(await loadServerSecret(db, 'campaign-links'));
    const token = (kind: 'click' | 'open') => links.issue({ kind, websiteId: websiteA.id, campaignId: `${campaignIdOfA}-sent`, index: 0, email: 'alpha-reader@example.com' });
    const onB = new TestVisitor(server.app, undefined, { host: B_HOST });
    const click = await onB.get(`/mail/c?t=${token('click')}`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('/');
    expect((await onB.get(`/mail/o?t=${token('open')}`)).headers['content-type']).toBe('image/gif');
    const row = await db.selectFrom('newsletter_campaign_recipients').select(['clicks', 'opened_at']).where('campaign_id', '=', `${campaignIdOfA}-sent`).executeTakeFirstOrThrow();
    expect(row).toEqual({ clicks: 0, opened_at: null });
    // On A's own host the same link works (the suite's identities are real).
    const onA = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(`/mail/c?t=${token('click')}`);
    expect(onA.headers.location).toBe('https://alpha.example.com/sale');
  });

  it("lets B's owner neither tag A's subscribers nor see them (issue 38 segments)", async () => {
    await db.insertInto('newsletter_subscribers').values({ website_id: websiteA.id, email: 'alpha-tagged@example.com', source: 'newsletter', status: 'confirmed', tags: ['alpha'] }).execute();
    const ownerB = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    const tagged = await ownerB.post('/api/owner/newsletter/subscribers/tags', { emails: ['alpha-tagged@example.com'], add: ['bravo'], remove: ['alpha'] });
    expect(tagged.json()).toEqual({ updated: 0, subscribers: [] });
    const listed = (await ownerB.get('/api/owner/newsletter/subscribers')).json().subscribers.map((row: { email: string }) => row.email);
    expect(listed).not.toContain('alpha-tagged@example.com');
    const row = await db.selectFrom('newsletter_subscribers').select('tags').where('website_id', '=', websiteA.id).where('email', '=', 'alpha-tagged@example.com').executeTakeFirstOrThrow();
    expect(row.tags).toEqual(['alpha']);
  });

  it('keeps A\'s cart, order and owner session working on A\'s own host (the suite\'s identities are real)', async () => {
    const cart = await shopperA.get('/api/commerce/shopping-cart');
    expect(cart.body).toContain('STICKERS');
    expect((await ownerA.get('/api/owner/api-keys')).statusCode).toBe(200);
    const withKey = await server.app.inject({ method: 'GET', url: '/api/owner/api-keys/current', headers: { host: A_HOST, authorization: `Bearer ${apiKeyA}` } });
    expect(withKey.statusCode).toBe(200);
  });
});
