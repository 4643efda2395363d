import { sql, type RawBuilder } from 'kysely';
import { invalid } from './failures';

/**
 * An opaque page cursor naming the last row a page showed, as a tuple of strings (a time and an id, a
 * product and a variant, …): base64url JSON, so clients pass it back untouched. A cursor that does not
 * read as `length` strings is no cursor: the list starts at its first page.
 */
export const encodePageCursor = (parts: readonly string[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

export function decodePageCursor(cursor: string | undefined, length: number): string[] | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === length && value.every((part) => typeof part === 'string')) return value as string[];
  } catch {
    // an unreadable cursor is the first page
  }
  return undefined;
}

/**
 * Newest-first keyset pages on (a time, an id), both descending: the cursor keeps the time to the microsecond, as
 * PostgreSQL keeps it (a JavaScript Date would cut it to milliseconds, and a page boundary could skip or repeat rows
 * stamped within one millisecond), and the id breaks ties. Read `limit + 1` rows ordered by the time and the id, both
 * desc, after `keysetBefore(…)`, selecting `microsecondKey(…)`; `keysetPage` cuts the page and names the next one.
 */
export const microsecondKey = (timeColumn: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(timeColumn)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A (time, id) cursor: undefined without one; one that does not read as a time and an id is refused (400) with `message`. */
export function readTimeIdCursor(cursor: string | undefined, message: string): [time: string, id: string] | undefined {
  if (cursor === undefined) return undefined;
  const parts = decodePageCursor(cursor, 2);
  if (!parts || Number.isNaN(Date.parse(parts[0]!))) throw invalid(message, { cursor: message });
  return [parts[0]!, parts[1]!];
}

/** The rows strictly after the cursor's row in (time desc, id desc) order. */
export const keysetBefore = (timeColumn: string, idColumn: string, [time, id]: readonly [string, string]): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${time}::timestamptz, ${id})`;

/** A page of `limit` rows out of the `limit + 1` read, and the cursor of its last row when more follow. */
export function keysetPage<Row>(rows: readonly Row[], limit: number, keyOf: (row: Row) => readonly string[]): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? encodePageCursor(keyOf(last)) : null };
}
