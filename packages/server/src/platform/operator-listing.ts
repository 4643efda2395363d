import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { siteUrlOf, type MailSettings } from '../mail';
import { websiteUsage } from '../quotas';
import { requestsOnDays, todayAndYesterday } from '../request-days';
import { DELETE_GRACE_DAYS } from './operator';

/** One row of the operator page: a website, its state, its primary address and what it uses. */
export interface OperatorWebsiteRow {
  id: string;
  identifier: string;
  name: string;
  /** The address shoppers are sent to: the primary custom domain, else the platform subdomain. */
  primaryUrl: string;
  status: 'active' | 'suspended' | 'deleted';
  /** A deleted website's purge date (deleted_at + DELETE_GRACE_DAYS). */
  purgeOn?: Date;
  products: number;
  orders: number;
  storageBytes: number;
  requestsToday: number;
  requestsYesterday: number;
}

export const OPERATOR_PAGE_SIZE = 50;

/**
 * The operator page's websites, by identifier, `after` an identifier (the cursor), optionally only those whose
 * identifier or one of whose domains contains `search`. Answers one page and the cursor of the next, if any.
 * The orders count reads the orders table directly (a count, like quotas/usage.ts), writing nothing.
 */
export async function listWebsitesForOperatorPage(
  db: Kysely<Database>,
  mail: Pick<MailSettings, 'publicUrl' | 'platformDomain'>,
  options: { after?: string; search?: string; limit?: number; now?: Date } = {},
): Promise<{ rows: OperatorWebsiteRow[]; nextAfter?: string }> {
  const limit = options.limit ?? OPERATOR_PAGE_SIZE;
  let query = db.selectFrom('websites').select(['id', 'identifier', 'site_title', 'suspended_at', 'deleted_at']).orderBy('identifier').limit(limit + 1);
  if (options.after) query = query.where('identifier', '>', options.after);
  const search = options.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('identifier', 'like', pattern),
        eb.exists(eb.selectFrom('website_domains').select(sql`1`.as('one')).whereRef('website_domains.website_id', '=', 'websites.id').where('website_domains.host', 'like', pattern)),
      ]),
    );
  }
  const found = await query.execute();
  const page = found.slice(0, limit);
  const ids = page.map((website) => website.id);
  const [today, yesterday] = todayAndYesterday(options.now);
  const requests = await requestsOnDays(db, ids, [today, yesterday]);
  const primaries = ids.length === 0 ? [] : await db.selectFrom('website_domains').select(['website_id', 'host']).where('website_id', 'in', ids).where('is_primary', '=', true).execute();
  const orders = ids.length === 0 ? [] : await db.selectFrom('orders').select(['website_id', db.fn.countAll().as('n')]).where('website_id', 'in', ids).groupBy('website_id').execute();
  const rows: OperatorWebsiteRow[] = [];
  for (const website of page) {
    const usage = await websiteUsage(db, website.id);
    const primary = primaries.find((row) => row.website_id === website.id);
    const platformUrl = siteUrlOf(mail, website);
    const [requestsToday, requestsYesterday] = requests.get(website.id)!;
    rows.push({
      id: website.id,
      identifier: website.identifier,
      name: website.site_title,
      primaryUrl: primary ? `${new URL(platformUrl).protocol}//${primary.host}` : platformUrl,
      status: website.deleted_at ? 'deleted' : website.suspended_at ? 'suspended' : 'active',
      ...(website.deleted_at ? { purgeOn: new Date(website.deleted_at.getTime() + DELETE_GRACE_DAYS * 86_400_000) } : {}),
      products: usage.products.used,
      orders: Number(orders.find((row) => row.website_id === website.id)?.n ?? 0),
      storageBytes: usage.storageBytes.used,
      requestsToday: requestsToday!,
      requestsYesterday: requestsYesterday!,
    });
  }
  return { rows, ...(found.length > limit ? { nextAfter: page.at(-1)!.identifier } : {}) };
}

/** Bytes for people: 0 B, 512 B, 1.5 KB, 20 MB, 3.2 GB (powers of 1024, one decimal under 10). */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
