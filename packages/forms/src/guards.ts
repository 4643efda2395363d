/** Small readers of untrusted JSON, shared by the modules of this package (not exported by it). */

/** A plain JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An own property only: a key such as '__proto__' or 'constructor' never reads the prototype. */
export function ownValue(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** U+0000 (which PostgreSQL's text cannot hold) or a UTF-16 surrogate without its pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Length in characters as people count them (code points: an emoji is one), the same in browser and server. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
