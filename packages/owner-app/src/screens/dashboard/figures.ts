import type { AnalyticsSummaryReply } from '@vitrine/contracts';
import { formatMoneyShape } from '@vitrine/format/money';
import { dateTimeFormat, numberFormat } from '@vitrine/format/intl-cache';
import { WEB_VITALS_THRESHOLDS, rateWebVital, type WebVitalName, type WebVitalRating } from '@vitrine/tracking/web-vitals-thresholds';
import { dayStart, type DayRange } from './range';

/**
 * What the dashboard shows, worked out from the summary: each figure with its change against the previous
 * period, formatted for the website's locale (money with @vitrine/format's rules), and the web vitals graded
 * against platform §9's thresholds.
 */

export type ChangeDirection = 'up' | 'down' | 'flat' | 'new';

export interface Change {
  direction: ChangeDirection;
  /** (current − previous) / previous; null when the previous period had none ('new'). */
  ratio: number | null;
}

/** The change from `previous` to `current`: 'new' from zero to something, 'flat' when equal (zero to zero included). */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { direction: 'flat', ratio: 0 };
  if (previous === 0) return { direction: 'new', ratio: null };
  const ratio = (current - previous) / Math.abs(previous);
  return { direction: ratio > 0 ? 'up' : 'down', ratio };
}

const percent = (locale: string, digits: number) => numberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: digits });

/** '+12.5%', '−3%', '0%', or 'New' (nothing to compare with). */
export function formatChange(change: Change, locale: string): string {
  if (change.direction === 'new') return 'New';
  if (change.direction === 'flat') return percent(locale, 1).format(0);
  const text = percent(locale, 1).format(Math.abs(change.ratio!));
  return change.direction === 'up' ? `+${text}` : `\u2212${text}`;
}

/** The change in words, for screen readers: 'Up 12.5% from 8 in the previous period'. */
export function describeChange(change: Change, previousText: string, locale: string): string {
  switch (change.direction) {
    case 'new':
      return `Up from ${previousText} in the previous period`;
    case 'flat':
      return `No change from the previous period (${previousText})`;
    default:
      return `${change.direction === 'up' ? 'Up' : 'Down'} ${percent(locale, 1).format(Math.abs(change.ratio!))} from ${previousText} in the previous period`;
  }
}

export const formatCount = (value: number, locale: string) => numberFormat(locale, { maximumFractionDigits: 0 }).format(value);

/** A rate of 0–1 as a percentage with up to two decimals ('2.35%'). */
export const formatRate = (rate: number, locale: string) => percent(locale, 2).format(rate);

type Money = AnalyticsSummaryReply['totals']['revenue'];

/** Revenue with the currency's own digits and symbol ('$1,234.50', '1.234,50 €'); an unknown currency falls back to the bare amount. */
export function formatRevenue(money: Money, locale: string): string {
  try {
    return formatMoneyShape(money, { locale });
  } catch {
    return `${money.value} ${money.currency}`;
  }
}

export type FigureKey = 'visits' | 'uniqueVisitors' | 'pageViews' | 'orders' | 'revenue' | 'conversionRate';

export interface Figure {
  key: FigureKey;
  label: string;
  value: string;
  previous: string;
  change: Change;
  /** Whether a rise is good news (all of them here; kept for figures where it is not, such as refunds). */
  higherIsBetter: boolean;
}

export const FIGURE_LABELS: Record<FigureKey, string> = {
  visits: 'Visits',
  uniqueVisitors: 'Unique visitors',
  pageViews: 'Page views',
  orders: 'Orders',
  revenue: 'Revenue',
  conversionRate: 'Conversion rate',
};

/** The six headline figures, in the dashboard's order, each against the previous period. */
export function dashboardFigures(summary: AnalyticsSummaryReply, locale: string): Figure[] {
  const { totals, previous } = summary;
  const count = (key: 'visits' | 'uniqueVisitors' | 'pageViews' | 'orders'): Figure => ({
    key,
    label: FIGURE_LABELS[key],
    value: formatCount(totals[key], locale),
    previous: formatCount(previous[key], locale),
    change: changeOf(totals[key], previous[key]),
    higherIsBetter: true,
  });
  return [
    count('visits'),
    count('uniqueVisitors'),
    count('pageViews'),
    count('orders'),
    {
      key: 'revenue',
      label: FIGURE_LABELS.revenue,
      value: formatRevenue(totals.revenue, locale),
      previous: formatRevenue(previous.revenue, locale),
      change: changeOf(Number(totals.revenue.value), Number(previous.revenue.value)),
      higherIsBetter: true,
    },
    {
      key: 'conversionRate',
      label: FIGURE_LABELS.conversionRate,
      value: formatRate(totals.conversionRate, locale),
      previous: formatRate(previous.conversionRate, locale),
      change: changeOf(totals.conversionRate, previous.conversionRate),
      higherIsBetter: true,
    },
  ];
}

/** A day as the charts and tables label it ('Mar 3'), read as the UTC day it is. */
export function formatDay(day: string, locale: string, options: { withYear?: boolean } = {}): string {
  const format = dateTimeFormat(locale, { month: 'short', day: 'numeric', ...(options.withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return format.format(new Date(dayStart(day)));
}

/** 'Mar 1 – Mar 7, 2026' (the year once, on the end). */
export function formatRange(range: DayRange, locale: string): string {
  if (range.from === range.to) return formatDay(range.from, locale, { withYear: true });
  const format = dateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(new Date(dayStart(range.from)), new Date(dayStart(range.to)));
}

// Web vitals (platform §9)

/** The metrics graded, in the order shown: the three core ones first. FID is retired (INP replaces it) and never shown. */
export const VITAL_ORDER = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const satisfies readonly WebVitalName[];

export const VITAL_NAMES: Record<(typeof VITAL_ORDER)[number], string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

export const RATING_LABELS: Record<WebVitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** A metric's value as people read it: milliseconds under a second, seconds above ('850 ms', '2.4 s'); CLS has no unit ('0.05'). */
export function formatVital(metric: WebVitalName, value: number, locale: string): string {
  if (metric === 'CLS') return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  if (value < 1000) return `${formatCount(Math.round(value), locale)} ms`;
  return `${numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value / 1000)} s`;
}

export interface GradedVital {
  metric: (typeof VITAL_ORDER)[number];
  name: string;
  /** null: no sample in the range. */
  p75: number | null;
  value: string;
  rating: WebVitalRating | null;
  ratingLabel: string;
  /** 'Good ≤ 2.5 s · poor > 4 s'. */
  thresholds: string;
  samples: number;
}

/** Each graded metric's p75 over the range, graded here with @vitrine/tracking's rateWebVital (the thresholds the collector uses). */
export function gradeVitals(summary: AnalyticsSummaryReply, locale: string): GradedVital[] {
  return VITAL_ORDER.map((metric) => {
    const row = summary.webVitals.find((entry) => entry.metric === metric && entry.samples > 0);
    const { good, poor } = WEB_VITALS_THRESHOLDS[metric];
    const rating = row ? rateWebVital(metric, row.p75) : null;
    return {
      metric,
      name: VITAL_NAMES[metric],
      p75: row ? row.p75 : null,
      value: row ? formatVital(metric, row.p75, locale) : '—',
      rating,
      ratingLabel: rating ? RATING_LABELS[rating] : 'No data',
      thresholds: `Good \u2264 ${formatVital(metric, good, locale)} \u00b7 poor > ${formatVital(metric, poor, locale)}`,
      samples: row?.samples ?? 0,
    };
  });
}

/** Whether the range saw anything at all (the dashboard then says so instead of drawing empty charts). */
export function isEmptySummary(summary: AnalyticsSummaryReply): boolean {
  const { totals } = summary;
  return totals.visits === 0 && totals.pageViews === 0 && totals.orders === 0;
}

/*
 * The summary's counted lists, typed as they come: the contract builds them from one helper with a computed
 * key, so their static type is an index signature; these name the key.
 */
export type PathCount = { path: string; count: number };
export type HostCount = { host: string; count: number };
export type NameCount = { name: string; count: number };

export const topPagesOf = (summary: AnalyticsSummaryReply) => summary.topPages as unknown as PathCount[];
export const referrersOf = (summary: AnalyticsSummaryReply) => summary.referrers as unknown as HostCount[];
export function devicesOf(summary: AnalyticsSummaryReply): { types: NameCount[]; browsers: NameCount[]; operatingSystems: NameCount[] } {
  return summary.devices as unknown as { types: NameCount[]; browsers: NameCount[]; operatingSystems: NameCount[] };
}
