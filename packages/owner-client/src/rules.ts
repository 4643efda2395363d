import { CATALOG_LIMITS, OWNER_CATALOG_MESSAGES } from '@vitrine/contracts';
import { deriveStoreUrlId, isValidUrlLength, MASKED_PASSWORD_PLACEHOLDER } from '@vitrine/format';

/**
 * The platform spec's §5 rules that the owner's client applies before it calls (the server checks them
 * all again). The limits and their messages are the contracts'; the spec's helpers are @vitrine/format's.
 */

/** Platform spec §5: a title whose url id would be under 3 characters takes the fallback store title's. */
export const FALLBACK_STORE_TITLE = 'Store';

/**
 * The url id of a new store (platform spec §5): from the title; from the fallback title when that gives
 * under 3 characters; `-N` with the next unused N when it is among `existingUrlIds`. The server derives
 * the url id itself and ignores the one sent (two owners creating stores at once cannot collide), so
 * this is what the owner app shows before creating; the server's may differ for titles without Latin
 * letters or digits, and for addresses the storefront keeps (`cart`, `search`, …).
 */
export function storeUrlId(title: string, existingUrlIds: Iterable<string> = []): string {
  return deriveStoreUrlId(title, existingUrlIds, FALLBACK_STORE_TITLE);
}

/** The name of a store's root category: its title, cut to the category limit (25, platform spec §5). */
export function rootCategoryName(title: string): string {
  const name = [...title.trim()].slice(0, CATALOG_LIMITS.categoryLength).join('').trim();
  return name === '' ? FALLBACK_STORE_TITLE : name;
}

export interface CheckedLabels {
  /** Trimmed, each once, in the order given. */
  values: string[];
  /** The contract's message when a label is blank or too long, or there are too many. */
  error?: string;
}

/** Length as JSON Schema counts it (code points), so the client refuses exactly what the server would. */
const lengthOf = (text: string) => [...text].length;

function checkLabels(labels: readonly string[], maxLength: number, maxCount: number, message: string): CheckedLabels {
  const values = [...new Set(labels.map((label) => label.trim()))];
  const bad = labels.some((label) => label.trim() === '' || lengthOf(label) > maxLength) || labels.length > maxCount;
  return bad ? { values, error: message } : { values };
}

/** A product's tags (platform spec §5: 50 characters each at most; 100 tags at most). */
export function checkTags(tags: readonly string[]): CheckedLabels {
  return checkLabels(tags, CATALOG_LIMITS.tagLength, CATALOG_LIMITS.tagsPerProduct, OWNER_CATALOG_MESSAGES.tags);
}

/** A product's categories (platform spec §5: 25 characters each at most; 100 categories at most). */
export function checkCategories(categories: readonly string[]): CheckedLabels {
  return checkLabels(categories, CATALOG_LIMITS.categoryLength, CATALOG_LIMITS.categoriesPerProduct, OWNER_CATALOG_MESSAGES.categories);
}

/** Control characters and spaces never belong in an address. */
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * The URL validator (platform spec §5: 2083 characters at most) for links an owner types, such as a
 * navigation's external links: an http or https address with a host, a mailto address, or a path on
 * this site ('/', '/cart'). Never `javascript:` or a protocol-relative '//host'. The server's
 * UpdateNavigation accepts exactly these (tested against it).
 */
export function isValidUrl(link: string): boolean {
  if (typeof link !== 'string' || link.length === 0 || !isValidUrlLength(link) || UNSAFE_URL_CHARACTERS.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    if (url.protocol === 'mailto:') return url.pathname.length > 0;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Platform spec §5's editor message for a link that is not a URL: '{val} is not a valid page URL'. */
export function invalidUrlMessage(link: string): string {
  return `${link} is not a valid page URL`;
}

/** The message to show under a link field, or undefined when the link is valid. */
export function checkUrl(link: string): string | undefined {
  return isValidUrl(link) ? undefined : invalidUrlMessage(link);
}

/** Platform spec §5: the value a form shows in place of a stored password or secret. */
export const MASKED_PASSWORD = MASKED_PASSWORD_PLACEHOLDER;

export function isMaskedPassword(value: unknown): boolean {
  return value === MASKED_PASSWORD;
}

/** What a form field shows for a stored secret: the placeholder when one is stored, else empty. */
export function maskedFieldValue(stored: string | null | undefined): string {
  return stored ? MASKED_PASSWORD : '';
}

/**
 * The fields of a form to save, without those still holding the placeholder: an untouched password
 * field means "keep the stored one", so the placeholder itself is never saved over it.
 */
export function withoutMaskedFields<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => !isMaskedPassword(value))) as Partial<T>;
}
