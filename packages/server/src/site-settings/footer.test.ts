// databases: one — the footer's and the announcement bar's JSON columns and plain reads; no lock, race or transaction of their own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ANNOUNCEMENT_LIMITS, SITE_ANNOUNCEMENT_MESSAGES, SITE_FOOTER_MESSAGES, type SiteFooterReply } from '@vitrine/contracts';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

const PLATFORM = 'footer.test';
const FOOTER = '/api/owner/site-settings/footer';

let server: TestServer;
let admin: TestVisitor;
let editor: TestVisitor;
let viewer: TestVisitor;
let fresh: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, rateLimit: { max: 1_000_000 } });
  await createWebsite(server.database.db, { identifier: 'fresh', siteTitle: 'Fresh Bakery', sampleContent: true });
  [admin, editor, viewer, fresh] = await Promise.all([
    ownerVisitor(server, 'admin', { identifier: 'demo', host: `demo.${PLATFORM}` }),
    ownerVisitor(server, 'editor', { identifier: 'demo', host: `demo.${PLATFORM}` }),
    ownerVisitor(server, 'viewer', { identifier: 'demo', host: `demo.${PLATFORM}` }),
    ownerVisitor(server, 'admin', { identifier: 'fresh', host: `fresh.${PLATFORM}` }),
  ]);
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const visitorOf = (host: string) => new TestVisitor(server.app, undefined, { host });
/** The footer's links as a page draws them: [href, text]. */
const footerLinks = (html: string) => {
  const footer = /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? '';
  return [...footer.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[1]!, match[2]!]);
};

describe('a new site’s footer', () => {
  it('links only to pages that exist: each link of its footer answers 200', async () => {
    const reply = (await fresh.get(FOOTER)).json() as SiteFooterReply;
    expect(reply.isDefault).toBe(true);
    expect(reply.footer.columns[0]!.title).toBe('Shop');
    const home = await visitorOf(`fresh.${PLATFORM}`).get('/');
    expect(home.statusCode).toBe(200);
    const links = footerLinks(home.body).filter(([href]) => href!.startsWith('/'));
    expect(links.length).toBeGreaterThan(3);
    expect(links.map(([href]) => href)).not.toContain('/#shipping');
    for (const [href] of links) {
      const answer = await visitorOf(`fresh.${PLATFORM}`).get(href!);
      expect(answer.statusCode, href).toBe(200);
    }
  });
});

describe('PUT /api/owner/site-settings/footer', () => {
  const body = {
    columns: [
      { title: '  Visit  ', links: [{ label: 'All products', url: '/shop' }, { label: 'Email us', url: 'mailto:hello@example.com' }] },
      { title: 'Read', links: [{ label: 'Journal', url: 'https://journal.example.com/' }] },
    ],
    social: [{ network: 'instagram', url: 'https://instagram.com/vitrine' }],
    legalText: 'Vitrine Ltd, company 0123456. Prices include VAT.',
  };

  it('saves the columns, social links and legal text, and every page draws them', async () => {
    const saved = await editor.put(FOOTER, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as SiteFooterReply).footer.columns[0]!.title).toBe('Visit');
    expect(((await viewer.get(FOOTER)).json() as SiteFooterReply).isDefault).toBe(false);
    const page = await visitorOf(`demo.${PLATFORM}`).get('/shop');
    expect(footerLinks(page.body)).toEqual([
      ['/', 'Vitrine Demo Store'],
      ['https://instagram.com/vitrine', 'Instagram'],
      ['/shop', 'All products'],
      ['mailto:hello@example.com', 'Email us'],
      ['https://journal.example.com/', 'Journal'],
    ]);
    expect(page.body).toContain('<h2 id="footer-column-1">Visit</h2>');
    expect(page.body).toContain('Vitrine Ltd, company 0123456. Prices include VAT.');
  });

  it('refuses a link to a page that does not exist, naming it by its field, and saves nothing', async () => {
    const before = (await admin.get(FOOTER)).json();
    const bad = await admin.put(FOOTER, { ...body, columns: [{ title: 'Help', links: [{ label: 'Shipping', url: '/#shipping' }, { label: 'Returns', url: '/returns#policy' }] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: SITE_FOOTER_MESSAGES.noSuchPage('/returns'), errors: { 'columns.0.links.1.url': SITE_FOOTER_MESSAGES.noSuchPage('/returns') } });
    const blank = await admin.put(FOOTER, { ...body, columns: [{ title: '   ', links: [] }] });
    expect(blank.json()).toEqual({ message: SITE_FOOTER_MESSAGES.title, errors: { 'columns.0.title': SITE_FOOTER_MESSAGES.title } });
    const script = await admin.put(FOOTER, { ...body, columns: [{ title: 'X', links: [{ label: 'Run', url: 'javascript:alert(1)' }] }] });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors).toEqual({ columns: SITE_FOOTER_MESSAGES.columnsInvalid });
    const tooMany = await admin.put(FOOTER, { ...body, columns: Array.from({ length: 5 }, () => ({ title: 'A', links: [] })) });
    expect(tooMany.json().errors).toEqual({ columns: SITE_FOOTER_MESSAGES.columns });
    expect((await admin.get(FOOTER)).json()).toEqual(before);
  });

  it('is refused to a viewer and to another website’s owner', async () => {
    expect((await viewer.put(FOOTER, body)).statusCode).toBe(403);
    const other = await fresh.get(FOOTER);
    expect((other.json() as SiteFooterReply).isDefault).toBe(true);
  });
});

const ANNOUNCEMENT = '/api/owner/site-settings/announcement';
/** The bar a page draws above its header, or undefined. */
const barOf = (html: string) => /<aside class="site-announcement"[^>]*>[\s\S]*?<\/aside>/.exec(html)?.[0];

describe('the announcement bar', () => {
  const bar = { enabled: true, text: '  Free shipping   over $50 this week  ', linkLabel: 'Shop now', linkUrl: '/shop', colourTheme: 'accent' };

  it('is off until the owner turns it on, then drawn above the header of every page in its colour theme', async () => {
    expect((await viewer.get(ANNOUNCEMENT)).json()).toEqual({ announcement: { enabled: false, text: '', linkLabel: '', linkUrl: '', colourTheme: 'dark' } });
    const host = `demo.${PLATFORM}`;
    // Warm the page cache first: the save must reach pages already kept.
    expect(barOf((await visitorOf(host).get('/')).body)).toBeUndefined();
    const saved = await editor.put(ANNOUNCEMENT, bar);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ announcement: { ...bar, text: 'Free shipping over $50 this week' } });
    for (const path of ['/', '/shop']) {
      const html = (await visitorOf(host).get(path)).body;
      expect(barOf(html), path).toBe('<aside class="site-announcement" aria-label="Announcement" data-colour-theme="accent"><p class="site-announcement-inner">Free shipping over $50 this week <a href="/shop">Shop now</a></p></aside>');
      expect(html.indexOf('class="site-announcement"'), path).toBeLessThan(html.indexOf('<header class="site-header">'));
    }
    // Escaped as text, never markup; without a link, the line alone.
    expect((await admin.put(ANNOUNCEMENT, { ...bar, text: '<b>Sale</b> & more', linkLabel: '', linkUrl: '' })).statusCode).toBe(200);
    expect(barOf((await visitorOf(host).get('/')).body)).toBe('<aside class="site-announcement" aria-label="Announcement" data-colour-theme="accent"><p class="site-announcement-inner">&lt;b&gt;Sale&lt;/b&gt; &amp; more</p></aside>');
    // Turned off: no bar, its words kept for next time.
    expect((await admin.put(ANNOUNCEMENT, { ...bar, enabled: false })).json().announcement.text).toBe('Free shipping over $50 this week');
    expect(barOf((await visitorOf(host).get('/')).body)).toBeUndefined();
    // Another website neither shows it nor reads it.
    expect(barOf((await visitorOf(`fresh.${PLATFORM}`).get('/')).body)).toBeUndefined();
    expect((await fresh.get(ANNOUNCEMENT)).json().announcement.enabled).toBe(false);
  });

  it('refuses each problem by its field and keeps the bar as it was', async () => {
    const before = (await admin.get(ANNOUNCEMENT)).json();
    const refused = async (body: object) => {
      const answer = await admin.put(ANNOUNCEMENT, body);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json();
    };
    expect(await refused({ ...bar, text: '   ' })).toEqual({ message: SITE_ANNOUNCEMENT_MESSAGES.textRequired, errors: { text: SITE_ANNOUNCEMENT_MESSAGES.textRequired } });
    expect(await refused({ ...bar, linkLabel: '' })).toEqual({ message: SITE_ANNOUNCEMENT_MESSAGES.linkLabelRequired, errors: { linkLabel: SITE_ANNOUNCEMENT_MESSAGES.linkLabelRequired } });
    expect(await refused({ ...bar, linkUrl: '' })).toEqual({ message: SITE_ANNOUNCEMENT_MESSAGES.linkUrlRequired, errors: { linkUrl: SITE_ANNOUNCEMENT_MESSAGES.linkUrlRequired } });
    expect(await refused({ ...bar, linkUrl: '/no-such-page?x=1' })).toEqual({ message: SITE_ANNOUNCEMENT_MESSAGES.noSuchPage('/no-such-page'), errors: { linkUrl: SITE_ANNOUNCEMENT_MESSAGES.noSuchPage('/no-such-page') } });
    expect((await refused({ ...bar, linkUrl: 'javascript:alert(1)' })).errors).toEqual({ linkUrl: SITE_ANNOUNCEMENT_MESSAGES.linkUrl });
    expect((await refused({ ...bar, colourTheme: 'purple' })).errors).toEqual({ colourTheme: SITE_ANNOUNCEMENT_MESSAGES.colourTheme });
    expect((await refused({ ...bar, text: 'x'.repeat(SITE_ANNOUNCEMENT_LIMITS.textLength + 1) })).errors).toEqual({ text: SITE_ANNOUNCEMENT_MESSAGES.text });
    expect((await refused({ ...bar, enabled: 'yes' })).errors).toEqual({ enabled: SITE_ANNOUNCEMENT_MESSAGES.enabled });
    expect((await admin.get(ANNOUNCEMENT)).json()).toEqual(before);
  });

  it('is refused to a viewer and to the signed-out', async () => {
    expect((await viewer.put(ANNOUNCEMENT, bar)).statusCode).toBe(403);
    expect((await visitorOf(`demo.${PLATFORM}`).get(ANNOUNCEMENT)).statusCode).toBe(401);
  });
});
