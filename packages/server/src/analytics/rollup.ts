import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { orderTotalsBetween } from '../orders';
import { findWebsiteById } from '../websites';
import { deviceOf } from '../devices';
import { BUCKET_SQL } from './vitals-histogram';

/**
 * One website's numbers for one UTC day, counted from the raw rows (bots left out) and written in place of the
 * day's previous rollup, in the caller's transaction: recomputing a day any number of times gives the same rows.
 *
 * - page views: census page views (RecordHit). A visit is (visitor id, visit number) of the ss_cvr cookie;
 *   unique visitors are distinct visitor ids of the day. A hit without a census cookie is a page view only.
 * - referrers and devices: per visit, from the visit's first page view of the day (its referrer host, '' = direct).
 * - product views and add to cart: the newer tracker's visit-product-page and add-to-cart events. The funnel's
 *   visits (product_view_visits, add_to_cart_visits, checkout_visits) are one set: the visits not classified as
 *   bots and the visits that ordered (a purchase event), each counted at every step up to the furthest it reached
 *   (a product view, an add to cart, a page view of /checkout, a purchase); an event without census cookie counts
 *   by its session id. The summary's funnel then ends with the day's orders.
 * - orders and revenue: the orders domain's own figures for the day (orderTotalsBetween), in the site's currency.
 * - top JavaScript errors: the day's error groups; web vitals: p75 per metric and page (percentile_cont) and a
 *   histogram for ranges (vitals-histogram.ts).
 */

/** Keys kept per dimension per day (the rest of a long tail is dropped from the breakdowns, not from the totals). */
export const TOP_KEYS_PER_DAY = 100;
/** Pages kept per metric per day for web vitals (every page together is always kept). */
export const TOP_VITAL_PAGES_PER_DAY = 50;

export const dayBounds = (day: string) => {
  const from = new Date(`${day}T00:00:00.000Z`);
  return { from, until: new Date(from.getTime() + 86_400_000) };
};

type Db = Kysely<Database> | Transaction<Database>;

interface CountRow {
  dimension: string;
  key: string;
  label?: string;
  detail?: string;
  count: number;
}

function topCounts(dimension: string, counts: Map<string, { count: number; label?: string; detail?: string }>): CountRow[] {
  return [...counts.entries()]
    .sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : 1))
    .slice(0, TOP_KEYS_PER_DAY)
    .map(([key, value]) => ({ dimension, key, label: value.label ?? '', detail: value.detail ?? '', count: value.count }));
}

const add = (counts: Map<string, { count: number }>, key: string, count: number) => counts.set(key, { count: (counts.get(key)?.count ?? 0) + count });

/** Counts the day and replaces its rollup rows. Answers the day's totals. */
export async function computeDailyRollup(db: Db, websiteId: string, day: string, computedAt = new Date()) {
  const { from, until } = dayBounds(day);
  const website = await findWebsiteById(db as Kysely<Database>, websiteId);
  const currency = website?.currency ?? 'USD';

  const hits = await sql<{ page_views: number; visits: number; unique_visitors: number; bot_hits: number }>`
    SELECT count(*) FILTER (WHERE NOT is_bot)::int AS page_views,
           count(DISTINCT visitor_id || ':' || visit_number) FILTER (WHERE NOT is_bot)::int AS visits,
           count(DISTINCT visitor_id) FILTER (WHERE NOT is_bot)::int AS unique_visitors,
           count(*) FILTER (WHERE is_bot)::int AS bot_hits
    FROM analytics_hits
    WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND kind = 'page-view'`.execute(db);
  const totals = hits.rows[0]!;

  const pages = await sql<{ page_path: string; views: number }>`
    SELECT page_path, count(*)::int AS views FROM analytics_hits
    WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND kind = 'page-view' AND NOT is_bot
    GROUP BY page_path ORDER BY views DESC, page_path LIMIT ${TOP_KEYS_PER_DAY}`.execute(db);

  // Each visit's first page view of the day: where it came from and on what.
  const entries = await sql<{ referrer_host: string | null; user_agent: string; visits: number }>`
    SELECT referrer_host, user_agent, count(*)::int AS visits FROM (
      SELECT DISTINCT ON (visitor_id, visit_number) referrer_host, user_agent FROM analytics_hits
      WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND kind = 'page-view' AND NOT is_bot AND visitor_id IS NOT NULL
      ORDER BY visitor_id, visit_number, received_at, id
    ) first_hits
    GROUP BY referrer_host, user_agent`.execute(db);
  const referrers = new Map<string, { count: number }>();
  const deviceTypes = new Map<string, { count: number }>();
  const browsers = new Map<string, { count: number }>();
  const systems = new Map<string, { count: number }>();
  const devices = new Map<string, ReturnType<typeof deviceOf>>();
  for (const entry of entries.rows) {
    add(referrers, entry.referrer_host ?? '', entry.visits);
    let device = devices.get(entry.user_agent);
    if (!device) devices.set(entry.user_agent, (device = deviceOf(entry.user_agent)));
    add(deviceTypes, device.type, entry.visits);
    add(browsers, device.browser, entry.visits);
    add(systems, device.os, entry.visits);
  }

  const visitKey = sql`coalesce(visitor_id || ':' || visit_number, 's:' || session_id, 'e:' || event_id)`;
  const events = await sql<{ events: number; product_views: number; add_to_cart: number }>`
    SELECT count(*)::int AS events,
           count(*) FILTER (WHERE schema_name = 'visit-product-page')::int AS product_views,
           count(*) FILTER (WHERE schema_name = 'add-to-cart')::int AS add_to_cart
    FROM analytics_events
    WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND NOT is_bot`.execute(db);

  // The funnel, over one set of visits: those not classified as bots, and every visit that placed an order (its
  // purchase event; an order is a person, whatever their browser's agent says). Each step counts the visits that
  // reached at least that far (the furthest step a visit's events and page views show), so a step never counts
  // fewer visits than the one after it.
  const funnel = await sql<{ product_view_visits: number; add_to_cart_visits: number; checkout_visits: number }>`
    WITH steps AS (
      SELECT ${visitKey} AS visit, is_bot,
             CASE schema_name WHEN 'visit-product-page' THEN 1 WHEN 'add-to-cart' THEN 2 ELSE 4 END AS step
      FROM analytics_events
      WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until}
        AND schema_name IN ('visit-product-page', 'add-to-cart', 'purchase')
      UNION ALL
      SELECT visitor_id || ':' || visit_number, is_bot, 3
      FROM analytics_hits
      WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until}
        AND kind = 'page-view' AND page_path = '/checkout' AND visitor_id IS NOT NULL
    ), reached AS (
      SELECT visit, max(step) AS furthest FROM steps
      GROUP BY visit
      HAVING bool_or(NOT is_bot) OR max(step) = 4
    )
    SELECT count(*) FILTER (WHERE furthest >= 1)::int AS product_view_visits,
           count(*) FILTER (WHERE furthest >= 2)::int AS add_to_cart_visits,
           count(*) FILTER (WHERE furthest >= 3)::int AS checkout_visits
    FROM reached`.execute(db);
  const funnelVisits = funnel.rows[0]!;

  const products = await sql<{ product_id: string; name: string | null; views: number; adds: number }>`
    SELECT product_id, max(content->'product'->>'name') AS name,
           count(*) FILTER (WHERE schema_name = 'visit-product-page')::int AS views,
           count(*) FILTER (WHERE schema_name = 'add-to-cart')::int AS adds
    FROM analytics_events
    WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND NOT is_bot
      AND product_id IS NOT NULL AND schema_name IN ('visit-product-page', 'add-to-cart')
    GROUP BY product_id`.execute(db);
  const productViews = new Map<string, { count: number; label: string }>();
  const productAdds = new Map<string, { count: number; label: string }>();
  for (const product of products.rows) {
    if (product.views > 0) productViews.set(product.product_id, { count: product.views, label: product.name ?? '' });
    if (product.adds > 0) productAdds.set(product.product_id, { count: product.adds, label: product.name ?? '' });
  }

  const failed = await sql<{ failed: number }>`
    SELECT count(*)::int AS failed FROM analytics_failed_events
    WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until}`.execute(db);

  const errors = await db
    .selectFrom('analytics_js_errors')
    .select(['fingerprint', 'message', 'first_frame', 'count'])
    .where('website_id', '=', websiteId)
    .where('day', '=', day)
    .where('count', '>', 0)
    .orderBy('count', 'desc')
    .orderBy('fingerprint')
    .execute();
  const errorCounts = new Map(errors.map((error) => [error.fingerprint, { count: error.count, label: error.message, detail: error.first_frame }]));

  // '' is every page together (the grouping set without page_path); a record of no known page is '(unknown)'.
  const PAGE_OR_ALL = sql`CASE WHEN GROUPING(page_path) = 1 THEN '' WHEN page_path = '' THEN '(unknown)' ELSE page_path END`;
  const vitals = await sql<{ metric: string; page_path: string; samples: number; p75: number }>`
    SELECT metric, ${PAGE_OR_ALL} AS page_path, count(*)::int AS samples, percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75
    FROM analytics_performance
    WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND NOT is_bot AND metric IS NOT NULL AND value IS NOT NULL
    GROUP BY GROUPING SETS ((metric, page_path), (metric))`.execute(db);
  const buckets = await sql<{ metric: string; page_path: string; bucket: number; samples: number }>`
    SELECT metric, ${PAGE_OR_ALL} AS page_path, bucket, count(*)::int AS samples FROM (
      SELECT metric, page_path, ${sql.raw(BUCKET_SQL)} AS bucket FROM analytics_performance
      WHERE website_id = ${websiteId} AND received_at >= ${from} AND received_at < ${until} AND NOT is_bot AND metric IS NOT NULL AND value IS NOT NULL
    ) samples
    GROUP BY GROUPING SETS ((metric, page_path, bucket), (metric, bucket))`.execute(db);
  const histograms = new Map<string, Record<string, number>>();
  for (const row of buckets.rows) {
    const key = `${row.metric}|${row.page_path}`;
    const histogram = histograms.get(key) ?? {};
    histogram[String(row.bucket)] = row.samples;
    histograms.set(key, histogram);
  }
  // Every page together (page_path ''), then each metric's busiest pages.
  const vitalRows = vitals.rows
    .map((row) => ({ metric: row.metric, page_path: row.page_path, samples: row.samples, p75: Number(row.p75) }))
    .sort((a, b) => a.metric.localeCompare(b.metric) || (a.page_path === '' ? -1 : b.page_path === '' ? 1 : b.samples - a.samples || a.page_path.localeCompare(b.page_path)));
  const keptPerMetric = new Map<string, number>();
  const keptVitals = vitalRows.filter((row) => {
    if (row.page_path === '') return true;
    const kept = keptPerMetric.get(row.metric) ?? 0;
    keptPerMetric.set(row.metric, kept + 1);
    return kept < TOP_VITAL_PAGES_PER_DAY;
  });

  const orders = await orderTotalsBetween(db as Kysely<Database>, websiteId, { from, until, currency });
  const eventTotals = events.rows[0]!;

  const counts: CountRow[] = [
    ...pages.rows.map((row) => ({ dimension: 'page', key: row.page_path, count: row.views })),
    ...topCounts('referrer', referrers),
    ...topCounts('device', deviceTypes),
    ...topCounts('browser', browsers),
    ...topCounts('os', systems),
    ...topCounts('product-view', productViews),
    ...topCounts('product-add', productAdds),
    ...topCounts('js-error', errorCounts),
  ];
  const dayTotals = {
    website_id: websiteId,
    day,
    visits: totals.visits,
    unique_visitors: totals.unique_visitors,
    page_views: totals.page_views,
    product_views: eventTotals.product_views,
    add_to_cart: eventTotals.add_to_cart,
    product_view_visits: funnelVisits.product_view_visits,
    add_to_cart_visits: funnelVisits.add_to_cart_visits,
    checkout_visits: funnelVisits.checkout_visits,
    orders: orders.orders,
    revenue_cents: orders.revenueCents,
    currency,
    events: eventTotals.events,
    failed_events: failed.rows[0]!.failed,
    bot_hits: totals.bot_hits,
    js_errors: errors.reduce((sum, error) => sum + error.count, 0),
    computed_at: computedAt,
  };

  // Replace, never add: the day's rows as a whole.
  await db.deleteFrom('analytics_daily_totals').where('website_id', '=', websiteId).where('day', '=', day).execute();
  await db.deleteFrom('analytics_daily_counts').where('website_id', '=', websiteId).where('day', '=', day).execute();
  await db.deleteFrom('analytics_daily_vitals').where('website_id', '=', websiteId).where('day', '=', day).execute();
  await db.insertInto('analytics_daily_totals').values(dayTotals).execute();
  if (counts.length > 0) {
    await db
      .insertInto('analytics_daily_counts')
      .values(counts.map((count) => ({ website_id: websiteId, day, dimension: count.dimension, key: count.key, label: count.label ?? '', detail: count.detail ?? '', count: count.count })))
      .execute();
  }
  if (keptVitals.length > 0) {
    await db
      .insertInto('analytics_daily_vitals')
      .values(
        keptVitals.map((row) => ({
          website_id: websiteId,
          day,
          metric: row.metric,
          page_path: row.page_path,
          samples: row.samples,
          p75: row.p75,
          histogram: JSON.stringify(histograms.get(`${row.metric}|${row.page_path}`) ?? {}),
        })),
      )
      .execute();
  }
  return dayTotals;
}
