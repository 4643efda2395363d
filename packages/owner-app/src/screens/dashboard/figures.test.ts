import { describe, expect, it } from 'vitest';
import { WEB_VITALS_THRESHOLDS } from '@vitrine/tracking/web-vitals-thresholds';
import { summaryOf } from '../../test-support/fixtures';
import {
  changeOf, dashboardFigures, describeChange, formatChange, formatDay, formatRange, formatRate, formatRevenue, formatVital, gradeVitals, isEmptySummary,
} from './figures';
import { funnelRows } from './Funnel';

describe('changes against the previous period', () => {
  it('is up, down, flat, or new when there was nothing before', () => {
    expect(changeOf(12, 8)).toEqual({ direction: 'up', ratio: 0.5 });
    expect(changeOf(6, 8)).toEqual({ direction: 'down', ratio: -0.25 });
    expect(changeOf(0, 0)).toEqual({ direction: 'flat', ratio: 0 });
    expect(changeOf(3, 0)).toEqual({ direction: 'new', ratio: null });
    expect(changeOf(0, 3)).toEqual({ direction: 'down', ratio: -1 });
  });

  it('is written with a sign and said in words', () => {
    expect(formatChange(changeOf(12, 8), 'en-US')).toBe('+50%');
    expect(formatChange(changeOf(1, 3), 'en-US')).toBe('\u221266.7%');
    expect(formatChange(changeOf(0, 0), 'en-US')).toBe('0%');
    expect(formatChange(changeOf(3, 0), 'en-US')).toBe('New');
    expect(formatChange(changeOf(1125, 1000), 'de-DE')).toBe('+12,5\u00a0%');
    expect(describeChange(changeOf(12, 8), '8', 'en-US')).toBe('Up 50% from 8 in the previous period');
    expect(describeChange(changeOf(6, 8), '8', 'en-US')).toBe('Down 25% from 8 in the previous period');
    expect(describeChange(changeOf(3, 0), '0', 'en-US')).toBe('Up from 0 in the previous period');
    expect(describeChange(changeOf(0, 0), '0', 'en-US')).toBe('No change from the previous period (0)');
  });
});

describe('formatting', () => {
  it('formats revenue with the currency rules of @vitrine/format', () => {
    expect(formatRevenue({ value: '1234.50', currency: 'USD' }, 'en-US')).toBe('$1,234.50');
    expect(formatRevenue({ value: '1234.50', currency: 'EUR' }, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatRevenue({ value: '1234', currency: 'JPY' }, 'en-US')).toBe('¥1,234');
    expect(formatRevenue({ value: '5.00', currency: 'XXX' }, 'en-US')).toBe('5.00 XXX');
  });

  it('formats rates, days and ranges (UTC days, whatever the time zone)', () => {
    expect(formatRate(0.0833, 'en-US')).toBe('8.33%');
    expect(formatRate(0, 'en-US')).toBe('0%');
    expect(formatDay('2026-03-01', 'en-US')).toBe('Mar 1');
    expect(formatRange({ from: '2026-03-01', to: '2026-03-07' }, 'en-US')).toBe('Mar 1\u2009–\u20097, 2026'); // Intl's thin spaces around the dash
    expect(formatRange({ from: '2025-12-25', to: '2026-01-07' }, 'en-US')).toBe('Dec 25, 2025\u2009–\u2009Jan 7, 2026');
    expect(formatRange({ from: '2026-03-07', to: '2026-03-07' }, 'en-US')).toBe('Mar 7, 2026');
  });

  it('writes web vitals as people read them', () => {
    expect(formatVital('LCP', 850, 'en-US')).toBe('850 ms');
    expect(formatVital('LCP', 2400, 'en-US')).toBe('2.4 s');
    expect(formatVital('TTFB', 1234.5, 'en-US')).toBe('1.23 s');
    expect(formatVital('CLS', 0.051, 'en-US')).toBe('0.05');
  });
});

describe('the dashboard figures', () => {
  it('are the six headline numbers against the previous period', () => {
    const figures = dashboardFigures(summaryOf({ from: '2026-03-01', to: '2026-03-07' }), 'en-US');
    expect(figures.map((figure) => [figure.label, figure.value, figure.previous, formatChange(figure.change, 'en-US')])).toEqual([
      ['Visits', '12', '8', '+50%'],
      ['Unique visitors', '10', '8', '+25%'],
      ['Page views', '30', '30', '0%'],
      ['Orders', '1', '0', 'New'],
      ['Revenue', '$45.00', '$0.00', 'New'],
      ['Conversion rate', '8.33%', '0%', 'New'],
    ]);
  });

  it('grades the web vitals p75 with platform §9 thresholds (INP graded, FID never shown)', () => {
    const at = (metric: string, p75: number) => gradeVitals(summaryOf({ from: '2026-03-01', to: '2026-03-01' }, { webVitals: [{ metric, p75, rating: 'good', samples: 3, pages: [] }] }), 'en-US');
    const rating = (metric: string, p75: number) => at(metric, p75).find((row) => row.metric === metric)!.rating;
    expect(rating('LCP', WEB_VITALS_THRESHOLDS.LCP.good)).toBe('good');
    expect(rating('LCP', 2501)).toBe('needs-improvement');
    expect(rating('LCP', 4000)).toBe('needs-improvement');
    expect(rating('LCP', 4001)).toBe('poor');
    expect(rating('INP', 200)).toBe('good');
    expect(rating('INP', 501)).toBe('poor');
    expect(rating('CLS', 0.1)).toBe('good');
    expect(rating('CLS', 0.26)).toBe('poor');
    expect(rating('TTFB', 900)).toBe('needs-improvement');
    const rows = at('FCP', 1000);
    expect(rows.map((row) => row.metric)).toEqual(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
    expect(rows.find((row) => row.metric === 'LCP')).toMatchObject({ p75: null, value: '—', rating: null, ratingLabel: 'No data', samples: 0 });
    expect(rows.find((row) => row.metric === 'FCP')).toMatchObject({ value: '1.0 s', ratingLabel: 'Good', thresholds: 'Good \u2264 1.8 s \u00b7 poor > 3.0 s' });
  });

  it('knows an empty range, and draws the funnel against its first step', () => {
    const empty = summaryOf({ from: '2026-03-01', to: '2026-03-01' });
    expect(isEmptySummary(empty)).toBe(false);
    expect(isEmptySummary({ ...empty, totals: { ...empty.totals, visits: 0, pageViews: 0, orders: 0 } })).toBe(true);
    expect(funnelRows({ productViews: 8, addToCart: 4, checkout: 2, orders: 1 }).map((row) => [row.label, row.count, row.ofFirst])).toEqual([
      ['Viewed a product', 8, 1], ['Added to cart', 4, 0.5], ['Reached checkout', 2, 0.25], ['Ordered', 1, 0.125],
    ]);
    expect(funnelRows({ productViews: 0, addToCart: 0, checkout: 0, orders: 0 }).every((row) => row.ofFirst === 0)).toBe(true);
  });
});
