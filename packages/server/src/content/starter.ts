import type { Kysely } from 'kysely';
import { BLOCK_TYPES, checkPageBody, defaultSettings, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type PageBody } from '@vitrine/blocks';
import type { Database, SitePageKind } from '../db/schema';
import { escapeHtml } from '../http/plain-page';
import { stableId } from '../ids';


/** The one page a website that starts empty has: a home page that names the site and says what to do next. */
export function starterHomeBody(siteTitle: string): PageBody {
  const body: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: [
      singleColumnSection('welcome', [
        {
          id: 'welcome-text',
          type: BLOCK_TYPES.html,
          settings: {
            ...defaultSettings(BLOCK_TYPES.html),
            html: `<h2>${escapeHtml(siteTitle)}</h2><p>Welcome. This site is new: its pages, products and posts are on their way.</p>`,
          },
        },
      ]),
    ],
  };
  const checked = checkPageBody(body);
  if (!checked.body) throw new Error(`The starter home page does not pass its own checks: ${JSON.stringify(checked.errors)}`);
  return checked.body;
}

/** Writes a new, empty website's home page (published), in the caller's transaction. */
export async function writeStarterPages(trx: Kysely<Database>, websiteId: string, identifier: string, siteTitle: string): Promise<{ homePageId: string }> {
  const homePageId = stableId(`page:${identifier}:home`);
  await trx
    .insertInto('site_pages')
    .values({
      id: homePageId, website_id: websiteId, kind: 'page', url_id: 'home', title: 'Home', description: '', status: 'published', is_home: true,
      body: JSON.stringify(starterHomeBody(siteTitle)),
    })
    .execute();
  return { homePageId };
}

/**
 * Replaces a new website's home page body with a starter template's home (platform/template-home-pages.ts), in the
 * creation's transaction; checked like an owner's page. Only for websites being created: an owner's pages are theirs.
 */
export async function writeStarterHomeBody(trx: Kysely<Database>, websiteId: string, body: PageBody): Promise<void> {
  const checked = checkPageBody(body);
  if (!checked.body) throw new Error(`A starter home page does not pass its own checks: ${JSON.stringify(checked.errors)}`);
  await trx.updateTable('site_pages').set({ body: JSON.stringify(checked.body) }).where('website_id', '=', websiteId).where('is_home', '=', true).execute();
}

/** A page a starter template brings beside its home (platform/template-starter-pages.ts). */
export interface StarterPage {
  urlId: string;
  kind: Extract<SitePageKind, 'page' | 'blog' | 'gallery'>;
  title: string;
  description: string;
  body: PageBody;
}

/**
 * Writes a new website's starter pages (published, not home), in the creation's transaction, and returns their ids in
 * order for the navigation. Ids derive from the website's identifier, as the home page's do.
 */
export async function writeStarterExtraPages(trx: Kysely<Database>, websiteId: string, identifier: string, pages: readonly StarterPage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const page of pages) {
    const checked = checkPageBody(page.body);
    if (!checked.body) throw new Error(`A starter page does not pass its own checks: ${JSON.stringify(checked.errors)}`);
    const id = stableId(`page:${identifier}:${page.urlId}`);
    await trx
      .insertInto('site_pages')
      .values({ id, website_id: websiteId, kind: page.kind, url_id: page.urlId, title: page.title, description: page.description, status: 'published', body: JSON.stringify(checked.body) })
      .execute();
    ids.push(id);
  }
  return ids;
}
