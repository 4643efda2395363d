import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE } from './numbers';

/** platform.md §9: the message-format cache holds 100 entries. */
export const MESSAGE_CACHE_LIMIT = 100;

/** Least-recently-used order: a Map iterates oldest first, so hits are moved to the end. */
const compiled = new Map<string, IntlMessageFormat>();

export type MessageValue = string | number | boolean | Date | null | undefined;

function compile(pattern: string, locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${pattern}`;
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const message = new IntlMessageFormat(pattern, locale);
  if (compiled.size >= MESSAGE_CACHE_LIMIT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, message);
  return message;
}

/**
 * ICU message formatting ('{count, plural, one {# item} other {# items}}') through
 * intl-messageformat, compiled patterns kept in a 100-entry LRU cache.
 * Throws on a malformed pattern or a missing value, as intl-messageformat does.
 */
export function formatMessage(
  pattern: string,
  values: Record<string, MessageValue> = {},
  locale: string = DEFAULT_LOCALE,
): string {
  const result = compile(pattern, locale).format(values);
  return Array.isArray(result) ? result.join('') : String(result);
}

/** Entries currently cached (for tests and diagnostics). */
export function messageCacheSize(): number {
  return compiled.size;
}

export function isMessageCached(pattern: string, locale: string = DEFAULT_LOCALE): boolean {
  return compiled.has(`${locale}\u0000${pattern}`);
}

export function clearMessageCache(): void {
  compiled.clear();
}
