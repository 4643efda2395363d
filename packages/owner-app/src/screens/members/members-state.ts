import type { MembershipStatusName } from '@vitrine/contracts';
import { setSearch, useLocation } from '../../app/router';

/**
 * An area's members list as its address keeps it (`/config/members/<areaId>?status=active&q=ann&cursor=…`), so a
 * reload or a shared link opens the same page: the status filter, the email search and the server's page cursor.
 * Defaults (every status, no search, the first page) are left out; unknown or malformed values read as the default.
 */
export interface MemberListState {
  /** '' = every status. */
  status: MembershipStatusName | '';
  /** Part of an email, as the server takes it (1–100 characters), or ''. */
  q: string;
  /** The page's cursor (the server's `nextCursor`), or '' for the first page. */
  cursor: string;
}

export const MEMBERSHIP_STATUSES_IN_ORDER: readonly MembershipStatusName[] = ['active', 'expired', 'ended'];
export const MEMBER_SEARCH_MAX = 100;
const CURSOR = /^[A-Za-z0-9_-]{1,300}$/;

/** A search as typed, as the server takes it: trimmed, at most 100 characters ('' for none). */
export const memberSearchOf = (text: string): string => text.trim().slice(0, MEMBER_SEARCH_MAX);

export function readMemberListState(search: URLSearchParams): MemberListState {
  const status = search.get('status') ?? '';
  const cursor = search.get('cursor') ?? '';
  return {
    status: (MEMBERSHIP_STATUSES_IN_ORDER as readonly string[]).includes(status) ? (status as MembershipStatusName) : '',
    q: memberSearchOf(search.get('q') ?? ''),
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

export function writeMemberListState(state: MemberListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status) search.set('status', state.status);
  if (state.q) search.set('q', state.q);
  if (state.cursor) search.set('cursor', state.cursor);
  return search;
}

export function useMemberListAddress(): [MemberListState, (next: MemberListState) => void] {
  const { pathname, search } = useLocation();
  return [readMemberListState(search), (next) => setSearch(pathname, writeMemberListState(next))];
}
