import type { AnalyticsSummaryReply } from '@vitrine/contracts';
import { ChartFigure } from '../../ui/ChartFigure';
import { DataTable } from '../../ui/DataTable';
import { formatCount, formatRate } from './figures';

/**
 * The funnel (product views → add to cart → checkout → order, in visits) as a bar chart. Four bars with their
 * names need no canvas: they are drawn with HTML and CSS (widths relative to the first step), so they wrap
 * and stay legible on a phone; the table holds the same numbers for screen readers.
 */
export const FUNNEL_STEPS = [
  { key: 'productViews', label: 'Viewed a product' },
  { key: 'addToCart', label: 'Added to cart' },
  { key: 'checkout', label: 'Reached checkout' },
  { key: 'orders', label: 'Ordered' },
] as const;

/** What the funnel counts (the server's rollup and summary: analytics/rollup.ts, summary.ts), said under it. */
export const FUNNEL_NOTE =
  'Visits that reached each step or a later one. Bots are left out, unless they ordered; Ordered counts every order.';

export interface FunnelRow {
  label: string;
  count: number;
  /** Of the first step (0–1). */
  ofFirst: number;
}

export function funnelRows(funnel: AnalyticsSummaryReply['funnel']): FunnelRow[] {
  const first = funnel.productViews;
  return FUNNEL_STEPS.map((step) => ({ label: step.label, count: funnel[step.key], ofFirst: first > 0 ? funnel[step.key] / first : 0 }));
}

export function Funnel({ funnel, locale }: { funnel: AnalyticsSummaryReply['funnel']; locale: string }) {
  const rows = funnelRows(funnel);
  return (
    <>
      <ChartFigure
        label="Funnel chart"
        chart={
          <ol className="funnel-bars">
            {rows.map((row) => (
              <li key={row.label} className="funnel-step">
                <span className="funnel-label">{row.label}</span>
                <span className="funnel-track">
                  <span className="funnel-bar" style={{ width: `${Math.max(row.count > 0 ? 2 : 0, row.ofFirst * 100)}%` }} />
                </span>
                <span className="funnel-count">
                  {formatCount(row.count, locale)}
                  {funnel.productViews > 0 ? <span className="funnel-share"> · {formatRate(row.ofFirst, locale)}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        }
        table={
          <DataTable
            caption="Funnel, in visits"
            columns={[
              { header: 'Step', cell: (row: FunnelRow) => row.label, rowHeader: true },
              { header: 'Visits', cell: (row) => formatCount(row.count, locale), numeric: true },
              { header: 'Of product views', cell: (row) => (funnel.productViews > 0 ? formatRate(row.ofFirst, locale) : '—'), numeric: true },
            ]}
            rows={rows}
            rowKey={(row) => row.label}
          />
        }
      />
      <p className="footnote">{FUNNEL_NOTE}</p>
    </>
  );
}
