// databases: one — what the page carries, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandPropsByName } from '../reliability/html-safety';
import { openTestServer, type TestServer } from '../testing';

// The product page's price line and installment pill get the product's prices only; the product form
// carries the whole product. (Each carried the whole product before: three copies per page.)
let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const propsOf = (html: string, island: string): Record<string, unknown> => {
  const props = islandPropsByName(html)[island];
  if (!props) throw new Error(`no ${island} island on the page`);
  return props;
};

describe('product page island props', () => {
  it('give the price line and the installment pill the prices, not the description, pictures or form', async () => {
    const html = (await server.app.inject({ url: '/shop/p/linen-shirt' })).body;
    for (const island of ['ProductPrice', 'InstallmentPill']) {
      const product = propsOf(html, island).product as Record<string, unknown>;
      expect(Object.keys(product).sort()).toEqual(['id', 'structuredContent']);
      const content = product.structuredContent as Record<string, unknown>;
      expect(Object.keys(content).sort()).toEqual(['isSubscribable', 'onSale', 'priceMoney', 'productType', 'salePriceMoney', 'variants']);
      expect((content.variants as unknown[]).length).toBe(4);
    }
    const form = propsOf(html, 'ProductForm').product as Record<string, unknown>;
    expect(form.title).toBe('Linen Shirt');
    expect(form.items).toBeDefined();
  });
});
