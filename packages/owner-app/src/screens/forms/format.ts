import { formatDateTime } from '@vitrine/format/dates';

/** A stored time (ISO text) in the website's locale and time zone, medium date and short time. */
export function whenText(at: string, locale: string, timeZone: string): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return at;
  try {
    return formatDateTime(time, { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return formatDateTime(time, { locale, timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  }
}
