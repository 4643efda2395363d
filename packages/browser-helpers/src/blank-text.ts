/**
 * Platform §5's blank text: empty, or only whitespace — where zero-width characters (zero-width space,
 * non-joiner, joiner, word joiner, byte-order mark) count as whitespace too, so a title of U+200B alone is
 * blank.
 */
const BLANK = /^[\s\u200B\u200C\u200D\u2060\uFEFF]*$/u;

export function isBlankText(value: string | null | undefined): boolean {
  return value === null || value === undefined || BLANK.test(value);
}
