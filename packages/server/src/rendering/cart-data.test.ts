// databases: one — what the page carries, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandPropsByName } from '../reliability/html-safety';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';

// The visitor's cart is written into a page once (a JSON data block), not into the props of every
// island that shows it: a large cart used to make each page several times its size.

let server: TestServer;
let visitor: TestVisitor;
let entryIds: string[];
beforeAll(async () => {
  server = await openTestServer();
  visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
  const cart = (await visitor.get('/api/commerce/shopping-cart')).json() as { entries: { id: string }[] };
  entryIds = cart.entries.map((entry) => entry.id);
  expect(entryIds).toHaveLength(1);
});
afterAll(async () => {
  await server?.close();
});

const occurrences = (text: string, part: string) => text.split(part).length - 1;

function cartBlockOf(html: string): unknown {
  const match = /<script type="application\/json" id="vitrine-cart">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('the cart on a page', () => {
  it('a product page carries the cart once, in one data block, and no island repeats it', async () => {
    const page = await visitor.get('/shop/p/linen-shirt');
    expect(page.statusCode).toBe(200);
    expect(occurrences(page.body, 'id="vitrine-cart"')).toBe(1);
    expect(occurrences(page.body, entryIds[0]!)).toBe(1);
    expect(cartBlockOf(page.body)).toMatchObject({ totalQuantity: 2, entries: [{ id: entryIds[0] }] });
    const props = islandPropsByName(page.body);
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['HeaderCartIndicator', 'CartPill', 'ProductForm']));
    for (const name of ['HeaderCartIndicator', 'CartPill', 'ProductForm']) expect(props[name]).not.toHaveProperty('cart');
    // The islands' own HTML still shows the cart (server-rendered with it).
    expect(page.body).toContain('<span class="vitrine-cart-pill-count">2</span>');
  });

  it('the cart page shows the same cart and carries it once', async () => {
    const page = await visitor.get('/cart');
    expect(occurrences(page.body, 'id="vitrine-cart"')).toBe(1);
    expect(cartBlockOf(page.body)).toMatchObject({ totalQuantity: 2 });
    const props = islandPropsByName(page.body);
    expect(props.CartPage).toBeDefined();
    expect(props.CartPage).not.toHaveProperty('cart');
    expect(props.HeaderCartIndicator).not.toHaveProperty('cart');
  });

  it('a visitor without a cart gets an empty cart in the block', async () => {
    const page = await new TestVisitor(server.app).get('/shop');
    expect(cartBlockOf(page.body)).toMatchObject({ id: '', entries: [], totalQuantity: 0 });
  });

  it('a cart whose texts contain "</script>" cannot end the block early', async () => {
    const writer = new TestVisitor(server.app);
    await writer.visit('/shop');
    const engraving = '</script><script>alert(1)</script><!--';
    const added = await writer.post('/api/commerce/shopping-cart/entries', {
      itemId: demoProductId('engraved-pen'),
      sku: 'PEN',
      quantity: 1,
      additionalFields: JSON.stringify({ 'text-engraving': engraving }),
    });
    expect(added.statusCode).toBe(200);
    const page = await writer.get('/shop/p/engraved-pen');
    expect(page.body).not.toContain('<script>alert(1)');
    const block = cartBlockOf(page.body) as { entries: { additionalFields: string }[] };
    expect(JSON.parse(block.entries[0]!.additionalFields)).toEqual({ 'text-engraving': engraving });
  });
});
