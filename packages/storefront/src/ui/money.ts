import { formatMoney } from '@vitrine/format';

const FALLBACK_LOCALE = 'en-US';

/** Site locales may arrive as 'en_US'; Intl wants 'en-US'. */
export function toBcp47(locale: string | undefined): string {
  return (locale ?? FALLBACK_LOCALE).trim().replaceAll('_', '-') || FALLBACK_LOCALE;
}

/**
 * Minor units in the store currency, as shoppers read them. A locale Intl
 * cannot read falls back to en-US rather than breaking the page.
 */
export function formatCents(
  cents: number,
  currency = 'USD',
  locale?: string,
  options: { trimZeroFractions?: boolean } = {},
): string {
  const trimZeroFractions = options.trimZeroFractions ?? false;
  try {
    return formatMoney(cents, currency, { locale: toBcp47(locale), trimZeroFractions });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return formatMoney(cents, currency, { locale: FALLBACK_LOCALE, trimZeroFractions });
  }
}
