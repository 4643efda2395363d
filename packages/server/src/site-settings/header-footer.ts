import type { Kysely } from 'kysely';
import type { HeaderFooterBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { authorize } from '../authorize';
import { sanitiseHtml } from './html-sanitiser';
import { readHeaderFooter, saveHeaderFooter, type StoredHeaderFooter } from './queries';
import { notifySiteChromeChanged } from './site-chrome';

/** GET /api/site-header-footer. */
export async function getHeaderFooter(db: Kysely<Database>, website: Website, actor: Actor): Promise<StoredHeaderFooter> {
  authorize(actor, 'site:read');
  return readHeaderFooter(db, website.id);
}

/** PUT /api/site-header-footer: stored sanitised (html-sanitiser.ts); answers what was stored. */
export async function updateHeaderFooter(db: Kysely<Database>, website: Website, actor: Actor, input: HeaderFooterBody): Promise<StoredHeaderFooter> {
  authorize(actor, 'site:write');
  const stored = { header: sanitiseHtml(input.header), footer: sanitiseHtml(input.footer) };
  await saveHeaderFooter(db, website.id, stored);
  notifySiteChromeChanged(website.id);
  return stored;
}
