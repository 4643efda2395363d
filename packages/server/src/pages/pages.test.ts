// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { buildProductPageContext, buildStorePageContext } from './contexts';
import { CatalogCache } from './catalog-cache';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PAGES = ['/', '/shop', '/shop/p/linen-shirt', '/cart', '/checkout', '/checkout/subscription', `/checkout/gift-card?itemId=${demoProductId('gift-card')}&sku=GIFT-50`, '/search'];

describe('pages', () => {
  it.each(PAGES)('%s answers HTML and ?format=json, and sets no cookie (the crumb is asked for when a change needs it)', async (path) => {
    const html = await new TestVisitor(server.app).get(path);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toMatch(/^<!doctype html>/);
    expect(html.headers['set-cookie']).toBeUndefined();
    const json = await new TestVisitor(server.app).get(`${path}${path.includes('?') ? '&' : '?'}format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['set-cookie']).toBeUndefined();
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json()).toMatchObject({ website: { siteTitle: 'Vitrine Demo Store', baseCurrency: 'USD' }, websiteSettings: { storeSettings: { selectedCurrency: 'USD' } } });
  });

  it('/shop?format=json holds the collection and every product item', async () => {
    const page = (await new TestVisitor(server.app).get('/shop?format=json')).json();
    expect(page.collection).toMatchObject({ urlId: 'shop', title: 'Shop', typeName: 'products' });
    expect(page.items.length).toBe(12);
    for (const item of page.items) {
      expect(item).toMatchObject({ id: expect.any(String), title: expect.any(String), urlId: expect.any(String), structuredContent: { productType: expect.any(Number), variants: expect.any(Array) } });
      for (const variant of item.structuredContent.variants) {
        expect(Object.keys(variant)).toEqual(expect.arrayContaining(['id', 'sku', 'attributes', 'optionValues', 'price', 'salePrice', 'onSale', 'priceMoney', 'salePriceMoney', 'qtyInStock', 'unlimited']));
      }
    }
  });

  it('/shop/p/{slug}?format=json holds the item, the installment context and the captcha site key', async () => {
    const page = (await new TestVisitor(server.app).get('/shop/p/engraved-pen?format=json')).json();
    expect(page.item).toMatchObject({
      id: demoProductId('engraved-pen'),
      urlId: 'engraved-pen',
      structuredContent: { productType: 1, additionalFieldsFormId: 'engraving-form', isSubscribable: false, useCustomAddButtonText: false, customAddButtonText: '', variantOptionOrdering: [] },
    });
    expect(page.installments).toEqual({ afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 100000, shopperLanguage: 'en-US', stripeAccountCountry: 'US' });
    expect(page.website.captchaSettings).toEqual({ siteKey: 'demo-captcha-site-key' });
  });

  it('answers 404 for an unknown product or store, as HTML and as JSON', async () => {
    const html = await new TestVisitor(server.app).get('/shop/p/no-such-thing');
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain('Page not found');
    const json = await new TestVisitor(server.app).get('/nothing-here?format=json');
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ pageType: 100 });
  });

  it('escapes every value it renders', async () => {
    const { db } = server.database;
    await db.updateTable('products').set({ title: '<script>alert("x")</script>', excerpt: "it's & <b>" }).where('url_id', '=', 'sticker-pack').execute();
    try {
      const page = await new TestVisitor(server.app).get('/shop/p/sticker-pack');
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      // The excerpt travels in the product form's props (a JSON data block): its "<" is a JSON escape.
      expect(page.body).not.toContain("it's & <b>");
      expect(page.body).toContain(`"it's & \\u003cb>"`);
      const search = await new TestVisitor(server.app).get('/search?q=%22%3E%3Cimg%20src%3Dx%3E');
      expect(search.body).not.toContain('"><img');
    } finally {
      await db.updateTable('products').set({ title: 'Sticker Pack', excerpt: 'Unlimited stock.' }).where('url_id', '=', 'sticker-pack').execute();
    }
  });

  it('a product page with ?sku= starts with that variant chosen (a restock notice links there); an unknown sku is ignored', async () => {
    const chosen = await new TestVisitor(server.app).get('/shop/p/linen-shirt?sku=SHIRT-M-WHITE');
    expect(chosen.statusCode).toBe(200);
    const radios = [...chosen.body.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((match) => match[0]);
    const checked = radios.filter((radio) => radio.includes('checked=""')).map((radio) => /value="([^"]*)"/.exec(radio)?.[1]);
    expect(checked).toEqual(['M', 'White']);
    expect(chosen.body).toContain('Only 5 left in stock');
    const unknown = await new TestVisitor(server.app).get('/shop/p/linen-shirt?sku=NOPE&format=json');
    expect(unknown.json()).not.toHaveProperty('chosenSku');
    expect((await new TestVisitor(server.app).get('/shop/p/linen-shirt?sku=SHIRT-M-WHITE&format=json')).json().chosenSku).toBe('SHIRT-M-WHITE');
  });

  it('/search finds products by title', async () => {
    const page = (await new TestVisitor(server.app).get('/search?q=shirt&format=json')).json();
    expect(page.items.map((item: { urlId: string }) => item.urlId)).toEqual(['linen-shirt']);
  });

  it('/checkout/gift-card shows the chosen denomination', async () => {
    const page = (await new TestVisitor(server.app).get(`/checkout/gift-card?itemId=${demoProductId('gift-card')}&sku=GIFT-50&format=json`)).json();
    expect(page.item.title).toBe('Gift Card');
    expect(page.variant).toMatchObject({ sku: 'GIFT-50', price: 5000 });
  });

  it('/cart shows the visitor cart', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
    const page = (await visitor.get('/cart?format=json')).json();
    expect(page).toMatchObject({ pageType: 200, shoppingCart: { totalQuantity: 2, subtotalCents: 4400 } });
    expect((await visitor.get('/cart')).body).toContain('Canvas Tote');
  });

  it('exports the context builders the theme will reuse, callable without HTTP', async () => {
    const website = await server.database.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
    const sources = { db: server.database.db, catalog: new CatalogCache(server.database.db) };
    expect((await buildStorePageContext(sources, website, 'shop'))?.items).toHaveLength(12);
    expect((await buildProductPageContext(sources, website, 'shop', 'gift-card'))?.item.title).toBe('Gift Card');
    expect(await buildProductPageContext(sources, website, 'shop', 'missing')).toBeUndefined();
  });
});

describe('GET /api/health', () => {
  it('answers 200 once the database is migrated', async () => {
    const response = await server.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: server.database.kind });
  });
});
