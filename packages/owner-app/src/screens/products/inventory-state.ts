import type { InventorySort } from '@vitrine/contracts';

/**
 * The inventory panel's state, kept in the address so a reload or a shared link opens the same list:
 * `?q=shirt&sort=stock&direction=desc&cursor=…`. Defaults (name, ascending, first page) are left out.
 */
export interface InventoryState {
  q: string;
  sort: InventorySort;
  direction: 'asc' | 'desc';
  /** The page's cursor (the server's `nextCursor`), or '' for the first page. */
  cursor: string;
}

export const INVENTORY_SORT_LABELS: Record<InventorySort, string> = { name: 'Name', stock: 'Stock', price: 'Price' };
const SORTS = Object.keys(INVENTORY_SORT_LABELS) as InventorySort[];

export const DEFAULT_INVENTORY_STATE: InventoryState = { q: '', sort: 'name', direction: 'asc', cursor: '' };

/** Reads the state from a query string; anything unknown falls back to the default. */
export function readInventoryState(search: URLSearchParams): InventoryState {
  const sort = search.get('sort') as InventorySort | null;
  const direction = search.get('direction');
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    sort: sort && SORTS.includes(sort) ? sort : 'name',
    direction: direction === 'desc' ? 'desc' : 'asc',
    cursor: search.get('cursor') ?? '',
  };
}

/** The query string of a state (defaults left out). */
export function writeInventoryState(state: InventoryState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q.trim()) search.set('q', state.q.trim());
  if (state.sort !== 'name') search.set('sort', state.sort);
  if (state.direction !== 'asc') search.set('direction', state.direction);
  if (state.cursor) search.set('cursor', state.cursor);
  return search;
}

/**
 * A change of search or sort starts again at the first page (a cursor is only valid with the sort and
 * direction it came from); choosing the sort already in use flips its direction.
 */
export function withSearch(state: InventoryState, q: string): InventoryState {
  return q.trim() === state.q.trim() ? state : { ...state, q, cursor: '' };
}

export function withSort(state: InventoryState, sort: InventorySort, direction?: 'asc' | 'desc'): InventoryState {
  const next = direction ?? (state.sort === sort ? (state.direction === 'asc' ? 'desc' : 'asc') : 'asc');
  return { ...state, sort, direction: next, cursor: '' };
}

/** The list call's query for a state. */
export function inventoryQuery(state: InventoryState): { q?: string; sort: InventorySort; direction: 'asc' | 'desc'; cursor?: string } {
  return {
    ...(state.q.trim() ? { q: state.q.trim() } : {}),
    sort: state.sort,
    direction: state.direction,
    ...(state.cursor ? { cursor: state.cursor } : {}),
  };
}

/** A whole number of stock the set call accepts (0 to 1 000 000 000), or null. */
export function parseStock(text: string): number | null {
  if (!/^\s*\d{1,10}\s*$/.test(text)) return null;
  const value = Number(text.trim());
  return value <= 1_000_000_000 ? value : null;
}
