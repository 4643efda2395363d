import type { MoneyJson } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { formatMoney, formatMoneyShape, moneyShapeToMinorUnits, parseMoneyToMinorUnits } from '@vitrine/format/money';
import { ORDER_TEXTS } from './texts';

/** Money as the website shows it ('$45.00' in en-US); the bare decimal and code if the currency is unknown here. */
export function money(amount: MoneyJson, locale: string): string {
  try {
    return formatMoneyShape(amount, { locale });
  } catch {
    return `${amount.value} ${amount.currency}`;
  }
}

/** Minor units of a currency as money text ('4500', USD → '$45.00'). */
export function moneyOfMinorUnits(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, { locale });
  } catch {
    return `${cents} ${currency}`;
  }
}

export function minorUnitsOf(amount: MoneyJson): bigint {
  try {
    return moneyShapeToMinorUnits(amount);
  } catch {
    return 0n;
  }
}

/** A line's total: the unit price times the quantity, in minor units (no float). */
export function lineTotal(unitPrice: MoneyJson, quantity: number, locale: string): string {
  try {
    return formatMoney(moneyShapeToMinorUnits(unitPrice) * BigInt(quantity), unitPrice.currency, { locale });
  } catch {
    return '';
  }
}

/** When something happened, in the website's locale and time zone ('Nov 23, 2026, 9:14 PM'). */
export function when(at: number, locale: string, timeZone: string): string {
  try {
    return formatDateTime(at, { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return formatDateTime(at, { locale, timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  }
}

/** The amount as the refund field shows it at first: the number alone in the locale, no grouping ('45.00', '45,00'). */
export function amountFieldText(amount: MoneyJson, locale: string): string {
  const fraction = amount.value.split('.')[1]?.length ?? 0;
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction, useGrouping: false }).format(amount.value as Intl.StringNumericLiteral);
  } catch {
    return amount.value;
  }
}

/**
 * The refund amount rule, checked before calling: a readable amount of the order's currency, above zero,
 * at most what is left to refund (the server's own rule and words). The minor units, or why not.
 */
export function checkRefundAmount(text: string, refundable: MoneyJson, locale: string): { ok: true; cents: number } | { ok: false; message: string } {
  const cents = parseMoneyToMinorUnits(text.trim(), refundable.currency, locale);
  if (cents === null) return { ok: false, message: ORDER_TEXTS.amountUnreadable };
  if (cents <= 0n) return { ok: false, message: ORDER_TEXTS.amountNotPositive };
  if (cents > minorUnitsOf(refundable)) return { ok: false, message: ORDER_TEXTS.amountTooLarge(money(refundable, locale)) };
  return { ok: true, cents: Number(cents) };
}

/** A refund's idempotency key: 32 random hex digits (getRandomValues works where randomUUID needs HTTPS). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
