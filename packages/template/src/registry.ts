// The formatter and predicate tables. Plugin families register here; callers may add their own.
import type { Formatter, Predicate } from './runtime';

export const FORMATTERS: Record<string, Formatter> = Object.create(null);
export const PREDICATES: Record<string, Predicate> = Object.create(null);

/** Adds formatters for every template compiled afterwards (for example the server's island formatters). */
export function registerFormatters(table: Record<string, Formatter>): void {
  Object.assign(FORMATTERS, table);
}

/** Adds predicates; names end in '?', e.g. 'has-badge?'. */
export function registerPredicates(table: Record<string, Predicate>): void {
  for (const [name, fn] of Object.entries(table)) PREDICATES[name.endsWith('?') ? name : `${name}?`] = fn;
}
