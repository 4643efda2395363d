/**
 * HTTP range requests (RFC 9110 §14) for lesson videos: a browser's <video> asks for `bytes=0-` first, then seeks
 * with `bytes={start}-`; Safari asks `bytes=0-1` before playing. One range is served (206); a header we do not read
 * (another unit, several ranges, garbage) is ignored, as the RFC allows, and the whole file is sent (200); a range
 * that starts past the end is unsatisfiable (416 with `Content-Range: bytes *\/{size}`).
 */

export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** What to send of a file of `size` bytes for a Range header (undefined: none sent). `end` is inclusive. */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes (all of them when N is past the size).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (last === '') return { kind: 'partial', start, end: size - 1 };
  const end = Number(last);
  // An end before the start makes the header invalid: ignored, the whole file.
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** The Content-Range of a partial answer, or of a 416 (`bytes *\/{size}`). */
export function contentRangeOf(range: RangeAnswer, size: number): string | undefined {
  if (range.kind === 'partial') return `bytes ${range.start}-${range.end}/${size}`;
  if (range.kind === 'unsatisfiable') return `bytes */${size}`;
  return undefined;
}
