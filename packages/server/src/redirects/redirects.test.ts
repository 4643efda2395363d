// databases: both — the rules' unique key and upserts (ON CONFLICT … WHERE), the not-found counts' capped upsert over VALUES, and the slug changes' transactions are SQL each engine must run alike
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_LIMITS, REDIRECT_MESSAGES, type RedirectJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { NotFoundCounter } from './not-found-counter';

/*
 * URL redirects (issue 37 item 2): exact and wildcard rules, the query kept or dropped, 301 and 302, only ever for a
 * 404 (a page that exists is never hidden), on routes' 404s and on paths no route matches; refusals (loops, the
 * same address twice, platform paths); chains collapsed; automatic 301s when a page's, post's or product's address
 * changes; Shopify's /products/{handle} after its product CSV; the CSV round trip and bad rows; the not-found report
 * (counts, probes not counted, the cap, a redirect made from it); a second website apart.
 */

const PLATFORM = 'redirects.test';
const A_HOST = `demo.${PLATFORM}`;
const B_HOST = `bravo.${PLATFORM}`;
const RULES = '/api/owner/redirects';

let server: TestServer;
let admin: TestVisitor;
let bravoAdmin: TestVisitor;
let counter: NotFoundCounter;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, notFoundCounts: { created: (made) => (counter = made) } });
  await createWebsite(server.database.db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: false });
  admin = await ownerVisitor(server, 'admin', { identifier: 'demo', host: A_HOST });
  bravoAdmin = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const shopper = (host = A_HOST) => new TestVisitor(server.app, undefined, { host });
const visit = async (url: string, host = A_HOST) => {
  const answer = await shopper(host).request({ method: 'GET', url });
  return { status: answer.statusCode, location: answer.headers.location as string | undefined };
};
async function addRule(body: Partial<{ source: string; target: string; status: number; keepQuery: boolean }>, by = admin): Promise<RedirectJson> {
  const answer = await by.post(RULES, { status: 301, keepQuery: true, ...body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().redirect as RedirectJson;
}
const ruleRows = (websiteIdentifier = 'demo') =>
  server.database.db
    .selectFrom('url_redirects')
    .innerJoin('websites', 'websites.id', 'url_redirects.website_id')
    .select(['url_redirects.source', 'url_redirects.target', 'url_redirects.status', 'url_redirects.keep_query', 'url_redirects.origin'])
    .where('websites.identifier', '=', websiteIdentifier)
    .orderBy('url_redirects.source_key')
    .execute();

describe('redirect rules', () => {
  it('sends an exact path (any case, with or without its trailing slash) with 301, keeping the query', async () => {
    const rule = await addRule({ source: '/Old-Page', target: '/shop' });
    expect(rule).toMatchObject({ source: '/Old-Page', target: '/shop', status: 301, keepQuery: true, origin: 'owner' });
    expect(await visit('/old-page')).toEqual({ status: 301, location: '/shop' });
    expect(await visit('/OLD-PAGE/?ref=mail&x=1')).toEqual({ status: 301, location: '/shop?ref=mail&x=1' });
    const head = await shopper().request({ method: 'HEAD', url: '/old-page' });
    expect([head.statusCode, head.headers.location, head.headers['cache-control']]).toEqual([301, '/shop', 'no-store']);
  });

  it('carries a wildcard\'s rest into the target\'s *, the query kept or dropped per rule; 302 when asked', async () => {
    await addRule({ source: '/products/*', target: '/shop/p/*' });
    expect(await visit('/products/linen-shirt?utm_source=old')).toEqual({ status: 301, location: '/shop/p/linen-shirt?utm_source=old' });
    await addRule({ source: '/blogs/news/*', target: '/journal', keepQuery: false, status: 302 });
    expect(await visit('/blogs/news/spring-sale?page=2')).toEqual({ status: 302, location: '/journal' });
    // The longer prefix wins; an exact rule wins over both.
    await addRule({ source: '/blogs/*', target: '/about' });
    expect((await visit('/blogs/other/post')).location).toBe('/about');
    await addRule({ source: '/blogs/news/kept', target: '/kept-here' });
    expect((await visit('/blogs/news/kept')).location).toBe('/kept-here');
    // A wildcard answers under its prefix only, not the prefix itself.
    expect((await visit('/products')).status).toBe(404);
    // A path no route matches (four segments) is redirected too, before the JSON 404.
    expect(await visit('/products/a/b/c')).toEqual({ status: 301, location: '/shop/p/a/b/c' });
    // An address elsewhere.
    await addRule({ source: '/old-blog/*', target: 'https://blog.example.com/*' });
    expect((await visit('/old-blog/2020/05/hello')).location).toBe('https://blog.example.com/2020/05/hello');
  });

  it('never hides a page that exists: the rule answers only what would be a 404', async () => {
    await addRule({ source: '/shop', target: '/elsewhere' });
    expect((await visit('/shop')).status).toBe(200);
    // /products/* would take /products/… but the product page itself lives at /shop/p/…; a real product is served.
    expect((await visit('/shop/p/linen-shirt')).status).toBe(200);
  });

  it('refuses what cannot work, with the field at fault; nothing is written', async () => {
    const before = await ruleRows();
    for (const [body, status, errors] of [
      [{ source: 'no-slash', target: '/x' }, 400, { source: REDIRECT_MESSAGES.source }],
      [{ source: '/a/*/b', target: '/x' }, 400, { source: REDIRECT_MESSAGES.source }],
      [{ source: '/a?b=1', target: '/x' }, 400, { source: REDIRECT_MESSAGES.source }],
      [{ source: '/', target: '/x' }, 400, { source: REDIRECT_MESSAGES.sourceRoot }],
      [{ source: '/api/owner/x', target: '/x' }, 400, { source: REDIRECT_MESSAGES.sourcePlatform }],
      [{ source: '/config', target: '/x' }, 400, { source: REDIRECT_MESSAGES.sourcePlatform }],
      [{ source: '/x', target: '//evil.example' }, 400, { target: REDIRECT_MESSAGES.target }],
      [{ source: '/x', target: 'javascript:alert(1)' }, 400, { target: REDIRECT_MESSAGES.target }],
      [{ source: '/x', target: '/y/*' }, 400, { target: REDIRECT_MESSAGES.targetStar }],
      [{ source: '/x/', target: '/X' }, 400, { target: REDIRECT_MESSAGES.same }],
      [{ source: '/a/*', target: '/a/b/*' }, 400, { target: REDIRECT_MESSAGES.wildcardLoop }],
      [{ source: '/old-page', target: '/y' }, 409, { source: REDIRECT_MESSAGES.taken }],
      [{ source: '/x', target: '/y', status: 307 }, 400, { status: REDIRECT_MESSAGES.status }],
    ] as const) {
      const answer = await admin.post(RULES, { status: 301, keepQuery: true, ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    // A loop through the rules: /loop-a → /loop-b → /loop-c, then /loop-c → /loop-a.
    await addRule({ source: '/loop-a', target: '/loop-b' });
    await addRule({ source: '/loop-b', target: '/loop-c' });
    const loop = await admin.post(RULES, { source: '/loop-c', target: '/loop-a', status: 301, keepQuery: true });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toEqual({ message: REDIRECT_MESSAGES.loop, errors: { target: REDIRECT_MESSAGES.loop } });
    expect((await ruleRows()).length).toBe(before.length + 2);
  });

  it('follows an owner\'s chain hop by hop (its middle may be a page that exists, which must keep being reached)', async () => {
    await addRule({ source: '/chain-a', target: '/chain-b' });
    await addRule({ source: '/chain-b', target: '/chain-c' });
    expect(await visit('/chain-a')).toEqual({ status: 301, location: '/chain-b' });
    expect(await visit('/chain-b')).toEqual({ status: 301, location: '/chain-c' });
    await addRule({ source: '/to-the-shop', target: '/shop' });
    expect((await visit('/to-the-shop')).location).toBe('/shop');
    expect((await visit('/shop')).status).toBe(200);
  });

  it('changes and deletes a rule; lists them by old address in pages, searchable', async () => {
    const rule = await addRule({ source: '/to-change', target: '/first' });
    const changed = await admin.put(`${RULES}/${rule.id}`, { source: '/to-change', target: '/second', status: 302, keepQuery: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().redirect).toMatchObject({ id: rule.id, target: '/second', status: 302, keepQuery: false });
    expect(await visit('/to-change?q=1')).toEqual({ status: 302, location: '/second' });
    const listed = (await admin.get(`${RULES}?q=TO-CHANGE`)).json();
    expect(listed).toMatchObject({ total: 1, nextCursor: null });
    expect(listed.redirects.map((entry: RedirectJson) => entry.source)).toEqual(['/to-change']);
    const all = (await admin.get(RULES)).json();
    expect(all.redirects.map((entry: RedirectJson) => entry.source)).toEqual([...all.redirects.map((entry: RedirectJson) => entry.source)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await admin.delete(`${RULES}/${rule.id}`)).json()).toEqual({ deleted: true, id: rule.id });
    expect((await visit('/to-change')).status).toBe(404);
    const again = await admin.delete(`${RULES}/${rule.id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, REDIRECT_MESSAGES.notFound]);
    expect((await admin.get(`${RULES}?cursor=notacursor`)).statusCode).toBe(400);
  });

  it('is for owners with redirects:manage: a viewer is refused (403), the signed out too (401)', async () => {
    const viewer = await ownerVisitor(server, 'viewer', { identifier: 'demo', host: A_HOST });
    const refused = await viewer.get(RULES);
    expect([refused.statusCode, refused.json().message]).toEqual([403, OWNER_MESSAGES.notAllowed]);
    const stranger = shopper();
    await stranger.visit('/');
    expect((await stranger.get(RULES)).statusCode).toBe(401);
    const editor = await ownerVisitor(server, 'editor', { identifier: 'demo', host: A_HOST });
    expect((await editor.get(RULES)).statusCode).toBe(200);
  });

  it('keeps each website\'s rules to itself', async () => {
    expect((await visit('/old-page', B_HOST)).status).toBe(404);
    expect((await bravoAdmin.get(RULES)).json()).toEqual({ redirects: [], nextCursor: null, total: 0 });
    const demoRule = (await admin.get(`${RULES}?q=old-page`)).json().redirects[0] as RedirectJson;
    expect((await bravoAdmin.delete(`${RULES}/${demoRule.id}`)).statusCode).toBe(404);
    expect((await bravoAdmin.put(`${RULES}/${demoRule.id}`, { source: '/x', target: '/y', status: 301, keepQuery: true })).statusCode).toBe(404);
    await addRule({ source: '/old-page', target: '/bravo-home' }, bravoAdmin);
    expect((await visit('/old-page', B_HOST)).location).toBe('/bravo-home');
    expect((await visit('/old-page')).location).toBe('/shop');
  });
});

describe('automatic redirects when an address changes', () => {
  const PAGES = '/api/owner/content/pages';
  const ITEMS = '/api/owner/content/items';

  it('a live page: /old → /new, and a blog\'s posts under it; a draft\'s change makes none', async () => {
    const blog = (await admin.post(PAGES, { kind: 'blog', title: 'Field Notes', urlId: 'field-notes' })).json();
    const published = (await admin.post(`${PAGES}/${blog.id}/publish`, { version: blog.version })).json();
    const post = (await admin.post(`${PAGES}/${blog.id}/items`, { title: 'First light', urlId: 'first-light' })).json();
    const livePost = (await admin.post(`${ITEMS}/${post.id}/publish`, { version: post.version })).json();
    expect((await visit('/field-notes/first-light')).status).toBe(200);

    const moved = await admin.put(`${PAGES}/${blog.id}`, { version: published.version, urlId: 'journal-notes' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await visit('/field-notes')).toEqual({ status: 301, location: '/journal-notes' });
    expect(await visit('/field-notes/first-light')).toEqual({ status: 301, location: '/journal-notes/first-light' });
    expect((await visit('/journal-notes/first-light')).status).toBe(200);

    // The post's own address changes: its old one (under the new blog address) follows it, and so does the oldest.
    const renamed = await admin.put(`${ITEMS}/${post.id}`, { version: livePost.version, urlId: 'first-light-of-spring' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await visit('/journal-notes/first-light')).toEqual({ status: 301, location: '/journal-notes/first-light-of-spring' });
    expect((await visit('/journal-notes/first-light-of-spring')).status).toBe(200);
    expect(((await ruleRows()).filter((row) => row.origin === 'automatic')).map((row) => [row.source, row.target, row.status])).toEqual([
      ['/field-notes', '/journal-notes', 301],
      ['/field-notes/*', '/journal-notes/*', 301],
      ['/journal-notes/first-light', '/journal-notes/first-light-of-spring', 301],
    ]);

    const draft = (await admin.post(PAGES, { kind: 'page', title: 'Draft only', urlId: 'draft-only' })).json();
    expect((await admin.put(`${PAGES}/${draft.id}`, { version: draft.version, urlId: 'draft-renamed' })).statusCode).toBe(200);
    expect((await ruleRows()).some((row) => row.source === '/draft-only')).toBe(false);
  });

  it('a page moved back to its old address: no loop, and the chain collapses', async () => {
    const page = (await admin.post(PAGES, { kind: 'page', title: 'Visit', urlId: 'visit' })).json();
    let version = (await admin.post(`${PAGES}/${page.id}/publish`, { version: page.version })).json().version;
    version = (await admin.put(`${PAGES}/${page.id}`, { version, urlId: 'visit-us' })).json().version;
    version = (await admin.put(`${PAGES}/${page.id}`, { version, urlId: 'find-us' })).json().version;
    expect(await visit('/visit')).toEqual({ status: 301, location: '/find-us' });
    expect(await visit('/visit-us')).toEqual({ status: 301, location: '/find-us' });
    await admin.put(`${PAGES}/${page.id}`, { version, urlId: 'visit' });
    expect((await visit('/visit')).status).toBe(200);
    expect(await visit('/find-us')).toEqual({ status: 301, location: '/visit' });
    expect(await visit('/visit-us')).toEqual({ status: 301, location: '/visit' });
    expect((await ruleRows()).filter((row) => row.source === '/visit' || row.target === row.source)).toEqual([]);
  });

  it('a product: /shop/p/old → /shop/p/new', async () => {
    const created = await admin.post('/api/owner/products', {
      productType: 1,
      title: 'Canvas Tote',
      urlId: 'redirect-tote',
      variantOptionOrdering: [],
      variants: [{ sku: 'TOTE-REDIRECT', optionValues: [], priceCents: 2500, qtyInStock: 3 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product;
    expect(product.fullUrl).toBe('/shop/p/redirect-tote');
    const updated = await admin.put(`/api/owner/products/${product.id}`, {
      productType: 1,
      title: 'Canvas Tote',
      urlId: 'redirect-tote-bag',
      variantOptionOrdering: [],
      variants: [{ id: product.variants[0].id, sku: 'TOTE-REDIRECT', optionValues: [], priceCents: 2500, qtyInStock: 3 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await visit('/shop/p/redirect-tote?color=red')).toEqual({ status: 301, location: '/shop/p/redirect-tote-bag?color=red' });
    expect((await visit('/shop/p/redirect-tote-bag')).status).toBe(200);
  });

  it('a Shopify product CSV: each product\'s /products/{handle} leads to its page here', async () => {
    const csv = 'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty\nwaxed-jacket,Waxed Jacket,JACKET-1,120.00,2\n';
    const imported = await admin.request({ method: 'POST', url: '/api/owner/products/import', payload: csv, headers: { 'content-type': 'text/csv' } });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await visit('/products/waxed-jacket')).toEqual({ status: 301, location: '/shop/p/waxed-jacket' });
    expect((await ruleRows()).find((row) => row.source === '/products/waxed-jacket')).toEqual({ source: '/products/waxed-jacket', target: '/shop/p/waxed-jacket', status: 301, keep_query: true, origin: 'import' });
    expect((await visit('/products/waxed-jacket', B_HOST)).status).toBe(404);
  });

  it("WordPress's plain links (/?p=123, /?page_id=45) may be a rule's old address, answered by the home page's route", async () => {
    await addRule({ source: '/?p=77', target: '/shop' });
    await addRule({ source: '/?page_id=5', target: '/shop/p/linen-shirt', keepQuery: false });
    expect(await visit('/?p=77')).toEqual({ status: 301, location: '/shop?p=77' });
    expect(await visit('/?utm_source=x&page_id=5')).toEqual({ status: 301, location: '/shop/p/linen-shirt' });
    expect((await visit('/?p=78')).status).toBe(200);
    expect((await visit('/?p=77', B_HOST)).status).toBe(200);
    // Any other query in an old address is still refused.
    const refused = await admin.post(RULES, { source: '/?s=shirts', target: '/shop', status: 301, keepQuery: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ source: REDIRECT_MESSAGES.source });
  });

  it("a Shopify product CSV: collection-scoped product addresses lead to the product, collection pages to the store", async () => {
    const csv = 'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty\nrain-hat,Rain Hat,HAT-1,30.00,2\n';
    const imported = await admin.request({ method: 'POST', url: '/api/owner/products/import', payload: csv, headers: { 'content-type': 'text/csv' } });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await visit('/collections/summer-sale/products/rain-hat?variant=42')).toEqual({ status: 301, location: '/shop/p/rain-hat?variant=42' });
    expect(await visit('/Collections/Hats/products/Rain-Hat/')).toEqual({ status: 301, location: '/shop/p/rain-hat' });
    expect(await visit('/collections/hats')).toEqual({ status: 301, location: '/shop' });
    expect(await visit('/collections/all')).toEqual({ status: 301, location: '/shop' });
    expect(await visit('/collections')).toEqual({ status: 301, location: '/shop' });
    expect((await visit('/shop')).status).toBe(200);
    const rows = (await ruleRows()).filter((row) => row.source.startsWith('/collections'));
    expect(rows).toEqual([
      { source: '/collections', target: '/shop', status: 301, keep_query: true, origin: 'import' },
      { source: '/collections/*', target: '/shop', status: 301, keep_query: true, origin: 'import' },
    ]);
    // Another website's visitors see none of it.
    expect((await visit('/collections/hats/products/rain-hat', B_HOST)).status).toBe(404);
    expect((await visit('/collections/hats', B_HOST)).status).toBe(404);
  });
});

describe('CSV import and export', () => {
  const importCsv = (csv: string, by = bravoAdmin) => by.request({ method: 'POST', url: `${RULES}/import`, payload: csv, headers: { 'content-type': 'text/csv' } });

  it('imports Shopify\'s redirect export and our own columns; the export reads back the same', async () => {
    const first = await importCsv('Redirect from,Redirect to\n/pages/about,/about\n/collections/all,/shop\n');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, updated: 0 });
    const second = await importCsv('Source,Target,Status,Query\n/pages/about,/about-us,302,drop\n/sale/*,/shop/p/*,,\n"/=sum",/formula,301,keep\n');
    expect(second.json()).toEqual({ created: 2, updated: 1 });
    expect(await visit('/pages/about?x=1', B_HOST)).toEqual({ status: 302, location: '/about-us' });
    const exported = await bravoAdmin.get(`${RULES}/export.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="redirects.csv"');
    const rows = parse(exported.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toEqual([
      { Source: '/=sum', Target: '/formula', Status: '301', Query: 'keep' },
      { Source: '/collections/all', Target: '/shop', Status: '301', Query: 'keep' },
      { Source: '/old-page', Target: '/bravo-home', Status: '301', Query: 'keep' },
      { Source: '/pages/about', Target: '/about-us', Status: '302', Query: 'drop' },
      { Source: '/sale/*', Target: '/shop/p/*', Status: '301', Query: 'keep' },
    ]);
    // Round trip: importing the export changes nothing.
    const before = await ruleRows('bravo');
    expect((await importCsv(exported.body)).json()).toEqual({ created: 0, updated: 5 });
    expect(await ruleRows('bravo')).toEqual(before);
  });

  it('refuses a file with any bad row, naming each, and writes nothing', async () => {
    const before = await ruleRows('bravo');
    const answer = await importCsv('Source,Target,Status,Query\n/fine,/ok,301,keep\nnot-a-path,/x,,\n/fine,/twice,,\n/y,/z,307,sometimes\n/loop-1,/fine,,\n');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: REDIRECT_MESSAGES.csvRefused(3),
      errors: {
        'row 3: Source': REDIRECT_MESSAGES.source,
        'row 4: Source': REDIRECT_MESSAGES.csvAgain,
        'row 5: Status': REDIRECT_MESSAGES.csvStatus,
        'row 5: Query': REDIRECT_MESSAGES.csvQuery,
      },
    });
    const loop = await importCsv('Source,Target\n/ping,/pong\n/pong,/ping\n');
    expect(loop.json()).toEqual({ message: REDIRECT_MESSAGES.csvRefused(1), errors: { 'row 3: Target': REDIRECT_MESSAGES.loop } });
    expect((await importCsv('From;To\n/a;/b\n')).json()).toEqual({ message: REDIRECT_MESSAGES.csvHeader });
    expect((await importCsv('Source,Target\n')).json()).toEqual({ message: REDIRECT_MESSAGES.csvEmpty });
    const json = await bravoAdmin.post(`${RULES}/import`, { source: '/a' });
    expect([json.statusCode, json.json().message]).toEqual([415, REDIRECT_MESSAGES.csv]);
    const tooLarge = await bravoAdmin.request({ method: 'POST', url: `${RULES}/import`, payload: `Source,Target\n${'/a,/b\n'.repeat(REDIRECT_LIMITS.csvMaxBytes / 6 + 10)}`, headers: { 'content-type': 'text/csv' } });
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, REDIRECT_MESSAGES.csvTooLarge]);
    expect(await ruleRows('bravo')).toEqual(before);
  });
});

describe('the not-found report', () => {
  const REPORT = `${RULES}/not-found`;

  it('counts missed addresses per website (not scripts\' probes nor platform paths), and a redirect made from one clears it', async () => {
    for (const url of ['/summer-lookbook', '/summer-lookbook/', '/summer-lookbook?ref=ad', '/gone/a/b/c', '/wp-admin/install.php', '/.env', '/old.php', '/api/nothing-here']) await visit(url);
    await visit('/summer-lookbook', B_HOST);
    await counter.flush();
    const report = (await admin.get(REPORT)).json();
    const lookbook = report.paths.find((entry: { path: string }) => entry.path === '/summer-lookbook');
    expect(lookbook).toMatchObject({ path: '/summer-lookbook', hits: 3 });
    expect(Date.parse(lookbook.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(report.paths.map((entry: { path: string }) => entry.path)).toContain('/gone/a/b/c');
    expect(report.paths.map((entry: { path: string }) => entry.path).filter((path: string) => /wp-admin|\.env|\.php|^\/api/.test(path))).toEqual([]);
    const bravoPaths = () => bravoAdmin.get(REPORT).then((answer) => answer.json().paths as Array<{ path: string; hits: number }>);
    expect((await bravoPaths()).find((entry) => entry.path === '/summer-lookbook')?.hits).toBe(1);
    expect((await bravoPaths()).some((entry) => entry.path === '/gone/a/b/c')).toBe(false);

    // Counting adds up across flushes.
    await visit('/summer-lookbook');
    await counter.flush();
    expect((await admin.get(REPORT)).json().paths.find((entry: { path: string }) => entry.path === '/summer-lookbook').hits).toBe(4);

    // "Redirect…": the address leaves the report and is answered from now on; a miss counted just before the rule
    // was made (still in memory) does not bring it back.
    await visit('/summer-lookbook');
    await addRule({ source: lookbook.path, target: '/shop' });
    await counter.flush();
    expect((await admin.get(REPORT)).json().paths.map((entry: { path: string }) => entry.path)).not.toContain('/summer-lookbook');
    expect((await visit('/summer-lookbook')).status).toBe(301);
    expect((await bravoPaths()).find((entry) => entry.path === '/summer-lookbook')?.hits).toBe(1);

    const gone = (await admin.get(REPORT)).json().paths.find((entry: { path: string }) => entry.path === '/gone/a/b/c');
    expect((await bravoAdmin.delete(`${REPORT}/${gone.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${REPORT}/${gone.id}`)).json()).toEqual({ deleted: true, id: gone.id });
  });

  it('keeps at most 500 distinct paths a website; those listed keep counting', async () => {
    const bravo = await server.database.db.selectFrom('websites').select('id').where('identifier', '=', 'bravo').executeTakeFirstOrThrow();
    for (let index = 0; index < REDIRECT_LIMITS.notFoundPathsPerWebsite + 20; index++) counter.record(bravo.id, `/made-up-${index}`);
    await counter.flush();
    for (let index = 0; index < 20; index++) counter.record(bravo.id, `/another-${index}`);
    counter.record(bravo.id, '/summer-lookbook');
    await counter.flush();
    const rows = await server.database.db.selectFrom('not_found_paths').select(['path', 'hits']).where('website_id', '=', bravo.id).execute();
    expect(rows.length).toBe(REDIRECT_LIMITS.notFoundPathsPerWebsite);
    expect(rows.some((row) => row.path.startsWith('/another-'))).toBe(false);
    expect(Number(rows.find((row) => row.path === '/summer-lookbook')?.hits)).toBe(2);
  });
});
