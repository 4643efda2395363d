import type { ListOwnerOrdersQuery, OrderStatusName } from '@vitrine/contracts';
import { timezoneOffset } from '@vitrine/format/dates';

/**
 * The order list's filters, kept in the address so a reload or a shared link opens the same list:
 * `/config/orders?status=placed&email=ann%40&match=exact&number=1001&from=2026-11-01&to=2026-11-23&cursor=…`.
 * Defaults (any status, no email, email matched by its start, no number, no dates, first page) are left out.
 */
export interface OrdersState {
  status: OrderStatusName | '';
  /** The customer's email, or its start. */
  email: string;
  /** How the email is matched: by its start (the default) or the whole address. */
  match: 'prefix' | 'exact';
  /** The order's human number, digits only ('1001'), or ''. */
  number: string;
  /** Days in the website's time zone (YYYY-MM-DD), both included, or ''. */
  from: string;
  to: string;
  /** The page's cursor (the server's `nextCursor`), or '' for the first page. */
  cursor: string;
}

export const ORDER_STATUS_NAMES: readonly OrderStatusName[] = ['placed', 'partially_fulfilled', 'fulfilled', 'cancelled', 'refunded'];

export const DEFAULT_ORDERS_STATE: OrdersState = { status: '', email: '', match: 'prefix', number: '', from: '', to: '', cursor: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
/** An order number as typed: 1001 or #1001 (as it is shown), spaces around allowed. */
const ORDER_NUMBER = /^\s*#?\s*(\d{1,9})\s*$/;

/** The digits of an order number as typed ('#1001' → '1001'), or '' when it is not one. */
export function orderNumberOf(text: string): string {
  return ORDER_NUMBER.exec(text)?.[1] ?? '';
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads the filters from a query string; anything unknown or malformed falls back to the default. */
export function readOrdersState(search: URLSearchParams): OrdersState {
  const status = search.get('status') as OrderStatusName | null;
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const cursor = search.get('cursor') ?? '';
  return {
    status: status && ORDER_STATUS_NAMES.includes(status) ? status : '',
    email: (search.get('email') ?? '').trim().slice(0, 256),
    match: search.get('match') === 'exact' ? 'exact' : 'prefix',
    number: orderNumberOf(search.get('number') ?? ''),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

/** The query string of the filters (defaults left out; `match` only with an email). */
export function writeOrdersState(state: OrdersState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status) search.set('status', state.status);
  const email = state.email.trim();
  if (email) {
    search.set('email', email);
    if (state.match === 'exact') search.set('match', 'exact');
  }
  const number = orderNumberOf(state.number);
  if (number) search.set('number', number);
  if (state.from) search.set('from', state.from);
  if (state.to) search.set('to', state.to);
  if (state.cursor) search.set('cursor', state.cursor);
  return search;
}

/** New filters start again at the first page (a cursor belongs to the filters it came with). */
export function withFilters(state: OrdersState, filters: Omit<OrdersState, 'cursor'>): OrdersState {
  const next = { ...filters, email: filters.email.trim(), number: orderNumberOf(filters.number), cursor: '' };
  const same =
    next.status === state.status && next.email === state.email && next.match === state.match && next.number === state.number &&
    next.from === state.from && next.to === state.to;
  return same ? state : next;
}

/** Why a date range cannot be asked for, or null. */
export function rangeProblem(from: string, to: string): string | null {
  if ((from && !isDay(from)) || (to && !isDay(to))) return 'Dates are written YYYY-MM-DD.';
  if (from && to && from > to) return 'The start date is after the end date.';
  return null;
}

/**
 * The instant a day starts in a time zone, as an ISO string in UTC ('2026-11-23' in New York →
 * '2026-11-23T05:00:00.000Z'). The offset is read at the first guess and again at the result, so a day
 * whose midnight falls in a clock change still lands on its first instant.
 */
export function dayStartIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  let offset: number;
  try {
    offset = timezoneOffset(utcMidnight, timeZone);
    offset = timezoneOffset(utcMidnight - offset * 60_000, timeZone);
  } catch {
    offset = 0;
  }
  return new Date(utcMidnight - offset * 60_000).toISOString();
}

/** The day after (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * The list call's query for the filters. Days are the website's days: `from` is the start of the first,
 * `to` the start of the day after the last (the server's `to` is exclusive for a date-time).
 */
export function ordersQuery(state: OrdersState, timeZone: string): ListOwnerOrdersQuery {
  const query: ListOwnerOrdersQuery = {};
  if (state.status) query.status = state.status;
  const email = state.email.trim();
  if (email) {
    if (state.match === 'exact') query.email = email;
    else query.emailPrefix = email;
  }
  const number = orderNumberOf(state.number);
  if (number) query.number = number;
  if (state.from) query.from = dayStartIn(state.from, timeZone);
  if (state.to) query.to = dayStartIn(nextDay(state.to), timeZone);
  if (state.cursor) query.cursor = state.cursor;
  return query;
}

/** The CSV export's address for the filters (no cursor: every matching order). */
export function exportHref(state: OrdersState, timeZone: string): string {
  const { cursor: _cursor, ...filters } = ordersQuery(state, timeZone);
  const search = new URLSearchParams(filters as Record<string, string>).toString();
  return `/api/owner/orders/export.csv${search ? `?${search}` : ''}`;
}
