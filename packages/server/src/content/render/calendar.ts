import { calendarEventLink } from '@vitrine/blocks';
import type { EventLocation } from '../../db/schema';

/** "Add to calendar" (@vitrine/blocks calendarEventLink); an event with no end lasts an hour. */
export function calendarLink(event: { title: string; startAt: Date; endAt: Date | null; location: EventLocation | null }): string {
  const end = event.endAt ?? new Date(event.startAt.getTime() + 60 * 60 * 1000);
  return calendarEventLink({ title: event.title, start: event.startAt, end, location: event.location });
}

/** An event's date and time in the site's time zone, named: 'Saturday, March 14, 2026, 10:00 AM – 4:00 PM EDT'. */
export function eventTimeLabel(startAt: Date, endAt: Date | null, timeZone: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions = { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    const format = new Intl.DateTimeFormat(locale, options);
    return endAt ? format.formatRange(startAt, endAt) : format.format(startAt);
  } catch {
    const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    return endAt ? format.formatRange(startAt, endAt) : format.format(startAt);
  }
}

/** A post's date in the site's time zone: 'March 14, 2026'. */
export function dateLabel(time: Date, timeZone: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(time);
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(time);
  }
}
