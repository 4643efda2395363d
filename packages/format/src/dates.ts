import { dateTimeFormat } from './intl-cache';
import { DEFAULT_LOCALE } from './numbers';

/** platform.md §9: the site time zone when none is configured. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** platform.md §8: the text for a date that cannot be read. */
export const INVALID_DATE_TEXT = 'Invalid date.';
export const INVALID_ARGUMENT_MESSAGE = 'Invalid argument';

export type DateInput = Date | number | string;
export type DateStyle = 'full' | 'long' | 'medium' | 'short';

export interface DateFormatOptions {
  locale?: string;
  /** IANA zone of the site; default America/New_York. */
  timeZone?: string;
  dateStyle?: DateStyle;
  timeStyle?: DateStyle;
}

/**
 * A valid Date from a Date, epoch milliseconds, a numeric string of milliseconds
 * or an ISO-8601 string; null for anything else.
 */
export function toValidDate(input: unknown): Date | null {
  let date: Date;
  if (input instanceof Date) date = new Date(input.getTime());
  else if (typeof input === 'number') date = new Date(input);
  else if (typeof input === 'string' && input.trim() !== '') {
    const text = input.trim();
    date = /^[+-]?\d+(\.\d+)?$/.test(text) ? new Date(Number(text)) : new Date(text);
  } else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(input: DateInput, options: DateFormatOptions, defaults: Intl.DateTimeFormatOptions): string {
  const date = toValidDate(input);
  if (date === null) return INVALID_DATE_TEXT;
  const styles: Intl.DateTimeFormatOptions = {};
  if ('dateStyle' in defaults) styles.dateStyle = options.dateStyle ?? defaults.dateStyle;
  if ('timeStyle' in defaults) styles.timeStyle = options.timeStyle ?? defaults.timeStyle;
  return dateTimeFormat(options.locale ?? DEFAULT_LOCALE, {
    ...styles,
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
  }).format(date);
}

/** 'November 21, 2026' in the site time zone; 'Invalid date.' for unreadable input. */
export function formatDate(input: DateInput, options: DateFormatOptions = {}): string {
  return format(input, options, { dateStyle: 'long' });
}

/** '6:05 PM' in the site time zone; 'Invalid date.' for unreadable input. */
export function formatTime(input: DateInput, options: DateFormatOptions = {}): string {
  return format(input, options, { timeStyle: 'short' });
}

/** 'November 21, 2026 at 6:05 PM' in the site time zone; 'Invalid date.' for unreadable input. */
export function formatDateTime(input: DateInput, options: DateFormatOptions = {}): string {
  return format(input, options, { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * 'November 21 – 23, 2026' (Intl shares what both ends have in common). Default:
 * dates only; pass timeStyle for times. 'Invalid date.' if either end is unreadable.
 */
export function formatDateInterval(start: DateInput, end: DateInput, options: DateFormatOptions = {}): string {
  const from = toValidDate(start);
  const to = toValidDate(end);
  if (from === null || to === null) return INVALID_DATE_TEXT;
  const styles: Intl.DateTimeFormatOptions = {};
  if (options.dateStyle || !options.timeStyle) styles.dateStyle = options.dateStyle ?? 'long';
  if (options.timeStyle) styles.timeStyle = options.timeStyle;
  const formatter = dateTimeFormat(options.locale ?? DEFAULT_LOCALE, {
    ...styles,
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
  });
  // Ranges read forwards whatever order the caller passed.
  return from <= to ? formatter.formatRange(from, to) : formatter.formatRange(to, from);
}

export interface ZonedParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0..23 */
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number;
  /** Minutes east of UTC at that instant (New York in winter: -300). */
  offsetMinutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Calendar fields of an instant as seen in a time zone (for templates' own date patterns). */
export function zonedParts(input: DateInput, timeZone: string = DEFAULT_TIME_ZONE): ZonedParts {
  const date = toValidDate(input);
  if (date === null) throw new RangeError(INVALID_DATE_TEXT);
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
    era: 'short',
  }).formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  const yearOfEra = Number(field('year'));
  const year = field('era') === 'BC' ? 1 - yearOfEra : yearOfEra;
  return {
    year,
    month: Number(field('month')),
    day: Number(field('day')),
    hour: Number(field('hour')),
    minute: Number(field('minute')),
    second: Number(field('second')),
    millisecond: ((date.getTime() % 1000) + 1000) % 1000,
    weekday: WEEKDAYS.indexOf(field('weekday')),
    offsetMinutes: offsetOf(date, timeZone),
  };
}

function offsetOf(date: Date, timeZone: string): number {
  const name =
    dateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Number(match[4] ?? 0) / 60;
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Offset of a time zone from UTC in minutes at an instant (east positive).
 * platform.md §8: anything but a Date or a number throws 'Invalid argument'.
 */
export function timezoneOffset(input: Date | number, timeZone: string = DEFAULT_TIME_ZONE): number {
  if (!(input instanceof Date) && typeof input !== 'number') throw new TypeError(INVALID_ARGUMENT_MESSAGE);
  const date = new Date(input instanceof Date ? input.getTime() : input);
  if (Number.isNaN(date.getTime())) throw new RangeError(INVALID_DATE_TEXT);
  return offsetOf(date, timeZone);
}

const MS_PER_DAY = 86_400_000;
/** Julian date of the Unix epoch (1970-01-01T00:00Z). */
export const UNIX_EPOCH_JULIAN_DAY = 2_440_587.5;
/** JS dates reach ±100,000,000 days from the epoch; Julian days outside that cannot be dates. */
export const MIN_JULIAN_DAY = UNIX_EPOCH_JULIAN_DAY - 100_000_000;
export const MAX_JULIAN_DAY = UNIX_EPOCH_JULIAN_DAY + 100_000_000;
export const JULIAN_DAY_RANGE_MESSAGE = 'Julian day out of range';

/** Astronomical Julian date (fractional, noon-based) of an instant. */
export function julianDayFromDate(input: DateInput): number {
  const date = toValidDate(input);
  if (date === null) throw new RangeError(INVALID_DATE_TEXT);
  return date.getTime() / MS_PER_DAY + UNIX_EPOCH_JULIAN_DAY;
}

/** The instant of a Julian date; throws RangeError('Julian day out of range') beyond JS dates. */
export function dateFromJulianDay(julianDay: number): Date {
  if (typeof julianDay !== 'number' || !(julianDay >= MIN_JULIAN_DAY && julianDay <= MAX_JULIAN_DAY)) {
    throw new RangeError(`${JULIAN_DAY_RANGE_MESSAGE}: ${String(julianDay)}`);
  }
  return new Date(Math.round((julianDay - UNIX_EPOCH_JULIAN_DAY) * MS_PER_DAY));
}

/** Integer Julian day number of a calendar date in a time zone (the day starting at its noon). */
export function julianDayNumber(input: DateInput, timeZone: string = DEFAULT_TIME_ZONE): number {
  const { year, month, day } = zonedParts(input, timeZone);
  // setUTCFullYear, unlike Date.UTC, does not remap years 0..99 to 1900..1999.
  const civil = new Date(0);
  civil.setUTCFullYear(year, month - 1, day);
  civil.setUTCHours(0, 0, 0, 0);
  return Math.floor(civil.getTime() / MS_PER_DAY + UNIX_EPOCH_JULIAN_DAY + 0.5);
}

/** True for an IANA zone Intl knows ('Europe/Paris', 'UTC'); use it to check a site's setting. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
