import type { OrderStatusName, OwnerOrderSummaryJson } from '@vitrine/contracts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useBoot } from '../../api/client';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, setSearch, useLocation } from '../../app/router';
import { Empty, Loading, LoadFailed } from '../../ui/states';
import { useLocale } from '../../ui/locale';
import { useOrderList } from './orders-api';
import { money, minorUnitsOf, when } from './orders-format';
import { DEFAULT_ORDERS_STATE, exportHref, ORDER_STATUS_NAMES, orderNumberOf, ordersQuery, rangeProblem, readOrdersState, withFilters, writeOrdersState, type OrdersState } from './orders-state';
import { ORDER_TEXTS, STATUS_LABELS } from './texts';

/** The list's query string when it was last shown: the detail's way back keeps the owner's filters. */
let lastListSearch = '';
export const ordersListHref = () => `/config/orders${lastListSearch ? `?${lastListSearch}` : ''}`;

export function StatusBadge({ status }: { status: OrderStatusName }) {
  return <span className={`order-badge order-badge-${status}`}>{STATUS_LABELS[status]}</span>;
}

export function TestBadge() {
  return (
    <span className="order-badge order-badge-test" title={ORDER_TEXTS.testMode}>
      {ORDER_TEXTS.test}
    </span>
  );
}

/**
 * Orders that arrived since the list was first shown with these filters (first page only: new orders come
 * first). The first answer is the baseline; later answers (the 15 s refetch) are compared with it.
 */
export function useNewOrders(filterKey: string, orders: readonly OwnerOrderSummaryJson[] | undefined, ready: boolean): Set<string> {
  const baseline = useRef<{ key: string; newest: number; ids: Set<string> } | null>(null);
  return useMemo(() => {
    if (!orders || !ready) return new Set<string>();
    if (!baseline.current || baseline.current.key !== filterKey) {
      baseline.current = { key: filterKey, newest: Math.max(0, ...orders.map((order) => order.created)), ids: new Set(orders.map((order) => order.id)) };
      return new Set<string>();
    }
    const { newest, ids } = baseline.current;
    return new Set(orders.filter((order) => !ids.has(order.id) && order.created >= newest).map((order) => order.id));
  }, [filterKey, orders, ready]);
}

export function OrderList() {
  const { pathname, search } = useLocation();
  const state = readOrdersState(search);
  const boot = useBoot();
  const locale = useLocale();
  const timeZone = boot.website.timeZone;
  const query = ordersQuery(state, timeZone);
  const list = useOrderList(query);
  const apply = (next: OrdersState) => setSearch(pathname, writeOrdersState(next));
  const searchText = writeOrdersState(state).toString();
  useEffect(() => {
    lastListSearch = searchText;
  }, [searchText]);

  const filterKey = JSON.stringify({ ...state, cursor: '' });
  const onFirstPage = !state.cursor;
  const newIds = useNewOrders(filterKey, onFirstPage ? list.data?.orders : undefined, list.isSuccess && !list.isPlaceholderData);
  const filtered = state.status !== '' || state.email !== '' || state.from !== '' || state.to !== '';
  const orders = list.data?.orders ?? [];

  return (
    <section className="orders">
      <ScreenHeading
        actions={
          <a className="button button-secondary" href={exportHref(state, timeZone)} download aria-describedby="orders-export-description">
            {ORDER_TEXTS.exportCsv}
          </a>
        }
      >
        {ORDER_TEXTS.title}
      </ScreenHeading>
      <p id="orders-export-description" className="visually-hidden">{ORDER_TEXTS.exportDescription}</p>
      <OrderFilters state={state} onApply={apply} filtered={filtered} />

      <p role="status" className={newIds.size > 0 ? 'orders-new' : 'orders-new empty'}>
        {newIds.size > 0 ? ORDER_TEXTS.newOrders(newIds.size) : ''}
      </p>

      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : orders.length === 0 ? (
        <Empty title={filtered ? ORDER_TEXTS.noMatch : ORDER_TEXTS.noOrders}>
          <p>{filtered ? ORDER_TEXTS.noMatchText : ORDER_TEXTS.noOrdersText}</p>
        </Empty>
      ) : (
        <div className="card orders-card" aria-busy={list.isPlaceholderData || undefined}>
          {list.isError ? <LoadFailed error={list.error} retry={() => void list.refetch()} /> : null}
          <table className="data-table orders-table">
            <caption className="visually-hidden">{ORDER_TEXTS.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{ORDER_TEXTS.order}</th>
                <th scope="col">{ORDER_TEXTS.date}</th>
                <th scope="col">{ORDER_TEXTS.customer}</th>
                <th scope="col">{ORDER_TEXTS.status}</th>
                <th scope="col" className="numeric">{ORDER_TEXTS.items}</th>
                <th scope="col" className="numeric">{ORDER_TEXTS.total}</th>
                <th scope="col" className="numeric">{ORDER_TEXTS.refunded}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className={newIds.has(order.id) ? 'is-new' : undefined}>
                  <th scope="row" data-label={ORDER_TEXTS.order}>
                    <Link to={`/config/orders/${encodeURIComponent(order.id)}`} className="order-link" current={false}>
                      {ORDER_TEXTS.numberLabel(order.orderNumber)}
                    </Link>
                    {newIds.has(order.id) ? <span className="order-badge order-badge-new">New</span> : null}
                  </th>
                  <td data-label={ORDER_TEXTS.date} className="order-date">{when(order.created, locale, timeZone)}</td>
                  <td data-label={ORDER_TEXTS.customer} className="order-email">{order.email}</td>
                  <td data-label={ORDER_TEXTS.status}>
                    <span className="order-badges">
                      <StatusBadge status={order.status} />
                      {order.testMode ? <TestBadge /> : null}
                    </span>
                  </td>
                  <td className="numeric" data-label={ORDER_TEXTS.items}>{order.itemCount}</td>
                  <td className="numeric" data-label={ORDER_TEXTS.total}>{money(order.grandTotal, locale)}</td>
                  <td className="numeric" data-label={ORDER_TEXTS.refunded}>{minorUnitsOf(order.refundedTotal) > 0n ? money(order.refundedTotal, locale) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data?.nextCursor || state.cursor ? (
            <nav className="orders-pages" aria-label={ORDER_TEXTS.pages}>
              {state.cursor ? (
                <button type="button" className="button button-secondary" onClick={() => apply({ ...state, cursor: '' })}>{ORDER_TEXTS.firstPage}</button>
              ) : null}
              {list.data?.nextCursor ? (
                <button type="button" className="button button-secondary" onClick={() => apply({ ...state, cursor: list.data?.nextCursor ?? '' })}>{ORDER_TEXTS.nextPage}</button>
              ) : null}
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The filters as a form: applied on submit (Enter in any field), so typing sends nothing until the owner is done. */
function OrderFilters({ state, onApply, filtered }: { state: OrdersState; onApply: (next: OrdersState) => void; filtered: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState(state);
  const [problem, setProblem] = useState<string | null>(null);
  const key = writeOrdersState({ ...state, cursor: '' }).toString();
  // The address changed elsewhere (back, a link, Clear): the form follows it.
  useEffect(() => {
    setDraft(readOrdersState(new URLSearchParams(key)));
    setProblem(null);
  }, [key]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = draft.number.trim() && !orderNumberOf(draft.number) ? ORDER_TEXTS.numberUnreadable : rangeProblem(draft.from, draft.to);
    setProblem(why);
    if (!why) onApply(withFilters(state, draft));
  };
  return (
    <form className="orders-filters card" role="search" aria-label={ORDER_TEXTS.filters} onSubmit={submit} noValidate>
      <div className="field orders-email">
        <label htmlFor={`${id}-email`}>{ORDER_TEXTS.email}</label>
        <input id={`${id}-email`} type="search" value={draft.email} maxLength={256} autoComplete="off" onChange={(event) => setDraft({ ...draft, email: event.target.value })} />
      </div>
      <div className="field orders-number">
        <label htmlFor={`${id}-number`}>{ORDER_TEXTS.number}</label>
        <input
          id={`${id}-number`}
          type="search"
          inputMode="numeric"
          value={draft.number}
          maxLength={12}
          autoComplete="off"
          placeholder="1001"
          aria-invalid={problem === ORDER_TEXTS.numberUnreadable ? true : undefined}
          aria-describedby={problem === ORDER_TEXTS.numberUnreadable ? `${id}-problem` : undefined}
          onChange={(event) => setDraft({ ...draft, number: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-match`}>{ORDER_TEXTS.match}</label>
        <select id={`${id}-match`} value={draft.match} onChange={(event) => setDraft({ ...draft, match: event.target.value === 'exact' ? 'exact' : 'prefix' })}>
          <option value="prefix">{ORDER_TEXTS.matchPrefix}</option>
          <option value="exact">{ORDER_TEXTS.matchExact}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>{ORDER_TEXTS.status}</label>
        <select id={`${id}-status`} value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as OrdersState['status'] })}>
          <option value="">{ORDER_TEXTS.anyStatus}</option>
          {ORDER_STATUS_NAMES.map((status) => (
            <option key={status} value={status}>{STATUS_LABELS[status]}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{ORDER_TEXTS.from}</label>
        <input id={`${id}-from`} type="date" value={draft.from} aria-invalid={problem && problem !== ORDER_TEXTS.numberUnreadable ? true : undefined} aria-describedby={problem && problem !== ORDER_TEXTS.numberUnreadable ? `${id}-problem` : undefined} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{ORDER_TEXTS.to}</label>
        <input id={`${id}-to`} type="date" value={draft.to} aria-invalid={problem && problem !== ORDER_TEXTS.numberUnreadable ? true : undefined} aria-describedby={problem && problem !== ORDER_TEXTS.numberUnreadable ? `${id}-problem` : undefined} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      </div>
      <div className="orders-filter-actions">
        <button type="submit" className="button button-primary">{ORDER_TEXTS.apply}</button>
        {filtered ? (
          <button type="button" className="button button-secondary" onClick={() => onApply(DEFAULT_ORDERS_STATE)}>{ORDER_TEXTS.clear}</button>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="field-error" role="alert">{problem}</p>
      ) : null}
    </form>
  );
}
