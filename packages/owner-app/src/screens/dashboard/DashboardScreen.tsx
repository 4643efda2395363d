import { lazy, Suspense, useMemo } from 'react';
import type { AnalyticsSummaryReply } from '@vitrine/contracts';
import { useAnalyticsSummary, useOwner } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { setSearch, useLocation } from '../../app/router';
import { ChartFigure } from '../../ui/ChartFigure';
import { DataTable } from '../../ui/DataTable';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { useLocale } from '../../ui/locale';
import { APP_TEXTS } from '../../ui/messages';
import { Empty, LoadFailed, Loading } from '../../ui/states';
import type { DailySeries } from './DailyChart';
import {
  dashboardFigures, describeChange, devicesOf, formatChange, formatCount, formatDay, formatRange, formatRevenue, gradeVitals, isEmptySummary, referrersOf,
  topPagesOf, type Figure, type HostCount, type NameCount, type PathCount,
} from './figures';
import { Funnel } from './Funnel';
import { Live } from './Live';
import { RecoveredCarts } from './RecoveredCarts';
import { useBoot } from '../../api/client';
import { previousRange, rangeFromSearch, searchOfRange, todayUtc, type ChosenRange } from './range';
import { RangePicker } from './RangePicker';

/** uPlot and the line chart come in their own chunk: the figures show before it arrives. */
const DailyChart = lazy(() => import('./DailyChart'));

/**
 * The dashboard: for a range (last 7 days, last 30 days, or custom; kept in the address), the headline figures
 * against the previous period, the visits per day, the funnel, where visits came from and what they looked at,
 * how fast the pages were (web vitals p75 graded against platform §9) and which scripts failed.
 */
export default function DashboardScreen() {
  const { pathname, search } = useLocation();
  const locale = useLocale();
  const today = todayUtc();
  const chosen = useMemo(() => rangeFromSearch(search, today), [search, today]);
  // The numbers need the reports permission (platform roles: admin, website and store managers, reporting).
  const mayRead = useOwner().data?.permissions.includes('reports:read') ?? false;
  // A range that includes today is asked again every minute: today's rollup moves as shoppers visit.
  const summary = useAnalyticsSummary(chosen.range, { enabled: mayRead, refetchInterval: chosen.range.to >= today ? 60_000 : false });
  const { timeZone } = useBoot().website;
  const choose = (next: ChosenRange) => setSearch(pathname, searchOfRange(next));
  const comparedWith = summary.data && !summary.isPlaceholderData ? summary.data.previousRange : previousRange(chosen.range);

  return (
    <>
      <ScreenHeading>Dashboard</ScreenHeading>
      <div className="toolbar">
        <RangePicker chosen={chosen} today={today} onChange={choose} />
        <p className="range-caption">
          <span>{formatRange(chosen.range, locale)}</span>
          <span className="muted"> compared with {formatRange(comparedWith, locale)} (UTC days)</span>
        </p>
      </div>
      <Live locale={locale} timeZone={timeZone} />
      <RecoveredCarts locale={locale} enabled={mayRead} />
      {!mayRead ? (
        <Empty title="Your role does not include the numbers">
          <p>The dashboard shows visits, orders and revenue to the roles that read reports. Ask an admin if you need them; the other screens work as your role allows.</p>
        </Empty>
      ) : summary.isPending ? (
        <Loading />
      ) : summary.isError && !summary.data ? (
        <LoadFailed error={summary.error} retry={() => void summary.refetch()} />
      ) : summary.data ? (
        <div className={summary.isPlaceholderData ? 'dashboard is-updating' : 'dashboard'} aria-busy={summary.isPlaceholderData || undefined}>
          {summary.isPlaceholderData ? <Loading label={APP_TEXTS.updating} /> : null}
          {summary.isError ? <LoadFailed error={summary.error} retry={() => void summary.refetch()} /> : null}
          <DashboardBody summary={summary.data} locale={locale} />
        </div>
      ) : null}
    </>
  );
}

function DashboardBody({ summary, locale }: { summary: AnalyticsSummaryReply; locale: string }) {
  const figures = dashboardFigures(summary, locale);
  const empty = isEmptySummary(summary);
  return (
    <>
      <section aria-labelledby="figures-title" className="section">
        <h2 id="figures-title" className="visually-hidden">
          Figures
        </h2>
        <ul className="figure-grid">
          {figures.map((figure) => (
            <FigureCard key={figure.key} figure={figure} locale={locale} />
          ))}
        </ul>
        {!summary.totals.uniqueVisitorsExact ? (
          <p className="footnote">Some days are older than the raw visits kept: a visitor seen on several of them counts once per day.</p>
        ) : null}
      </section>
      {empty ? (
        <Empty title="No visits in this period yet">
          <p>The numbers appear here as shoppers visit the site. Today's are counted again every few minutes.</p>
        </Empty>
      ) : (
        <>
          <section className="card section" aria-labelledby="daily-title">
            <h2 id="daily-title">Visits per day</h2>
            <DailyFigure summary={summary} locale={locale} />
          </section>
          <div className="two-columns">
            <section className="card section" aria-labelledby="funnel-title">
              <h2 id="funnel-title">Funnel</h2>
              <Funnel funnel={summary.funnel} locale={locale} />
            </section>
            <section className="card section" aria-labelledby="vitals-title">
              <h2 id="vitals-title">Web vitals (p75)</h2>
              <Vitals summary={summary} locale={locale} />
            </section>
          </div>
          <div className="two-columns">
            <section className="card section" aria-labelledby="pages-title">
              <h2 id="pages-title">Top pages</h2>
              <DataTable
                caption="Top pages by page views"
                captionHidden
                columns={[
                  { header: 'Page', cell: (row: PathCount) => <span className="path">{row.path}</span>, rowHeader: true },
                  { header: 'Page views', cell: (row) => formatCount(row.count, locale), numeric: true },
                ]}
                rows={topPagesOf(summary)}
                rowKey={(row) => row.path}
              />
            </section>
            <section className="card section" aria-labelledby="products-title">
              <h2 id="products-title">Top products</h2>
              <DataTable
                caption="Top products by views"
                captionHidden
                columns={[
                  { header: 'Product', cell: (row: AnalyticsSummaryReply['products'][number]) => row.name, rowHeader: true },
                  { header: 'Views', cell: (row) => formatCount(row.views, locale), numeric: true },
                  { header: 'Added to cart', cell: (row) => formatCount(row.addToCart, locale), numeric: true },
                ]}
                rows={summary.products}
                rowKey={(row) => row.productId}
              />
            </section>
          </div>
          <div className="two-columns">
            <section className="card section" aria-labelledby="referrers-title">
              <h2 id="referrers-title">Top referrers</h2>
              <DataTable
                caption="Top referrers by visits"
                captionHidden
                columns={[
                  { header: 'Source', cell: (row: HostCount) => row.host, rowHeader: true },
                  { header: 'Visits', cell: (row) => formatCount(row.count, locale), numeric: true },
                ]}
                rows={referrersOf(summary)}
                rowKey={(row) => row.host}
                empty="No referrers: visits came directly or from this site"
              />
            </section>
            <section className="card section" aria-labelledby="devices-title">
              <h2 id="devices-title">Devices</h2>
              <Devices devices={devicesOf(summary)} locale={locale} />
            </section>
          </div>
          <section className="card section" aria-labelledby="errors-title">
            <h2 id="errors-title">Top JavaScript errors</h2>
            <DataTable
              caption="JavaScript errors shoppers met, most frequent first"
              captionHidden
              columns={[
                { header: 'Error', cell: (row: AnalyticsSummaryReply['jsErrors'][number]) => <span className="error-message">{row.message}</span>, rowHeader: true },
                { header: 'Where', cell: (row) => <span className="path">{row.firstFrame || '—'}</span> },
                { header: 'Times', cell: (row) => formatCount(row.count, locale), numeric: true },
              ]}
              rows={summary.jsErrors}
              rowKey={(row, index) => `${index}:${row.message}`}
              empty="No errors reported in this period"
            />
          </section>
        </>
      )}
    </>
  );
}

function FigureCard({ figure, locale }: { figure: Figure; locale: string }) {
  const labelId = `figure-${figure.key}`;
  const tone = figure.change.direction === 'flat' ? 'flat' : (figure.change.direction === 'down') === figure.higherIsBetter ? 'worse' : 'better';
  return (
    <li className="card figure-card">
      <div className="figure" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="figure-label">
        {figure.label}
      </p>
      <p className="figure-value">{figure.value}</p>
      <p className={`figure-change figure-change-${tone}`}>
        <span aria-hidden="true">
          <span className={`change-arrow change-arrow-${figure.change.direction}`} />
          {formatChange(figure.change, locale)}
        </span>
        <span className="visually-hidden">{describeChange(figure.change, figure.previous, locale)}</span>
        <span className="figure-previous" aria-hidden="true">
          {' '}
          vs {figure.previous}
        </span>
      </p>
      </div>
    </li>
  );
}

const SERIES_STYLE = [
  { key: 'visits', label: 'Visits', stroke: '#2c6ecb' },
  { key: 'uniqueVisitors', label: 'Unique visitors', stroke: '#8051c4', dash: [6, 4] },
  { key: 'pageViews', label: 'Page views', stroke: '#1c8a6b', dash: [2, 3] },
] as const;

function DailyFigure({ summary, locale }: { summary: AnalyticsSummaryReply; locale: string }) {
  const days = useMemo(() => summary.series.map((day) => day.day), [summary]);
  const series = useMemo<DailySeries[]>(
    () => SERIES_STYLE.map((style) => ({ label: style.label, stroke: style.stroke, dash: 'dash' in style ? [...style.dash] : undefined, values: summary.series.map((day) => day[style.key]) })),
    [summary],
  );
  return (
    <ChartFigure
      label="Visits, unique visitors and page views per day"
      chart={
        <ErrorBoundary fallback={<p className="muted">The chart could not be drawn: the table below has the numbers.</p>}>
          <Suspense fallback={<div className="chart-placeholder" />}>
            <DailyChart days={days} series={series} locale={locale} />
          </Suspense>
        </ErrorBoundary>
      }
      table={
        <DataTable
          caption="Per day"
          scrollable
          columns={[
            { header: 'Day', cell: (row: AnalyticsSummaryReply['series'][number]) => formatDay(row.day, locale, { withYear: true }), rowHeader: true },
            { header: 'Visits', cell: (row) => formatCount(row.visits, locale), numeric: true },
            { header: 'Unique visitors', cell: (row) => formatCount(row.uniqueVisitors, locale), numeric: true },
            { header: 'Page views', cell: (row) => formatCount(row.pageViews, locale), numeric: true },
            { header: 'Orders', cell: (row) => formatCount(row.orders, locale), numeric: true },
            { header: 'Revenue', cell: (row) => formatRevenue(row.revenue, locale), numeric: true },
          ]}
          rows={summary.series}
          rowKey={(row) => row.day}
        />
      }
    />
  );
}

function Vitals({ summary, locale }: { summary: AnalyticsSummaryReply; locale: string }) {
  const vitals = gradeVitals(summary, locale);
  return (
    <>
      <DataTable
        caption="Web vitals: the 75th percentile of what shoppers' browsers measured, graded against the recommended thresholds"
        captionHidden
        columns={[
          {
            header: 'Metric',
            cell: (row: (typeof vitals)[number]) => (
              <>
                <abbr title={row.name}>{row.metric}</abbr>
                <span className="vital-name"> {row.name}</span>
              </>
            ),
            rowHeader: true,
          },
          { header: 'p75', cell: (row) => row.value, numeric: true },
          {
            header: 'Rating',
            cell: (row) => (
              <>
                <span className={`rating rating-${row.rating ?? 'none'}`}>{row.ratingLabel}</span>
                <span className="thresholds">{row.thresholds}</span>
              </>
            ),
          },
          { header: 'Samples', cell: (row) => formatCount(row.samples, locale), numeric: true },
        ]}
        rows={vitals}
        rowKey={(row) => row.metric}
      />
      <p className="footnote">INP replaces FID, which browsers no longer measure.</p>
    </>
  );
}

function Devices({ devices, locale }: { devices: ReturnType<typeof devicesOf>; locale: string }) {
  const groups = [
    { caption: 'Device type', rows: devices.types },
    { caption: 'Browser', rows: devices.browsers },
    { caption: 'Operating system', rows: devices.operatingSystems },
  ];
  return (
    <div className="device-tables">
      {groups.map((group) => (
        <DataTable
          key={group.caption}
          caption={group.caption}
          columns={[
            { header: group.caption, cell: (row: NameCount) => row.name, rowHeader: true },
            { header: 'Visits', cell: (row) => formatCount(row.count, locale), numeric: true },
          ]}
          rows={group.rows}
          rowKey={(row) => row.name}
          captionHidden
        />
      ))}
    </div>
  );
}
