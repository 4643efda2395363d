/**
 * Intl objects are costly to build; formatting hot paths reuse them.
 * Bounded so that arbitrary caller-supplied locales cannot grow memory forever.
 */
const CACHE_LIMIT = 500;
const cache = new Map<string, unknown>();

function cached<T>(key: string, build: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const value = build();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string, options: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached(`p|${locale}|${JSON.stringify(options)}`, () => new Intl.PluralRules(locale, options));
}

export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached(`r|${locale}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}

export interface LocaleNumberSymbols {
  decimal: string;
  group: string;
  /** The locale's digits for 0..9 (Latin, Arabic-Indic, ...). */
  digits: readonly string[];
}

/** Decimal and group separators and digits of a locale, learnt from Intl itself. */
export function localeNumberSymbols(locale: string): LocaleNumberSymbols {
  return cached(`s|${locale}`, () => {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    const digitText = new Intl.NumberFormat(locale, { useGrouping: false }).format(9876543210);
    const digits = Array.from(digitText).reverse();
    return {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      digits: digits.length === 10 ? digits : ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    };
  });
}
