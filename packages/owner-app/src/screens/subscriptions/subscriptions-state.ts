import type { SubscriptionStatusName } from '@vitrine/contracts';
import { setSearch, useLocation } from '../../app/router';
import { SUBSCRIPTION_STATUSES_IN_ORDER, type SubscriptionListState } from './subscriptions-api';

const CURSOR = /^[A-Za-z0-9_-]{1,300}$/;

/** The list's filter and page from the address (`?status=past_due&cursor=…`): unknown statuses and unreadable cursors are left out. */
export function readSubscriptionAddress(search: URLSearchParams): SubscriptionListState {
  const status = search.get('status') ?? '';
  const cursor = search.get('cursor') ?? '';
  return {
    status: (SUBSCRIPTION_STATUSES_IN_ORDER as readonly string[]).includes(status) ? (status as SubscriptionStatusName) : '',
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

export function writeSubscriptionAddress(state: SubscriptionListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status) search.set('status', state.status);
  if (state.cursor) search.set('cursor', state.cursor);
  return search;
}

export function useSubscriptionAddress(): [SubscriptionListState, (next: SubscriptionListState) => void] {
  const { pathname, search } = useLocation();
  return [readSubscriptionAddress(search), (next) => setSearch(pathname, writeSubscriptionAddress(next))];
}
