import { CONTENT_LIMITS } from './messages';

/** The url id used when a title gives fewer than 3 usable characters. */
export const FALLBACK_URL_ID = 'page';

/**
 * A url id from a title (platform §5, like a store's): lowercase ASCII letters and digits joined by single
 * dashes, accents dropped; under 3 characters → 'page'; when taken, '-2', '-3'… with the next unused number.
 */
export function urlIdFrom(title: string, taken: ReadonlySet<string>): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_LIMITS.urlIdLength - 4)
    .replace(/-+$/, '');
  const base = slug.length < 3 ? FALLBACK_URL_ID : slug;
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A url id the owner typed: lowercase letters, digits and single dashes, 1–100 characters. Answers a message or undefined. */
export function checkUrlId(urlId: string): string | undefined {
  if (urlId.length === 0 || urlId.length > CONTENT_LIMITS.urlIdLength || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(urlId)) {
    return `The URL must be 1 to ${CONTENT_LIMITS.urlIdLength} lowercase letters, digits and single dashes, like spring-sale.`;
  }
  return undefined;
}

/** A tag (platform §5: at most 50 characters). Answers a message or undefined. */
export function checkTag(tag: string): string | undefined {
  return checkLabel(tag, 'A tag', CONTENT_LIMITS.tagLength);
}

/** A category (platform §5: at most 25 characters). Answers a message or undefined. */
export function checkCategory(category: string): string | undefined {
  return checkLabel(category, 'A category', CONTENT_LIMITS.categoryLength);
}

function checkLabel(value: string, what: string, max: number): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return `${what} cannot be empty.`;
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return `${what} must not contain control characters.`;
  if (trimmed.length > max) return `${what} must be at most ${max} characters.`;
  return undefined;
}
