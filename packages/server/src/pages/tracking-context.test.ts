// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageType } from '@vitrine/format/enumerations';
import { systemActor, visitorActor } from '../actor';
import { findDefaultWebsite, updateWebsiteSettings } from '../websites';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { buildTrackingContext, DEFAULT_TEMPLATE_ID, trackingSettingsFromEnvironment } from './tracking-context';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The page's `#vitrine-tracking` block, parsed. */
function trackingBlockOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="vitrine-tracking">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no tracking block on the page');
  return JSON.parse(match[1]!);
}

describe('the tracking context of a page (site.layout.html #vitrine-tracking)', () => {
  it('tells the product page: website, template, locale, page type 50, item, record type 11, collection', async () => {
    const page = await new TestVisitor(server.app).get('/shop/p/linen-shirt');
    const website = (await findDefaultWebsite(server.database.db))!;
    expect(trackingBlockOf(page.body)).toEqual({
      websiteId: website.id,
      templateId: DEFAULT_TEMPLATE_ID,
      websiteLocale: 'en-US',
      pageType: PageType.CONTENT_ITEM,
      itemId: demoProductId('linen-shirt'),
      recordType: 11,
      collectionId: expect.any(String),
      accountHolder: false,
      viewerOnly: false,
      memberAccountId: null,
      memberLocale: null,
      disabled: false,
      cookieRestrictions: false,
      sourceEnvironment: expect.stringMatching(/^(dev|qa|staging|prod)$/),
    });
  });

  it.each([
    ['/', PageType.PAGE],
    ['/shop', PageType.MAIN_CONTENT],
    ['/cart', PageType.SHOW_CART],
    ['/search?q=wool', PageType.SEARCH],
    ['/no-such-page', PageType.NOT_FOUND],
  ])('is on %s with page type %i, and stays out of ?format=json', async (path, pageType) => {
    const visitor = new TestVisitor(server.app);
    const block = trackingBlockOf((await visitor.get(path)).body);
    expect(block).toMatchObject({ pageType, itemId: null, recordType: null });
    const json = (await visitor.get(`${path}${path.includes('?') ? '&' : '?'}format=json`)).json();
    expect(json).not.toHaveProperty('trackingContext');
  });

  it('says when a signed-in account holder looks, and whether their only role is viewer', async () => {
    const admin = await ownerVisitor(server, 'admin');
    expect(trackingBlockOf((await admin.get('/shop')).body)).toMatchObject({ accountHolder: true, viewerOnly: false, memberAccountId: null });
    const viewer = await ownerVisitor(server, 'viewer');
    expect(trackingBlockOf((await viewer.get('/shop')).body)).toMatchObject({ accountHolder: true, viewerOnly: true, memberAccountId: expect.any(String) });
  });

  it('carries the purchase on the order-confirmed page, with the Product context of each line', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
    const placed = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'tracking@example.com' });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    const block = trackingBlockOf((await visitor.get(`/checkout/order-confirmed?orderId=${order.id}`)).body);
    expect(block.pageType).toBe(PageType.ORDER_CONFIRMED);
    expect(block.purchase).toEqual({
      order_id: order.id,
      revenue: { decimalValue: order.grandTotal.value, currency: 'USD' },
      products: [
        {
          id: demoProductId('canvas-tote'),
          name: order.items[0].productName,
          productType: 1,
          variants: [{ sku: 'TOTE', price: { decimalValue: order.items[0].unitPrice.value }, attributes: expect.any(Object) }],
          price: { decimalValue: order.items[0].unitPrice.value },
          quantity: 2,
        },
      ],
    });
    // Other pages carry no purchase.
    expect(trackingBlockOf((await visitor.get('/shop')).body)).not.toHaveProperty('purchase');
  });

  it('is safe inside its script block: no markup can end it, and the website’s switches reach the page', async () => {
    const website = (await findDefaultWebsite(server.database.db))!;
    await updateWebsiteSettings(server.database.db, website, systemActor('test'), { templateId: '</script><b>x&', analyticsDisabled: true });
    try {
      const page = await new TestVisitor(server.app).get('/shop');
      const text = /id="vitrine-tracking">([^]*?)<\/script>/.exec(page.body)![1]!;
      expect(text).not.toMatch(/[<>&]/);
      expect(JSON.parse(text)).toMatchObject({ templateId: '</script><b>x&', disabled: true });
    } finally {
      await updateWebsiteSettings(server.database.db, website, systemActor('test'), { templateId: null, analyticsDisabled: null });
    }
  });
});

describe('the switches', () => {
  it('reads ANALYTICS_DISABLED and ANALYTICS_SOURCE_ENVIRONMENT', () => {
    expect(trackingSettingsFromEnvironment({})).toEqual({ disabled: false, sourceEnvironment: 'dev' });
    expect(trackingSettingsFromEnvironment({ NODE_ENV: 'production' })).toEqual({ disabled: false, sourceEnvironment: 'prod' });
    for (const on of ['1', 'true', 'TRUE', 'yes', 'on']) expect(trackingSettingsFromEnvironment({ ANALYTICS_DISABLED: on }).disabled).toBe(true);
    for (const off of ['', '0', 'false', 'no']) expect(trackingSettingsFromEnvironment({ ANALYTICS_DISABLED: off }).disabled).toBe(false);
    expect(trackingSettingsFromEnvironment({ ANALYTICS_SOURCE_ENVIRONMENT: 'staging', NODE_ENV: 'production' }).sourceEnvironment).toBe('staging');
    expect(trackingSettingsFromEnvironment({ ANALYTICS_SOURCE_ENVIRONMENT: 'moon' }).sourceEnvironment).toBe('dev');
  });

  it('turns tracking off by the website setting or the environment, and restricts cookies by the website setting', async () => {
    const website = (await findDefaultWebsite(server.database.db))!;
    const page = { pageType: 1 } as never;
    const build = (settings: Record<string, unknown>, disabled = false) =>
      buildTrackingContext(server.database.db, { ...website, settings: { ...website.settings, ...settings } }, visitorActor(), page, { disabled, sourceEnvironment: 'qa' });
    expect(await build({})).toMatchObject({ disabled: false, cookieRestrictions: false, sourceEnvironment: 'qa' });
    expect(await build({}, true)).toMatchObject({ disabled: true });
    expect(await build({ analyticsDisabled: true })).toMatchObject({ disabled: true });
    expect(await build({ analyticsCookieRestrictions: true })).toMatchObject({ disabled: false, cookieRestrictions: true });
    expect(await build({ templateId: 'my-theme' })).toMatchObject({ templateId: 'my-theme' });
  });
});
