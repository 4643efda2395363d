// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS, liveMarkup, parseHtml } from '../reliability/html-safety';
import { setStock, stockOf, openTestServer, TestVisitor, type TestServer } from '../testing';
import { originOf } from './seo';
import { demoImageId } from '../catalog/seed';

/** A demo picture's address: the images domain serves it (drawn from the SVG in demo-assets/ as a PNG). */
const demoPicture = (file: string) => `http://shop.example/images/${demoImageId(`${file}.svg`)}/${file}.png`;

/* Meta description, Open Graph and Twitter tags, product structured data (ld+json) and the favicon (pages/seo.ts, the layout's head). */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function headOf(path: string, host = 'shop.example') {
  const page = await server.app.inject({ url: path, headers: { host } });
  const document = parseHtml(page.body);
  const meta = (selector: string) => document.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? undefined;
  const ldJson = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) => script.textContent ?? '');
  return { page, document, meta, ldJson };
}

describe('meta description, Open Graph and Twitter tags', () => {
  it('a product page describes the product with its excerpt, its main image as an absolute URL, og:type product', async () => {
    const { meta } = await headOf('/shop/p/wool-blanket');
    const excerpt = (await new TestVisitor(server.app).get('/shop/p/wool-blanket?format=json')).json().item.excerpt;
    expect(meta('name="description"')).toBe(excerpt);
    expect(meta('property="og:description"')).toBe(excerpt);
    expect(meta('name="twitter:description"')).toBe(excerpt);
    expect(meta('property="og:type"')).toBe('product');
    expect(meta('property="og:title"')).toBe('Wool Blanket');
    expect(meta('property="og:site_name"')).toBe('Vitrine Demo Store');
    expect(meta('property="og:url"')).toBe('http://shop.example/shop/p/wool-blanket');
    expect(meta('property="og:image"')).toBe(demoPicture('wool-blanket'));
    expect(meta('name="twitter:image"')).toBe(demoPicture('wool-blanket'));
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
  });

  it('the store page uses the collection description, the home page the site description; both are og:type website', async () => {
    const shop = await headOf('/shop');
    const collection = (await new TestVisitor(server.app).get('/shop?format=json')).json().collection;
    expect(shop.meta('name="description"')).toBe(collection.description);
    expect(shop.meta('property="og:type"')).toBe('website');
    const home = await headOf('/');
    expect(home.meta('name="description"')).toBe('A small shop of linen, wool, ceramics and gifts, made to last.');
    expect(home.meta('property="og:title"')).toBe('Vitrine Demo Store');
    expect(home.meta('name="twitter:card"')).toBe('summary');
    expect(home.meta('property="og:image"')).toBeUndefined();
    expect((await headOf('/cart')).meta('name="description"')).toBe('A small shop of linen, wool, ceramics and gifts, made to last.');
  });

  it('a long description is cut at a word, HTML dropped', async () => {
    const { db } = server.database;
    const before = await db.selectFrom('products').select(['excerpt']).where('url_id', '=', 'ceramic-vase').executeTakeFirstOrThrow();
    await db.updateTable('products').set({ excerpt: `<p>${'Speckled &amp; glazed stoneware, '.repeat(10)}</p>` }).where('url_id', '=', 'ceramic-vase').execute();
    try {
      const description = (await headOf('/shop/p/ceramic-vase')).meta('name="description"') ?? '';
      expect(description.startsWith('Speckled & glazed stoneware, Speckled')).toBe(true);
      expect(description.endsWith('…')).toBe(true);
      expect(Array.from(description).length).toBeLessThanOrEqual(161);
      expect(description).not.toContain('<p>');
    } finally {
      await db.updateTable('products').set(before).where('url_id', '=', 'ceramic-vase').execute();
    }
  });

  it('a hostile Host header neither breaks the page nor reaches the tags', async () => {
    const { page, meta } = await headOf('/shop/p/wool-blanket', 'evil"><script>alert(1)</script>');
    expect(page.statusCode).toBe(200);
    expect(meta('property="og:url"')).toBe('http://localhost/shop/p/wool-blanket');
    expect(originOf('https', 'shop.example:8443')).toBe('https://shop.example:8443');
    expect(originOf('http', '[::1]:3000')).toBe('http://[::1]:3000');
    expect(originOf('javascript', 'a b')).toBe('http://localhost');
  });
});

describe('product structured data', () => {
  it('is a schema.org Product with one Offer per variant: price, currency, availability', async () => {
    const { ldJson } = await headOf('/shop/p/linen-shirt');
    expect(ldJson).toHaveLength(1);
    const data = JSON.parse(ldJson[0]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Linen Shirt',
      url: 'http://shop.example/shop/p/linen-shirt',
      image: [demoPicture('linen-shirt-white'), demoPicture('linen-shirt-navy')],
    });
    expect(data.offers).toContainEqual({ '@type': 'Offer', sku: 'SHIRT-S-WHITE', price: '45.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'http://shop.example/shop/p/linen-shirt' });
    expect(data.offers).toContainEqual(expect.objectContaining({ sku: 'SHIRT-M-NAVY', price: '48.00', availability: 'https://schema.org/OutOfStock' }));
  });

  it('offers the sale price on sale, OutOfStock when sold out, InStock for digital goods', async () => {
    const tote = JSON.parse((await headOf('/shop/p/canvas-tote')).ldJson[0]!);
    expect(tote.offers).toEqual([expect.objectContaining({ sku: 'TOTE', price: '22.00', availability: 'https://schema.org/InStock' })]);
    expect(tote.sku).toBe('TOTE');
    const lamp = JSON.parse((await headOf('/shop/p/vintage-lamp')).ldJson[0]!);
    expect(lamp.offers[0].availability).toBe('https://schema.org/OutOfStock');
    const ebook = JSON.parse((await headOf('/shop/p/photography-ebook')).ldJson[0]!);
    expect(ebook.offers[0].availability).toBe('https://schema.org/InStock');
    const before = await stockOf(server.database.db, 'BLANKET');
    await setStock(server.database.db, 'BLANKET', 0);
    try {
      expect(JSON.parse((await headOf('/shop/p/wool-blanket')).ldJson[0]!).offers[0].availability).toBe('https://schema.org/OutOfStock');
    } finally {
      await setStock(server.database.db, 'BLANKET', before);
    }
  });

  it('only product pages carry it', async () => {
    for (const path of ['/', '/shop', '/cart', '/search?q=wool']) expect((await headOf(path)).ldJson, path).toEqual([]);
  });

  it('a hostile product title stays text in the tags and cannot end the ld+json block', async () => {
    const { db } = server.database;
    const before = await db.selectFrom('products').select(['title', 'excerpt']).where('url_id', '=', 'sticker-pack').executeTakeFirstOrThrow();
    const title = XSS_PAYLOADS.join(' ');
    await db.updateTable('products').set({ title, excerpt: `</script><script>alert(1)</script> & \u2028` }).where('url_id', '=', 'sticker-pack').execute();
    try {
      const { page, meta, ldJson } = await headOf('/shop/p/sticker-pack');
      expect(liveMarkup(page.body)).toEqual([]);
      expect(meta('property="og:title"')).toBe(title);
      expect(ldJson).toHaveLength(1);
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
      expect(block).not.toMatch(/[<>&\u2028\u2029]/);
      expect(block).toContain('\\u003c/script\\u003e');
      const data = JSON.parse(block);
      expect(data.name).toBe(title);
      // The excerpt is merchant HTML: its tags are dropped from descriptions.
      expect(data.description).toBe('alert(1) &');
      expect(meta('name="description"')).toBe('alert(1) &');
    } finally {
      await db.updateTable('products').set(before).where('url_id', '=', 'sticker-pack').execute();
    }
  });
});

describe('canonical and robots', () => {
  it('home, stores and products name their canonical address; per-visitor pages ask not to be indexed', async () => {
    for (const path of ['/', '/shop', '/shop/p/wool-blanket']) {
      const { document } = await headOf(`${path}${path.includes('?') ? '&' : '?'}utm_source=x`);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(`http://shop.example${path}`);
      expect(document.querySelector('meta[name="robots"]'), path).toBeNull();
    }
    for (const path of ['/cart', '/checkout', '/search?q=wool', '/nothing-here']) {
      const { document, meta } = await headOf(path);
      expect(meta('name="robots"'), path).toBe('noindex');
      expect(document.querySelector('link[rel="canonical"]'), path).toBeNull();
    }
  });
});

describe('favicon', () => {
  it('/favicon.ico answers the same SVG icon', async () => {
    const answer = await server.app.inject({ url: '/favicon.ico' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.body).toBe((await server.app.inject({ url: '/assets/theme/favicon.svg' })).body);
  });

  it('every page links an SVG icon served from our own origin', async () => {
    const { document } = await headOf('/');
    const href = document.querySelector('link[rel="icon"]')?.getAttribute('href');
    expect(href).toBe('/assets/theme/favicon.svg');
    const icon = await server.app.inject({ url: href! });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toContain('<svg');
  });
});
