import type { MailStatus, NewsletterSubscriberStatus } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { useBoot } from '../../api/client';
import { setSearch, useLocation } from '../../app/router';
import { useLocale } from '../../ui/locale';

/** The outbox's states in the filter's order (the contract's list; type-only imports keep TypeBox out of the bundle). */
export const MAIL_STATUSES_IN_ORDER: readonly MailStatus[] = ['pending', 'sending', 'sent', 'failed', 'suppressed'];
export const SUBSCRIBER_STATUSES_IN_ORDER: readonly NewsletterSubscriberStatus[] = ['confirmed', 'pending', 'unsubscribed'];

const CURSOR = /^[A-Za-z0-9_=-]{1,600}$/;

/** A status from the address when it is one of `known`, else '' (all). */
export function readStatus<T extends string>(text: string, known: readonly T[]): T | '' {
  return (known as readonly string[]).includes(text) ? (text as T) : '';
}

export interface ListAddress {
  status: string;
  cursor: string;
}

/** A list's filter and page in the address (`?status=failed&cursor=…`); defaults left out. */
export function readListAddress(search: URLSearchParams): ListAddress {
  const cursor = search.get('cursor') ?? '';
  return { status: search.get('status') ?? '', cursor: CURSOR.test(cursor) ? cursor : '' };
}

export function writeListAddress(address: ListAddress): URLSearchParams {
  const search = new URLSearchParams();
  if (address.status) search.set('status', address.status);
  if (address.cursor) search.set('cursor', address.cursor);
  return search;
}

export function useListAddress(): [ListAddress, (next: ListAddress) => void] {
  const { pathname, search } = useLocation();
  return [readListAddress(search), (next) => setSearch(pathname, writeListAddress(next))];
}

/** A time in the website's zone and locale: 'Nov 23, 2026, 9:20 PM'. */
export function useWhen(): (iso: string) => string {
  const boot = useBoot();
  const locale = useLocale();
  return (iso) => formatDateTime(iso, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
