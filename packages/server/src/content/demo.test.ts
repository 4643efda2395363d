// databases: one — the demo content as seeded
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES, blocksOf, checkPageBody, type PageBody } from '@vitrine/blocks';
import { openTestServer, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
let database: TestServer['database'];
beforeAll(async () => {
  server = await openTestServer();
  database = server.database;
});
afterAll(async () => {
  await server?.close();
});

const pages = () => database.db.selectFrom('site_pages').selectAll().where('deleted_at', 'is', null).orderBy('url_id').execute();
const page = async (urlId: string) => (await pages()).find((row) => row.url_id === urlId)!;
const blockTypes = (body: PageBody) => blocksOf(body).map((block) => block.type);

describe('the demo content (issue 18)', () => {
  it('seeds published pages: home (the home page), about, contact, the journal blog, the events page and the Pottery basics course', async () => {
    const rows = await pages();
    expect(rows.map((row) => [row.url_id, row.kind, row.title, row.status, row.is_home])).toEqual([
      ['about', 'page', 'About', 'published', false],
      ['contact', 'page', 'Contact', 'published', false],
      ['events', 'events', 'Events', 'published', false],
      ['home', 'page', 'Home', 'published', true],
      ['journal', 'blog', 'Journal', 'published', false],
      ['pottery-basics', 'course', 'Pottery basics', 'published', false],
    ]);
    for (const row of rows) expect(checkPageBody(row.body), row.url_id).toEqual({ body: row.body, errors: {} });
  });

  it("composes the home page of a hero image, words, a button, the store's products, a gallery and the newsletter", async () => {
    const home = await page('home');
    expect(blockTypes(home.body)).toEqual([
      BLOCK_TYPES.image,
      BLOCK_TYPES.html,
      BLOCK_TYPES.button,
      BLOCK_TYPES.html,
      BLOCK_TYPES['summary-v2'],
      BLOCK_TYPES.html,
      BLOCK_TYPES.gallery,
      BLOCK_TYPES.html,
      BLOCK_TYPES.newsletter,
    ]);
    const settingsOf = (id: string) => blocksOf(home.body).find((block) => block.id === id)!.settings;
    const shop = await database.db.selectFrom('collections').select('id').where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    expect(settingsOf('featured-products')).toMatchObject({ collectionId: shop.id, design: 'grid', count: 6 });
    const newsletter = await database.db.selectFrom('forms').select('id').where('kind', '=', 'newsletter').executeTakeFirstOrThrow();
    expect(settingsOf('home-newsletter')).toEqual({ formId: newsletter.id });
    // Every picture the home page names is an image of the site.
    const imageIds = [settingsOf('hero-image').imageId, ...(settingsOf('workshop-gallery').images as Array<{ imageId: string }>).map((image) => image.imageId)];
    const images = await database.db.selectFrom('images').select('id').where('id', 'in', imageIds as string[]).execute();
    expect(images).toHaveLength(5);
    expect(settingsOf('hero-image')).toMatchObject({ priority: 'high', altText: 'Three folded wool blankets in green, mustard and rust' });
  });

  it('keeps the contact form on the Contact page', async () => {
    const contact = await page('contact');
    const form = await database.db.selectFrom('forms').select('id').where('kind', '=', 'form').executeTakeFirstOrThrow();
    expect(blocksOf(contact.body).map((block) => [block.type, block.settings])).toEqual([
      [BLOCK_TYPES.html, { html: '<p>Questions about an order, a product or wholesale? Write to us here and a real person replies within two working days.</p>' }],
      [BLOCK_TYPES.form, { formId: form.id }],
    ]);
  });

  it('gives the journal three published posts by an author, with tags, categories, images and different dates', async () => {
    const journal = await page('journal');
    const posts = await database.db.selectFrom('site_items').selectAll().where('collection_id', '=', journal.id).orderBy('published_at', 'desc').execute();
    expect(posts.map((post) => [post.url_id, post.record_type, post.status, post.author_name])).toEqual([
      ['caring-for-linen', 1, 'published', 'Maya Lindqvist'],
      ['meet-the-potter', 1, 'published', 'Maya Lindqvist'],
      ['winter-wool-edit', 1, 'published', 'Maya Lindqvist'],
    ]);
    expect(posts.map((post) => post.tags)).toEqual([['linen', 'care'], ['makers', 'ceramics'], ['wool', 'winter', 'gifts']]);
    expect(posts.map((post) => post.categories)).toEqual([['Guides'], ['Makers'], ['Guides', 'Gifts']]);
    const dates = posts.map((post) => new Date(post.published_at!).getTime());
    expect(new Set(dates).size).toBe(3);
    for (const post of posts) {
      expect(post.excerpt.length).toBeGreaterThan(20);
      expect(post.image).toMatchObject({ focalPoint: { x: 0.5, y: 0.5 } });
      expect(checkPageBody(post.body).errors).toEqual({});
      expect(blockTypes(post.body).every((type) => type === BLOCK_TYPES.html)).toBe(true);
    }
  });

  it('gives the events page two events after the posts, each with a start, a later end and a place', async () => {
    const events = await page('events');
    const rows = await database.db.selectFrom('site_items').selectAll().where('collection_id', '=', events.id).orderBy('start_at').execute();
    expect(rows.map((row) => [row.url_id, row.record_type, row.status])).toEqual([
      ['mending-evening', 12, 'published'],
      ['winter-makers-market', 12, 'published'],
    ]);
    const newestPost = await database.db.selectFrom('site_items').select('published_at').where('record_type', '=', 1).orderBy('published_at', 'desc').executeTakeFirstOrThrow();
    for (const row of rows) {
      expect(new Date(row.end_at!).getTime()).toBeGreaterThan(new Date(row.start_at!).getTime());
      // Upcoming when the demo was seeded: after its newest post.
      expect(new Date(row.start_at!).getTime()).toBeGreaterThan(new Date(newestPost.published_at!).getTime());
      expect(row.location).toMatchObject({ addressCountry: 'United States', mapLat: expect.any(Number), mapLng: expect.any(Number) });
    }
    expect(rows[0]!.location!.addressLine1).toBe('48 Orchard Street');
  });

  it('links the pages from the main navigation between Shop and Cart; the header shows them', async () => {
    const navigation = await database.db.selectFrom('site_navigations').select('items').where('field_name', '=', 'mainNav').executeTakeFirstOrThrow();
    const shop = await database.db.selectFrom('collections').select('id').where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    const id = async (urlId: string) => (await page(urlId)).id;
    expect(navigation.items).toEqual([
      { title: 'Home', externalLink: '/' },
      { collectionId: shop.id },
      { collectionId: await id('about') },
      { collectionId: await id('journal') },
      { collectionId: await id('events') },
      { collectionId: await id('contact') },
      { title: 'Cart', externalLink: '/cart' },
    ]);
    const header = (await new TestVisitor(server.app).get('/shop')).body.split('<nav class="site-nav"')[1]!.split('</nav>')[0]!;
    const links = [...header.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      ['/', 'Home'],
      ['/shop', 'Shop'],
      ['/about', 'About'],
      ['/journal', 'Journal'],
      ['/events', 'Events'],
      ['/contact', 'Contact'],
      ['/cart', 'Cart'],
    ]);
  });
});
