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
  search: { rank: number; title: Segment[]; snippet: Segment[] };
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
});
