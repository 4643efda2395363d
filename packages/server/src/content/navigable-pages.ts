/** The site's pages as the navigation needs them (site-settings reads them here, never site_pages itself). */
import type { Kysely, Transaction } from 'kysely';
import type { Database, SitePageKind } from '../db/schema';
import { isLive } from './owner-model';

type Db = Kysely<Database> | Transaction<Database>;

export interface NavigablePage {
  id: string;
  kind: SitePageKind;
  title: string;
  /** '' = the title. */
  navigationTitle: string;
  urlId: string;
  /** Visitors can open it now (published, or scheduled with its time passed): only live pages show in the header. */
  live: boolean;
}

/** Every page of the website that is not deleted. */
export async function listNavigablePages(db: Db, websiteId: string, now: Date = new Date()): Promise<NavigablePage[]> {
  const rows = await db
    .selectFrom('site_pages')
    .select(['id', 'kind', 'title', 'navigation_title', 'url_id', 'status', 'publish_at'])
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .orderBy('url_id')
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, title: row.title, navigationTitle: row.navigation_title, urlId: row.url_id, live: isLive(row, now) }));
}
