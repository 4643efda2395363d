import { decimalStringToMinorUnits } from '@vitrine/format';
import type { MoneyValue } from './types';

const DEFAULT_CURRENCY = 'USD';

/**
 * Minor units of a money value, or `fallbackCents` when the value is absent or
 * unreadable. Product JSON carries money as decimal strings; we never read
 * them through a float.
 */
export function moneyToCents(money: MoneyValue | undefined, fallbackCents = 0): number {
  if (!money || typeof money.value !== 'string' || money.value.trim() === '') return fallbackCents;
  try {
    return Number(decimalStringToMinorUnits(money.value, money.currency ?? DEFAULT_CURRENCY));
  } catch {
    return fallbackCents;
  }
}
