// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers';
import { stableId } from '../ids';
import { demoImageId } from '../catalog';
import type { Website } from '../db/schema';

let server: TestServer;
let website: Website;
const HOUR = 60 * 60 * 1000;

const body = (...blocks: Array<{ type: number; settings: Record<string, unknown> }>): string =>
  JSON.stringify({ schemaVersion: 1, sections: [singleColumnSection('s1', blocks.map((block, index) => ({ id: `b${index + 1}`, ...block })))] } satisfies PageBody);

async function addPage(values: { urlId: string; kind?: string; title?: string; status?: string; publishAt?: Date; body?: string; folderBehaviour?: number; seoTitle?: string; seoDescription?: string; description?: string }) {
  const id = stableId(`test-page:${values.urlId}`);
  await server.database.db.insertInto('site_pages').values({
    id, website_id: website.id, kind: (values.kind ?? 'page') as 'page', url_id: values.urlId, title: values.title ?? values.urlId,
    status: (values.status ?? 'published') as 'published', publish_at: values.publishAt ?? null, body: values.body ?? body(),
    folder_behaviour: values.folderBehaviour ?? 1, seo_title: values.seoTitle ?? '', seo_description: values.seoDescription ?? '', description: values.description ?? '',
  }).execute();
  return id;
}

async function addItem(collectionId: string, values: { urlId: string; recordType: number; title?: string; status?: string; publishAt?: Date; publishedAt?: Date; tags?: string[]; categories?: string[]; startAt?: Date; endAt?: Date; excerpt?: string; authorName?: string; body?: string; location?: object }) {
  await server.database.db.insertInto('site_items').values({
    id: stableId(`test-item:${collectionId}:${values.urlId}`), website_id: website.id, collection_id: collectionId, record_type: values.recordType, url_id: values.urlId,
    title: values.title ?? values.urlId, status: (values.status ?? 'published') as 'published', publish_at: values.publishAt ?? null, published_at: values.publishedAt ?? null,
    tags: values.tags ?? [], categories: values.categories ?? [], start_at: values.startAt ?? null, end_at: values.endAt ?? null, excerpt: values.excerpt ?? '',
    author_name: values.authorName ?? '', body: values.body ?? body(), location: values.location ? JSON.stringify(values.location) : null,
  }).execute();
}

const get = (url: string) => new TestVisitor(server.app).get(url);
let blogId: string;

beforeAll(async () => {
  server = await openTestServer();
  website = await server.database.db.selectFrom('websites').selectAll().executeTakeFirstOrThrow();
  await addPage({
    urlId: 't-about', title: 'About us', seoTitle: 'About the shop', seoDescription: 'Who we are.',
    body: body(
      { type: BLOCK_TYPES.html, settings: { html: '<h2>Our story</h2><p>Made <strong>by hand</strong>.</p>' } },
      { type: BLOCK_TYPES.quote, settings: { quote: 'Good things take time.', source: 'Ada' } },
      { type: BLOCK_TYPES.button, settings: { label: 'Shop now', url: '/shop' } },
      { type: 15, settings: {} },
    ),
  });
  await addPage({ urlId: 't-landing', kind: 'splash', title: 'Landing' });
  await addPage({ urlId: 't-secret', status: 'draft' });
  await addPage({ urlId: 't-members', status: 'private' });
  await addPage({ urlId: 't-review', status: 'needs-review' });
  await addPage({ urlId: 't-soon', status: 'scheduled', publishAt: new Date(Date.now() + HOUR) });
  await addPage({ urlId: 't-launched', status: 'scheduled', publishAt: new Date(Date.now() - HOUR), title: 'Launched' });
  blogId = await addPage({ urlId: 't-journal', kind: 'blog', title: 'Journal', description: 'News from the workshop.' });
  for (let index = 1; index <= 12; index++) {
    await addItem(blogId, {
      urlId: `post-${index}`, recordType: 1, title: `Post ${index}`, publishedAt: new Date(Date.UTC(2026, 0, index, 12)), excerpt: `Excerpt ${index}`,
      authorName: 'Ada', tags: index % 2 === 0 ? ['even'] : ['odd'], categories: index <= 3 ? ['News'] : [],
    });
  }
  await addItem(blogId, { urlId: 'draft-post', recordType: 1, status: 'draft', publishedAt: new Date(Date.UTC(2026, 5, 1)) });
  await addItem(blogId, { urlId: 'future-post', recordType: 1, status: 'scheduled', publishAt: new Date(Date.now() + HOUR) });
  await addItem(blogId, { urlId: 'past-scheduled', recordType: 1, title: 'Past scheduled', status: 'scheduled', publishAt: new Date(Date.now() - HOUR) });
  const eventsId = await addPage({ urlId: 't-events', kind: 'events', title: 'Events' });
  await addItem(eventsId, {
    urlId: 'market', recordType: 12, title: 'Spring market', startAt: new Date(Date.now() + 48 * HOUR), endAt: new Date(Date.now() + 52 * HOUR),
    location: { addressLine1: '1 Market Square', addressLine2: 'Portland, OR', addressCountry: 'United States', mapLat: 45.52, mapLng: -122.68 },
  });
  await addItem(eventsId, { urlId: 'workshop', recordType: 12, title: 'Old workshop', startAt: new Date(Date.now() - 72 * HOUR), endAt: new Date(Date.now() - 70 * HOUR) });
  const folderId = await addPage({ urlId: 't-info', kind: 'folder', title: 'Info', folderBehaviour: 1 });
  await addPage({ urlId: 't-go', kind: 'folder', title: 'Go', folderBehaviour: 2 });
  await addPage({ urlId: 't-nothing', kind: 'folder', title: 'Nothing', folderBehaviour: 3 });
  await server.database.db.insertInto('site_navigations').values({
    website_id: website.id, field_name: 'mainNav',
    items: JSON.stringify([{ collectionId: folderId, items: [{ collectionId: stableId('test-page:t-about') }, { collectionId: stableId('test-page:t-secret') }, { collectionId: stableId('test-page:t-landing') }] }, { collectionId: stableId('test-page:t-go'), items: [{ collectionId: stableId('test-page:t-landing') }] }]),
  }).onConflict((conflict) => conflict.columns(['website_id', 'field_name']).doUpdateSet({ items: (eb) => eb.ref('excluded.items') })).execute();
});
afterAll(async () => {
  await server?.close();
});

describe('content pages', () => {
  it('a page renders its blocks with the theme, and answers its context with ?format=json', async () => {
    const html = await get('/t-about');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<h1 id="content-page-title">About us</h1>');
    expect(html.body).toContain('<div class="rich-text"><h2>Our story</h2><p>Made <strong>by hand</strong>.</p></div>');
    expect(html.body).toContain('<blockquote><p>Good things take time.</p></blockquote><figcaption>— Ada</figcaption>');
    expect(html.body).toContain('<a class="button button--primary button--medium" href="/shop">Shop now</a>');
    expect(html.body).toContain('<title>About the shop · Vitrine Demo Store</title>');
    expect(html.body).toContain('<meta name="description" content="Who we are.">');
    expect(html.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/t-about">/);
    const json = (await get('/t-about?format=json')).json();
    expect(json.pageType).toBe(2);
    expect(json.contentPage).toMatchObject({ title: 'About us', urlId: 't-about', fullUrl: '/t-about', kind: 'page' });
    expect(json.sections[0].blocks.map((block: { typeName: string }) => block.typeName)).toEqual(['html', 'quote', 'button']);
    expect(json.sections[0].blocks[0]).toEqual({ id: 'b1', type: 2, typeName: 'html', partial: 'text', view: { html: '<h2>Our story</h2><p>Made <strong>by hand</strong>.</p>' } });
  });

  it('a splash page is page type 3', async () => {
    expect((await get('/t-landing?format=json')).json().pageType).toBe(3);
  });

  it.each(['t-secret', 't-members', 't-review', 't-soon'])('a %s page is not found for visitors', async (urlId) => {
    expect((await get(`/${urlId}`)).statusCode).toBe(404);
    expect((await get(`/${urlId}?format=json`)).statusCode).toBe(404);
  });

  it('a page scheduled in the past is live', async () => {
    const page = await get('/t-launched');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 id="content-page-title">Launched</h1>');
  });

  it('the demo Contact page still shows its text and form', async () => {
    const page = await get('/contact');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('a real person replies within two working days');
    expect(page.body).toContain('data-island="SiteForm"');
  });
});

describe('blog', () => {
  it('lists ten posts a page, newest first, with rel prev/next links', async () => {
    const first = (await get('/t-journal?format=json')).json();
    expect(first.pageType).toBe(1);
    expect(first.collection).toMatchObject({ title: 'Journal', typeName: 'blog', fullUrl: '/t-journal' });
    expect(first.items.map((item: { title: string }) => item.title)).toEqual(['Past scheduled', ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((n) => `Post ${n}`)]);
    expect(first.pagination).toMatchObject({ page: 1, pageCount: 2, total: 13, nextPageUrl: '/t-journal?page=2' });
    const second = await get('/t-journal?page=2');
    expect(second.body).toContain('<a href="/t-journal" rel="prev">Newer posts</a>');
    expect(second.body).toContain('Post 1</a>');
    expect(second.body).not.toContain('Post 4</a>');
    const html = await get('/t-journal');
    expect(html.body).toContain('<a href="/t-journal?page=2" rel="next">Older posts</a>');
    expect(html.body).toContain('<link rel="alternate" type="application/rss+xml" title="Journal" href="/t-journal?format=rss">');
    expect(html.body).toContain('<link rel="next" href="/t-journal?page=2">');
    expect(html.body).toContain('<time datetime="2026-01-12T12:00:00.000Z">January 12, 2026</time><span class="post-author">by Ada</span>');
  });

  it('filters by tag and by category, keeping the filter in its page links', async () => {
    const tagged = (await get('/t-journal?tag=even&format=json')).json();
    expect(tagged.items.map((item: { title: string }) => item.title)).toEqual(['Post 12', 'Post 10', 'Post 8', 'Post 6', 'Post 4', 'Post 2']);
    expect(tagged.filter).toEqual({ tag: 'even', label: 'Posts tagged “even”.', clearUrl: '/t-journal' });
    const news = (await get('/t-journal?category=News&format=json')).json();
    expect(news.items.map((item: { title: string }) => item.title)).toEqual(['Post 3', 'Post 2', 'Post 1']);
    expect(news.items[0].categories).toEqual([{ name: 'News', url: '/t-journal?category=News' }]);
    expect(news.pagination.nextPageUrl).toBeUndefined();
  });

  it('a post has its own page (pageType 50); drafts and future posts are not found', async () => {
    const post = await get('/t-journal/post-3');
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('<h1 id="post-title">Post 3</h1>');
    expect(post.body).toContain('<meta property="og:type" content="article">');
    expect((await get('/t-journal/post-3?format=json')).json()).toMatchObject({ pageType: 50, item: { title: 'Post 3', fullUrl: '/t-journal/post-3', authorName: 'Ada' } });
    // The page view is counted as the post's (record type 1), not a product's.
    expect(post.body).toMatch(/"itemId":"[^"]+","recordType":1,"collectionId"/);
    expect((await get('/t-journal/draft-post')).statusCode).toBe(404);
    expect((await get('/t-journal/future-post')).statusCode).toBe(404);
    expect((await get('/t-journal/past-scheduled')).statusCode).toBe(200);
    expect((await get('/t-about/post-3')).statusCode).toBe(404);
  });

  it('serves RSS 2.0 with escaped titles', async () => {
    await server.database.db.updateTable('site_items').set({ title: 'Tea & <cake>' }).where('url_id', '=', 'post-12').execute();
    const feed = await get('/t-journal?format=rss');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(feed.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(feed.body).toContain('<title>Tea &amp; &lt;cake&gt;</title>');
    expect(feed.body).toMatch(/<link>http:\/\/[^<]+\/t-journal\/post-12<\/link>/);
    expect(feed.body).toContain('<pubDate>Mon, 12 Jan 2026 12:00:00 GMT</pubDate>');
    expect(feed.body).not.toContain('draft-post');
    expect(feed.body.match(/<item>/g)).toHaveLength(13);
    expect((await get('/t-about?format=rss')).statusCode).toBe(404);
  });
});

describe('events', () => {
  it('lists upcoming events first and past ones below; an event shows its time, place and calendar link', async () => {
    const list = (await get('/t-events?format=json')).json();
    expect(list.upcoming.map((item: { title: string }) => item.title)).toEqual(['Spring market']);
    expect(list.past.map((item: { title: string }) => item.title)).toEqual(['Old workshop']);
    const event = await get('/t-events/market');
    expect(event.statusCode).toBe(200);
    expect(event.body).toContain('Add to calendar');
    expect(event.body).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE&amp;text=Spring%20market');
    expect(event.body).toContain('<span>1 Market Square</span>');
    expect(event.body).toContain('href="https://www.openstreetmap.org/?mlat=45.52&amp;mlon=-122.68#map=16/45.52/-122.68"');
    const json = (await get('/t-events/market?format=json')).json();
    expect(json.item).toMatchObject({ recordType: 12, place: '1 Market Square, Portland, OR, United States' });
  });
});

describe('folders', () => {
  it('an index folder lists its live children; a redirect folder sends to its first; a none folder is not found', async () => {
    const index = (await get('/t-info?format=json')).json();
    expect(index.children).toEqual([{ title: 'About us', url: '/t-about', description: '' }, { title: 'Landing', url: '/t-landing', description: '' }]);
    const redirect = await get('/t-go');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/t-landing');
    expect((await get('/t-nothing')).statusCode).toBe(404);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists live pages, posts, events, stores and products, and nothing unpublished', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...sitemap.body.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(expect.arrayContaining(['/', '/t-about', '/contact', '/t-journal', '/t-journal/post-1', '/t-events/market', '/shop', '/shop/p/linen-shirt', '/t-launched']));
    for (const hidden of ['/t-secret', '/t-members', '/t-review', '/t-soon', '/t-journal/draft-post', '/t-journal/future-post', '/t-info']) expect(locations).not.toContain(hidden);
  });

  it('/robots.txt allows everything and names the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toMatch(/^User-agent: \*\nAllow: \/\n\nSitemap: http:\/\/[^/]+\/sitemap\.xml\n$/);
  });
});

describe('blocks with data', () => {
  it('a summary lists a blog\'s latest posts and a store\'s products; a product block has its add-to-cart form', async () => {
    await addPage({
      urlId: 't-home-blocks',
      body: body(
        { type: BLOCK_TYPES['summary-v2'], settings: { collectionId: blogId, count: 2, design: 'list', title: 'Latest' } },
        { type: BLOCK_TYPES['summary-v2'], settings: { collectionId: stableId(`collection:${website.identifier}:shop`), count: 3 } },
        { type: BLOCK_TYPES.product, settings: { productId: demoProductId('canvas-tote') } },
        { type: BLOCK_TYPES.video, settings: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      ),
    });
    const json = (await get('/t-home-blocks?format=json')).json();
    const [posts, products, product] = json.sections[0].blocks;
    expect(posts.view.entries.map((entry: { title: string; url: string }) => [entry.title, entry.url])).toEqual([['Past scheduled', '/t-journal/past-scheduled'], ['Tea & <cake>', '/t-journal/post-12']]);
    expect(posts.view.moreUrl).toBe('/t-journal');
    expect(posts.variant).toBe(1007);
    expect(products.view.entries).toHaveLength(3);
    expect(products.view.entries[0]).toMatchObject({ url: expect.stringMatching(/^\/shop\/p\//), price: expect.stringMatching(/\$/) });
    expect(product.view.product).toMatchObject({ title: 'Canvas Tote' });
    const html = await get('/t-home-blocks');
    expect(html.body).toContain('data-island="ProductForm"');
    expect(html.body).toContain('Tea &amp; &lt;cake&gt;');
    // A page with a YouTube player may frame that player's host (not Vimeo's: it shows none); other pages keep the site's policy.
    expect(String(html.headers['content-security-policy']).split(';')).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect((await get('/t-about')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('the product block and page (issue 34 item 7)', () => {
  it('a Product block shows its product’s picture once: the form inside it leaves out its own', async () => {
    await addPage({ urlId: 't-one-product', body: body({ type: BLOCK_TYPES.product, settings: { productId: demoProductId('wool-blanket') } }) });
    const html = (await get('/t-one-product')).body;
    const block = html.slice(html.indexOf('<div class="product-block">'));
    expect(block).toContain('class="product-block-image"');
    expect((block.match(/<img /g) ?? []).length).toBe(1);
    expect(html).not.toContain('class="vitrine-product-image"');
    expect(html).toContain('data-island="ProductForm"');
    expect(html).toMatch(/"showImage":false/);
  });

  it('a product page without pictures has no empty photo column; one with pictures keeps its two columns', async () => {
    const db = server.database.db;
    const product = await db.selectFrom('products').select(['id', 'url_id', 'images', 'asset_url']).where('id', '=', demoProductId('leather-armchair')).executeTakeFirstOrThrow();
    const withPhotos = (await get(`/shop/p/${product.url_id}`)).body;
    expect(withPhotos).toContain('<article class="product-detail">');
    await db.updateTable('products').set({ images: JSON.stringify([]) as never, asset_url: null }).where('id', '=', product.id).execute();
    try {
      const without = (await get(`/shop/p/${product.url_id}`)).body;
      expect(without).toContain('<article class="product-detail product-detail-without-photos">');
      expect(without).not.toContain('class="vitrine-product-image"');
    } finally {
      await db.updateTable('products').set({ images: JSON.stringify(product.images) as never, asset_url: product.asset_url }).where('id', '=', product.id).execute();
    }
  });
});

describe('preview', () => {
  it('renders the draft for a contributor who may read content, framable by this origin only, never indexed', async () => {
    const id = await addPage({ urlId: 't-drafted', status: 'draft', title: 'Drafted', body: body({ type: BLOCK_TYPES.html, settings: { html: '<p>Published words</p>' } }) });
    await server.database.db.updateTable('site_pages').set({ draft_body: body({ type: BLOCK_TYPES.html, settings: { html: '<p>Draft words</p>' } }) }).where('id', '=', id).execute();
    expect((await get(`/config/preview/pages/${id}`)).statusCode).toBe(401);
    const viewer = await ownerVisitor(server, 'viewer');
    const preview = await viewer.get(`/config/preview/pages/${id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<p>Draft words</p>');
    expect(preview.body).not.toContain('Published words');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect((await viewer.get(`/config/preview/pages/${id}?format=json`)).json().sections[0].blocks[0].view).toEqual({ html: '<p>Draft words</p>' });
    expect((await viewer.get('/config/preview/pages/no-such-page')).statusCode).toBe(404);
    // The public page is still not found, and a public page can never be framed.
    expect((await get('/t-drafted')).statusCode).toBe(404);
    expect((await get('/t-about')).headers['x-frame-options']).toBe('DENY');
  });

  it('marks every section and block for the editor\'s overlay in the preview alone; the shopper\'s page has no such attributes', async () => {
    const twoSections = JSON.stringify({ schemaVersion: 1, sections: [
      singleColumnSection('s1', [{ id: 'b1', type: BLOCK_TYPES.html, settings: { html: '<p>First</p>' } }, { id: 'b2', type: BLOCK_TYPES.html, settings: { html: '<p>Second</p>' } }]),
      singleColumnSection('s2', [{ id: 'b3', type: BLOCK_TYPES.html, settings: { html: '<p>Third</p>' } }]),
    ] } satisfies PageBody);
    const id = await addPage({ urlId: 't-marked', title: 'Marked', body: twoSections });
    const viewer = await ownerVisitor(server, 'viewer');
    const preview = (await viewer.get(`/config/preview/pages/${id}`)).body;
    expect(preview).toContain('data-editor-section="s2" data-editor-section-index="1"');
    expect(preview).toContain('id="block-b1" data-editor-block="b1" data-editor-index="0" data-editor-section-index="0" data-editor-column="0"');
    expect(preview).toContain('id="block-b3" data-editor-block="b3" data-editor-index="2" data-editor-section-index="1" data-editor-column="0"');
    const shopper = await get('/t-marked');
    expect(shopper.statusCode).toBe(200);
    expect(shopper.body).toContain('<p>Third</p>');
    expect(shopper.body).not.toContain('data-editor');
    expect(JSON.stringify((await get('/t-marked?format=json')).json())).not.toContain('"editor"');
  });

  it('renders an item\'s draft with its collection', async () => {
    const item = await server.database.db.selectFrom('site_items').select('id').where('url_id', '=', 'draft-post').executeTakeFirstOrThrow();
    await server.database.db.updateTable('site_items').set({ draft_body: body({ type: BLOCK_TYPES.html, settings: { html: '<p>Unpublished post</p>' } }) }).where('id', '=', item.id).execute();
    const editor = await ownerVisitor(server, 'editor');
    const preview = await editor.get(`/config/preview/items/${item.id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<p>Unpublished post</p>');
    expect(preview.body).toContain('<a href="/t-journal">Journal</a>');
  });
});

describe('gallery page', () => {
  it('shows its images in the owner\'s order as a gallery with a lightbox', async () => {
    const galleryId = await addPage({ urlId: 't-gallery', kind: 'gallery', title: 'Gallery' });
    const add = async (urlId: string, position: number, file: string, title: string) => {
      await addItem(galleryId, { urlId, recordType: 14, title });
      await server.database.db.updateTable('site_items').set({ position, image: JSON.stringify({ imageId: demoImageId(file), altText: `${title} photo`, focalPoint: { x: 0.5, y: 0.2 } }) })
        .where('collection_id', '=', galleryId).where('url_id', '=', urlId).execute();
    };
    await add('vase', 2, 'ceramic-vase.svg', 'Vase');
    await add('lamp', 1, 'vintage-lamp.svg', 'Lamp');
    const json = (await get('/t-gallery?format=json')).json();
    expect(json.pageType).toBe(1);
    expect(json.gallery.items.map((item: { title: string; image: { alt: string; objectPosition: string } }) => [item.title, item.image.alt, item.image.objectPosition])).toEqual([['Lamp', 'Lamp photo', '50% 20%'], ['Vase', 'Vase photo', '50% 20%']]);
    const html = await get('/t-gallery');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('data-island="Gallery"');
    expect(html.body).toContain('<h1 id="gallery-title">Gallery</h1>');
  });
});

describe('hostile text', () => {
  const HOSTILE = '"><svg onload=alert(1)><script>alert(2)</script><img src=x onerror=alert(3)>';

  it('never executes from a page, post or event field', async () => {
    const pageId = await addPage({ urlId: 't-hostile', title: HOSTILE, description: HOSTILE, seoDescription: HOSTILE, kind: 'blog' });
    await addItem(pageId, {
      urlId: 'post', recordType: 1, title: HOSTILE, excerpt: HOSTILE, authorName: HOSTILE, tags: [HOSTILE], categories: [HOSTILE], publishedAt: new Date(Date.UTC(2026, 0, 1)),
      body: body({ type: BLOCK_TYPES.html, settings: { html: HOSTILE } }, { type: BLOCK_TYPES.button, settings: { label: HOSTILE, url: 'javascript:alert(4)' } }, { type: BLOCK_TYPES.quote, settings: { quote: HOSTILE, source: HOSTILE } }),
    });
    const eventsId = await addPage({ urlId: 't-hostile-events', kind: 'events', title: HOSTILE });
    await addItem(eventsId, { urlId: 'e', recordType: 12, title: HOSTILE, startAt: new Date(Date.now() + HOUR), location: { addressLine1: HOSTILE, addressLine2: '', addressCountry: '', mapLat: null, mapLng: null } });
    for (const path of ['/t-hostile', '/t-hostile/post', '/t-hostile-events', '/t-hostile-events/e', '/t-hostile?tag=%22%3E%3Csvg%20onload%3Dalert(1)%3E']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      const main = page.body.slice(page.body.indexOf('<main'), page.body.indexOf('</main>'));
      expect(main, path).not.toMatch(/<svg onload|<script>alert|<img src=x|javascript:alert/);
      expect(page.body.slice(0, page.body.indexOf('<body')), path).not.toMatch(/<svg onload|<script>alert|<img src=x/);
    }
    const feed = await get('/t-hostile?format=rss');
    expect(feed.body).not.toMatch(/<svg|<script>|<img /);
  });
});

describe('publishing through the owner API', () => {
  it('shows a published page at once and hides it again when unpublished', async () => {
    const admin = await ownerVisitor(server, 'admin');
    const created = await admin.post('/api/owner/content/pages', { kind: 'page', title: 'Fresh news', urlId: 't-fresh', inNavigation: false });
    expect(created.statusCode).toBe(201);
    const page = created.json();
    await admin.put(`/api/owner/content/pages/${page.id}/draft`, { version: page.version, body: JSON.parse(body({ type: BLOCK_TYPES.html, settings: { html: '<p>Just out</p>' } })) });
    expect((await get('/t-fresh')).statusCode).toBe(404);
    const saved = (await admin.get(`/api/owner/content/pages/${page.id}`)).json();
    const published = await admin.post(`/api/owner/content/pages/${page.id}/publish`, { version: saved.version });
    expect(published.statusCode).toBe(200);
    const shown = await get('/t-fresh');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<p>Just out</p>');
    await admin.post(`/api/owner/content/pages/${page.id}/unpublish`, { version: published.json().version });
    expect((await get('/t-fresh')).statusCode).toBe(404);
  });
});

describe('owner HTML on the public site', () => {
  it('a code block is framed from the frames route, where it runs under a policy of its own; the preview keeps it as srcdoc', async () => {
    const code = '<div id="widget">Book a table</div><script>document.getElementById("widget").textContent = "Loaded"</script>';
    const id = await addPage({ urlId: 't-code', body: body({ type: BLOCK_TYPES.code, settings: { html: code } }) });
    const page = await get('/t-code');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<iframe class="code-block" title="Embedded content" sandbox="allow-scripts allow-popups" src="/frames/page/${id}/b1"`);
    expect(page.body).not.toContain('srcdoc=');

    const frame = await get(`/frames/page/${id}/b1`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(frame.body).toContain(code);
    expect(frame.headers['content-security-policy']).toBe("default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'; base-uri 'self'");
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');

    // Not a block of that page, not a code block, not a kind, not live: the JSON 404 of every unknown call.
    for (const path of [`/frames/page/${id}/b9`, `/frames/item/${id}/b1`, `/frames/folder/${id}/b1`, '/frames/page/nope/b1']) {
      const missing = await get(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found.' });
    }
    const draftId = await addPage({ urlId: 't-code-draft', status: 'draft', body: body({ type: BLOCK_TYPES.code, settings: { html: code } }) });
    expect((await get(`/frames/page/${draftId}/b1`)).statusCode).toBe(404);

    // The editor's preview shows the draft's code as srcdoc: the page's own policy applies (it does not run).
    const viewer = await ownerVisitor(server, 'viewer');
    const preview = await viewer.get(`/config/preview/pages/${draftId}`);
    expect(preview.body).toContain('srcdoc="');
    expect(preview.body).not.toContain('/frames/page/');
  });
});
