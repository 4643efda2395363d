// databases: both — racing changes on one version, and another process seeing them
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, visitorActor } from '../actor';
import { buildApp } from '../app';
import type { Website } from '../db/schema';
import { liveMarkup, XSS_PAYLOADS } from '../reliability/html-safety';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { addCollectionToMainNavigation } from './navigation';
import { CHROME_FRESH_MS, notifySiteChromeChanged, SiteChromeCache } from './site-chrome';
import { openPostgres } from '../db/database';

let server: TestServer;
let website: Website;
const prefsUrl = () => `/api/v1/commerce-preferences/${website.id}`;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

const websiteRow = () => server.database.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();

describe('commerce preferences', () => {
  it('answers the preferences with the currency, without websiteId or empty values', async () => {
    const owner = await ownerVisitor(server, 'storeManager');
    await server.database.db.updateTable('websites').set({ settings: JSON.stringify({ ...website.settings, websiteId: 'x', emptyOne: '', emptyList: [] }) }).execute();
    const answer = await owner.get(prefsUrl());
    expect(answer.statusCode).toBe(200);
    expect(answer.json().currency).toBe('USD');
    expect(answer.json()).not.toHaveProperty('websiteId');
    expect(answer.json()).not.toHaveProperty('emptyOne');
    expect(answer.json()).not.toHaveProperty('emptyList');
    expect((await owner.get('/api/v1/commerce-preferences/another-site')).json()).toEqual({ message: 'No such website.' });
  });

  it('merges a change, removes empty values, and the storefront serves it on the next request', async () => {
    const owner = await ownerVisitor(server, 'storeManager');
    const shopper = new TestVisitor(server.app);
    const put = await owner.put(prefsUrl(), {
      websiteId: website.id,
      currency: 'EUR',
      minimumOrderSubtotalCents: 2500,
      expressCheckout: true,
      multipleQuantityAllowedForServices: false,
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 100_000,
      stripeAccountCountry: 'US',
      giftWrapNote: { enabled: true, text: 'Wrapped' },
      emptyOne: null,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ currency: 'EUR', minimumOrderSubtotalCents: 2500, giftWrapNote: { enabled: true, text: 'Wrapped' } });
    expect(put.json()).not.toHaveProperty('websiteId');
    const settings = (await shopper.get('/cart?format=json')).json().websiteSettings.storeSettings;
    expect(settings).toMatchObject({ selectedCurrency: 'EUR', minimumOrderSubtotalCents: 2500, expressCheckout: true, multipleQuantityAllowedForServices: false });
    // Empty values remove: null, '', [] and {}.
    const removed = await owner.put(prefsUrl(), { minimumOrderSubtotalCents: null, giftWrapNote: {}, expressCheckout: null, currency: 'USD', multipleQuantityAllowedForServices: null });
    expect(removed.json()).not.toHaveProperty('minimumOrderSubtotalCents');
    expect(removed.json()).not.toHaveProperty('giftWrapNote');
    const after = (await shopper.get('/cart?format=json')).json().websiteSettings.storeSettings;
    expect(after).toMatchObject({ selectedCurrency: 'USD', minimumOrderSubtotalCents: null, expressCheckout: false, multipleQuantityAllowedForServices: true });
  });

  it('refuses bad values field by field and writes nothing', async () => {
    const owner = await ownerVisitor(server, 'admin');
    const before = await websiteRow();
    const bad = async (body: unknown) => {
      const answer = await owner.put(prefsUrl(), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      return answer.json();
    };
    expect((await bad({ currency: 'XXX' })).errors).toEqual({ currency: 'Choose one of the supported currencies.' });
    expect((await bad({ minimumOrderSubtotalCents: -1 })).errors).toEqual({ minimumOrderSubtotalCents: 'Enter an amount in minor units, 0 or more.' });
    expect((await bad({ expressCheckout: 'yes' })).errors).toEqual({ expressCheckout: 'Enter true or false.' });
    expect((await bad({ stripeAccountCountry: 'usa' })).errors).toEqual({ stripeAccountCountry: 'Enter a two-letter country code.' });
    expect((await bad({ 'bad key': 1 })).errors).toHaveProperty(['bad key']);
    expect((await bad({ deep: { a: { b: { c: { d: { e: { f: 1 } } } } } } })).errors).toEqual({ deep: expect.stringContaining('too large') });
    expect((await bad({ big: 'x'.repeat(20_000) })).errors).toEqual({ big: expect.stringContaining('too large') });
    expect((await bad({ afterPayMin: 500, afterPayMax: 100 })).errors).toEqual({ afterPayMin: 'afterPayMin must not be more than afterPayMax.' });
    expect((await bad({ siteDescription: 'x' })).errors).toEqual({ siteDescription: 'This is a site setting, not a commerce preference.' });
    expect((await bad({ note: 'a\u0000b' })).message).toBeTruthy();
    expect(await websiteRow()).toEqual(before);
  });

  it('needs store-settings:read to read and store-settings:write to change', async () => {
    expect((await (await ownerVisitor(server, 'billing')).get(prefsUrl())).statusCode).toBe(200);
    expect((await (await ownerVisitor(server, 'editor')).put(prefsUrl(), { customCart: true })).statusCode).toBe(403);
    expect((await new TestVisitor(server.app).get(prefsUrl())).statusCode).toBe(401);
  });

  it('a second app on the same database (its own pool on PostgreSQL) serves the change within WEBSITE_FRESH_MS, without a restart', async () => {
    const pool = server.database.url ? openPostgres({ connectionString: server.database.url, maxConnections: 4 }) : undefined;
    const other = await buildApp({ db: pool?.db ?? server.database.db });
    try {
      const shopper = new TestVisitor(other);
      expect((await shopper.get('/cart?format=json')).json().websiteSettings.storeSettings.customCart).toBe(false);
      const owner = await ownerVisitor(server, 'storeManager');
      await owner.put(prefsUrl(), { customCart: true });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await shopper.get('/cart?format=json')).json().websiteSettings.storeSettings.customCart).toBe(true);
      await owner.put(prefsUrl(), { customCart: null });
    } finally {
      await other.close();
      await pool?.close();
    }
  });
});

describe('site layout and navigation', () => {
  it('answers the default main navigation (Home, the stores, Cart) while none was saved; the header shows it', async () => {
    // The demo saves a main navigation linking its pages (issue 18): back to a site that never saved one.
    await server.database.db.deleteFrom('site_navigations').where('website_id', '=', website.id).execute();
    notifySiteChromeChanged(website.id);
    const owner = await ownerVisitor(server, 'viewer');
    const layout = (await owner.get('/api/commondata/GetSiteLayout')).json().layout;
    expect(layout[0].identifier).toBe('mainNav');
    expect(layout[0].links.map((link: { title: string }) => link.title)).toEqual(['Home', 'Shop', 'Cart']);
    const page = (await new TestVisitor(server.app).get('/')).body;
    expect(page).toContain('<li><a href="/shop">Shop</a></li>');
  });

  it('replaces a navigation with nested items; the header shows the new main navigation on the next request', async () => {
    const owner = await ownerVisitor(server, 'editor');
    const shop = await server.database.db.selectFrom('collections').select('id').where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    const answer = await owner.post('/api/widget/UpdateNavigation', {
      fieldName: 'mainNav',
      templateId: 'vitrine',
      navigation: {
        items: [
          { title: 'Start', externalLink: '/' },
          { title: 'Browse', items: [{ collectionId: shop.id }, { title: 'Blog', externalLink: 'https://blog.example.com/' }] },
          { collectionId: shop.id, title: 'All products' },
        ],
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().layout[0]).toEqual({
      identifier: 'mainNav',
      templateId: 'vitrine',
      links: [
        { title: 'Start', externalLink: '/', children: [] },
        { title: 'Browse', children: [{ title: 'Shop', collectionId: shop.id, children: [] }, { title: 'Blog', externalLink: 'https://blog.example.com/', children: [] }] },
        { title: 'All products', collectionId: shop.id, children: [] },
      ],
    });
    const page = (await new TestVisitor(server.app).get('/')).body;
    expect(page).toContain('<li><a href="/shop">All products</a></li>');
    expect(page).toContain('>Start</a>');
    const siteNav = page.split('<nav class="site-nav"')[1].split('</nav>')[0];
    expect(siteNav).not.toContain('Cart');
    expect(siteNav).not.toContain('Blog'); // the header is flat: a folder's items are not shown
  });

  it('refuses bad items with field errors and writes nothing', async () => {
    const owner = await ownerVisitor(server, 'admin');
    const before = await server.database.db.selectFrom('site_navigations').selectAll().execute();
    const post = (items: unknown[]) => owner.post('/api/widget/UpdateNavigation', { fieldName: 'mainNav', navigation: { items } });
    const long = `https://example.com/${'a'.repeat(2064)}`;
    expect(long.length).toBe(2084);
    const cases: Array<[unknown[], Record<string, string>]> = [
      [[{ externalLink: 'javascript:alert(1)' }], { 'navigation.items.0.externalLink': expect.stringContaining('Enter a web address') as unknown as string }],
      [[{ externalLink: long }], {}],
      [[{ collectionId: 'no-such-store' }], { 'navigation.items.0.collectionId': 'No such store.' }],
      [[{ memberAreaId: 'm1' }], { 'navigation.items.0.memberAreaId': 'No such member area.' }],
      [[{ title: 'Nothing' }], { 'navigation.items.0': 'An item links to one store, one address, or holds items (a folder).' }],
    ];
    for (const [items, errors] of cases) {
      const answer = await post(items);
      expect(answer.statusCode, JSON.stringify(items).slice(0, 80)).toBe(400);
      if (Object.keys(errors).length > 0) expect(answer.json().errors).toEqual(errors);
    }
    // 2083 characters is allowed.
    expect(isOk(await post([{ externalLink: long.slice(0, 2083) }]))).toBe(true);
    await post([{ title: 'Home', externalLink: '/' }]);
    // Too deep (4 levels) and too many (101).
    expect((await post([{ title: 'a', items: [{ title: 'b', items: [{ title: 'c', items: [{ externalLink: '/' }] }] }] }])).statusCode).toBe(400);
    const many = Array.from({ length: 50 }, () => ({ title: 'f', items: [{ externalLink: '/' }] }));
    expect((await post([...many, { externalLink: '/' }])).json().errors).toEqual({ 'navigation.items': 'A navigation holds at most 100 items.' });
    const rows = await server.database.db.selectFrom('site_navigations').select(['field_name', 'items']).execute();
    expect(rows).toEqual([{ field_name: 'mainNav', items: [{ title: 'Home', externalLink: '/' }] }]);
    expect(before.length).toBe(1);
    expect((await (await ownerVisitor(server, 'storeManager')).post('/api/widget/UpdateNavigation', { fieldName: 'mainNav', navigation: { items: [] } })).statusCode).toBe(403);
  });

  it('addCollectionToMainNavigation links a store once, before Cart; without a main navigation it says so', async () => {
    const db = server.database.db;
    const shop = await db.selectFrom('collections').select('id').where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    await db.deleteFrom('site_navigations').execute();
    const layout = await addCollectionToMainNavigation(db, website, systemActor('test'), shop.id);
    expect(layout.layout[0].links.map((link) => link.title)).toEqual(['Home', 'Shop', 'Cart']);
    await db.updateTable('site_navigations').set({ items: JSON.stringify([{ title: 'Home', externalLink: '/' }, { title: 'Cart', externalLink: '/cart' }]) }).execute();
    const added = await addCollectionToMainNavigation(db, website, systemActor('test'), shop.id);
    expect(added.layout[0].links.map((link) => link.title)).toEqual(['Home', 'Shop', 'Cart']);
    await expect(addCollectionToMainNavigation(db, website, systemActor('test'), 'nope')).rejects.toThrow('No such store.');
    await expect(addCollectionToMainNavigation(db, website, visitorActor(), shop.id)).rejects.toThrow('Sign in to manage this website.');
    // A site whose main navigation was deleted (another navigation kept).
    const owner = await ownerVisitor(server, 'admin');
    await owner.post('/api/widget/UpdateNavigation', { fieldName: 'footerNav', navigation: { items: [{ externalLink: '/cart', title: 'Cart' }] } });
    await db.deleteFrom('site_navigations').where('field_name', '=', 'mainNav').execute();
    await expect(addCollectionToMainNavigation(db, website, systemActor('test'), shop.id)).rejects.toThrow('Unable to find site main navigation');
    expect((await owner.get('/api/commondata/GetSiteLayout')).json()).toEqual({ layout: [] });
    // The header falls back to the catalog's links.
    expect((await new TestVisitor(server.app).get('/')).body).toContain('<li><a href="/shop">Shop</a></li>');
    // Saving mainNav brings it back.
    await owner.post('/api/widget/UpdateNavigation', { fieldName: 'mainNav', navigation: { items: [{ externalLink: '/', title: 'Home' }] } });
    expect((await owner.get('/api/commondata/GetSiteLayout')).json().layout.map((entry: { identifier: string }) => entry.identifier)).toEqual(['mainNav', 'footerNav']);
    await db.deleteFrom('site_navigations').execute();
  });
});

const isOk = (answer: { statusCode: number }) => answer.statusCode === 200;

describe('header and footer', () => {
  it('stores sanitised HTML and the theme shows it on every page', async () => {
    const owner = await ownerVisitor(server, 'editor');
    const put = await owner.put('/api/site-header-footer', { header: '<p onclick="x()">Free <strong>shipping</strong></p><script>alert(1)</script>', footer: '<a href="javascript:alert(1)">x</a><a href="/shop">Shop</a>' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ header: '<p>Free <strong>shipping</strong></p>', footer: '<a>x</a><a href="/shop">Shop</a>' });
    expect((await owner.get('/api/site-header-footer')).json()).toEqual(put.json());
    const page = (await new TestVisitor(server.app).get('/shop')).body;
    expect(page).toContain('<div class="site-header-content"><p>Free <strong>shipping</strong></p></div>');
    expect(page).toContain('<div class="site-footer-content"><a>x</a><a href="/shop">Shop</a></div>');
  });

  it('no XSS payload comes alive on the page', async () => {
    const owner = await ownerVisitor(server, 'admin');
    for (const payload of XSS_PAYLOADS) {
      expect((await owner.put('/api/site-header-footer', { header: payload, footer: `<p>${payload}</p><a href="${payload}">l</a>` })).statusCode).toBe(200);
      const page = (await new TestVisitor(server.app).get('/')).body;
      expect(liveMarkup(page), payload).toEqual([]);
    }
    await owner.put('/api/site-header-footer', { header: '', footer: '' });
    expect((await new TestVisitor(server.app).get('/')).body).not.toContain('site-header-content');
  });

  it('refuses too long HTML and non-editors', async () => {
    const owner = await ownerVisitor(server, 'admin');
    expect((await owner.put('/api/site-header-footer', { header: 'x'.repeat(20_001), footer: '' })).json().errors).toEqual({
      header: 'Header and footer are HTML of 20000 characters at most.',
    });
    expect((await (await ownerVisitor(server, 'storeManager')).put('/api/site-header-footer', { header: '', footer: '' })).statusCode).toBe(403);
  });
});

describe('multilingual', () => {
  it('keeps the extra languages, normalised; nothing is connected without a configured provider', async () => {
    const owner = await ownerVisitor(server, 'editor');
    expect((await owner.get('/api/multilingual/status')).json()).toEqual({ connected: false, provider: null });
    const put = await owner.put('/api/multilingual/languages', { languages: ['fr_ca', 'de', 'zh-hant'] });
    expect(put.json()).toEqual({ languages: ['fr-CA', 'de', 'zh-Hant'] });
    expect((await owner.get('/api/multilingual/languages')).json()).toEqual({ languages: ['fr-CA', 'de', 'zh-Hant'] });
    expect((await owner.get('/api/multilingual/settings')).json()).toEqual({ defaultLanguage: website.locale, languages: ['fr-CA', 'de', 'zh-Hant'], connected: false, provider: null });
    expect((await owner.delete('/api/multilingual/connection')).json()).toEqual({ connected: false, provider: null });
  });

  it('refuses bad codes, duplicates, too many', async () => {
    const owner = await ownerVisitor(server, 'editor');
    expect((await owner.put('/api/multilingual/languages', { languages: ['english!'] })).statusCode).toBe(400);
    expect((await owner.put('/api/multilingual/languages', { languages: ['de', 'DE'] })).json().errors).toEqual({ 'languages.1': 'Each language may be listed once.' });
    expect((await owner.put('/api/multilingual/languages', { languages: Array.from({ length: 21 }, (_, i) => `a${String.fromCharCode(97 + i)}`) })).statusCode).toBe(400);
    expect((await owner.get('/api/multilingual/languages')).json()).toEqual({ languages: ['fr-CA', 'de', 'zh-Hant'] });
  });

  it("stores a signed-in site user's locale; 401 when nobody is signed in", async () => {
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit('/');
    expect((await anonymous.post('/api/site-users/account/locale', { language: 'fr' })).json()).toEqual({ message: 'Sign in to choose your language.' });
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/');
    expect((await shopper.post('/api/site-users/account', { email: `locale-${process.pid}@example.com`, password: 'shopper-password-1' })).statusCode).toBe(201);
    const answer = await shopper.post('/api/site-users/account/locale', { language: 'pt_br' });
    expect(answer.json()).toEqual({ language: 'pt-BR' });
    expect((await shopper.post('/api/site-users/account/locale', { language: '<script>' })).statusCode).toBe(400);
    const rows = await server.database.db.selectFrom('site_user_locales').select('language').execute();
    expect(rows).toEqual([{ language: 'pt-BR' }]);
  });
});

describe('website status', () => {
  it('is paid for a self-hosted site, with nothing to upgrade; the upgrade destinations say so', async () => {
    const billing = await ownerVisitor(server, 'billing');
    expect((await billing.get('/api/owner/website-status')).json()).toEqual({
      status: 8,
      statusName: 'paid',
      selfHosted: true,
      upgrade: null,
      message: 'This website is self-hosted: every feature is on, and there is no plan to upgrade or subscription to pay.',
    });
    expect((await (await ownerVisitor(server, 'editor')).get('/api/owner/website-status')).statusCode).toBe(403);
    for (const url of ['/settings/billing/upgrade', '/settings/billing/subscriptions/website']) {
      const page = await new TestVisitor(server.app).get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('No upgrade needed');
      expect((await new TestVisitor(server.app).get(`${url}?format=json`)).json()).toMatchObject({ selfHosted: true, upgrade: null });
    }
  });
});

describe('races and other processes', () => {
  it('two owners changing different preferences at once lose neither', async () => {
    const [a, b] = [await ownerVisitor(server, 'storeManager'), await ownerVisitor(server, 'admin')];
    const answers = await Promise.all([a.put(prefsUrl(), { raceOne: 'a' }), b.put(prefsUrl(), { raceTwo: 'b' })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await a.get(prefsUrl())).json()).toMatchObject({ raceOne: 'a', raceTwo: 'b' });
    await a.put(prefsUrl(), { raceOne: null, raceTwo: null });
  });

  it('first changes at once store the default main navigation once, and each change lands', async () => {
    const db = server.database.db;
    await db.deleteFrom('site_navigations').execute();
    const shop = await db.selectFrom('collections').select('id').where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    const owner = await ownerVisitor(server, 'admin');
    await Promise.all([
      addCollectionToMainNavigation(db, website, systemActor('test'), shop.id),
      addCollectionToMainNavigation(db, website, systemActor('test'), shop.id),
      owner.post('/api/widget/UpdateNavigation', { fieldName: 'footerNav', navigation: { items: [{ externalLink: '/search', title: 'Search' }] } }),
    ]);
    const rows = await db.selectFrom('site_navigations').select(['field_name', 'items']).orderBy('field_name').execute();
    expect(rows).toEqual([
      { field_name: 'footerNav', items: [{ externalLink: '/search', title: 'Search' }] },
      { field_name: 'mainNav', items: [{ title: 'Home', externalLink: '/' }, { collectionId: shop.id }, { title: 'Cart', externalLink: '/cart' }] },
    ]);
    await db.deleteFrom('site_navigations').execute();
  });

  it('a cache reads the chrome again once it is CHROME_FRESH_MS old (a change made by another process)', async () => {
    let time = 0;
    const cache = new SiteChromeCache(server.database.db, () => time);
    await server.database.db.deleteFrom('site_header_footer').execute();
    expect((await cache.get(website.id)).headerHtml).toBe('');
    // Written behind the cache's back, as another process would.
    await server.database.db.insertInto('site_header_footer').values({ website_id: website.id, header_html: '<p>Elsewhere</p>' }).execute();
    time += CHROME_FRESH_MS - 1;
    expect((await cache.get(website.id)).headerHtml).toBe('');
    time += 1;
    expect((await cache.get(website.id)).headerHtml).toBe('<p>Elsewhere</p>');
    await server.database.db.deleteFrom('site_header_footer').execute();
  });

  it('a second app on the same database (its own pool on PostgreSQL) shows a new header within CHROME_FRESH_MS', async () => {
    const pool = server.database.url ? openPostgres({ connectionString: server.database.url, maxConnections: 4 }) : undefined;
    const other = await buildApp({ db: pool?.db ?? server.database.db });
    try {
      const shopper = new TestVisitor(other);
      expect((await shopper.get('/')).body).not.toContain('Summer sale');
      const owner = await ownerVisitor(server, 'editor');
      await owner.put('/api/site-header-footer', { header: '<p>Summer sale</p>', footer: '' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await shopper.get('/')).body).toContain('<div class="site-header-content"><p>Summer sale</p></div>');
      await owner.put('/api/site-header-footer', { header: '', footer: '' });
    } finally {
      await other.close();
      await pool?.close();
    }
  });
});
