import { decimalStringToMinorUnits, fractionDigitsOf } from '@vitrine/format';
import type { MoneyValue } from './types';

const DEFAULT_CURRENCY = 'USD';
/** Up to 13 integer digits plus 2 fraction digits stays below 2^53: exact in a JS number. */
const FAST_INTEGER_DIGITS = 13;

/**
 * Minor units of a money value, or `fallbackCents` when the value is absent or
 * unreadable. Product JSON carries money as decimal strings; we never read
 * them through a float.
 */
export function moneyToCents(money: MoneyValue | undefined, fallbackCents = 0): number {
  if (!money || typeof money.value !== 'string') return fallbackCents;
  const currency = money.currency ?? DEFAULT_CURRENCY;
  try {
    return decimalToMinorUnits(money.value, fractionDigitsOf(currency)) ??
      Number(decimalStringToMinorUnits(money.value, currency));
  } catch {
    return fallbackCents;
  }
}

/**
 * The common case read in one pass with integer arithmetic: grids call the price rules for
 * every variant of every product on each render, and the general parser (BigInt, regex) costs
 * ten times more. Returns null for anything unusual, which then takes the general path, so
 * both always agree (see prices.test.ts).
 */
export function decimalToMinorUnits(text: string, fractionDigits: number): number | null {
  const length = text.length;
  let index = 0;
  let sign = 1;
  const first = text.charCodeAt(0);
  if (first === 45 /* - */) {
    sign = -1;
    index = 1;
  } else if (first === 43 /* + */) {
    index = 1;
  }
  let integer = 0;
  let integerDigits = 0;
  for (; index < length; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) break;
    integer = integer * 10 + digit;
    integerDigits++;
  }
  if (integerDigits > FAST_INTEGER_DIGITS) return null;
  let fraction = 0;
  let fractionRead = 0;
  if (index < length && text.charCodeAt(index) === 46 /* . */) {
    index++;
    const fractionStart = index;
    for (; index < length; index++) {
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) return null;
      if (fractionRead < fractionDigits) {
        fraction = fraction * 10 + digit;
        fractionRead++;
      } else if (digit !== 0) {
        return null; // more precision than the currency has: let the general parser refuse it
      }
    }
    if (index === fractionStart) return null; // "5." is not an amount
  } else if (integerDigits === 0) {
    return null;
  }
  if (index !== length) return null;
  for (; fractionRead < fractionDigits; fractionRead++) fraction *= 10;
  const minor = integer * 10 ** fractionDigits + fraction;
  return sign < 0 && minor !== 0 ? -minor : minor;
}
