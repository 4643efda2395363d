// databases: one — the rendered pages and their JSON, not the SQL
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS, liveMarkup, parseHtml } from '../reliability/html-safety';
import { openTestServer, TestVisitor, type TestServer } from '../testing';

/* /search: PostgreSQL full-text search over title, excerpt, body, tags and option values (catalog/search.ts), on PGlite and PostgreSQL. */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Segment {
  text: string;
  match: boolean;
}
interface Found {
  urlId: string;
  search: { rank: number; title: Segment[]; snippet: Segment[]; matchedTerms: Segment[][] };
}

async function search(query: string): Promise<Found[]> {
  const answer = await new TestVisitor(server.app).get(`/search?q=${encodeURIComponent(query)}&format=json`);
  expect(answer.statusCode).toBe(200);
  return answer.json().items;
}
const slugs = async (query: string) => (await search(query)).map((item) => item.urlId);

/** Runs `check` with a demo product changed, then puts the product back as it was. */
async function withProduct(slug: string, changes: { title?: string; excerpt?: string; body?: string; tags?: string }, check: () => Promise<void>) {
  const { db } = server.database;
  const before = await db.selectFrom('products').select(['title', 'excerpt', 'body', 'tags']).where('url_id', '=', slug).executeTakeFirstOrThrow();
  await db.updateTable('products').set(changes).where('url_id', '=', slug).execute();
  try {
    await check();
  } finally {
    await db.updateTable('products').set({ ...before, tags: JSON.stringify(before.tags) }).where('url_id', '=', slug).execute();
  }
}

describe('/search', () => {
  it('finds words in any order ("blanket wool") and across title and description ("coffee beans")', async () => {
    expect(await slugs('blanket wool')).toEqual(['wool-blanket']);
    expect(await slugs('Wool Blanket')).toEqual(['wool-blanket']);
    expect(await slugs('coffee beans')).toEqual(['coffee-subscription']);
    // Stemming: the plural finds the singular.
    expect(await slugs('blankets')).toEqual(['wool-blanket']);
  });

  it('finds tags and variant option values, and mixes them with title words', async () => {
    expect(await slugs('winter')).toEqual(['wool-blanket']);
    expect(await slugs('navy')).toEqual(['linen-shirt']);
    expect(await slugs('navy shirt')).toEqual(['linen-shirt']);
    expect(await slugs('stationery')).toEqual(expect.arrayContaining(['sticker-pack', 'engraved-pen']));
    expect(await slugs('shirt lamp')).toEqual([]);
  });

  it('searches the body with its HTML dropped', async () => {
    await withProduct('ceramic-vase', { body: '<p>Hand-thrown <strong>stoneware</strong> with a <em>speckled</em> glaze.</p>' }, async () => {
      expect(await slugs('speckled stoneware')).toEqual(['ceramic-vase']);
      expect(await slugs('strong')).toEqual([]);
    });
  });

  it('ranks a title match above a tag match above a body match', async () => {
    await withProduct('leather-armchair', { body: '<p>Throw a wool blanket over it.</p>' }, () =>
      withProduct('linen-shirt', { tags: JSON.stringify(['wool']) }, async () => {
        const found = await search('wool');
        expect(found.map((item) => item.urlId)).toEqual(['wool-blanket', 'linen-shirt', 'leather-armchair']);
        expect(found[0]!.search.rank).toBeGreaterThan(found[1]!.search.rank);
        expect(found[1]!.search.rank).toBeGreaterThan(found[2]!.search.rank);
      }));
  });

  it('marks the matching words in the title and a snippet of the description', async () => {
    const [blanket] = await search('blanket wool');
    expect(blanket!.search.title).toEqual([{ text: 'Wool', match: true }, { text: ' ', match: false }, { text: 'Blanket', match: true }]);
    const [coffee] = await search('coffee beans');
    expect(coffee!.search.title).toEqual([{ text: 'Coffee', match: true }, { text: ' Subscription', match: false }]);
    expect(coffee!.search.snippet.filter((segment) => segment.match).map((segment) => segment.text)).toContain('beans');
    const html = (await new TestVisitor(server.app).get('/search?q=coffee+beans')).body;
    expect(parseHtml(html).querySelector('h1')?.textContent).toBe('Search results for “coffee beans”');
    const result = parseHtml(html).querySelector('.search-results');
    expect(result?.querySelectorAll('mark').length).toBeGreaterThanOrEqual(2);
    expect(Array.from(result?.querySelectorAll('mark') ?? []).map((mark) => mark.textContent)).toEqual(expect.arrayContaining(['Coffee', 'beans']));
  });

  it('an empty query, stop words only or search syntax alone find nothing and never fail', async () => {
    for (const query of ['', '   ', 'the', '"', '-', 'or', '!!!', '&|', "'", 'a'.repeat(500)]) expect(await slugs(query)).toEqual([]);
  });

  it('highlighting opens no XSS hole: hostile titles and descriptions stay text', async () => {
    const title = `Sticker ${XSS_PAYLOADS.join(' ')}`;
    const body = XSS_PAYLOADS.map((payload) => `sticker ${payload} sticker`).join(' ');
    await withProduct('sticker-pack', { title, excerpt: `sticker \u0002<script>alert(1)</script>\u0003 sticker`, body }, async () => {
      for (const query of ['sticker', 'sticker script alert', 'img onerror', '<script>alert(1)</script>']) {
        const page = await new TestVisitor(server.app).get(`/search?q=${encodeURIComponent(query)}`);
        expect(page.statusCode).toBe(200);
        expect(liveMarkup(page.body), query).toEqual([]);
        const json = await search(query);
        // The control characters that mark matches cannot be forged by the product's own text.
        for (const item of json) for (const segment of [...item.search.title, ...item.search.snippet]) expect(segment.text).not.toMatch(/[\u0002\u0003]/);
      }
    });
  });

  it('says which tag or option value matched, its words marked, when the title does not show it', async () => {
    const [shirt] = await search('navy');
    expect(shirt!.urlId).toBe('linen-shirt');
    expect(shirt!.search.matchedTerms).toEqual([[{ text: 'Navy', match: true }]]);
    const [blanket] = await search('winter blanket');
    expect(blanket!.search.matchedTerms.map((term) => term.map((segment) => segment.text).join(''))).toContain('winter');
    const html = parseHtml((await new TestVisitor(server.app).get('/search?q=navy')).body);
    const terms = html.querySelector('.search-results .search-terms');
    expect(terms?.textContent).toBe('Matches: Navy');
    expect(terms?.querySelector('mark')?.textContent).toBe('Navy');
  });

  it('keeps the option words in step with the variants, and a stock change does not touch the product row', async () => {
    const { db } = server.database;
    const variant = await db.selectFrom('variants').innerJoin('products', 'products.id', 'variants.product_id')
      .select(['variants.id', 'variants.option_values']).where('products.url_id', '=', 'canvas-tote').executeTakeFirstOrThrow();
    const versionOf = async () =>
      (await sql<{ xmin: string }>`SELECT xmin::text AS xmin FROM products WHERE url_id = 'canvas-tote'`.execute(db)).rows[0]!.xmin;
    const before = await versionOf();
    await db.updateTable('variants').set({ qty_in_stock: 7 }).where('id', '=', variant.id).execute();
    expect(await versionOf()).toBe(before);
    await db.updateTable('variants').set({ option_values: JSON.stringify([{ optionName: 'Colour', value: 'Saffron' }]) }).where('id', '=', variant.id).execute();
    try {
      expect(await slugs('saffron')).toEqual(['canvas-tote']);
    } finally {
      await db.updateTable('variants').set({ option_values: JSON.stringify(variant.option_values) }).where('id', '=', variant.id).execute();
    }
    expect(await slugs('saffron')).toEqual([]);
  });

  it('pages through many results, 48 a page, with the count and links that keep the query', async () => {
    const { db } = server.database;
    const source = await db.selectFrom('products').selectAll().where('url_id', '=', 'sticker-pack').executeTakeFirstOrThrow();
    const ids = Array.from({ length: 50 }, (_, index) => `bulk-product-${index}`);
    await db.insertInto('products').values(ids.map((id, index) => ({
      id, website_id: source.website_id, collection_id: source.collection_id, url_id: id, title: `Bulk item ${index}`,
      product_type: 2, price_cents: 100, tags: JSON.stringify(['bulkbuy']), display_index: 1000 + index,
    }))).execute();
    try {
      const first = (await new TestVisitor(server.app).get('/search?q=bulkbuy&format=json')).json();
      expect(first.items).toHaveLength(48);
      expect(first.pagination).toEqual({
        page: 1, pageSize: 48, total: 50, pageCount: 2, firstShown: 1, lastShown: 48, nextPageUrl: '/search?q=bulkbuy&page=2',
      });
      const second = (await new TestVisitor(server.app).get('/search?q=bulkbuy&page=2&format=json')).json();
      expect(second.items.map((item: { urlId: string }) => item.urlId)).toEqual(['bulk-product-48', 'bulk-product-49']);
      expect(second.pagination).toMatchObject({ page: 2, total: 50, firstShown: 49, lastShown: 50, previousPageUrl: '/search?q=bulkbuy' });
      expect(second.pagination).not.toHaveProperty('nextPageUrl');

      const html = parseHtml((await new TestVisitor(server.app).get('/search?q=bulkbuy&page=2')).body);
      expect(html.querySelector('.search-count')?.textContent).toBe('Showing 49–50 of 50 results');
      const nav = html.querySelector('nav[aria-label="Search result pages"]');
      expect(nav?.querySelector('a[rel="prev"]')?.textContent).toBe('Previous page');
      expect(nav?.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/search?q=bulkbuy');
      expect(nav?.querySelector('.pagination-position')?.textContent).toBe('Page 2 of 2');

      // A page past the end answers no products and a way back; junk page numbers mean the first page.
      const past = (await new TestVisitor(server.app).get('/search?q=bulkbuy&page=9&format=json')).json();
      expect(past.items).toEqual([]);
      expect(past.pagination).toMatchObject({ total: 50, previousPageUrl: '/search?q=bulkbuy&page=2' });
      for (const junk of ['0', '-1', 'abc', '1e3', '99999999']) {
        const answer = (await new TestVisitor(server.app).get(`/search?q=bulkbuy&page=${junk}&format=json`)).json();
        expect(answer.pagination.page, junk).toBe(1);
      }
    } finally {
      await db.deleteFrom('products').where('id', 'in', ids).execute();
    }
  });

  it('matches through the GIN index on the search document', async () => {
    const plan = await server.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM products WHERE search_document @@ websearch_to_tsquery('english', 'wool')`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('products_search_document_idx');
  });
});
