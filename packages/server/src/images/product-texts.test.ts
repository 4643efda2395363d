// databases: both — a picture and a product saved at the same moment: both land
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductItemJson } from '../catalog';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

/*
 * An owner's edit of a picture's texts (PUT /api/owner/images/:imageId) shows on every product page that
 * uses the picture, and in ?format=json, at once: the catalog's copies (products.images) are rewritten in
 * the edit's transaction, and the pages' cache of related products is forgotten. On PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let server: TestServer;
let owner: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server, 'storeManager');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

interface ProductPage {
  item: ProductItemJson;
  relatedProducts: ProductItemJson[];
}

const page = async (path: string): Promise<ProductPage> => {
  const answer = await new TestVisitor(server.app).get(`${path}?format=json`);
  expect(answer.statusCode, path).toBe(200);
  return answer.json();
};

const editImage = async (imageId: string, body: Record<string, unknown>) => {
  const answer = await owner.put(`/api/owner/images/${imageId}`, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe("a picture's texts edited by the owner", () => {
  it('show on the product page and its JSON at once, main image included', async () => {
    const before = (await page('/shop/p/linen-shirt')).item;
    const [white, navy] = before.items;
    expect(white!.altText).toBe('White linen shirt, laid flat');
    const asset = await editImage(white!.id, { altText: 'A white linen shirt on a wooden table' });
    expect(asset.altText).toBe('A white linen shirt on a wooden table');

    const after = (await page('/shop/p/linen-shirt')).item;
    expect(after.items[0]).toEqual({ ...white, altText: 'A white linen shirt on a wooden table' });
    // The other picture, and the order, are as they were.
    expect(after.items[1]).toEqual(navy);
    expect(after.mainImage).toMatchObject({ id: white!.id, altText: 'A white linen shirt on a wooden table' });
    const html = (await new TestVisitor(server.app).get('/shop/p/linen-shirt')).body;
    expect(html).toContain('alt="A white linen shirt on a wooden table"');
    // The owner's own view of the product, too.
    const owned = (await owner.get(`/api/owner/products/${after.id}`)).json().product;
    expect(owned.images[0]).toMatchObject({ id: white!.id, altText: 'A white linen shirt on a wooden table' });
  });

  it('change only the fields sent, on every product showing the picture', async () => {
    const lamp = (await page('/shop/p/vintage-lamp')).item;
    const picture = lamp.items[0]!;
    // A second product shows the same picture (uploaded pictures are shared by id).
    const created = await owner.post('/api/owner/products', {
      productType: 1,
      title: 'Lamp Bundle',
      variants: [{ sku: 'LAMP-BUNDLE', priceCents: 12_000, qtyInStock: 2 }],
      imageIds: [picture.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const bundlePath = created.json().product.fullUrl as string;

    await editImage(picture.id, { title: 'Brass lamp', body: '<p>Lit at dusk</p>' });
    for (const path of ['/shop/p/vintage-lamp', bundlePath]) {
      expect((await page(path)).item.items[0], path).toEqual({ ...picture, title: 'Brass lamp', body: '<p>Lit at dusk</p>' });
    }
    // The store page's grid reads the same copies.
    const grid = (await new TestVisitor(server.app).get('/shop?format=json')).json().items as ProductItemJson[];
    expect(grid.find((item) => item.urlId === 'vintage-lamp')!.items[0]).toMatchObject({ title: 'Brass lamp', altText: picture.altText });

    // A focal point alone leaves the texts alone.
    await editImage(picture.id, { mediaFocalPoint: { x: 0.2, y: 0.8 } });
    expect((await page(bundlePath)).item.items[0]).toMatchObject({ title: 'Brass lamp', body: '<p>Lit at dusk</p>', altText: picture.altText });
  });

  it("reach related products' cards on the next view, though the pages keep those for 5 seconds", async () => {
    const products = (await new TestVisitor(server.app).get('/shop?format=json')).json().items as ProductItemJson[];
    let shown: { path: string; related: ProductItemJson } | undefined;
    for (const product of products) {
      const related = (await page(product.fullUrl)).relatedProducts.find((candidate) => candidate.mainImage);
      if (related) {
        shown = { path: product.fullUrl, related };
        break;
      }
    }
    expect(shown, 'a demo product with related products').toBeDefined();
    const { path, related } = shown!;
    await editImage(related.mainImage!.id, { altText: 'Seen beside another product' });
    const card = (await page(path)).relatedProducts.find((candidate) => candidate.id === related.id);
    expect(card!.mainImage!.altText).toBe('Seen beside another product');
  });

  it('and a product saved at the same moment: both land, the copy matching the picture', async () => {
    const shirt = (await page('/shop/p/linen-shirt')).item;
    const owned = (await owner.get(`/api/owner/products/${shirt.id}`)).json().product;
    const imageIds = (owned.images as Array<{ id: string }>).map((image) => image.id);
    const { id: _id, fullUrl: _fullUrl, archivedAt: _archivedAt, images: _images, seoImageUrl: _seoImageUrl, storeId, ...rest } = owned;
    const body = {
      ...rest,
      storeId,
      imageIds,
      variants: owned.variants.map(({ qtyInStock: _qty, ...variant }: Record<string, unknown>) => variant),
    };
    for (let round = 0; round < 5; round++) {
      const [saved, edited] = await Promise.all([
        owner.put(`/api/owner/products/${shirt.id}`, { ...body, title: `Linen Shirt ${round}` }),
        owner.put(`/api/owner/images/${imageIds[0]}`, { altText: `Round ${round}` }),
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(edited.statusCode, edited.body).toBe(200);
      const item = (await page('/shop/p/linen-shirt')).item;
      expect(item.title).toBe(`Linen Shirt ${round}`);
      expect(item.items[0]!.altText).toBe(`Round ${round}`);
    }
  });
});
