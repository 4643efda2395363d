import { fractionDigitsOf } from '@vitrine/format/currencies';
import { formatMoney, minorUnitsToDecimalString, parseMoneyToMinorUnits } from '@vitrine/format/money';

/** The catalog's highest price in minor units (CATALOG_LIMITS.maxPriceCents). */
export const MAX_PRICE_MINOR = 1_000_000_000;

export type MoneyInput = { ok: true; minor: number } | { ok: false; message: string };

/** What a price field says when its text is not an amount of the website's currency. */
export function moneyInputMessage(currency: string, locale = 'en-US'): string {
  const digits = fractionDigitsOf(currency);
  const example = formatMoney(digits === 0 ? 1250 : 1250, currency, { locale });
  const max = formatMoney(MAX_PRICE_MINOR, currency, { locale });
  return digits === 0
    ? `Enter an amount in ${currency} without decimals, such as ${example}, up to ${max}.`
    : `Enter an amount in ${currency} with at most ${digits} decimals, such as ${example}, up to ${max}.`;
}

/**
 * Money typed by the owner ('12.50', '$1,234.5', '¥1,250') into integer minor units of the website's currency
 * (its fraction digits: 2, or 0 for JPY). Blank, negative, more decimals than the currency has, another
 * currency's sign, or more than the catalog's maximum are refused with one message.
 */
export function parseMoneyInput(text: string, currency: string, locale = 'en-US'): MoneyInput {
  const minor = text.trim() === '' ? null : parseMoneyToMinorUnits(text, currency, locale);
  if (minor === null || minor < 0n || minor > BigInt(MAX_PRICE_MINOR)) return { ok: false, message: moneyInputMessage(currency, locale) };
  return { ok: true, minor: Number(minor) };
}

/** Minor units as the text a price field starts with: 4500 USD → '45.00', 1250 JPY → '1250'. */
export function moneyInputText(minor: number, currency: string): string {
  return minorUnitsToDecimalString(minor, currency);
}
