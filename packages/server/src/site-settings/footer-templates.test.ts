// databases: one — reads pages only; the footer is made from the site's stores and pages (footer.ts)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteFooterReply } from '@vitrine/contracts';
import { createWebsite } from '../platform';
import { defaultStarterTemplates } from '../site-styles';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

/**
 * Issue 34 item 4: "the footer of a new site links to pages that exist", for a site started from each of the theme's
 * templates, empty or with the sample content: every link of its footer (and of its header) answers 200.
 */
const PLATFORM = 'footer-templates.test';
const TEMPLATES = defaultStarterTemplates().map((template) => template.id);

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, rateLimit: { max: 1_000_000 } });
  for (const templateId of TEMPLATES) {
    await createWebsite(server.database.db, { identifier: `${templateId}-empty`, siteTitle: `Empty ${templateId}`, sampleContent: false, templateId });
    await createWebsite(server.database.db, { identifier: `${templateId}-sample`, siteTitle: `Sample ${templateId}`, sampleContent: true, templateId });
  }
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** The site-path links inside one landmark of a page. */
const pathLinksIn = (html: string, tag: 'header' | 'footer') => {
  const part = new RegExp(`<${tag} class="site-${tag}">([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? '';
  return [...part.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((match) => match[1]!);
};

describe('a new site’s footer, from each template', () => {
  it('covers every template of the theme', () => {
    expect(TEMPLATES).toEqual(['shop', 'journal', 'portfolio', 'local', 'brand']);
  });

  for (const templateId of TEMPLATES) {
    for (const content of ['empty', 'sample'] as const) {
      it(`${templateId}, ${content}: each link of the footer and the header answers 200`, async () => {
        const host = `${templateId}-${content}.${PLATFORM}`;
        const owner = await ownerVisitor(server, 'admin', { identifier: `${templateId}-${content}`, host });
        const reply = (await owner.get('/api/owner/site-settings/footer')).json() as SiteFooterReply;
        expect(reply.isDefault).toBe(true);
        expect(reply.footer.columns[0]!.title).toBe('Shop');
        const visitor = new TestVisitor(server.app, undefined, { host });
        const home = await visitor.get('/');
        expect(home.statusCode).toBe(200);
        const footerLinks = pathLinksIn(home.body, 'footer');
        // The Shop column at least: a store, Search and Cart, and the site title's link home.
        expect(footerLinks).toEqual(expect.arrayContaining(['/', '/search', '/cart']));
        expect(footerLinks.some((href) => href.includes('#'))).toBe(false);
        for (const href of new Set([...footerLinks, ...pathLinksIn(home.body, 'header')])) {
          expect((await visitor.get(href)).statusCode, `${host}${href}`).toBe(200);
        }
      });
    }
  }
});
