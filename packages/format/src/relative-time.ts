import { INVALID_DATE_TEXT, toValidDate } from './dates';
import { relativeTimeFormat } from './intl-cache';
import { DEFAULT_LOCALE } from './numbers';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** Whole units elapsed, largest unit first: a year is 365 days, a month 30, a week 7. */
function largestUnit(elapsedMs: number): { unit: Unit; count: number } | null {
  const days = Math.floor(elapsedMs / DAY);
  const steps: Array<[Unit, number]> = [
    ['year', Math.floor(days / 365)],
    ['month', Math.floor(days / 30)],
    ['week', Math.floor(days / 7)],
    ['day', days],
    ['hour', Math.floor(elapsedMs / HOUR)],
    ['minute', Math.floor(elapsedMs / MINUTE)],
  ];
  for (const [unit, count] of steps) if (count > 0) return { unit, count };
  return null;
}

/**
 * Storefront wording (storefront.md §9): 'about a year ago', 'about 3 months ago',
 * 'about an hour ago', ... and 'less than a minute ago' below one minute (also for
 * future instants). 'Invalid date.' for a non-numeric or invalid date.
 */
export function timeSince(input: Date | number | string, now: Date | number = Date.now()): string {
  const date = toValidDate(input);
  const reference = toValidDate(now);
  if (date === null || reference === null) return INVALID_DATE_TEXT;
  const largest = largestUnit(reference.getTime() - date.getTime());
  if (largest === null) return 'less than a minute ago';
  const { unit, count } = largest;
  if (count === 1) return `about ${unit === 'hour' ? 'an' : 'a'} ${unit} ago`;
  return `about ${count} ${unit}s ago`;
}

/** platform.md §9: relative time under 60 s reads 'just now'. */
export const JUST_NOW_TEXT = 'just now';
export const JUST_NOW_LIMIT_MS = 60 * SECOND;

/**
 * Platform wording: 'just now' within 60 s either way, otherwise Intl's localized
 * relative time in the largest whole unit ('5 minutes ago', 'in 2 days', '1 year ago').
 */
export function relativeTime(
  input: Date | number | string,
  now: Date | number = Date.now(),
  locale: string = DEFAULT_LOCALE,
): string {
  const date = toValidDate(input);
  const reference = toValidDate(now);
  if (date === null || reference === null) return INVALID_DATE_TEXT;
  const delta = date.getTime() - reference.getTime();
  if (Math.abs(delta) < JUST_NOW_LIMIT_MS) return JUST_NOW_TEXT;
  const largest = largestUnit(Math.abs(delta))!;
  return relativeTimeFormat(locale, { numeric: 'always' }).format(
    delta < 0 ? -largest.count : largest.count,
    largest.unit,
  );
}
