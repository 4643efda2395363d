// databases: one — what the page carries, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../actor';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { updateWebsiteSettings } from '../websites';

// What the islands read from the page context: the website setting customCart hides the floating cart pill,
// the cart page carries the installment settings for its whole-cart line, and the product page's price line.

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('island settings from the page context', () => {
  it('the website setting customCart (off by default) hides the cart pill', async () => {
    const website = await server.database.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const before = await visitor.get('/shop');
    expect(before.body).toContain('class="vitrine-cart-pill"');
    expect((await visitor.get('/shop?format=json')).json().websiteSettings.storeSettings.customCart).toBe(false);
    await updateWebsiteSettings(server.database.db, website, systemActor('test'), { customCart: true });
    try {
      const after = await visitor.get('/shop');
      expect(after.body).toContain('data-island="CartPill"');
      expect(after.body).not.toContain('class="vitrine-cart-pill"');
      expect((await visitor.get('/shop?format=json')).json().websiteSettings.storeSettings.customCart).toBe(true);
    } finally {
      await updateWebsiteSettings(server.database.db, website, systemActor('test'), { customCart: null });
    }
  });

  it("the cart page shows the whole cart's installment line", async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 2 });
    const page = await visitor.get('/cart');
    expect(page.body).toContain('or 4 interest-free payments of $11.00 with Afterpay');
  });

  it("the product page's price line is the ProductPrice island", async () => {
    const page = await new TestVisitor(server.app).get('/shop/p/linen-shirt');
    expect(page.body).toContain('data-island="ProductPrice"');
    expect(page.body).toContain('<span class="vitrine-price-from">from </span><span class="vitrine-price-current">$45.00</span>');
  });
});
