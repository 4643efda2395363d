import { formatMoney } from '@vitrine/format';

/** Minor units in the store currency, as shoppers read them. */
export function formatCents(
  cents: number,
  currency = 'USD',
  locale = 'en-US',
  options: { trimZeroFractions?: boolean } = {},
): string {
  return formatMoney(cents, currency, { locale, trimZeroFractions: options.trimZeroFractions ?? false });
}
