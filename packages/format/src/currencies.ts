/** storefront.md §3: the 27 supported store currencies. */
export const CURRENCY_CODES = [
  'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
  'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** storefront.md §3: default store currency. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const SUPPORTED: ReadonlySet<string> = new Set(CURRENCY_CODES);

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && SUPPORTED.has(value);
}

/**
 * Fraction digits from our own table: 2 for all but JPY (0). Intl's CLDR data
 * says 0 for COP and IDR too, which the spec overrides, so Intl is not asked.
 */
export function fractionDigitsOf(currency: string): 0 | 2 {
  assertCurrencyCode(currency);
  return currency === 'JPY' ? 0 : 2;
}

export function assertCurrencyCode(currency: unknown): asserts currency is CurrencyCode {
  if (!isCurrencyCode(currency)) {
    throw new RangeError(`Unsupported currency: ${String(currency)}`);
  }
}
