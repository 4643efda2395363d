import type { VariantResultRow } from './experiments-api';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';

/**
 * How results read: rates as percentages with one decimal, differences in percentage points with their sign,
 * p-values to three decimals ('< 0.001' below that), and the verdict in words. Pure, for the table and its tests.
 */
export function percentText(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
}

export function rateText(row: Pick<VariantResultRow, 'rate' | 'rateInterval'>, locale: string): string {
  return `${percentText(row.rate, locale)} (${percentText(row.rateInterval.low, locale)} – ${percentText(row.rateInterval.high, locale)})`;
}

/** A difference of rates in percentage points: 0.023 → '+2.3 pts'. */
export function pointsText(difference: number, locale: string): string {
  const points = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(difference * 100);
  return `${points} pts`;
}

export function differenceText(difference: NonNullable<VariantResultRow['difference']>, locale: string): string {
  return `${pointsText(difference.value, locale)} (${pointsText(difference.interval.low, locale)} to ${pointsText(difference.interval.high, locale)})`;
}

export function pValueText(pValue: number): string {
  return pValue < 0.001 ? '< 0.001' : pValue.toFixed(3);
}

/** The control is the control; a variant (or its control) under the minimum exposures has not enough data yet. */
export function verdictText(row: VariantResultRow, control: VariantResultRow | undefined): string {
  if (!row.difference) return TEXTS.control;
  if (!row.enoughData || !control?.enoughData) return TEXTS.notEnoughData;
  return row.difference.significant ? TEXTS.significant : TEXTS.notSignificant;
}
