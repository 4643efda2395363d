import { timezoneOffset, zonedParts } from '@vitrine/format/dates';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A `datetime-local` value ('2026-12-01T09:00'), read as a wall time in the website's time zone, as an ISO instant
 * ('2026-12-01T17:00:00.000Z' for Los Angeles). Null for empty, undefined when it is not such a value. A wall
 * time skipped by a clock change lands an hour later, one repeated lands on its first instance.
 */
export function localInputToIso(text: string, timeZone: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return undefined;
  // Two passes: the offset at the guessed instant, then at the instant that offset gives.
  let instant = wall - timezoneOffset(wall, timeZone) * 60_000;
  instant = wall - timezoneOffset(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** An ISO instant as the `datetime-local` value of its wall time in the website's time zone; '' for none. */
export function isoToLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const parts = zonedParts(iso, timeZone);
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}
