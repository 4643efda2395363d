import { sql, type Kysely, type Selectable } from 'kysely';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, type AnalyticsSummaryQuery, type AnalyticsSummaryReply } from '@vitrine/contracts';
import { rateWebVital } from '@vitrine/tracking';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { moneyJson } from '../catalog';
import type { AnalyticsDailyTotalsTable, Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { isWebVitalName, mergeHistograms, p75OfHistogram } from './vitals-histogram';

/**
 * GET /api/owner/analytics/summary: the daily rollups of a range of UTC days and of the period of the same length
 * just before it. Reads rollups only (never the raw rows): today's figures are as fresh as its last rollup (a few
 * minutes). One exception: a range's unique visitors are distinct ss_cvr ids over the whole range, counted from the
 * raw hits for the days still within the retention (rangeVisitors); only days older than it add their daily figures.
 */

const DAY_MS = 86_400_000;
/** Entries per list in the answer. */
export const SUMMARY_TOP = 10;

function parseDay(text: string): number | undefined {
  const time = Date.parse(`${text}T00:00:00.000Z`);
  // Date.parse rolls 2024-02-30 over to March: a real date formats back to itself.
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text ? time : undefined;
}

const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The range's first and last day, checked: real dates, in order, at most 366 days. */
export function readRange(query: AnalyticsSummaryQuery): { from: number; to: number; days: number } {
  const from = parseDay(query.from);
  const to = parseDay(query.to);
  const errors: Record<string, string> = {};
  if (from === undefined) errors.from = ANALYTICS_MESSAGES.from;
  if (to === undefined) errors.to = ANALYTICS_MESSAGES.to;
  if (from !== undefined && to !== undefined) {
    if (to < from) errors.to = ANALYTICS_MESSAGES.toBeforeFrom;
    else if ((to - from) / DAY_MS + 1 > ANALYTICS_LIMITS.summaryMaxDays) errors.to = ANALYTICS_MESSAGES.rangeTooLong;
  }
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
  return { from: from!, to: to!, days: (to! - from!) / DAY_MS + 1 };
}

/** A day's counted figures, as the rollup stored them. */
type TotalsRow = Selectable<AnalyticsDailyTotalsTable>;

/** The sum of one figure over some days (bigint columns may arrive as strings). */
const sumOf = (rows: TotalsRow[], pick: (row: TotalsRow) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);

export interface SummaryOptions {
  /** ANALYTICS_RETENTION_DAYS: raw hits older than this may be gone, so such days count their daily figures. */
  retentionDays: number;
  now?: Date;
}

/** What a range's unique visitors are: their number, and whether it is the number of distinct visitors. */
interface RangeVisitors {
  uniqueVisitors: number;
  uniqueVisitorsExact: boolean;
}

/**
 * Distinct visitors over a range's days. A day whose start is within the retention still has every raw hit (the
 * retention job deletes only rows older than now - retention), so those days are counted together from
 * analytics_hits, each up to when its rollup was counted (the same hits as its daily figures: a day not yet rolled
 * up counts nothing, today no more than its visits). Days older than the retention may have lost raw hits: their
 * daily figures are added, and the figure is exact only if at most one part added has visitors (a visitor seen on
 * two such days, or on one of them and a recent one, counts twice).
 */
async function rangeVisitors(db: Kysely<Database>, websiteId: string, rows: TotalsRow[], cutoff: number): Promise<RangeVisitors> {
  const starts: string[] = [];
  const ends: string[] = [];
  const olderFigures: number[] = [];
  for (const row of rows) {
    const start = Date.parse(`${row.day}T00:00:00.000Z`);
    if (start < cutoff) {
      olderFigures.push(Number(row.unique_visitors));
      continue;
    }
    const end = Math.min(start + DAY_MS, new Date(row.computed_at).getTime());
    if (end <= start) continue;
    starts.push(new Date(start).toISOString());
    ends.push(new Date(end).toISOString());
  }
  let recent = 0;
  if (starts.length > 0) {
    const counted = await sql<{ visitors: number }>`
      SELECT count(DISTINCT h.visitor_id)::int AS visitors
      FROM unnest(${starts}::text[], ${ends}::text[]) AS span(start_at, end_at)
      JOIN analytics_hits h ON h.website_id = ${websiteId} AND h.received_at >= span.start_at::timestamptz AND h.received_at < span.end_at::timestamptz
      WHERE h.kind = 'page-view' AND NOT h.is_bot AND h.visitor_id IS NOT NULL`.execute(db);
    recent = Number(counted.rows[0]?.visitors ?? 0);
  }
  const parts = [recent, ...olderFigures].filter((figure) => figure > 0);
  return { uniqueVisitors: parts.reduce((sum, figure) => sum + figure, 0), uniqueVisitorsExact: parts.length <= 1 };
}

function totalsOf(rows: TotalsRow[], currency: string, visitors: RangeVisitors) {
  const sum = (pick: (row: TotalsRow) => number) => sumOf(rows, pick);
  const visits = sum((row) => row.visits);
  const orders = sum((row) => row.orders);
  return {
    visits,
    ...visitors,
    pageViews: sum((row) => row.page_views),
    productViews: sum((row) => row.product_views),
    addToCart: sum((row) => row.add_to_cart),
    checkouts: sum((row) => row.checkout_visits),
    orders,
    revenue: moneyJson(sum((row) => row.revenue_cents), currency),
    conversionRate: visits > 0 ? Math.round((orders / visits) * 10_000) / 10_000 : 0,
    botHits: sum((row) => row.bot_hits),
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The funnel of a range: its visits at each step (one set of visits, counted by the rollup at every step up to the
 * furthest each reached), ending with its orders. Orders are money and always count in full; an order whose visit
 * the tracker missed (no cookie, a blocker, a purchase event lost) still passed every step, so no step shows fewer
 * visits than the step after it.
 */
export function funnelOf(visits: { productViews: number; addToCart: number; checkout: number }, orders: number) {
  const checkout = Math.max(visits.checkout, orders);
  const addToCart = Math.max(visits.addToCart, checkout);
  return { productViews: Math.max(visits.productViews, addToCart), addToCart, checkout, orders };
}

export async function getAnalyticsSummary(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  query: AnalyticsSummaryQuery,
  options: SummaryOptions,
): Promise<AnalyticsSummaryReply> {
  authorize(actor, 'reports:read');
  const cutoff = (options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS;
  const range = readRange(query);
  const previousTo = range.from - DAY_MS;
  const previousFrom = previousTo - (range.days - 1) * DAY_MS;
  const [from, to, prevFrom, prevTo] = [range.from, range.to, previousFrom, previousTo].map(dayText) as [string, string, string, string];

  const totals = await db
    .selectFrom('analytics_daily_totals')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('day', '>=', prevFrom)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  const current = totals.filter((row) => row.day >= from);
  const previous = totals.filter((row) => row.day < from);
  const byDay = new Map(current.map((row) => [row.day, row]));

  const series = [];
  for (let time = range.from; time <= range.to; time += DAY_MS) {
    const day = dayText(time);
    const row = byDay.get(day);
    series.push({
      day,
      visits: row?.visits ?? 0,
      uniqueVisitors: row?.unique_visitors ?? 0,
      pageViews: row?.page_views ?? 0,
      orders: row?.orders ?? 0,
      revenue: moneyJson(Number(row?.revenue_cents ?? 0), website.currency),
      computedAt: row ? new Date(row.computed_at).toISOString() : null,
    });
  }

  const counts = await db
    .selectFrom('analytics_daily_counts')
    .select(['dimension', 'key', (eb) => eb.fn.max('label').as('label'), (eb) => eb.fn.max('detail').as('detail'), (eb) => eb.fn.sum<number>('count').as('count')])
    .where('website_id', '=', website.id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['dimension', 'key'])
    .execute();
  const top = (dimension: string, limit = SUMMARY_TOP) =>
    counts
      .filter((row) => row.dimension === dimension)
      .map((row) => ({ key: row.key, label: row.label ?? '', detail: row.detail ?? '', count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
      .slice(0, limit);
  const named = (dimension: string) => top(dimension).map((row) => ({ name: row.key, count: row.count }));

  const adds = new Map(top('product-add', 1000).map((row) => [row.key, row]));
  const viewed = top('product-view', 1000);
  const productIds = [...new Set([...viewed.map((row) => row.key), ...adds.keys()])];
  const views = new Map(viewed.map((row) => [row.key, row]));
  const products = productIds
    .map((id) => ({ productId: id, name: views.get(id)?.label || adds.get(id)?.label || '', views: views.get(id)?.count ?? 0, addToCart: adds.get(id)?.count ?? 0 }))
    .sort((a, b) => b.views - a.views || b.addToCart - a.addToCart || (a.productId < b.productId ? -1 : 1))
    .slice(0, SUMMARY_TOP);

  const vitalRows = await db
    .selectFrom('analytics_daily_vitals')
    .select(['metric', 'page_path', 'samples', 'p75', 'histogram'])
    .where('website_id', '=', website.id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  const figure = (metric: string, rows: typeof vitalRows) => {
    const samples = rows.reduce((sum, row) => sum + row.samples, 0);
    // One day: its exact p75; several: read from their summed histograms.
    const p75 = rows.length === 1 ? Number(rows[0]!.p75) : p75OfHistogram(metric, mergeHistograms(rows.map((row) => row.histogram)));
    return { p75: round(p75), rating: isWebVitalName(metric) ? rateWebVital(metric, p75) : ('good' as const), samples };
  };
  const metrics = [...new Set(vitalRows.map((row) => row.metric))].sort();
  const webVitals = metrics.map((metric) => {
    const ofMetric = vitalRows.filter((row) => row.metric === metric);
    const pagePaths = [...new Set(ofMetric.filter((row) => row.page_path !== '').map((row) => row.page_path))];
    const pages = pagePaths
      .map((path) => ({ path, ...figure(metric, ofMetric.filter((row) => row.page_path === path)) }))
      .sort((a, b) => b.samples - a.samples || (a.path < b.path ? -1 : 1))
      .slice(0, SUMMARY_TOP);
    return { metric, ...figure(metric, ofMetric.filter((row) => row.page_path === '')), pages };
  });

  const sum = (pick: (row: TotalsRow) => number) => sumOf(current, pick);
  return {
    range: { from, to, days: range.days },
    previousRange: { from: prevFrom, to: prevTo },
    totals: totalsOf(current, website.currency, await rangeVisitors(db, website.id, current, cutoff)),
    previous: totalsOf(previous, website.currency, await rangeVisitors(db, website.id, previous, cutoff)),
    series,
    funnel: funnelOf(
      { productViews: sum((row) => row.product_view_visits), addToCart: sum((row) => row.add_to_cart_visits), checkout: sum((row) => row.checkout_visits) },
      sum((row) => row.orders),
    ),
    topPages: top('page').map((row) => ({ path: row.key, count: row.count })),
    products,
    referrers: top('referrer').map((row) => ({ host: row.key === '' ? '(direct)' : row.key, count: row.count })),
    devices: { types: named('device'), browsers: named('browser'), operatingSystems: named('os') },
    webVitals,
    jsErrors: top('js-error').map((row) => ({ message: row.label, firstFrame: row.detail, count: row.count })),
  };
}
