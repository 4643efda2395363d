// Date formatters: strftime-style `date`, CLDR-style `datetime`, intervals, relative time, time since.
import { DEFAULT_TIME_ZONE, zonedParts, type ZonedParts } from '@vitrine/format/dates';
import { dateTimeFormat } from '@vitrine/format/intl-cache';
import { timeSince } from '@vitrine/format/relative-time';
import type { Formatter, RenderState } from '../runtime';
import { toText } from '../runtime';
import { escapeAttribute } from './core';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Abbreviations Intl does not give in en-US (it prints 'GMT+9' for Tokyo). */
const ZONE_ABBREVIATIONS: Record<string, [string, string]> = {
  'Asia/Tokyo': ['JST', 'JST'],
  'Asia/Seoul': ['KST', 'KST'],
  'Asia/Shanghai': ['CST', 'CST'],
  'Asia/Kolkata': ['IST', 'IST'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Dublin': ['GMT', 'IST'],
  'Europe/Paris': ['CET', 'CEST'],
  'Europe/Berlin': ['CET', 'CEST'],
  'Europe/Madrid': ['CET', 'CEST'],
  'Europe/Rome': ['CET', 'CEST'],
  'Europe/Amsterdam': ['CET', 'CEST'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
};

export function siteTimeZone(s: RenderState): string {
  const zone = s.resolve('website.timeZone');
  if (typeof zone === 'string' && zone !== '') {
    try {
      dateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      return DEFAULT_TIME_ZONE;
    }
  }
  return DEFAULT_TIME_ZONE;
}

function zoneAbbreviation(ms: number, timeZone: string, offsetMinutes: number): string {
  const known = ZONE_ABBREVIATIONS[timeZone];
  if (known) {
    const january = zonedParts(Date.UTC(new Date(ms).getUTCFullYear(), 0, 1), timeZone).offsetMinutes;
    return offsetMinutes === january ? known[0] : known[1];
  }
  const part = dateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}

const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);

function dayOfYear(p: ZonedParts): number {
  return Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86_400_000) + 1;
}

function isoWeek(p: ZonedParts): { week: number; year: number } {
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const day = (p.weekday + 6) % 7; // Monday = 0
  date.setUTCDate(date.getUTCDate() - day + 3); // Thursday of this week
  const year = date.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((date.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return { week, year };
}

/** Week of the year as US calendars count it: week 1 holds January 1st, weeks start on Sunday. */
function usWeek(p: ZonedParts): number {
  const jan1Weekday = new Date(Date.UTC(p.year, 0, 1)).getUTCDay();
  return Math.floor((dayOfYear(p) - 1 + jan1Weekday) / 7) + 1;
}

export function strftime(ms: number, pattern: string, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const ampm = p.hour < 12 ? 'AM' : 'PM';
  const offset = p.offsetMinutes;
  const abbreviation = () => zoneAbbreviation(ms, timeZone, offset);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c !== '%' || i === pattern.length - 1) {
      out += c;
      continue;
    }
    const code = pattern[++i]!;
    switch (code) {
      case 'a': out += WEEKDAYS[p.weekday]!.slice(0, 3); break;
      case 'A': out += WEEKDAYS[p.weekday]; break;
      case 'b': case 'h': out += MONTHS[p.month - 1]!.slice(0, 3); break;
      case 'B': out += MONTHS[p.month - 1]; break;
      case 'c': out += `${WEEKDAYS[p.weekday]!.slice(0, 3)}, ${MONTHS[p.month - 1]!.slice(0, 3)} ${p.day}, ${p.year} ${hour12}:${pad(p.minute)}:${pad(p.second)} ${ampm} ${abbreviation()}`; break;
      case 'C': out += pad(Math.floor(p.year / 100)); break;
      case 'd': out += pad(p.day); break;
      case 'D': out += `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`; break;
      case 'e': out += pad(p.day, 2, ' '); break;
      case 'F': out += `${p.year}-${pad(p.month)}-${pad(p.day)}`; break;
      case 'g': out += pad(isoWeek(p).year % 100); break;
      case 'G': out += isoWeek(p).year; break;
      case 'H': out += pad(p.hour); break;
      case 'I': out += pad(hour12); break;
      case 'j': out += pad(dayOfYear(p), 3); break;
      case 'k': out += pad(p.hour, 2, ' '); break;
      case 'l': out += pad(hour12, 2, ' '); break;
      case 'm': out += pad(p.month); break;
      case 'M': out += pad(p.minute); break;
      case 'n': out += '\n'; break;
      case 'N': out += pad(p.millisecond * 1_000_000, 9); break;
      case 'p': out += ampm; break;
      case 'P': out += ampm.toLowerCase(); break;
      case 'q': out += Math.floor((p.month - 1) / 3) + 1; break;
      case 'r': out += `${hour12}:${pad(p.minute)}:${pad(p.second)} ${ampm}`; break;
      case 'R': out += `${pad(p.hour)}:${pad(p.minute)}`; break;
      case 's': out += Math.floor(ms / 1000); break;
      case 'S': out += pad(p.second); break;
      case 't': out += '\t'; break;
      case 'T': out += `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`; break;
      case 'u': out += p.weekday === 0 ? 7 : p.weekday; break;
      case 'U': case 'W': out += pad(usWeek(p)); break;
      case 'V': out += pad(isoWeek(p).week); break;
      case 'w': out += p.weekday; break;
      case 'x': out += `${pad(p.month)}/${pad(p.day)}/${p.year}`; break;
      case 'X': out += `${pad(hour12)}:${pad(p.minute)}:${pad(p.second)} ${ampm}`; break;
      case 'y': out += pad(p.year % 100); break;
      case 'Y': out += p.year; break;
      case 'z': out += `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`; break;
      case 'Z': out += abbreviation(); break;
      case 'v': out += `${pad(p.day, 2, ' ').trim()}-${MONTHS[p.month - 1]!.slice(0, 3)}-${p.year}`; break;
      case '%': out += '%'; break;
      default: out += `%${code}`;
    }
  }
  return out;
}

function timestamp(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return null;
}

type Style = 'full' | 'long' | 'medium' | 'short';
const STYLES = new Set(['full', 'long', 'medium', 'short']);

/** CLDR skeleton letters -> Intl options (the subset templates use). */
function skeletonOptions(skeleton: string): Intl.DateTimeFormatOptions {
  const o: Intl.DateTimeFormatOptions = {};
  const count = (ch: string) => (skeleton.match(new RegExp(ch, 'g')) ?? []).length;
  if (count('y')) o.year = count('y') === 2 ? '2-digit' : 'numeric';
  const M = count('M') + count('L');
  if (M) o.month = M >= 4 ? 'long' : M === 3 ? 'short' : M === 2 ? '2-digit' : 'numeric';
  if (count('d')) o.day = count('d') >= 2 ? '2-digit' : 'numeric';
  const E = count('E');
  if (E) o.weekday = E >= 4 ? 'long' : 'short';
  if (count('h')) {
    o.hour = 'numeric';
    o.hour12 = true;
  }
  if (count('H')) {
    o.hour = count('H') >= 2 ? '2-digit' : 'numeric';
    o.hour12 = false;
  }
  if (count('m')) o.minute = '2-digit';
  if (count('s')) o.second = '2-digit';
  if (count('B')) o.dayPeriod = 'long';
  if (count('a') && o.hour) o.hour12 = true;
  if (count('z')) o.timeZoneName = count('z') >= 4 ? 'long' : 'short';
  return o;
}

/**
 * CLDR 42+ spacing, which the fixtures follow whatever ICU this Node carries: a narrow no-break space
 * before the day period and thin spaces around a range dash.
 */
export function cldrSpacing(text: string): string {
  return text.replace(/ (AM|PM)\b/g, '\u202f$1').replace(/ \u2013 /g, '\u2009\u2013\u2009');
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function formatDateTime(ms: number, args: readonly string[], locale: string, timeZone: string): string {
  let date: string | undefined;
  let time: string | undefined;
  let skeleton: string | undefined;
  let wrap: string | undefined;
  let calendar: string | undefined;
  let beginSentence = false;
  for (const arg of args) {
    const [key, value] = arg.includes(':') ? (arg.split(':', 2) as [string, string]) : [arg, ''];
    if (value === '') {
      if (STYLES.has(key)) date = time = key;
      else skeleton = key;
      continue;
    }
    if (key === 'date') date = value;
    else if (key === 'time') time = value;
    else if (key === 'datetime') date = time = value;
    else if (key === 'skeleton') skeleton = value;
    else if (key === 'wrap') wrap = value;
    else if (key === 'calendar') calendar = value;
    else if (key === 'context') beginSentence = value === 'begin-sentence';
  }
  const loc = calendar ? `${locale}-u-ca-${calendar}` : locale;
  const base: Intl.DateTimeFormatOptions = { timeZone };
  let out: string;
  if (skeleton) out = dateTimeFormat(loc, { ...base, ...skeletonOptions(skeleton) }).format(ms);
  else if (date === undefined && time === undefined) out = dateTimeFormat(loc, { ...base, dateStyle: 'long' }).format(ms);
  else {
    const part = (value: string | undefined, kind: 'date' | 'time'): string | undefined => {
      if (value === undefined) return undefined;
      if (STYLES.has(value)) return dateTimeFormat(loc, { ...base, [kind === 'date' ? 'dateStyle' : 'timeStyle']: value as Style }).format(ms);
      return dateTimeFormat(loc, { ...base, ...skeletonOptions(value) }).format(ms);
    };
    const d = part(date, 'date');
    const t = part(time, 'time');
    if (d !== undefined && t !== undefined) {
      const glue = wrap ?? (date && STYLES.has(date) ? date : 'short');
      if (date === time && STYLES.has(date!) && wrap === undefined) {
        out = dateTimeFormat(loc, { ...base, dateStyle: date as Style, timeStyle: time as Style }).format(ms);
      } else out = glue === 'full' || glue === 'long' ? `${d} at ${t}` : `${d}, ${t}`;
    } else out = (d ?? t)!;
  }
  out = cldrSpacing(out);
  return beginSentence ? capitalizeFirst(out) : out;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/**
 * The delta in its largest whole unit. Without numericOnly, CLDR's words stand in for 0 and ±1 where the locale has
 * them ('now', 'yesterday', 'last month'), as the reference formats.
 */
export function relativeTimeText(deltaMs: number, locale: string, allowWeeks: boolean, numericOnly = false): string {
  const abs = Math.abs(deltaMs);
  for (const [unit, size] of UNITS) {
    if (unit === 'week' && !allowWeeks) continue;
    if (abs >= size || unit === 'second') {
      const value = Math.round(deltaMs / size);
      return new Intl.RelativeTimeFormat(locale, { numeric: numericOnly ? 'always' : 'auto' }).format(value, unit);
    }
  }
  return '';
}

export const DATE_FORMATTERS: Record<string, Formatter> = {
  // As the reference reads it: numbers as they are, text through parseInt ('' when that fails), other values as 0.
  date: (v, args, s) => {
    const ms = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : 0;
    return Number.isFinite(ms) ? strftime(ms, args.join(' '), siteTimeZone(s)) : '';
  },
  datetime: (v, args, s) => {
    const ms = timestamp(v);
    return ms === null ? '' : formatDateTime(ms, args, s.locale, siteTimeZone(s));
  },
  'datetime-interval': (v, args, s, values) => {
    const start = timestamp(v);
    const end = timestamp(values[1]);
    if (start === null || end === null) return '';
    const timeZone = siteTimeZone(s);
    let options: Intl.DateTimeFormatOptions;
    const skeleton = args.find((a) => !a.includes(':'));
    if (skeleton) {
      options = skeletonOptions(skeleton);
      // A weekday alone cannot tell two instants apart: CLDR's interval fallback adds the time.
      if (Object.keys(options).length === 1 && options.weekday) {
        const day = dateTimeFormat(s.locale, { timeZone, weekday: options.weekday });
        const time = dateTimeFormat(s.locale, { timeZone, hour: 'numeric', minute: '2-digit' });
        const each = (ms: number) => `${day.format(ms)}, ${time.format(ms)}`;
        return cldrSpacing(`${each(start)} \u2013 ${each(end)}`);
      }
    } else {
      const a = zonedParts(start, timeZone);
      const b = zonedParts(end, timeZone);
      const sameDay = a.year === b.year && a.month === b.month && a.day === b.day;
      options = sameDay ? { hour: 'numeric', minute: '2-digit' } : { year: 'numeric', month: 'short', day: 'numeric' };
    }
    return cldrSpacing(dateTimeFormat(s.locale, { timeZone, ...options }).formatRange(start, end));
  },
  'relative-time': (v, args, s, values) => {
    let from: number | null;
    let to: number | null;
    if (values.length > 1) {
      from = timestamp(v);
      to = timestamp(values[1]);
    } else {
      from = s.now;
      to = timestamp(v);
    }
    if (from === null || to === null) return '';
    const text = relativeTimeText(to - from, s.locale, args.includes('allowWeeks:true'), args.includes('numericOnly:true'));
    return args.includes('context:begin-sentence') ? capitalizeFirst(text) : text;
  },
  timesince: (v, _args, s) => {
    const ms = timestamp(v);
    const text = ms === null ? 'Invalid date.' : timeSince(ms, s.now);
    return `<span class="timesince" data-date="${escapeAttribute(toText(v))}">${text}</span>`;
  },
};
