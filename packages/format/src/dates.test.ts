import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  dateFromJulianDay,
  formatDate,
  formatDateInterval,
  formatDateTime,
  formatTime,
  isValidTimeZone,
  julianDayFromDate,
  julianDayNumber,
  MAX_JULIAN_DAY,
  MIN_JULIAN_DAY,
  timezoneOffset,
  toValidDate,
  zonedParts,
} from './dates';

const NNBSP = '\u202f';
const THIN = '\u2009';
/** 2026-11-21T23:05:00Z: 18:05 in New York, already the 22nd in Paris. */
const INSTANT = Date.UTC(2026, 10, 21, 23, 5);

describe('date formatting in the site time zone', () => {
  it('defaults to America/New_York (platform.md §9)', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/New_York');
    expect(formatDate(INSTANT)).toBe('November 21, 2026');
    // Node 20's ICU writes a plain space before AM/PM here, but U+202F inside ranges.
    expect(formatTime(INSTANT)).toBe('6:05 PM');
    expect(formatDateTime(INSTANT)).toBe('November 21, 2026 at 6:05 PM');
  });

  it.each([
    [{ timeZone: 'Europe/Paris', locale: 'fr-FR', dateStyle: 'full' }, 'dimanche 22 novembre 2026'],
    [{ timeZone: 'UTC', dateStyle: 'short' }, '11/21/26'],
    [{ locale: 'de-DE' }, '21. November 2026'],
    [{ locale: 'ja-JP', timeZone: 'Asia/Tokyo' }, '2026年11月22日'],
  ] as const)('formatDate with %j gives %j', (options, expected) => {
    expect(formatDate(INSTANT, options)).toBe(expected);
  });

  it('accepts Dates, epoch milliseconds, numeric strings and ISO strings', () => {
    const expected = formatDate(INSTANT);
    expect(formatDate(new Date(INSTANT))).toBe(expected);
    expect(formatDate(String(INSTANT))).toBe(expected);
    expect(formatDate('2026-11-21T23:05:00Z')).toBe(expected);
  });

  it.each([['not a date'], [''], [Number.NaN], [new Date('nope')], [null], [{}]])(
    "gives 'Invalid date.' for %j (platform.md §8)",
    (input) => {
      expect(formatDate(input as never)).toBe('Invalid date.');
      expect(formatTime(input as never)).toBe('Invalid date.');
      expect(formatDateTime(input as never)).toBe('Invalid date.');
      expect(toValidDate(input)).toBeNull();
    },
  );

  it('formats intervals, sharing what both ends have in common', () => {
    expect(formatDateInterval(INSTANT, INSTANT + 2 * 86_400_000)).toBe(`November 21${THIN}–${THIN}23, 2026`);
    expect(formatDateInterval(INSTANT, INSTANT + 3_600_000, { timeStyle: 'short' })).toBe(
      `6:05${THIN}–${THIN}7:05${NNBSP}PM`,
    );
    // Reversed ends read forwards.
    expect(formatDateInterval(INSTANT + 40 * 86_400_000, INSTANT)).toBe(
      `November 21${THIN}–${THIN}December 31, 2026`,
    );
    expect(formatDateInterval('x', INSTANT)).toBe('Invalid date.');
  });
});

describe('time zones', () => {
  it.each([
    [INSTANT, 'America/New_York', -300],
    [Date.UTC(2026, 6, 1), 'America/New_York', -240],
    [INSTANT, 'Asia/Kolkata', 330],
    [INSTANT, 'UTC', 0],
    [new Date(INSTANT), 'Australia/Adelaide', 630],
  ])('offset at %s in %s is %i minutes', (input, zone, expected) => {
    expect(timezoneOffset(input, zone)).toBe(expected);
  });

  it.each([['2026-01-01'], [null], [undefined], [{}]])("throws 'Invalid argument' for %j", (input) => {
    expect(() => timezoneOffset(input as never)).toThrow(new TypeError('Invalid argument'));
  });

  it.each([
    ['America/New_York', true],
    ['UTC', true],
    ['Europe/Paris', true],
    ['Mars/Olympus', false],
    ['', false],
    [5, false],
  ])('isValidTimeZone(%j) is %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });

  it('reads calendar fields in a zone', () => {
    expect(zonedParts(INSTANT)).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 18,
      minute: 5,
      second: 0,
      millisecond: 0,
      weekday: 6,
      offsetMinutes: -300,
    });
    expect(zonedParts(INSTANT, 'Europe/Paris')).toMatchObject({ day: 22, hour: 0, weekday: 0 });
    expect(zonedParts('0000-06-01T00:00:00Z', 'UTC')).toMatchObject({ year: 0, month: 6 });
    expect(() => zonedParts('x')).toThrow('Invalid date.');
  });
});

describe('Julian days', () => {
  it.each([
    [0, 2_440_587.5],
    [Date.UTC(2000, 0, 1, 12), 2_451_545],
  ])('the Julian date of %s is %d', (instant, julianDay) => {
    expect(julianDayFromDate(instant)).toBe(julianDay);
    expect(dateFromJulianDay(julianDay).getTime()).toBe(instant);
  });

  it('counts whole Julian day numbers of calendar dates in a zone', () => {
    expect(julianDayNumber(Date.UTC(2000, 0, 1, 12), 'UTC')).toBe(2_451_545);
    // 23:05 UTC is still the 21st in New York but the 22nd in Paris.
    expect(julianDayNumber(INSTANT, 'Europe/Paris') - julianDayNumber(INSTANT)).toBe(1);
  });

  it.each([[MIN_JULIAN_DAY - 1], [MAX_JULIAN_DAY + 1], [Number.NaN], [Number.POSITIVE_INFINITY], ['2451545']])(
    'throws a range error for Julian day %j',
    (julianDay) => {
      expect(() => dateFromJulianDay(julianDay as number)).toThrow(RangeError);
      expect(() => dateFromJulianDay(julianDay as number)).toThrow(/^Julian day out of range/);
    },
  );

  it('accepts the ends of the range', () => {
    expect(dateFromJulianDay(MIN_JULIAN_DAY).getTime()).toBe(-8.64e15);
    expect(dateFromJulianDay(MAX_JULIAN_DAY).getTime()).toBe(8.64e15);
    expect(() => julianDayFromDate('x')).toThrow(new RangeError('Invalid date.'));
  });
});
