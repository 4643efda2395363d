export interface CalendarEvent {
  title: string;
  start: Date | string;
  end: Date | string;
  location?: { addressLine1?: string; addressLine2?: string; addressCountry?: string } | null;
  details?: string;
}

/**
 * An external calendar-event link (platform §7): a Google Calendar template with the title, the UTC start
 * and end as YYYYMMDDTHHMMSSZ/YYYYMMDDTHHMMSSZ and the location's non-empty lines joined with ', '.
 */
export function calendarEventLink(event: CalendarEvent): string {
  const location = [event.location?.addressLine1, event.location?.addressLine2, event.location?.addressCountry]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');
  // Built by hand rather than with URLSearchParams so the dates keep their plain '/' separator.
  const params = [`action=TEMPLATE`, `text=${encodeURIComponent(event.title)}`, `dates=${utcStamp(event.start)}/${utcStamp(event.end)}`];
  if (location !== '') params.push(`location=${encodeURIComponent(location)}`);
  if (event.details) params.push(`details=${encodeURIComponent(event.details)}`);
  return `https://calendar.google.com/calendar/render?${params.join('&')}`;
}

/** YYYYMMDDTHHMMSSZ in UTC. */
export function utcStamp(when: Date | string): string {
  const date = typeof when === 'string' ? new Date(when) : when;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(when)}`);
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}
