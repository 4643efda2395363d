import { pluralRules } from './intl-cache';
import { DEFAULT_LOCALE } from './numbers';

/** platform.md §5: the plural keys besides explicit '=N'. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];
export type ExactPluralKey = `=${number}`;

/** Forms keyed by category or exact value; 'other' is the required fallback. */
export type PluralForms<T> = { other: T } & Partial<Record<PluralCategory | ExactPluralKey, T>>;

const EXACT_KEY = /^=(\d+(?:\.\d+)?)$/;

export function isPluralKey(key: string): key is PluralCategory | ExactPluralKey {
  return (PLURAL_CATEGORIES as readonly string[]).includes(key) || EXACT_KEY.test(key);
}

/** CLDR plural category of a number in a locale (cardinal by default, 'ordinal' for 1st/2nd). */
export function pluralCategory(
  value: number,
  locale: string = DEFAULT_LOCALE,
  type: Intl.PluralRuleType = 'cardinal',
): PluralCategory {
  return pluralRules(locale, { type }).select(value) as PluralCategory;
}

/**
 * Picks a form: an exact '=N' key wins, then the locale's category, then 'other'.
 * Throws RangeError for a key that is neither a category nor '=N'.
 */
export function selectPlural<T>(value: number, forms: PluralForms<T>, locale: string = DEFAULT_LOCALE): T {
  for (const key of Object.keys(forms)) {
    if (!isPluralKey(key)) throw new RangeError(`Invalid plural key: ${key}`);
  }
  const exact = (forms as Record<string, T | undefined>)[`=${value}`];
  if (exact !== undefined) return exact;
  return forms[pluralCategory(value, locale)] ?? forms.other;
}
