import type { Transaction } from 'kysely';
import type { Database, SitePageKind } from '../db/schema';
import { recordAddressMove } from '../redirects';

/** The kinds of page whose items live under its address (`/{page}/{item}`): moving the page moves them. */
const KINDS_WITH_ITEMS: ReadonlySet<SitePageKind> = new Set(['blog', 'events', 'gallery', 'course']);

/**
 * A live page's address changed (issue 37 item 2): a 301 from `/{old}` to `/{new}`, and for a blog, events page,
 * gallery or course `/{old}/*` → `/{new}/*`, so its posts' old addresses keep working too. In the caller's
 * transaction, through the redirects domain's front (content never writes its table).
 */
export async function recordPageAddressMove(trx: Transaction<Database>, websiteId: string, before: { url_id: string; kind: SitePageKind }, newUrlId: string): Promise<void> {
  await recordAddressMove(trx, websiteId, `/${before.url_id}`, `/${newUrlId}`);
  if (KINDS_WITH_ITEMS.has(before.kind)) await recordAddressMove(trx, websiteId, `/${before.url_id}/*`, `/${newUrlId}/*`);
}
