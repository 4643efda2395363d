// databases: one — which layout wraps a page is the renderer's choice; the database only seeds the demo cart
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';

/* Issue 31 item 8: the checkout pages are wrapped in the theme's focused checkout layout; every other page keeps the site's. */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the checkout layout', () => {
  it("wraps /checkout: the site's name home, 'Back to cart', 'Secure checkout'; no site navigation, search or footer", async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit();
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const page = await visitor.get('/checkout');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a class="site-title checkout-site-title" href="/">Vitrine Demo Store</a>');
    expect(page.body).toContain('Back to cart</a>');
    expect(page.body).toContain('Secure checkout</p>');
    expect(page.body).toContain('data-island="Checkout"');
    for (const wayOut of ['class="site-nav"', 'class="site-menu"', 'role="search"', 'class="site-footer"', 'data-slot="newsletter"']) expect(page.body).not.toContain(wayOut);
  });

  it('leaves the cart and the store in the site layout', async () => {
    for (const path of ['/cart', '/shop']) {
      const page = await new TestVisitor(server.app).get(path);
      expect(page.body, path).toContain('class="site-nav"');
      expect(page.body, path).toContain('class="site-footer"');
      expect(page.body, path).not.toContain('Back to cart');
    }
  });
});
