// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRelatedProducts } from '../catalog';
import { parseHtml } from '../reliability/html-safety';
import { openTestServer, setStock, stockOf, TestVisitor, type TestServer } from '../testing';

/* Related products on product pages (catalog/related.ts): shared tags or collection, in stock first, up to 4, never the product itself. */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const relatedOf = async (slug: string): Promise<string[]> => {
  const page = (await new TestVisitor(server.app).get(`/shop/p/${slug}?format=json`)).json();
  return page.relatedProducts.map((item: { urlId: string }) => item.urlId);
};

describe('related products', () => {
  it('the product page context carries up to four, sharing tags first, never the product itself', async () => {
    // Wool blanket: home, winter, cosy. The lamp shares 'home' but is sold out; the vase and the
    // armchair share 'home'; then the rest of the collection in display order.
    expect(await relatedOf('wool-blanket')).toEqual(['ceramic-vase', 'leather-armchair', 'linen-shirt', 'canvas-tote']);
    for (const slug of ['linen-shirt', 'gift-card', 'photography-ebook']) {
      const related = await relatedOf(slug);
      expect(related.length).toBeLessThanOrEqual(4);
      expect(related).not.toContain(slug);
    }
    // The pen shares 'stationery' and 'gifts' with the sticker pack, 'gifts' with the gift card.
    expect((await relatedOf('engraved-pen')).slice(0, 2)).toEqual(['sticker-pack', 'gift-card']);
  });

  it('puts what is in stock first: a sold-out product sharing tags comes after in-stock ones', async () => {
    const before = await stockOf(server.database.db, 'VASE');
    await setStock(server.database.db, 'VASE', 0);
    try {
      const { db } = server.database;
      const website = await db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
      // Read directly: the page keeps each product's list for the catalog cache's 5 s (pages/catalog-cache.ts).
      const blanket = await db.selectFrom('products').select(['id', 'collection_id', 'tags']).where('url_id', '=', 'wool-blanket').executeTakeFirstOrThrow();
      expect((await listRelatedProducts(db, website, blanket)).map((item) => item.urlId)).toEqual(['leather-armchair', 'linen-shirt', 'canvas-tote', 'sticker-pack']);
      // A product from another collection sharing 'home': only the tag-sharing ones, the sold-out ones last.
      const related = await listRelatedProducts(db, website, { id: 'elsewhere', collection_id: 'another-collection', tags: ['home'] });
      expect(related.map((item) => item.urlId)).toEqual(['wool-blanket', 'leather-armchair', 'vintage-lamp', 'ceramic-vase']);
      expect(await listRelatedProducts(db, website, { id: 'elsewhere', collection_id: 'another-collection', tags: [] })).toEqual([]);
    } finally {
      await setStock(server.database.db, 'VASE', before);
    }
  });

  it('the product page shows them with the product card', async () => {
    const html = (await new TestVisitor(server.app).get('/shop/p/wool-blanket')).body;
    const section = parseHtml(html).querySelector('section.related-products');
    expect(section?.querySelector('h2')?.textContent).toBe('You might also like');
    const links = Array.from(section?.querySelectorAll('li.product-card a.product-card-link') ?? []).map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/shop/p/ceramic-vase', '/shop/p/leather-armchair', '/shop/p/linen-shirt', '/shop/p/canvas-tote']);
  });
});
