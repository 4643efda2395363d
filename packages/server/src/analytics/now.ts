import { type Kysely } from 'kysely';
import { ANALYTICS_NOW_WINDOW_MINUTES, type AnalyticsNowReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';

/**
 * GET /api/owner/analytics/now: distinct visitors with a page view in the last 5 minutes, from the raw hits (the
 * rollups are minutes behind). The hits' (website_id, received_at) index bounds the scan to the window.
 */
export async function getAnalyticsNow(db: Kysely<Database>, website: Website, actor: Actor, now: Date = new Date()): Promise<AnalyticsNowReply> {
  authorize(actor, 'reports:read');
  const since = new Date(now.getTime() - ANALYTICS_NOW_WINDOW_MINUTES * 60_000);
  const row = await db
    .selectFrom('analytics_hits')
    .select((eb) => eb.fn.count<string>('visitor_id').distinct().as('visitors'))
    .where('website_id', '=', website.id)
    .where('kind', '=', 'page-view')
    .where('is_bot', '=', false)
    .where('received_at', '>', since)
    .where('received_at', '<=', now)
    .executeTakeFirst();
  return { visitors: Number(row?.visitors ?? 0), windowMinutes: ANALYTICS_NOW_WINDOW_MINUTES, at: now.toISOString() };
}
