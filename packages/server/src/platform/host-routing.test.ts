// databases: both — host lookups are indexed reads through a partial unique index, and a website is created in one transaction
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { notifyWebsiteChanged } from '../websites';
import { HOST_MESSAGES } from '../http/host-answer';
import { createWebsite, CREATE_WEBSITE_MESSAGES } from './index';
import { isFailure } from '../failures';

const PLATFORM = 'vitrine.test';
let server: TestServer;
let emptySiteId: string;

beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
  emptySiteId = (await createWebsite(server.database.db, { identifier: 'corner-bakery', siteTitle: 'Corner <Bakery>', sampleContent: false })).website.id;
});
afterAll(() => server?.close());

const db = () => server.database.db;
const get = (host: string, url = '/', accept = 'text/html') => server.app.inject({ method: 'GET', url, headers: { host, accept } });

describe('the website comes from the Host', () => {
  it('serves each website at its subdomain, with its own content', async () => {
    const demo = await get(`demo.${PLATFORM}`);
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toContain('Vitrine Demo Store');
    const bakery = await get(`corner-bakery.${PLATFORM}:3000`);
    expect(bakery.statusCode).toBe(200);
    // The starter home page names the site, escaped.
    expect(bakery.body).toContain('<h2>Corner &lt;Bakery&gt;</h2>');
    expect(bakery.body).not.toContain('Vitrine Demo Store');
    // An empty site has a shop with nothing in it, and none of the demo's products.
    const shop = await server.app.inject({ method: 'GET', url: '/shop?format=json', headers: { host: `corner-bakery.${PLATFORM}` } });
    expect(shop.statusCode).toBe(200);
    expect(JSON.stringify(shop.json())).not.toContain('linen');
    const product = await get(`corner-bakery.${PLATFORM}`, '/shop/p/linen-shirt');
    expect(product.statusCode).toBe(404);
  });

  it('answers an unknown host, a deeper subdomain and the bare IP with a plain 404 that names no website', async () => {
    for (const host of [`nobody.${PLATFORM}`, `a.demo.${PLATFORM}`, 'example.com', '127.0.0.1:3000']) {
      const page = await get(host);
      expect(page.statusCode, host).toBe(404);
      expect(page.body).toContain(HOST_MESSAGES.unknown);
      expect(page.body).not.toContain('Vitrine Demo Store');
      const json = await get(host, '/api/commerce/shopping-cart', 'application/json');
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ message: HOST_MESSAGES.unknown });
    }
  });

  it('serves a verified custom domain, sends the other domains to the primary with path and query kept, and ignores unverified ones', async () => {
    await db().insertInto('website_domains').values([
      { website_id: emptySiteId, host: 'bakery.example', verification_token: 't1', verified_at: new Date(), is_primary: true },
      { website_id: emptySiteId, host: 'www.bakery.example', verification_token: 't2', verified_at: new Date() },
      { website_id: emptySiteId, host: 'pending.example', verification_token: 't3', verified_at: null },
    ]).execute();
    notifyWebsiteChanged(emptySiteId);
    const primary = await get('bakery.example');
    expect(primary.statusCode).toBe(200);
    expect(primary.body).toContain('Corner &lt;Bakery&gt;');
    const alias = await get('WWW.Bakery.Example.:8080', '/shop?sort=new&x=1');
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe('http://bakery.example:8080/shop?sort=new&x=1');
    const subdomain = await get(`corner-bakery.${PLATFORM}`, '/about');
    expect(subdomain.headers.location).toBe('http://bakery.example/about');
    expect((await get('pending.example')).statusCode).toBe(404);
    // The pictures route answers by host too.
    expect((await get('pending.example', '/images/x/y.png')).statusCode).toBe(404);
  });

  it('answers a suspended website with a plain 503, and a deleted one like an unknown host', async () => {
    const { website } = await createWebsite(db(), { identifier: 'paused', siteTitle: 'Paused', sampleContent: false });
    expect((await get(`paused.${PLATFORM}`)).statusCode).toBe(200);
    await db().updateTable('websites').set({ suspended_at: new Date() }).where('id', '=', website.id).execute();
    notifyWebsiteChanged(website.id);
    const suspended = await get(`paused.${PLATFORM}`);
    expect(suspended.statusCode).toBe(503);
    expect(suspended.headers['retry-after']).toBe('3600');
    expect(suspended.body).toContain(HOST_MESSAGES.suspended);
    await db().updateTable('websites').set({ suspended_at: null, deleted_at: new Date() }).where('id', '=', website.id).execute();
    notifyWebsiteChanged(website.id);
    expect((await get(`paused.${PLATFORM}`)).statusCode).toBe(404);
  });

  it('keeps a visitor of one website out of another: its cart cookie means nothing there', async () => {
    const shopper = new TestVisitor(server.app, undefined, { host: `demo.${PLATFORM}` });
    await shopper.visit('/shop');
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('linen-shirt'), sku: 'SHIRT-S-WHITE', quantity: 1 });
    expect(added.statusCode).toBe(200);
    await createWebsite(db(), { identifier: 'elsewhere', siteTitle: 'Elsewhere', sampleContent: false });
    const elsewhere = new TestVisitor(server.app, shopper.ip, { host: `elsewhere.${PLATFORM}` });
    for (const [name, value] of shopper.cookies) elsewhere.cookies.set(name, value);
    const cart = await elsewhere.get('/api/commerce/shopping-cart');
    expect(cart.statusCode).toBe(200);
    expect(JSON.stringify(cart.json())).not.toContain('SHIRT-S-WHITE');
    expect(JSON.stringify((await shopper.get('/api/commerce/shopping-cart')).json())).toContain('SHIRT-S-WHITE');
  });
});

describe('creating a website', () => {
  it('refuses a bad, reserved or taken address with the field named, writing nothing', async () => {
    const before = await db().selectFrom('websites').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const cases: Array<[string, string]> = [
      ['Bad Name', CREATE_WEBSITE_MESSAGES.identifierInvalid],
      ['ab', CREATE_WEBSITE_MESSAGES.identifierInvalid],
      ['www', CREATE_WEBSITE_MESSAGES.identifierReserved],
      ['demo', CREATE_WEBSITE_MESSAGES.identifierTaken],
    ];
    for (const [identifier, message] of cases) {
      const error = await createWebsite(db(), { identifier, siteTitle: 'X', sampleContent: true }).catch((caught: unknown) => caught);
      expect(isFailure(error) && error.errors?.identifier, identifier).toBe(message);
    }
    const untitled = await createWebsite(db(), { identifier: 'untitled', siteTitle: '  ', sampleContent: false }).catch((caught: unknown) => caught);
    expect(isFailure(untitled) && untitled.errors?.siteTitle).toBe(CREATE_WEBSITE_MESSAGES.titleRequired);
    const after = await db().selectFrom('websites').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('gives a site started with sample content its own copy of the demo, with its own ids', async () => {
    const { website, setupLink } = await createWebsite(db(), { identifier: 'second-shop', siteTitle: 'Second Shop', sampleContent: true, ownerEmail: 'Owner@Example.com' });
    expect(setupLink.email).toBe('owner@example.com');
    const products = await db().selectFrom('products').select('id').where('website_id', '=', website.id).execute();
    const demoProducts = await db().selectFrom('products').innerJoin('websites', 'websites.id', 'products.website_id').select('products.id').where('websites.identifier', '=', 'demo').execute();
    expect(products.length).toBe(demoProducts.length);
    expect(products.map((row) => row.id)).not.toContain(demoProducts[0]!.id);
    const page = await get(`second-shop.${PLATFORM}`, '/shop/p/linen-shirt');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Second Shop');
  });
});

describe('a blank start (issue 33 item 6)', () => {
  it('writes only the site\'s frame: no sample products, sign-ups, reviews, orders, members or posts', async () => {
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.columns WHERE column_name = 'website_id' AND table_schema = current_schema()`.execute(db());
    const filled: Record<string, number> = {};
    for (const { table_name: table } of tables.rows) {
      const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE website_id = ${emptySiteId}`.execute(db());
      if (Number(row.rows[0]!.n) > 0) filled[table] = Number(row.rows[0]!.n);
    }
    // Every table an empty website may hold rows in, and why: a new table that a blank site fills must be added here on purpose.
    const FRAME_TABLES = new Set([
      'site_pages', // the starter home page
      'collections', // one empty shop
      'owner_invitations', // the first admin's one-time set-up link
      'website_domains', // none at creation; the custom-domain case above adds three
    ]);
    const unexpected = Object.keys(filled).filter((table) => !FRAME_TABLES.has(table));
    expect(unexpected, JSON.stringify(filled)).toEqual([]);
    for (const sample of ['products', 'variants', 'images', 'orders', 'carts', 'newsletter_subscribers', 'reviews', 'members', 'form_submissions', 'posts', 'site_users']) expect(filled[sample], sample).toBeUndefined();
  });
});
