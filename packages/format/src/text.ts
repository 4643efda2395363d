/** storefront.md §9: truncation defaults. */
export const DEFAULT_TRUNCATE_LENGTH = 100;
export const DEFAULT_ELLIPSIS = '...';

/**
 * Shortens text to at most `max` characters (code points, so emoji are never split)
 * and appends the ellipsis. A cut inside a word backs off to the previous space
 * when there is one. Text that already fits is returned unchanged.
 */
export function truncate(text: string, max: number = DEFAULT_TRUNCATE_LENGTH, ellipsis: string = DEFAULT_ELLIPSIS): string {
  const characters = Array.from(text ?? '');
  const limit = Math.max(0, Math.floor(max));
  if (characters.length <= limit) return text ?? '';
  let cut = limit;
  const breaksWord = /\S/.test(characters[limit] ?? '') && /\S/.test(characters[limit - 1] ?? '');
  if (breaksWord) {
    const lastSpace = characters.slice(0, limit).findLastIndex((char) => /\s/.test(char));
    if (lastSpace > 0) cut = lastSpace;
  }
  return characters.slice(0, cut).join('').trimEnd() + ellipsis;
}

/** Whitespace plus the zero-width characters that render as nothing. */
const BLANK = /^[\s\u200b\u200c\u200d\u2060\u180e\ufeff]*$/;

/** platform.md §5: empty or whitespace-only, zero-width characters included. */
export function isBlank(text: string | null | undefined): boolean {
  return text === null || text === undefined || BLANK.test(text);
}

/**
 * URL slug of a title: lower case, accents removed, runs of anything but letters
 * and digits collapsed to one '-', no leading or trailing '-'.
 */
export function slugify(title: string): string {
  return (title ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** platform.md §5: a store url id shorter than this comes from the fallback title instead. */
export const MIN_STORE_URL_ID_LENGTH = 3;
/** platform.md §5 */
export const MAX_TAG_LENGTH = 50;
export const MAX_CATEGORY_LENGTH = 25;

/**
 * platform.md §5: the store url id comes from the title; if that is empty or under
 * 3 characters, from the fallback store title; if taken, '-N' with the next unused
 * number (from 1) is appended.
 */
export function deriveStoreUrlId(title: string, existingUrlIds: Iterable<string>, fallbackTitle: string): string {
  let base = slugify(title);
  if (base.length < MIN_STORE_URL_ID_LENGTH) base = slugify(fallbackTitle);
  const taken = new Set(existingUrlIds);
  if (!taken.has(base)) return base;
  let suffix = 1;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** platform.md §9: file-size limits count 1 MB as 1,000,000 bytes. */
export const BYTES_IN_MB = 1_000_000;
export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * platform.md §9: humanised sizes step by 1024 from Bytes to YB, with up to two
 * decimals and no trailing zeros: '0 Bytes', '1023 Bytes', '1 KB', '1.5 MB'.
 */
export function humanizeFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `0 ${FILE_SIZE_UNITS[0]}`;
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // 1023.999 KB rounds to '1024 KB'; step up instead so the figure stays under 1024.
  let rounded = Math.round(size * 100) / 100;
  if (rounded >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${rounded} ${FILE_SIZE_UNITS[unit]}`;
}

/** platform.md §5: the URL validator's maximum length. */
export const MAX_URL_LENGTH = 2083;

export function isValidUrlLength(url: string): boolean {
  return typeof url === 'string' && url.length <= MAX_URL_LENGTH;
}

/** platform.md §5: largest index a numeric path segment may name (2^31 - 1). */
export const MAX_PATH_INDEX = 2_147_483_647;

/**
 * '0', '42' → 42; anything else ('01', '-1', '1.5', 'a', beyond 2147483647) → undefined,
 * so a path segment is an index only when it is one canonically.
 */
export function toIndex(segment: string): number | undefined {
  if (typeof segment !== 'string' || !/^(0|[1-9]\d{0,9})$/.test(segment)) return undefined;
  const index = Number(segment);
  return index <= MAX_PATH_INDEX ? index : undefined;
}

/** platform.md §5: the value standing in for a stored password. */
export const MASKED_PASSWORD_PLACEHOLDER = '__MASKED_FIELD__';
