// databases: both — its subject is migration 036's columns, a join to the images table and locked writes of the SEO fields
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEO_LIMITS, SEO_MESSAGES, type OwnerStoreJson } from '@vitrine/contracts';
import { parseHtml } from '../reliability/html-safety';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { MANAGE_MESSAGES } from './manage';
import { STORE_MESSAGES } from './stores';

/*
 * Issue 31: the owner's stores list (only stores: the navigation's other pages are not), and the SEO fields
 * pages and posts have, for products and stores — in the owner API and in the page head (title, meta
 * description, og:title / og:description / og:image), while the structured data stays the product's own.
 */

let server: TestServer;
let manager: TestVisitor;
let viewer: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  manager = await ownerVisitor(server, 'storeManager');
  viewer = await ownerVisitor(server, 'viewer');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const BOUNDARY = '----vitrine-seo-boundary';
async function uploadPicture(filename: string): Promise<{ id: string; assetUrl: string }> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa5522' } }).png().toBuffer();
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  const answer = await manager.request({
    method: 'POST',
    url: '/api/owner/images',
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

async function headOf(path: string) {
  const page = await server.app.inject({ url: path, headers: { host: 'shop.example' } });
  expect(page.statusCode, path).toBe(200);
  const document = parseHtml(page.body);
  const meta = (selector: string) => document.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? undefined;
  const title = document.querySelector('title')?.textContent ?? '';
  const product = Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
    .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
    .find((data) => data['@type'] === 'Product');
  return { meta, title, product };
}

const stores = async (visitor: TestVisitor = manager): Promise<OwnerStoreJson[]> => {
  const answer = await visitor.get('/api/owner/stores');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().stores;
};

describe('GET /api/owner/stores', () => {
  it('lists the stores only: the demo site’s About, Journal, Events and Contact pages are not stores', async () => {
    const layoutTitles = ((await manager.get('/api/commondata/GetSiteLayout')).json().layout[0].links as Array<{ title: string }>).map((link) => link.title);
    expect(layoutTitles).toEqual(expect.arrayContaining(['About', 'Journal']));
    const listed = await stores(viewer);
    expect(listed.map((store) => [store.title, store.fullUrl])).toEqual([['Shop', '/shop']]);
    expect(listed[0]).toMatchObject({ seoTitle: '', seoDescription: '', seoImageId: null, seoImageUrl: null });
    // Every store listed is one a product may be saved into.
    const product = (await manager.get(`/api/owner/products/${demoProductId('canvas-tote')}`)).json().product;
    expect(product.storeId).toBe(listed[0]!.id);
  });
});

describe("a store's SEO fields", () => {
  it('are saved, trimmed, and used by the store page’s head; left out they stay', async () => {
    const [shop] = await stores();
    const picture = await uploadPicture('shop-banner.png');
    const answer = await manager.put(`/api/owner/stores/${shop!.id}`, { seoTitle: ' Linen and wool, made to last ', seoDescription: 'Shirts, blankets and bags from small workshops.', seoImageId: picture.id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().store).toMatchObject({ seoTitle: 'Linen and wool, made to last', seoDescription: 'Shirts, blankets and bags from small workshops.', seoImageId: picture.id, seoImageUrl: picture.assetUrl });

    const { meta, title } = await headOf('/shop');
    expect(title).toBe('Linen and wool, made to last · Vitrine Demo Store');
    expect(meta('property="og:title"')).toBe('Linen and wool, made to last');
    expect(meta('name="description"')).toBe('Shirts, blankets and bags from small workshops.');
    expect(meta('property="og:description"')).toBe('Shirts, blankets and bags from small workshops.');
    expect(meta('property="og:image"')).toBe(`http://shop.example${picture.assetUrl}`);

    // Only the description sent: the title and picture stay; '' and null go back to the store's own.
    expect((await manager.put(`/api/owner/stores/${shop!.id}`, { seoDescription: 'Made to last.' })).json().store).toMatchObject({ seoTitle: 'Linen and wool, made to last', seoImageId: picture.id });
    expect((await manager.put(`/api/owner/stores/${shop!.id}`, { seoTitle: '', seoDescription: '', seoImageId: null })).json().store).toMatchObject({ seoTitle: '', seoDescription: '', seoImageId: null, seoImageUrl: null });
    expect((await headOf('/shop')).title).toBe('Shop · Vitrine Demo Store');
  });

  it('refuse bad input with 400 and the field, an unknown store with 404, and a role without store settings with 403, writing nothing', async () => {
    const [shop] = await stores();
    const tooLong = await manager.put(`/api/owner/stores/${shop!.id}`, { seoTitle: 'x'.repeat(SEO_LIMITS.seoTitleLength + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ seoTitle: SEO_MESSAGES.seoTitle });
    const unknownPicture = await manager.put(`/api/owner/stores/${shop!.id}`, { seoTitle: 'Never saved', seoImageId: 'no-such-picture' });
    expect(unknownPicture.statusCode).toBe(400);
    expect(unknownPicture.json()).toEqual({ message: SEO_MESSAGES.seoImageUnknown, errors: { seoImageId: SEO_MESSAGES.seoImageUnknown } });
    const unknownStore = await manager.put('/api/owner/stores/no-such-store', { seoTitle: 'x' });
    expect(unknownStore.statusCode).toBe(404);
    expect(unknownStore.json().message).toBe(STORE_MESSAGES.storeNotFound);
    expect((await viewer.put(`/api/owner/stores/${shop!.id}`, { seoTitle: 'x' })).statusCode).toBe(403);
    expect((await stores())[0]!.seoTitle).toBe('');
  });
});

describe("a product's SEO fields", () => {
  it('are saved with the product and used by its page head; the structured data keeps the product’s own name and text', async () => {
    const id = demoProductId('canvas-tote');
    const { product } = (await manager.get(`/api/owner/products/${id}`)).json();
    expect(product).toMatchObject({ seoTitle: '', seoDescription: '', seoImageId: null, seoImageUrl: null });
    const before = await headOf('/shop/p/canvas-tote');
    const pocket = product.images[1];
    const saved = await manager.put(`/api/owner/products/${id}`, {
      productType: product.productType,
      title: product.title,
      excerpt: product.excerpt,
      body: product.body,
      imageIds: product.images.map((image: { id: string }) => image.id),
      tags: product.tags,
      variants: product.variants.map(({ id: variantId, sku, priceCents, salePriceCents, onSale, imageIds }: Record<string, unknown>) => ({ id: variantId, sku, priceCents, salePriceCents, onSale, imageIds })),
      seoTitle: 'Canvas tote bag for market days',
      seoDescription: 'A sturdy natural canvas tote with an inside pocket.',
      seoImageId: pocket.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({ seoTitle: 'Canvas tote bag for market days', seoDescription: 'A sturdy natural canvas tote with an inside pocket.', seoImageId: pocket.id, seoImageUrl: pocket.assetUrl });

    const { meta, title, product: structured } = await headOf('/shop/p/canvas-tote');
    expect(title).toBe('Canvas tote bag for market days · Vitrine Demo Store');
    expect(meta('property="og:title"')).toBe('Canvas tote bag for market days');
    expect(meta('name="description"')).toBe('A sturdy natural canvas tote with an inside pocket.');
    expect(meta('property="og:description"')).toBe('A sturdy natural canvas tote with an inside pocket.');
    expect(meta('property="og:image"')).toBe(`http://shop.example${pocket.assetUrl}`);
    expect(meta('property="og:image:alt"')).toBe('Inside pocket of the canvas tote');
    // schema.org stays truthful: the product's own name, description and pictures, as before.
    for (const field of ['name', 'description', 'image', 'url', 'offers']) expect(structured![field], field).toEqual(before.product![field]);
    expect(structured!.name).toBe('Canvas Tote');
  });

  it('refuse a social picture that is not one of the product’s, and a too-long description, with 400 and nothing written', async () => {
    const id = demoProductId('linen-shirt');
    const { product } = (await manager.get(`/api/owner/products/${id}`)).json();
    const picture = await uploadPicture('elsewhere.png');
    const body = {
      productType: product.productType,
      title: product.title,
      variantOptionOrdering: product.variantOptionOrdering,
      variants: product.variants.map(({ id: variantId, sku, optionValues, priceCents }: Record<string, unknown>) => ({ id: variantId, sku, optionValues, priceCents })),
    };
    const notOwn = await manager.put(`/api/owner/products/${id}`, { ...body, seoTitle: 'Never saved', seoImageId: picture.id });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().errors).toEqual({ seoImageId: MANAGE_MESSAGES.seoImageNotThisProducts });
    const tooLong = await manager.put(`/api/owner/products/${id}`, { ...body, seoDescription: 'x'.repeat(SEO_LIMITS.seoDescriptionLength + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ seoDescription: SEO_MESSAGES.seoDescription });
    expect((await manager.get(`/api/owner/products/${id}`)).json().product.seoTitle).toBe('');
  });
});
