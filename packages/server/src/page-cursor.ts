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
