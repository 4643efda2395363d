/**
 * The dashboard's date ranges. Days are UTC days written YYYY-MM-DD, as the analytics summary counts them;
 * ranges include both ends. The summary answers the previous period itself; `previousRange` is the same rule
 * (as many days, ending the day before), used to label the comparison before the answer comes.
 */

export type RangePreset = '7d' | '30d' | 'custom';

export interface DayRange {
  from: string;
  to: string;
}

export const RANGE_PRESETS: ReadonlyArray<{ preset: Exclude<RangePreset, 'custom'>; label: string; days: number }> = [
  { preset: '7d', label: 'Last 7 days', days: 7 },
  { preset: '30d', label: 'Last 30 days', days: 30 },
];

export const CUSTOM_RANGE_LABEL = 'Custom';
export const DEFAULT_PRESET = '7d';

/** The summary's limit (contracts' ANALYTICS_LIMITS.summaryMaxDays; range.test.ts checks they agree). */
export const MAX_RANGE_DAYS = 366;

export const RANGE_MESSAGES = {
  missing: 'Choose a start date and an end date.',
  notADay: 'Dates are written YYYY-MM-DD.',
  backwards: 'The start date must be on or before the end date.',
  future: 'The end date cannot be after today.',
  tooLong: `A range is at most ${MAX_RANGE_DAYS} days.`,
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The UTC day of a moment. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export const todayUtc = (now: Date = new Date()) => dayOf(now);

/** Milliseconds at the day's start (UTC), or NaN for text that is not a real day (2026-02-30). */
export function dayStart(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(new Date(time)) === day ? time : Number.NaN;
}

export const isDay = (text: string) => !Number.isNaN(dayStart(text));

export function addDays(day: string, days: number): string {
  return dayOf(new Date(dayStart(day) + days * DAY_MS));
}

/** Days in a range, both ends included. */
export function daysIn(range: DayRange): number {
  return Math.round((dayStart(range.to) - dayStart(range.from)) / DAY_MS) + 1;
}

/** The last `days` days up to today, today included. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  const days = RANGE_PRESETS.find((entry) => entry.preset === preset)!.days;
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The period the range is compared with: as many days, ending the day before it starts. */
export function previousRange(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** What is wrong with a custom range, or undefined. */
export function checkRange(range: { from: string; to: string }, today: string): string | undefined {
  if (!range.from || !range.to) return RANGE_MESSAGES.missing;
  if (!isDay(range.from) || !isDay(range.to)) return RANGE_MESSAGES.notADay;
  if (range.from > range.to) return RANGE_MESSAGES.backwards;
  if (range.to > today) return RANGE_MESSAGES.future;
  if (daysIn(range) > MAX_RANGE_DAYS) return RANGE_MESSAGES.tooLong;
  return undefined;
}

export interface ChosenRange {
  preset: RangePreset;
  range: DayRange;
}

/**
 * The range the address asks for: `?range=30d`, or `?from=…&to=…` (custom). Anything else — a missing or
 * invalid range — is the default, the last 7 days.
 */
export function rangeFromSearch(search: URLSearchParams, today: string): ChosenRange {
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null && to !== null && checkRange({ from, to }, today) === undefined) return { preset: 'custom', range: { from, to } };
  const preset = RANGE_PRESETS.find((entry) => entry.preset === search.get('range'))?.preset ?? DEFAULT_PRESET;
  return { preset, range: presetRange(preset, today) };
}

/** The query string for a chosen range (none for the default). */
export function searchOfRange(chosen: ChosenRange): URLSearchParams {
  if (chosen.preset === 'custom') return new URLSearchParams({ from: chosen.range.from, to: chosen.range.to });
  return chosen.preset === DEFAULT_PRESET ? new URLSearchParams() : new URLSearchParams({ range: chosen.preset });
}
