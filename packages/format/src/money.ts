import { assertCurrencyCode, fractionDigitsOf } from './currencies';
import { type Decimal, decimalToString, splitDecimal } from './decimal';
import { numberFormat, pluralRules } from './intl-cache';
import { DEFAULT_LOCALE, parseLocalizedDecimal } from './numbers';

/** storefront.md §9: at most 15 integer places in a formatted amount. */
export const MAX_MONEY_INTEGER_DIGITS = 15;

/**
 * 'symbol' | 'narrowSymbol' | 'code' as Intl; 'name' is the plural display ('12.50 US dollars');
 * 'freeLabel' puts the caller's `label` where the currency goes and requires one.
 */
export type CurrencyDisplay = 'symbol' | 'narrowSymbol' | 'code' | 'name' | 'freeLabel';

export interface FormatMoneyOptions {
  /** Default 'en-US'. Symbols, their position and separators come from Intl for this locale. */
  locale?: string;
  /** Drop the fraction when it is all zeros ('$12' for 12.00, '$12.50' stays). */
  trimZeroFractions?: boolean;
  /** Thousands grouping, on by default. */
  useGrouping?: boolean;
  currencyDisplay?: CurrencyDisplay;
  /** Only with currencyDisplay 'freeLabel'. */
  label?: string;
}

export const MONEY_MESSAGES = {
  freeLabelRequiresLabel: 'Free-label currency display requires a label.',
  pluralDisplayTakesNoLabel: 'Plural currency display does not allow a label.',
  labelNeedsFreeLabelDisplay: 'A currency label needs the free-label currency display.',
  tooManyIntegerDigits: 'Money amount exceeds 15 integer places.',
} as const;

/** Integer minor units from bigint, safe-integer number or integer string; throws otherwise. */
export function toMinorUnits(minorUnits: bigint | number | string): bigint {
  if (typeof minorUnits === 'bigint') return minorUnits;
  if (typeof minorUnits === 'number') {
    if (!Number.isSafeInteger(minorUnits)) {
      throw new RangeError(`Minor units must be a safe integer: ${minorUnits}`);
    }
    return BigInt(minorUnits);
  }
  if (typeof minorUnits === 'string' && /^[+-]?\d+$/.test(minorUnits.trim())) return BigInt(minorUnits.trim());
  throw new RangeError(`Minor units must be an integer: ${String(minorUnits)}`);
}

function minorUnitsToDecimal(minorUnits: bigint | number | string, currency: string): Decimal {
  const minor = toMinorUnits(minorUnits);
  return {
    negative: minor < 0n,
    coefficient: minor < 0n ? -minor : minor,
    scale: fractionDigitsOf(currency),
  };
}

/** 1250n, 'USD' → '12.50'; 1250n, 'JPY' → '1250'. */
export function minorUnitsToDecimalString(minorUnits: bigint | number | string, currency: string): string {
  return decimalToString(minorUnitsToDecimal(minorUnits, currency));
}

/**
 * '12.5', 'USD' → 1250n. Throws on text that is not a plain decimal, or that has
 * more fraction digits than the currency allows (silent rounding would lose money).
 */
export function decimalStringToMinorUnits(text: string, currency: string): bigint {
  const digits = fractionDigitsOf(currency);
  // Product JSON may omit the leading zero (".50"); "5." is still refused as ambiguous input.
  const match = typeof text === 'string' ? /^([+-])?(?:(\d+)(?:\.(\d+))?|\.(\d+))$/.exec(text.trim()) : null;
  if (!match) throw new RangeError(`Not a decimal amount: ${String(text)}`);
  const [, sign, integer = '0', fraction = match[4] ?? ''] = match;
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > digits) {
    throw new RangeError(`${currency} amounts have at most ${digits} fraction digits: ${text}`);
  }
  const minor = BigInt(integer! + significantFraction.padEnd(digits, '0'));
  return sign === '-' ? -minor : minor;
}

/**
 * Formats integer minor units of one of the 27 currencies: '$1,234.50', '1.234,50 €',
 * '￥1,234'. The amount reaches Intl as an exact decimal string, never a float.
 * Throws RangeError for an unsupported currency or more than 15 integer places.
 */
export function formatMoney(
  minorUnits: bigint | number | string,
  currency: string,
  options: FormatMoneyOptions = {},
): string {
  assertCurrencyCode(currency);
  const decimal = minorUnitsToDecimal(minorUnits, currency);
  const { integer, fraction } = splitDecimal(decimal);
  if (integer.length > MAX_MONEY_INTEGER_DIGITS) throw new RangeError(MONEY_MESSAGES.tooManyIntegerDigits);

  const display = options.currencyDisplay ?? 'symbol';
  if (display === 'freeLabel' && !options.label) throw new TypeError(MONEY_MESSAGES.freeLabelRequiresLabel);
  if (display === 'name' && options.label !== undefined) throw new TypeError(MONEY_MESSAGES.pluralDisplayTakesNoLabel);
  if (display !== 'freeLabel' && options.label !== undefined) {
    throw new TypeError(MONEY_MESSAGES.labelNeedsFreeLabelDisplay);
  }

  const digits = fractionDigitsOf(currency);
  const showFraction = !(options.trimZeroFractions && /^0*$/.test(fraction));
  const formatter = numberFormat(options.locale ?? DEFAULT_LOCALE, {
    style: 'currency',
    currency,
    currencyDisplay: display === 'freeLabel' ? 'code' : display,
    useGrouping: options.useGrouping ?? true,
    minimumFractionDigits: showFraction ? digits : 0,
    maximumFractionDigits: showFraction ? digits : 0,
  });
  // Intl.NumberFormat takes exact decimal strings (ES2023), so no float is involved.
  const amount = decimalToString(decimal) as Intl.StringNumericLiteral;
  if (display !== 'freeLabel') return formatter.format(amount);
  return formatter
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? options.label : part.value))
    .join('');
}

/** The spec's two money shapes: `{ decimalValue, currencyCode }` and `{ value, currency }`. */
export type MoneyShape =
  | { decimalValue: string; currencyCode: string }
  | { value: string; currency: string };

/** Currency code and major-unit decimal string of either money shape. */
export function readMoneyShape(money: MoneyShape): { currency: string; decimal: string } {
  if ('decimalValue' in money) return { currency: money.currencyCode, decimal: money.decimalValue };
  return { currency: money.currency, decimal: money.value };
}

/** Integer minor units of either money shape ({ value: '12.50', currency: 'USD' } → 1250n). */
export function moneyShapeToMinorUnits(money: MoneyShape): bigint {
  const { currency, decimal } = readMoneyShape(money);
  return decimalStringToMinorUnits(decimal, currency);
}

/** Formats either money shape; the value is a decimal major-unit string such as '12.50'. */
export function formatMoneyShape(money: MoneyShape, options?: FormatMoneyOptions): string {
  const { currency } = readMoneyShape(money);
  return formatMoney(moneyShapeToMinorUnits(money), currency, options);
}

/** Both money shapes for integer minor units ('12.50' with the currency). */
export function toMoneyShapes(minorUnits: bigint | number | string, currency: string) {
  const decimal = minorUnitsToDecimalString(minorUnits, currency);
  return {
    decimalValue: { decimalValue: decimal, currencyCode: currency },
    value: { value: decimal, currency },
  };
}

const CURRENCY_DISPLAYS = ['symbol', 'narrowSymbol', 'code', 'name'] as const;
const FRACTION_SAMPLES = [0, 0.01, 0.02, 0.04, 0.05, 0.1, 0.11, 0.21, 0.5];

/** One number for each plural category of the locale, at the given fraction digits. */
function pluralSamples(locale: string, digits: Intl.PluralRulesOptions): number[] {
  const rules = pluralRules(locale, digits);
  const missing = new Set(rules.resolvedOptions().pluralCategories);
  const samples: number[] = [];
  for (let integer = 0; integer <= 1000 && missing.size > 0; integer += 1) {
    for (const fraction of digits.maximumFractionDigits ? FRACTION_SAMPLES : [0]) {
      const sample = integer + fraction;
      if (missing.delete(rules.select(sample))) samples.push(sample);
    }
  }
  return samples;
}

/** Every way a locale writes this currency (symbol, narrow symbol, code, singular and plural names). */
const markerCache = new Map<string, string[]>();

function currencyMarkers(currency: string, locale: string): string[] {
  const key = `${locale}|${currency}`;
  let cached = markerCache.get(key);
  if (!cached) {
    cached = collectCurrencyMarkers(currency, locale);
    if (markerCache.size >= 500) markerCache.clear();
    markerCache.set(key, cached);
  }
  return cached;
}

function collectCurrencyMarkers(currency: string, locale: string): string[] {
  const markers = new Set<string>([currency]);
  // Names change with the plural category ('1 Israeli new shekel', '1.00 Israeli new shekels'),
  // so format one sample of every category the locale has, with and without fraction digits.
  for (const fractionDigits of [0, 2]) {
    const digits = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
    const samples = pluralSamples(locale, digits);
    for (const currencyDisplay of CURRENCY_DISPLAYS) {
      const formatter = numberFormat(locale, { style: 'currency', currency, currencyDisplay, ...digits });
      for (const sample of samples) {
        for (const part of formatter.formatToParts(sample)) {
          if (part.type === 'currency') markers.add(part.value);
        }
      }
    }
  }
  // Longest first so 'US$' is removed before '$'.
  return [...markers].sort((a, b) => b.length - a.length);
}

/**
 * Reads money text ('$1,234.50', '1.234,50 €', '1234.5') into exact minor units.
 * The currency marker is optional; any other currency's marker, more fraction
 * digits than the currency has, or stray characters give null.
 */
export function parseMoneyToMinorUnits(
  text: string,
  currency: string,
  locale: string = DEFAULT_LOCALE,
): bigint | null {
  if (typeof text !== 'string' || !isSupported(currency)) return null;
  // Right-to-left locales wrap parts in bidi marks; they carry no meaning for the amount.
  let rest = text.replace(/[\u200e\u200f\u061c]/g, '').trim();
  for (const marker of currencyMarkers(currency, locale)) {
    const at = rest.indexOf(marker);
    if (at >= 0) {
      rest = rest.slice(0, at) + rest.slice(at + marker.length);
      break;
    }
  }
  // '-COP 1.00' leaves '- 1.00' once the code is gone: close the gap after the sign.
  rest = rest.trim().replace(/^([-+\u2212])[\s\u00a0\u202f]+/, '$1');
  const decimal = parseLocalizedDecimal(rest, locale);
  if (decimal === null) return null;
  try {
    return decimalStringToMinorUnits(decimalToString(decimal), currency);
  } catch {
    return null;
  }
}

function isSupported(currency: string): boolean {
  try {
    assertCurrencyCode(currency);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads money text into a number of major units ('$12.50' → 12.5); NaN on mismatch
 * (platform.md §8). Use parseMoneyToMinorUnits when every digit must survive.
 */
export function parseMoney(text: string, currency: string, locale: string = DEFAULT_LOCALE): number {
  const minor = parseMoneyToMinorUnits(text, currency, locale);
  if (minor === null) return Number.NaN;
  return Number(minorUnitsToDecimalString(minor, currency));
}
