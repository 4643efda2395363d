import type { OwnerOrderSummaryJson } from '@vitrine/contracts';
import { useEffect, useRef, useState } from 'react';
import { useCan } from '../../api/hooks';
import { Link } from '../../app/router';
import { failureText } from '../../ui/messages';
import { formatCount, formatRevenue } from './figures';
import { newOrderIds, useLatestOrders, useVisitorsNow } from './live-api';

const timeFormat = (locale: string, timeZone: string) => {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
};

/** "Right now": visitors in the last 5 minutes and the latest orders, kept fresh without a reload (live-api.ts says how). */
export function Live({ locale, timeZone, interval }: { locale: string; timeZone: string; interval?: number }) {
  const mayReadReports = useCan('reports:read');
  const mayReadOrders = useCan('orders:read');
  const now = useVisitorsNow({ enabled: mayReadReports, interval });
  const latest = useLatestOrders({ enabled: mayReadOrders, interval });

  // The orders seen when the dashboard opened; those arriving later are announced (once each) and marked.
  const firstSeen = useRef<Set<string> | null>(null);
  if (firstSeen.current === null && latest.data) firstSeen.current = new Set(latest.data.orders.map((order) => order.id));
  const arrived = latest.data ? newOrderIds(firstSeen.current, latest.data.orders) : [];
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (arrived.length > 0) setAnnounced(arrived.length === 1 ? '1 new order' : `${arrived.length} new orders`);
  }, [arrived.length]);

  if (!mayReadReports && !mayReadOrders) return null;
  const times = timeFormat(locale, timeZone);
  return (
    <section className="live section" aria-labelledby="live-title">
      <h2 id="live-title">Right now</h2>
      <div className="live-grid">
        {mayReadReports ? (
          <div className="card live-now" role="group" aria-labelledby="live-now-label">
            <p id="live-now-label" className="figure-label">Visitors now</p>
            <p className="figure-value" aria-live="polite">
              {now.data ? formatCount(now.data.visitors, locale) : now.isError ? '—' : '…'}
            </p>
            <p className="figure-change muted">{now.isError ? failureText(now.error) : `in the last ${now.data?.windowMinutes ?? 5} minutes`}</p>
          </div>
        ) : null}
        {mayReadOrders ? (
          <div className="card live-orders">
            <h3>Latest orders</h3>
            <p className="visually-hidden" role="status">
              {announced}
            </p>
            {latest.isError ? (
              <p role="alert">{failureText(latest.error)}</p>
            ) : !latest.data ? (
              <p className="muted">…</p>
            ) : latest.data.orders.length === 0 ? (
              <p className="muted">No orders yet.</p>
            ) : (
              <ul className="live-order-list">
                {latest.data.orders.map((order: OwnerOrderSummaryJson) => (
                  <li key={order.id} className={arrived.includes(order.id) ? 'live-order is-new' : 'live-order'}>
                    <Link to={`/config/orders/${encodeURIComponent(order.id)}`}>{order.email}</Link>
                    <span className="live-order-total">{formatRevenue(order.grandTotal, locale)}</span>
                    <span className="live-order-time muted">
                      <time dateTime={new Date(order.created).toISOString()}>{times.format(order.created)}</time>
                      {arrived.includes(order.id) ? <span className="live-new-badge"> New</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
