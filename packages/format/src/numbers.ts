import {
  type Decimal,
  integerDigitCount,
  parseDecimal,
  roundToScale,
  roundToSignificant,
  shiftPoint,
  splitDecimal,
  toDecimal,
} from './decimal';
import { localeNumberSymbols, numberFormat } from './intl-cache';

export const DEFAULT_LOCALE = 'en-US';
/** platform.md §9: digit counts in number formatting options are clamped to 0..50. */
export const MAX_DIGITS = 50;
/** Intl itself stops at 21 integer digits; beyond that we pad by hand. */
const INTL_MAX_INTEGER_DIGITS = 21;

export interface FormatNumberOptions {
  locale?: string;
  style?: 'decimal' | 'percent';
  useGrouping?: boolean;
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  minimumSignificantDigits?: number;
  maximumSignificantDigits?: number;
}

/** Clamps a digit count into 0..50; non-numbers fall back to the default. */
export function clampDigits(count: number | undefined, fallback: number): number {
  if (count === undefined || !Number.isFinite(count)) return fallback;
  return Math.min(MAX_DIGITS, Math.max(0, Math.trunc(count)));
}

/**
 * Formats a number, bigint or decimal string for a locale. Rounding is exact
 * decimal (half away from zero), so digit counts up to 50 work although Intl
 * stops at 20 fraction and 21 integer digits. Non-finite input gives Intl's text.
 */
export function formatNumber(value: number | bigint | string, options: FormatNumberOptions = {}): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const style = options.style ?? 'decimal';
  const useGrouping = options.useGrouping ?? true;
  let decimal = toDecimal(value);
  if (decimal === null) {
    return numberFormat(locale, { style, useGrouping }).format(typeof value === 'string' ? Number(value) : value);
  }
  if (style === 'percent') decimal = shiftPoint(decimal, 2);

  const minimumIntegerDigits = Math.max(1, clampDigits(options.minimumIntegerDigits, 1));
  const significant =
    options.minimumSignificantDigits !== undefined || options.maximumSignificantDigits !== undefined;
  let fractionDigits: { min: number; max: number };
  if (significant) {
    const minSig = Math.max(1, clampDigits(options.minimumSignificantDigits, 1));
    const maxSig = Math.max(minSig, Math.max(1, clampDigits(options.maximumSignificantDigits, 21)));
    decimal = roundToSignificant(decimal, maxSig);
    // Zero counts as one significant integer digit, as in Intl ('0.00' for 3 digits).
    const magnitude =
      decimal.coefficient === 0n ? 1 : integerDigitCount(decimal) || leadingFractionMagnitude(decimal);
    const minFraction = Math.max(0, minSig - magnitude);
    fractionDigits = { min: minFraction, max: Math.max(minFraction, decimal.scale) };
  } else {
    const defaultMax = style === 'percent' ? 0 : 3;
    const min = clampDigits(options.minimumFractionDigits, 0);
    const max = Math.max(min, clampDigits(options.maximumFractionDigits, Math.max(min, defaultMax)));
    decimal = roundToScale(decimal, max);
    fractionDigits = { min, max };
  }
  return renderDecimal(decimal, {
    locale,
    style,
    useGrouping,
    minimumIntegerDigits,
    minimumFractionDigits: fractionDigits.min,
  });
}

/** For 0.00123: the significant digits start 2 places after the point, so this gives -2. */
function leadingFractionMagnitude(decimal: Decimal): number {
  const { fraction } = splitDecimal(decimal);
  const firstNonZero = fraction.search(/[1-9]/);
  return firstNonZero < 0 ? 0 : -firstNonZero;
}

interface RenderOptions {
  locale: string;
  style: 'decimal' | 'percent';
  useGrouping: boolean;
  minimumIntegerDigits: number;
  minimumFractionDigits: number;
}

/** Renders an already rounded decimal with the locale's digits, separators and sign/percent pattern. */
function renderDecimal(decimal: Decimal, options: RenderOptions): string {
  const { locale } = options;
  const symbols = localeNumberSymbols(locale);
  // Keep at least the minimum fraction digits, drop trailing zeros beyond it.
  let { integer, fraction } = splitDecimal(decimal);
  fraction = fraction.replace(/0+$/, '').padEnd(options.minimumFractionDigits, '0');

  let integerText: string;
  if (options.minimumIntegerDigits <= INTL_MAX_INTEGER_DIGITS) {
    // Group with the style's own pattern (some locales group percentages differently):
    // a percent formatter multiplies by 100, so hand it the integer shifted back by 2.
    const exact = (options.style === 'percent' ? `${integer}e-2` : integer) as Intl.StringNumericLiteral;
    integerText = numberFormat(locale, {
      style: options.style,
      useGrouping: options.useGrouping,
      minimumIntegerDigits: options.minimumIntegerDigits,
      maximumFractionDigits: 0,
    })
      .formatToParts(exact)
      .filter((part) => part.type === 'integer' || part.type === 'group')
      .map((part) => part.value)
      .join('');
  } else {
    integerText = groupByHand(integer.padStart(options.minimumIntegerDigits, '0'), options.useGrouping, locale);
  }
  const fractionText = Array.from(fraction, (digit) => symbols.digits[Number(digit)]).join('');
  const numberText = fraction ? `${integerText}${symbols.decimal}${fractionText}` : integerText;

  // Let Intl place the sign and percent sign: format ±1 and swap its number for ours.
  const shell = numberFormat(locale, { style: options.style, maximumFractionDigits: 0 }).formatToParts(
    decimal.negative ? -1 : 1,
  );
  const numeric = new Set(['integer', 'group', 'decimal', 'fraction']);
  const first = shell.findIndex((part) => numeric.has(part.type));
  let last = first;
  while (last + 1 < shell.length && numeric.has(shell[last + 1]!.type)) last += 1;
  return [
    ...shell.slice(0, first).map((part) => part.value),
    numberText,
    ...shell.slice(last + 1).map((part) => part.value),
  ].join('');
}

/** Grouping for more than 21 integer digits, with the locale's primary and secondary group sizes. */
function groupByHand(digits: string, useGrouping: boolean, locale: string): string {
  const symbols = localeNumberSymbols(locale);
  const localized = Array.from(digits, (digit) => symbols.digits[Number(digit)]!);
  if (!useGrouping) return localized.join('');
  const sample = numberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 })
    .formatToParts(1234567890123)
    .filter((part) => part.type === 'integer')
    .map((part) => part.value.length);
  const primary = sample[sample.length - 1] ?? 3;
  const secondary = sample.length > 2 ? sample[sample.length - 2]! : primary;
  const groups: string[] = [];
  let end = localized.length;
  let size = primary;
  while (end > 0) {
    groups.unshift(localized.slice(Math.max(0, end - size), end).join(''));
    end -= size;
    size = secondary;
  }
  return groups.join(symbols.group);
}

/** Whitespace Intl puts in numbers (NBSP, narrow NBSP, thin space) besides ordinary spaces. */
const SPACE = /^[\s\u00a0\u202f\u2009]$/;
const MINUS_SIGNS = ['-', '\u2212', '\u2012', '\u2013'];

/**
 * Reads a localized decimal ('1,234.5' in en-US, '1.234,5' in de-DE, '1 234,5' in fr-FR,
 * Arabic-Indic digits, ...) into an exact decimal. Null when the text is not such a number.
 */
export function parseLocalizedDecimal(text: string, locale: string = DEFAULT_LOCALE): Decimal | null {
  const symbols = localeNumberSymbols(locale);
  const groupIsSpace = SPACE.test(symbols.group);
  // Right-to-left locales wrap signs and numbers in bidi marks; they carry no meaning here.
  let rest = text.replace(/[\u200e\u200f\u061c]/g, '').trim();
  let sign = '';
  if (MINUS_SIGNS.includes(rest.charAt(0))) {
    sign = '-';
    rest = rest.slice(1);
  } else if (rest.startsWith('+')) {
    rest = rest.slice(1);
  }
  let ascii = '';
  for (const char of rest) {
    const localDigit = symbols.digits.indexOf(char);
    if (localDigit >= 0) ascii += String(localDigit);
    else if (char >= '0' && char <= '9') ascii += char;
    else if (char === symbols.decimal) ascii += '.';
    else if (char === symbols.group || (groupIsSpace && SPACE.test(char))) ascii += ',';
    else return null;
  }
  // Group separators only between digits of the integer part.
  if (!/^\d+(,\d+)*(\.\d+)?$/.test(ascii)) return null;
  return parseDecimal(sign + ascii.replace(/,/g, ''));
}

/** platform.md §8: number parsing returns NaN on mismatch. */
export function parseNumber(text: string, locale: string = DEFAULT_LOCALE): number {
  if (typeof text !== 'string') return Number.NaN;
  const decimal = parseLocalizedDecimal(text.trim(), locale);
  if (decimal === null) return Number.NaN;
  const { integer, fraction } = splitDecimal(decimal);
  return Number(`${decimal.negative ? '-' : ''}${integer}.${fraction || '0'}`);
}
