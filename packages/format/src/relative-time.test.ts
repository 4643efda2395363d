import { describe, expect, it } from 'vitest';
import { relativeTime, timeSince } from './relative-time';

const NOW = Date.UTC(2026, 10, 21, 12, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeSince (storefront wording)', () => {
  it.each([
    [0, 'less than a minute ago'],
    [59 * SECOND, 'less than a minute ago'],
    [MINUTE, 'about a minute ago'],
    [5 * MINUTE, 'about 5 minutes ago'],
    [HOUR, 'about an hour ago'],
    [3 * HOUR, 'about 3 hours ago'],
    [DAY, 'about a day ago'],
    [6 * DAY, 'about 6 days ago'],
    [7 * DAY, 'about a week ago'],
    [29 * DAY, 'about 4 weeks ago'],
    [30 * DAY, 'about a month ago'],
    [364 * DAY, 'about 12 months ago'],
    [365 * DAY, 'about a year ago'],
    [800 * DAY, 'about 2 years ago'],
    [-5 * DAY, 'less than a minute ago'],
  ])('%i ms ago reads %j', (elapsed, expected) => {
    expect(timeSince(NOW - elapsed, NOW)).toBe(expected);
  });

  it.each([['yesterday'], [''], [Number.NaN], [null], [new Date('x')]])("gives 'Invalid date.' for %j", (input) => {
    expect(timeSince(input as never, NOW)).toBe('Invalid date.');
  });

  it('takes numeric strings and Dates', () => {
    expect(timeSince(String(NOW - HOUR), NOW)).toBe('about an hour ago');
    expect(timeSince(new Date(NOW - DAY), new Date(NOW))).toBe('about a day ago');
  });
});

describe('relativeTime (platform wording)', () => {
  it.each([
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [-59 * SECOND, 'just now'],
    [60 * SECOND, '1 minute ago'],
    [-60 * SECOND, 'in 1 minute'],
    [5 * MINUTE, '5 minutes ago'],
    [2 * HOUR, '2 hours ago'],
    [-3 * DAY, 'in 3 days'],
    [14 * DAY, '2 weeks ago'],
    [60 * DAY, '2 months ago'],
    [730 * DAY, '2 years ago'],
  ])('%i ms ago reads %j', (elapsed, expected) => {
    expect(relativeTime(NOW - elapsed, NOW)).toBe(expected);
  });

  it('localises through Intl beyond a minute', () => {
    expect(relativeTime(NOW - 2 * HOUR, NOW, 'de-DE')).toBe('vor 2 Stunden');
    expect(relativeTime(NOW - 10 * SECOND, NOW, 'de-DE')).toBe('just now');
    expect(relativeTime('x', NOW)).toBe('Invalid date.');
  });
});
