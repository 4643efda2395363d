// databases: one — the catalog's answers and rules; its races are proven by stores and stock-adjust on both
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@vitrine/format/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRow } from '../db/schema';
import sharp from 'sharp';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { DEMO_ASSET_PREFIX, DEMO_PRODUCTS, demoAssetsDir, STICKER_PACK_DESCRIPTION } from './demo-store';
import { productItemJson, type ProductItemJson } from './product-item';
import { demoImageId } from './seed';

let server: TestServer;
let grid: ProductItemJson[];
beforeAll(async () => {
  server = await openTestServer();
  grid = (await new TestVisitor(server.app).get('/shop?format=json')).json().items;
});
afterAll(async () => {
  await server?.close();
});

const productJson = async (slug: string): Promise<ProductItemJson> =>
  (await new TestVisitor(server.app).get(`/shop/p/${slug}?format=json`)).json().item;
const gridItem = (slug: string) => {
  const item = grid.find((candidate) => candidate.urlId === slug);
  if (!item) throw new Error(`no demo product ${slug}`);
  return item;
};

describe('product images in ?format=json (storefront.md §9)', () => {
  it('the Linen Shirt carries one image per colour, and each variant names its colour', async () => {
    const shirt = await productJson('linen-shirt');
    const [white, navy] = shirt.items;
    expect(shirt.items).toHaveLength(2);
    expect(white).toEqual({
      id: demoImageId('linen-shirt-white.svg'),
      recordType: 2,
      assetUrl: `/images/${demoImageId('linen-shirt-white.svg')}/linen-shirt-white.png`,
      altText: 'White linen shirt, laid flat',
      title: 'Linen Shirt in White',
      body: '',
      filename: 'linen-shirt-white.png',
      originalSize: '1000x1000',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
    expect(navy).toMatchObject({ assetUrl: `/images/${demoImageId('linen-shirt-navy.svg')}/linen-shirt-navy.png`, altText: 'Navy linen shirt, laid flat' });
    const imageIdsByColor = Object.fromEntries(
      shirt.structuredContent.variants.map((variant) => [variant.sku, variant.imageIds]),
    );
    expect(imageIdsByColor).toEqual({
      'SHIRT-S-WHITE': [white.id],
      'SHIRT-S-NAVY': [navy.id],
      'SHIRT-M-WHITE': [white.id],
      'SHIRT-M-NAVY': [navy.id],
    });
    expect(shirt).toMatchObject({ assetUrl: white.assetUrl, mainImageId: white.id, mainImage: { id: white.id, altText: white.altText } });
  });

  it('every demo product has images, and every variant image id is one of its product’s images', () => {
    expect(grid).toHaveLength(DEMO_PRODUCTS.length);
    for (const item of grid) {
      expect(item.items.length, item.urlId).toBeGreaterThan(0);
      const ids = item.items.map((image) => image.id);
      for (const variant of item.structuredContent.variants) {
        for (const id of variant.imageIds) expect(ids, variant.sku).toContain(id);
      }
    }
  });

  it('keeps the merchant’s texts in items and gives the grid the resolved alt text (alt, title, body cut to 250, else the product’s name)', () => {
    // Alt text set: used as it is.
    expect(gridItem('wool-blanket').mainImage?.altText).toBe('Three folded wool blankets in green, mustard and rust');
    // Only a title.
    const vase = gridItem('ceramic-vase');
    expect(vase.items[0]).toMatchObject({ altText: '', title: 'Speckled sage-green ceramic vase', body: '' });
    expect(vase.mainImage?.altText).toBe('Speckled sage-green ceramic vase');
    // Only a body (HTML): its text, cut at a word before the 250th character, without an ellipsis.
    const stickers = gridItem('sticker-pack');
    expect(stickers.items[0]).toMatchObject({ altText: '', title: '', body: STICKER_PACK_DESCRIPTION });
    const alt = stickers.mainImage?.altText ?? '';
    expect(STICKER_PACK_DESCRIPTION.replace(/<[^>]*>/g, '').length).toBeGreaterThan(250);
    expect(alt.length).toBeLessThanOrEqual(250);
    expect(alt.length).toBeGreaterThan(200);
    expect(alt.startsWith('Four die-cut vinyl stickers on a warm cream background')).toBe(true);
    expect(alt).not.toContain('<p>');
    expect(STICKER_PACK_DESCRIPTION).toContain(`${alt} `);
  });

  it('a product without images has empty items and no main image', () => {
    const row = {
      id: 'p1', website_id: 'w1', collection_id: 'c1', url_id: 'plain', title: 'Plain', excerpt: '', body: '',
      asset_url: null, product_type: 1, price_cents: 100, sale_price_cents: 0, on_sale: false, is_subscribable: false,
      subscription_plan: null, additional_fields_form_id: null, additional_fields_form: null,
      use_custom_add_button_text: false, custom_add_button_text: '', variant_option_ordering: [], merchandising: {},
      tags: [], option_values_text: '', search_document: null, display_index: 0, created_at: new Date(0), archived_at: null, categories: [],
      seo_title: '', seo_description: '', seo_image_id: null,
    } satisfies ProductRow;
    const item = productItemJson(row, [], { currency: 'USD' }, 'shop');
    expect(item.items).toEqual([]);
    expect(item).not.toHaveProperty('mainImage');
    expect(item).not.toHaveProperty('mainImageId');
    expect(item).not.toHaveProperty('assetUrl');
    expect(productItemJson({ ...row, images: [] }, [], { currency: 'USD' }, 'shop').items).toEqual([]);
  });
});

describe('product images in the HTML', () => {
  it('the store grid shows each main image lazily with its alt text', async () => {
    const html = (await new TestVisitor(server.app).get('/shop')).body;
    const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    const vase = images.find((tag) => tag.includes(`src="/images/${demoImageId('ceramic-vase.svg')}/ceramic-vase.png?format=500w"`));
    expect(vase).toBeDefined();
    expect(vase).toContain('alt="Speckled sage-green ceramic vase"');
    expect(vase).toContain('loading="lazy"');
    for (const item of grid) expect(html).toContain(`src="${item.mainImage?.assetUrl}?format=500w"`);
  });

  it('the product page shows the main image eagerly, with every spec width in its srcset', async () => {
    const html = (await new TestVisitor(server.app).get('/shop/p/ceramic-vase')).body;
    const main = html.match(new RegExp(`<img [^>]*src="/images/${demoImageId('ceramic-vase.svg')}/ceramic-vase\\.png"[^>]*>`))?.[0] ?? '';
    expect(main).toContain('loading="eager"');
    expect(main).toContain('alt="Speckled sage-green ceramic vase"');
    const srcset = main.match(/srcSet="([^"]*)"|srcset="([^"]*)"/i);
    const widths = (srcset?.[1] ?? srcset?.[2] ?? '').split(', ').map((candidate) => candidate.split(' ')[1]);
    expect(widths).toEqual(IMAGE_WIDTHS.map((width) => `${width}w`));
  });
});

describe(`demo pictures at ${DEMO_ASSET_PREFIX}`, () => {
  it('serves each as SVG, cached for a day, whatever width the page asks for', async () => {
    const response = await new TestVisitor(server.app).get('/assets/demo/linen-shirt-navy.svg?format=750w');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toContain('<title>Navy linen shirt</title>');
  });

  it('answers 404 for a file that is not there, and serves nothing outside the folder', async () => {
    expect((await new TestVisitor(server.app).get('/assets/demo/missing.svg')).statusCode).toBe(404);
    expect((await new TestVisitor(server.app).get('/assets/demo/..%2fpackage.json')).statusCode).toBe(404);
  });

  it('every file is used by the demo store and has a <title>; every demo image has its file', () => {
    const files = readdirSync(demoAssetsDir).sort();
    const used = DEMO_PRODUCTS.flatMap((product) => product.images.map((image) => image.file)).sort();
    expect(files).toEqual(used);
    for (const file of files) {
      expect(readFileSync(path.join(demoAssetsDir, file), 'utf8'), file).toMatch(/<svg [^>]*viewBox="0 0 1000 1000"[^>]*>\s*<title>[^<]+<\/title>/);
    }
  });
});

describe('a picture without alt text never shows its file name (issue 31)', () => {
  const BOUNDARY = '----vitrine-alt-boundary';
  async function uploadAs(owner: TestVisitor, filename: string): Promise<{ id: string; filename: string }> {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
    const answer = await owner.request({
      method: 'POST', url: '/api/owner/images',
      payload: Buffer.concat([head, png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  }

  it('names it after the product on the store grid, the product page and its JSON, also when its alt text is its file name', async () => {
    const owner = await ownerVisitor(server, 'storeManager');
    const plain = await uploadAs(owner, 'mug.png');
    const named = await uploadAs(owner, 'IMG_2041.PNG');
    // An older row whose alt text is its file name (as uploads once stored it).
    expect((await owner.put(`/api/owner/images/${named.id}`, { altText: 'IMG_2041.PNG' })).statusCode).toBe(200);
    const created = await owner.post('/api/owner/products', {
      productType: 1, title: 'Stoneware Mug', variants: [{ sku: 'MUG-1', priceCents: 1800, qtyInStock: 4 }], imageIds: [plain.id, named.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const path = created.json().product.fullUrl as string;

    const item = (await new TestVisitor(server.app).get(`${path}?format=json`)).json().item as ProductItemJson;
    expect(item.mainImage?.altText).toBe('Stoneware Mug');
    const gridCard = ((await new TestVisitor(server.app).get('/shop?format=json')).json().items as ProductItemJson[]).find((entry) => entry.urlId === item.urlId)!;
    expect(gridCard.mainImage?.altText).toBe('Stoneware Mug');

    for (const html of [(await new TestVisitor(server.app).get('/shop')).body, (await new TestVisitor(server.app).get(path)).body]) {
      const alts = [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((match) => match[1]);
      expect(alts).not.toContain('mug.png');
      expect(alts.some((alt) => /IMG_2041/i.test(alt ?? ''))).toBe(false);
    }
    const page = (await new TestVisitor(server.app).get(path)).body;
    expect(page).toContain('alt="Stoneware Mug"');
    expect(page).not.toMatch(/alt="(mug\.png|IMG_2041\.PNG|img_2041\.png)"/i);
  });
});
