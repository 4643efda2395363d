import { setSearch, useLocation } from '../../app/router';
import { REVIEW_STATUSES_IN_ORDER, type ReviewListState } from './reviews-api';

const CURSOR = /^[A-Za-z0-9_-]{1,300}$/;

/**
 * The list's filter and page from the address: no `status` is the moderation queue (pending), `status=all` every
 * review; unknown statuses and unreadable cursors are left out.
 */
export function readReviewAddress(search: URLSearchParams): ReviewListState {
  const status = search.get('status') ?? '';
  const cursor = search.get('cursor') ?? '';
  const known = (REVIEW_STATUSES_IN_ORDER as readonly string[]).includes(status);
  return {
    status: status === 'all' ? '' : known ? (status as ReviewListState['status']) : 'pending',
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

export function writeReviewAddress(state: ReviewListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status !== 'pending') search.set('status', state.status || 'all');
  if (state.cursor) search.set('cursor', state.cursor);
  return search;
}

export function useReviewAddress(): [ReviewListState, (next: ReviewListState) => void] {
  const { pathname, search } = useLocation();
  return [readReviewAddress(search), (next) => setSearch(pathname, writeReviewAddress(next))];
}
