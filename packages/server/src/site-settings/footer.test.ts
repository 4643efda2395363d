// databases: one — the footer's JSON column and plain reads; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_FOOTER_MESSAGES, type SiteFooterReply } from '@vitrine/contracts';
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
