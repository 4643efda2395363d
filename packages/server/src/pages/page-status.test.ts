// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageType } from '@vitrine/format/enumerations';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';

/* Pages for an unknown token or id answer the not-found page; every page has its own <title>; page types come from the platform enumeration. */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function placeOrder(visitor: TestVisitor, subscription: boolean): Promise<string> {
  await visitor.visit();
  let cartToken: string | undefined;
  if (subscription) {
    const answer = await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 });
    cartToken = answer.json().cartToken;
  } else {
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
  }
  const placed = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'pages@example.com', ...(cartToken ? { cartToken } : {}) });
  expect(placed.statusCode).toBe(201);
  return placed.json().order.id;
}

describe('pages for an unknown token or id', () => {
  const UNKNOWN = [
    '/checkout?cartToken=unknown',
    '/checkout/subscription?cartToken=unknown',
    '/checkout/order-confirmed?orderId=unknown',
    '/checkout/order-confirmed',
    `/checkout/gift-card?itemId=unknown&sku=GIFT-50`,
    `/checkout/gift-card?itemId=${demoProductId('canvas-tote')}`,
    '/checkout/gift-card',
  ];
  it.each(UNKNOWN)('%s answers 404 with the not-found page', async (path) => {
    const html = await new TestVisitor(server.app).get(path);
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain('Page not found');
    expect(titleOf(html.body)).toBe('Page not found · Vitrine Demo Store');
    const json = await new TestVisitor(server.app).get(`${path}${path.includes('?') ? '&' : '?'}format=json`);
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ pageType: 100, message: 'Not found.' });
  });
});

describe('page titles', () => {
  it.each([
    ['/', 'Vitrine Demo Store'],
    ['/shop', 'Shop · Vitrine Demo Store'],
    ['/shop/p/wool-blanket', 'Wool Blanket · Vitrine Demo Store'],
    ['/cart', 'Cart · Vitrine Demo Store'],
    ['/checkout', 'Checkout · Vitrine Demo Store'],
    ['/search', 'Search · Vitrine Demo Store'],
    ['/search?q=wool', 'Search results for “wool” · Vitrine Demo Store'],
    ['/search?q=%3Cb%3E', 'Search results for “&lt;b&gt;” · Vitrine Demo Store'],
    [`/checkout/gift-card?itemId=${demoProductId('gift-card')}&sku=GIFT-50`, 'Gift Card · Vitrine Demo Store'],
  ])('%s is titled %s', async (path, title) => {
    const page = await new TestVisitor(server.app).get(path);
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe(title);
  });

  it('a checkout token and a confirmed order have their own titles', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const { cartToken } = (await visitor.post('/api/commerce/express-checkout', { itemId: demoProductId('sticker-pack'), sku: 'STICKERS', quantity: 1 })).json();
    expect(titleOf((await visitor.get(`/checkout?cartToken=${cartToken}`)).body)).toBe('Checkout · Vitrine Demo Store');
    const orderId = await placeOrder(new TestVisitor(server.app), false);
    expect(titleOf((await visitor.get(`/checkout/order-confirmed?orderId=${orderId}`)).body)).toBe('Order confirmed · Vitrine Demo Store');
  });
});

describe('page-type codes from the platform enumeration', () => {
  const pageTypeOf = async (visitor: TestVisitor, path: string) =>
    (await visitor.get(`${path}${path.includes('?') ? '&' : '?'}format=json`)).json().pageType;

  it.each([
    ['/', PageType.PAGE],
    ['/shop', PageType.MAIN_CONTENT],
    ['/shop/p/wool-blanket', PageType.CONTENT_ITEM],
    ['/cart', PageType.SHOW_CART],
    ['/checkout', PageType.CHECKOUT],
    ['/search?q=wool', PageType.SEARCH],
    // The gift-card purchase page has no code of its own: a plain page, not the checkout.
    [`/checkout/gift-card?itemId=${demoProductId('gift-card')}&sku=GIFT-50`, PageType.PAGE],
  ])('%s is page type %i', async (path, code) => {
    expect(await pageTypeOf(new TestVisitor(server.app), path)).toBe(code);
  });

  it('a subscription checkout is the checkout; its confirmation is subscription confirmed (206), a one-off order is order confirmed (202)', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    const { cartToken } = (await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 })).json();
    expect(await pageTypeOf(visitor, `/checkout/subscription?cartToken=${cartToken}`)).toBe(PageType.CHECKOUT);
    const subscriptionOrder = await placeOrder(new TestVisitor(server.app), true);
    expect(await pageTypeOf(visitor, `/checkout/order-confirmed?orderId=${subscriptionOrder}`)).toBe(PageType.SUBSCRIPTION_CONFIRMED);
    const order = await placeOrder(new TestVisitor(server.app), false);
    expect(await pageTypeOf(visitor, `/checkout/order-confirmed?orderId=${order}`)).toBe(PageType.ORDER_CONFIRMED);
  });
});
