/**
 * Exact decimal arithmetic on bigint coefficients. Money and long numbers never
 * pass through a JS float here: a value is `coefficient / 10^scale` with a sign.
 */
export interface Decimal {
  readonly negative: boolean;
  /** Non-negative integer of all significant digits. */
  readonly coefficient: bigint;
  /** Number of digits after the decimal point (>= 0). */
  readonly scale: number;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses '12', '-0.5', '.5', '1e21', '1.5E-7'. Returns null for anything else. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, integerDigits = '', fractionDigits = '', exponentText] = match;
  if (integerDigits === '' && fractionDigits === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 10_000) return null;
  let coefficient = BigInt((integerDigits + fractionDigits) || '0');
  let scale = fractionDigits.length - exponent;
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-' && coefficient !== 0n, coefficient, scale };
}

/** Exact decimal form of a finite number, bigint or decimal string; null otherwise. */
export function toDecimal(value: number | bigint | string): Decimal | null {
  if (typeof value === 'bigint') {
    return { negative: value < 0n, coefficient: value < 0n ? -value : value, scale: 0 };
  }
  if (typeof value === 'number') {
    // String(number) is the shortest round-tripping decimal, possibly in exponent form.
    return Number.isFinite(value) ? parseDecimal(String(value)) : null;
  }
  return parseDecimal(value);
}

/**
 * Rounds to `scale` digits after the point, half away from zero (Intl's default).
 * A negative scale rounds to tens, hundreds, ...
 */
export function roundToScale(decimal: Decimal, scale: number): Decimal {
  if (decimal.scale <= scale) {
    return {
      ...decimal,
      coefficient: decimal.coefficient * 10n ** BigInt(scale - decimal.scale),
      scale,
    };
  }
  const divisor = 10n ** BigInt(decimal.scale - scale);
  let quotient = decimal.coefficient / divisor;
  const remainder = decimal.coefficient % divisor;
  if (remainder * 2n >= divisor) quotient += 1n;
  if (scale < 0) {
    return {
      negative: decimal.negative && quotient !== 0n,
      coefficient: quotient * 10n ** BigInt(-scale),
      scale: 0,
    };
  }
  return { negative: decimal.negative && quotient !== 0n, coefficient: quotient, scale };
}

/** Count of digits before the point (0 for values below 1). */
export function integerDigitCount(decimal: Decimal): number {
  const digits = decimal.coefficient.toString();
  return Math.max(0, digits.length - decimal.scale - (decimal.coefficient === 0n ? 1 : 0));
}

/** Rounds to `significant` significant digits (half away from zero). */
export function roundToSignificant(decimal: Decimal, significant: number): Decimal {
  if (decimal.coefficient === 0n) return decimal;
  const digitCount = decimal.coefficient.toString().length;
  // Position of the most significant digit relative to the point.
  const magnitude = digitCount - decimal.scale;
  const rounded = roundToScale(decimal, significant - magnitude);
  // Rounding 9.99 up to 10.0 adds a digit: round once more at the new magnitude.
  if (rounded.coefficient.toString().length - rounded.scale > magnitude) {
    return roundToScale(rounded, significant - magnitude - 1);
  }
  return rounded;
}

/** Splits into ASCII integer digits (at least '0') and fraction digits. */
export function splitDecimal(decimal: Decimal): { integer: string; fraction: string } {
  const digits = decimal.coefficient.toString().padStart(decimal.scale + 1, '0');
  return {
    integer: digits.slice(0, digits.length - decimal.scale),
    fraction: digits.slice(digits.length - decimal.scale),
  };
}

/** Plain decimal string such as '-12.50' (no exponent, keeps the scale). */
export function decimalToString(decimal: Decimal): string {
  const { integer, fraction } = splitDecimal(decimal);
  return `${decimal.negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

/** Drops trailing zero fraction digits down to `minimumScale`. */
export function trimFraction(decimal: Decimal, minimumScale: number): Decimal {
  let { coefficient, scale } = decimal;
  while (scale > minimumScale && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  return { ...decimal, coefficient, scale };
}

/** Multiplies by 10^places exactly (percent formatting shifts by 2). */
export function shiftPoint(decimal: Decimal, places: number): Decimal {
  if (decimal.scale >= places) return { ...decimal, scale: decimal.scale - places };
  return {
    ...decimal,
    coefficient: decimal.coefficient * 10n ** BigInt(places - decimal.scale),
    scale: 0,
  };
}
