// databases: both — the `/{lang}/…` addresses, hreflang, the sitemap's alternates and the page cache per language (issue 39 item 2)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createWebsite } from '../platform';
import { RenderedPageCache } from '../page-cache/rendered-page-cache';
import { PAGE_CACHE_HEADER } from '../page-cache/routes';
import { parseHtml } from '../reliability/html-safety';
import { openTestServer, ownerVisitor, TEST_CAPTCHA_DIFFICULTY, TestVisitor, type TestServer } from '../testing';

const PLATFORM = 'vitrine.test';
const HOST = `demo.${PLATFORM}`;
const OTHER_HOST = `bravo.${PLATFORM}`;

let server: TestServer;
let cache: RenderedPageCache;
let visitor: TestVisitor;
let owner: TestVisitor;

beforeAll(async () => {
  cache = new RenderedPageCache({ maxBytes: 8 * 1024 * 1024, maxAgeMs: 300_000 });
  const database = await openTestServer();
  await database.app.close();
  server = { ...database, app: await buildApp({ db: database.database.db, databaseKind: database.database.kind, captchaDifficulty: TEST_CAPTCHA_DIFFICULTY, platformDomain: PLATFORM, pageCache: { cache } }) };
  await createWebsite(server.database.db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: true });
  owner = await ownerVisitor(server, 'admin', { identifier: 'demo', host: HOST });
  const saved = await owner.put('/api/multilingual/languages', { languages: ['fr', 'de-DE'] });
  expect(saved.statusCode).toBe(200);
  visitor = new TestVisitor(server.app, undefined, { host: HOST });
});
afterAll(() => server?.close());

async function page(url: string, host = HOST) {
  const answer = await new TestVisitor(server.app, undefined, { host }).get(url);
  return { status: answer.statusCode, body: answer.body, document: parseHtml(answer.body), cached: answer.headers[PAGE_CACHE_HEADER] };
}

describe('/{lang}/ addresses', () => {
  it('every page type answers under an added language’s prefix, in that language', async () => {
    for (const path of ['/', '/about', '/shop', '/shop/p/wool-blanket', '/journal', '/journal/caring-for-linen', '/cart', '/checkout', '/search?q=wool']) {
      const french = await page(`/fr${path === '/' ? '/' : path}`);
      expect(french.status, path).toBe(200);
      expect(french.document.documentElement.getAttribute('lang'), path).toBe('fr');
      const english = await page(path);
      expect(english.status, path).toBe(200);
      expect(english.document.documentElement.getAttribute('lang'), path).toBe('en-US');
    }
    // The interface strings are the French catalog's; `/fr` alone is the French home.
    const home = await page('/fr');
    expect(home.status).toBe(200);
    expect(home.document.querySelector('.skip-link')?.textContent).toBe('Aller au contenu');
    expect((await page('/de-de/shop')).document.documentElement.getAttribute('lang')).toBe('de-DE');
    expect((await page('/de-de/shop')).document.querySelector('.skip-link')?.textContent).toBe('Zum Inhalt springen');
  });

  it('dates and the shop’s redirects are in the page’s language too', async () => {
    const post = await page('/fr/journal/caring-for-linen');
    expect(post.document.querySelector('.post-meta time')?.textContent).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}$/);
    expect((await page('/journal/caring-for-linen')).document.querySelector('.post-meta time')?.textContent).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    // An untidy filter address is sent to its tidy form, in the same language.
    const untidy = await visitor.get('/fr/shop?sort=featured');
    expect(untidy.statusCode).toBe(302);
    expect(untidy.headers.location).toMatch(/^\/fr\/shop/);
  });

  it('?format=json under a prefix answers the page with its visitor language', async () => {
    const json = (await visitor.get('/fr/shop/p/wool-blanket?format=json')).json();
    expect(json.item.title).toBe('Wool Blanket');
    expect(json.visitorLanguage).toEqual({ locale: 'fr', catalog: 'fr' });
    expect((await visitor.get('/shop/p/wool-blanket?format=json')).json().visitorLanguage).toEqual({ locale: 'en-US', catalog: 'en' });
  });

  it('money is formatted for the page’s language', async () => {
    const english = (await page('/shop/p/wool-blanket')).document.querySelector('[itemprop="price"], .product-price, .price')?.textContent ?? '';
    const french = (await page('/fr/shop/p/wool-blanket')).document.querySelector('[itemprop="price"], .product-price, .price')?.textContent ?? '';
    expect(english).toMatch(/\$\d+\.\d\d/);
    expect(french).toMatch(/\d+,\d\d\s\$US/);
  });

  it('links inside a page keep its prefix; the API, assets and other sites’ addresses do not get one', async () => {
    const { document } = await page('/fr/shop');
    const hrefs = Array.from(document.querySelectorAll('a[href^="/"]')).map((link) => link.getAttribute('href')!);
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href) => !href.startsWith('/fr/') && href !== '/fr')).toEqual([]);
    expect(document.querySelector('.site-title')?.getAttribute('href')).toBe('/fr/');
    expect(document.querySelector('form.site-search')?.getAttribute('action')).toBe('/fr/search');
    const stylesheets = Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => link.getAttribute('href')!);
    expect(stylesheets.every((href) => !href.startsWith('/fr/'))).toBe(true);
    // The default language's page is untouched.
    expect((await page('/shop')).document.querySelector('.site-title')?.getAttribute('href')).toBe('/');
  });

  it('a prefix that is not one of the site’s languages is the normal 404, and a page whose address starts so is still found', async () => {
    const spanish = await page('/es/shop');
    expect(spanish.status).toBe(404);
    expect(spanish.document.documentElement.getAttribute('lang')).toBe('en-US');
    expect((await page('/xx/shop')).status).toBe(404);
    // A page of the site whose own address is a language code (Italian, not one of the site's): still that page.
    const created = await owner.post('/api/owner/content/pages', { kind: 'page', title: 'IT services', urlId: 'it', inNavigation: false });
    expect(created.statusCode).toBe(201);
    expect((await owner.post(`/api/owner/content/pages/${created.json().id}/publish`, { version: created.json().version })).statusCode).toBe(200);
    const italianSlug = await page('/it');
    expect(italianSlug.status).toBe(200);
    expect(italianSlug.document.querySelector('title')?.textContent).toContain('IT services');
    expect(italianSlug.document.documentElement.getAttribute('lang')).toBe('en-US');
    // The API is never under a prefix.
    expect((await page('/fr/api/crumb')).status).toBe(404);
    // The second website has no French: /fr/ there is its 404.
    expect((await page('/fr/shop', OTHER_HOST)).status).toBe(404);
    expect((await page('/shop', OTHER_HOST)).document.querySelector('.language-switcher')).toBeNull();
  });
});

describe('hreflang and the switcher', () => {
  it('each page names itself in every language and x-default in its head', async () => {
    for (const url of ['/shop/p/wool-blanket', '/fr/shop/p/wool-blanket']) {
      const { document } = await page(url);
      const alternates = Array.from(document.querySelectorAll('link[rel="alternate"][hreflang]')).map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]);
      expect(alternates, url).toEqual([
        ['en-US', `http://${HOST}/shop/p/wool-blanket`],
        ['fr', `http://${HOST}/fr/shop/p/wool-blanket`],
        ['de-DE', `http://${HOST}/de-de/shop/p/wool-blanket`],
        ['x-default', `http://${HOST}/shop/p/wool-blanket`],
      ]);
    }
    expect((await page('/fr/shop/p/wool-blanket')).document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://${HOST}/fr/shop/p/wool-blanket`);
  });

  it('the header’s switcher names each language in itself and goes to the same page in it', async () => {
    const { document } = await page('/fr/shop');
    const switcher = document.querySelector('header nav.language-switcher');
    expect(switcher?.getAttribute('aria-label')).toBe('Langue');
    const links = Array.from(switcher!.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('lang'), link.getAttribute('aria-current')]);
    expect(links).toEqual([
      ['American English', `http://${HOST}/shop`, 'en-US', null],
      ['Français', `http://${HOST}/fr/shop`, 'fr', 'true'],
      ['Deutsch (Deutschland)', `http://${HOST}/de-de/shop`, 'de-DE', null],
    ]);
    // The checkout's focused layout has it too.
    expect((await page('/fr/checkout')).document.querySelectorAll('header nav.language-switcher a')).toHaveLength(3);
    // The suggestion's data: every language with its words in that language.
    const data = JSON.parse(document.getElementById('vitrine-languages')?.textContent ?? '{}');
    expect(data.alternates[1]).toMatchObject({ hreflang: 'fr', suggestion: 'Ce site existe aussi dans votre langue :', dismissLabel: 'Non merci' });
  });
});

describe('the sitemap', () => {
  it('lists every page in every language, each naming its alternates and x-default (Google’s sitemap hreflang)', async () => {
    const answer = await visitor.get('/sitemap.xml');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const blanket = `http://${HOST}/shop/p/wool-blanket`;
    const entry = [
      `    <xhtml:link rel="alternate" hreflang="en-US" href="${blanket}"/>`,
      `    <xhtml:link rel="alternate" hreflang="fr" href="http://${HOST}/fr/shop/p/wool-blanket"/>`,
      `    <xhtml:link rel="alternate" hreflang="de-DE" href="http://${HOST}/de-de/shop/p/wool-blanket"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${blanket}"/>`,
    ].join('\n');
    expect(answer.body).toContain(`<loc>${blanket}</loc>\n${entry}`);
    expect(answer.body).toContain(`<loc>http://${HOST}/fr/shop/p/wool-blanket</loc>\n${entry}`);
    expect(answer.body).toContain(`<loc>http://${HOST}/de-de/shop/p/wool-blanket</loc>\n${entry}`);
    // One site language: the plain sitemap.
    const other = await new TestVisitor(server.app, undefined, { host: OTHER_HOST }).get('/sitemap.xml');
    expect(other.body).not.toContain('xhtml');
  });
});

describe('the page cache', () => {
  it('keeps /fr/x and /x apart', async () => {
    const url = '/shop/p/ceramic-vase';
    let english = await page(url);
    for (let i = 0; i < 50 && english.cached !== 'hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      english = await page(url);
    }
    expect(english.cached).toBe('hit');
    const french = await page(`/fr${url}`);
    expect(french.cached).toBe('miss');
    expect(french.document.documentElement.getAttribute('lang')).toBe('fr');
    let frenchAgain = await page(`/fr${url}`);
    for (let i = 0; i < 50 && frenchAgain.cached !== 'hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      frenchAgain = await page(`/fr${url}`);
    }
    expect(frenchAgain.cached).toBe('hit');
    expect(frenchAgain.document.documentElement.getAttribute('lang')).toBe('fr');
    expect((await page(url)).document.documentElement.getAttribute('lang')).toBe('en-US');
  });
});
