import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, fractionDigitsOf, isCurrencyCode } from './currencies';
import {
  decimalStringToMinorUnits,
  formatMoney,
  formatMoneyShape,
  MONEY_MESSAGES,
  minorUnitsToDecimalString,
  moneyShapeToMinorUnits,
  parseMoney,
  parseMoneyToMinorUnits,
  toMoneyShapes,
} from './money';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('currencies', () => {
  it('lists the 27 supported currencies of storefront.md §3 in order', () => {
    expect(CURRENCY_CODES).toEqual([
      'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
      'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR',
    ]);
  });

  it.each(CURRENCY_CODES.map((code) => [code, code === 'JPY' ? 0 : 2] as const))(
    '%s has %i fraction digits (our table, not Intl)',
    (code, digits) => {
      expect(fractionDigitsOf(code)).toBe(digits);
    },
  );

  it.each([['usd'], ['KRW'], [''], [null], [12]])('rejects %j as a currency code', (value) => {
    expect(isCurrencyCode(value)).toBe(false);
  });

  it('throws for an unsupported currency', () => {
    expect(() => fractionDigitsOf('KRW')).toThrow(new RangeError('Unsupported currency: KRW'));
    expect(() => formatMoney(100, 'KRW')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each([
    [123450n, 'USD', {}, '$1,234.50'],
    [0, 'USD', {}, '$0.00'],
    [-5, 'USD', {}, '-$0.05'],
    ['1250', 'USD', {}, '$12.50'],
    [123450, 'USD', { useGrouping: false }, '$1234.50'],
    [1200, 'USD', { trimZeroFractions: true }, '$12'],
    [1250, 'USD', { trimZeroFractions: true }, '$12.50'],
    [1205, 'USD', { trimZeroFractions: true }, '$12.05'],
    [123450, 'EUR', { locale: 'de-DE' }, `1.234,50${NBSP}€`],
    [123450, 'EUR', { locale: 'fr-FR' }, `1${NNBSP}234,50${NBSP}€`],
    [123450, 'EUR', { locale: 'en-IE' }, '€1,234.50'],
    [1234, 'JPY', { locale: 'ja-JP' }, '\uffe51,234'],
    [1234, 'JPY', {}, '¥1,234'],
    [100, 'COP', {}, `COP${NBSP}1.00`],
    [100, 'IDR', { locale: 'id-ID' }, `Rp${NBSP}1,00`],
    [123456789, 'INR', { locale: 'en-IN' }, '₹12,34,567.89'],
    [1250, 'GBP', { locale: 'en-GB' }, '£12.50'],
    [1250, 'USD', { currencyDisplay: 'code' }, `USD${NBSP}12.50`],
    [1250, 'USD', { currencyDisplay: 'name' }, '12.50 US dollars'],
    [100, 'USD', { currencyDisplay: 'name' }, '1.00 US dollars'],
    [1250, 'CAD', { currencyDisplay: 'narrowSymbol' }, '$12.50'],
    [1250, 'CAD', {}, 'CA$12.50'],
    [1250, 'USD', { currencyDisplay: 'freeLabel', label: 'credits' }, `credits${NBSP}12.50`],
  ] as const)('formats %s %s with %j as %j', (minor, currency, options, expected) => {
    expect(formatMoney(minor, currency, options)).toBe(expected);
  });

  it('keeps COP and IDR at 2 fraction digits although Intl defaults them to 0', () => {
    expect(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'COP' }).resolvedOptions().maximumFractionDigits).toBe(0);
    expect(formatMoney(12345, 'COP', { currencyDisplay: 'code' })).toBe(`COP${NBSP}123.45`);
    expect(formatMoney(12345, 'IDR', { currencyDisplay: 'code' })).toBe(`IDR${NBSP}123.45`);
  });

  it('formats 15 integer places exactly, without passing through a float', () => {
    expect(formatMoney(99999999999999999n, 'USD')).toBe('$999,999,999,999,999.99');
    expect(formatMoney('-99999999999999999', 'USD')).toBe('-$999,999,999,999,999.99');
    expect(formatMoney(999999999999999n, 'JPY')).toBe('¥999,999,999,999,999');
    // 2^53 + 1 as a float would print ...992; as a bigint it stays ...993.
    expect(formatMoney(900719925474099_3n, 'USD')).toBe('$90,071,992,547,409.93');
  });

  it.each([[100000000000000000n, 'USD'], [1000000000000000n, 'JPY'], ['-100000000000000000', 'EUR']] as const)(
    'rejects %s %s: more than 15 integer places',
    (minor, currency) => {
      expect(() => formatMoney(minor, currency)).toThrow(new RangeError(MONEY_MESSAGES.tooManyIntegerDigits));
    },
  );

  it.each([[12.5], [Number.MAX_SAFE_INTEGER + 1], [Number.NaN], ['12.50'], ['abc'], ['']])(
    'rejects %j: minor units are integers',
    (minor) => {
      expect(() => formatMoney(minor as number, 'USD')).toThrow(RangeError);
    },
  );

  it('requires a label for the free-label display and refuses one elsewhere', () => {
    expect(() => formatMoney(100, 'USD', { currencyDisplay: 'freeLabel' })).toThrow(
      new TypeError('Free-label currency display requires a label.'),
    );
    expect(() => formatMoney(100, 'USD', { currencyDisplay: 'name', label: 'x' })).toThrow(
      new TypeError('Plural currency display does not allow a label.'),
    );
    expect(() => formatMoney(100, 'USD', { label: 'x' })).toThrow(TypeError);
  });
});

describe('money shapes and converters', () => {
  it.each([
    [1250n, 'USD', '12.50'],
    [5n, 'EUR', '0.05'],
    [-5n, 'EUR', '-0.05'],
    [0n, 'USD', '0.00'],
    [1250n, 'JPY', '1250'],
    [12345n, 'COP', '123.45'],
  ] as const)('minor units %s %s ↔ %j', (minor, currency, text) => {
    expect(minorUnitsToDecimalString(minor, currency)).toBe(text);
    expect(decimalStringToMinorUnits(text, currency)).toBe(minor);
  });

  it.each([
    ['12.5', 'USD', 1250n],
    ['12', 'USD', 1200n],
    ['12.500', 'USD', 1250n],
    ['+3', 'USD', 300n],
    ['1250.0', 'JPY', 1250n],
    ['.5', 'USD', 50n],
    ['-.05', 'EUR', -5n],
  ] as const)('reads %j %s as %s minor units', (text, currency, minor) => {
    expect(decimalStringToMinorUnits(text, currency)).toBe(minor);
  });

  it.each([['12.345', 'USD'], ['12.5', 'JPY'], ['1,250', 'USD'], ['abc', 'USD'], ['', 'USD'], ['1e3', 'USD'], ['5.', 'USD'], ['.', 'USD']] as const)(
    'refuses %j for %s rather than rounding or guessing',
    (text, currency) => {
      expect(() => decimalStringToMinorUnits(text, currency)).toThrow(RangeError);
    },
  );

  it('formats both money shapes of the spec', () => {
    expect(formatMoneyShape({ decimalValue: '12.50', currencyCode: 'USD' })).toBe('$12.50');
    expect(formatMoneyShape({ value: '12.50', currency: 'EUR' }, { locale: 'de-DE' })).toBe(`12,50${NBSP}€`);
    expect(formatMoneyShape({ value: '1000', currency: 'JPY' })).toBe('¥1,000');
    expect(formatMoneyShape({ value: '12.00', currency: 'USD' }, { trimZeroFractions: true })).toBe('$12');
    expect(moneyShapeToMinorUnits({ value: '0', currency: 'USD' })).toBe(0n);
  });

  it('builds both shapes from minor units', () => {
    expect(toMoneyShapes(1250n, 'USD')).toEqual({
      decimalValue: { decimalValue: '12.50', currencyCode: 'USD' },
      value: { value: '12.50', currency: 'USD' },
    });
  });
});

describe('parseMoney', () => {
  it.each([
    ['$1,234.50', 'USD', 'en-US', 1234.5],
    ['1234.5', 'USD', 'en-US', 1234.5],
    ['USD 12.50', 'USD', 'en-US', 12.5],
    ['12.50 US dollars', 'USD', 'en-US', 12.5],
    ['-$0.01', 'USD', 'en-US', -0.01],
    [`1.234,50${NBSP}€`, 'EUR', 'de-DE', 1234.5],
    ['1.234,50 €', 'EUR', 'de-DE', 1234.5],
    [`1${NNBSP}234,50${NBSP}€`, 'EUR', 'fr-FR', 1234.5],
    ['\uffe51,234', 'JPY', 'ja-JP', 1234],
    ['₹12,34,567.89', 'INR', 'en-IN', 1234567.89],
    [formatMoney(1250, 'ILS', { locale: 'he-IL' }), 'ILS', 'he-IL', 12.5],
  ] as const)('reads %j (%s, %s) as %d', (text, currency, locale, expected) => {
    expect(parseMoney(text, currency, locale)).toBe(expected);
  });

  it.each([
    ['€1.00', 'USD'],
    ['$12.345', 'USD'],
    ['¥12.5', 'JPY'],
    ['abc', 'USD'],
    ['', 'USD'],
    ['$', 'USD'],
    ['1,,2', 'USD'],
    ['12.50', 'KRW'],
    ['$1.2.3', 'USD'],
  ] as const)('returns NaN for %j in %s', (text, currency) => {
    expect(parseMoney(text, currency)).toBeNaN();
    expect(parseMoneyToMinorUnits(text, currency)).toBeNull();
  });
});

describe('money round trip (property)', () => {
  const locales = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-IN', 'pt-BR', 'de-CH', 'ar-EG'] as const;
  // Up to 15 integer places in every currency: JPY has no fraction, the rest have 2.
  const amount = (currency: string) => {
    const limit = 10n ** BigInt(15 + fractionDigitsOf(currency)) - 1n;
    return fc.oneof(
      fc.bigInt({ min: -limit, max: limit }),
      fc.constantFrom(0n, 1n, -1n, limit, -limit, 99n, 100n, 101n),
    );
  };
  const displays = ['symbol', 'narrowSymbol', 'code', 'name'] as const;

  it('formatMoney then parseMoneyToMinorUnits gives back the exact minor units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES).chain((currency) => fc.tuple(fc.constant(currency), amount(currency))),
        fc.constantFrom(...locales),
        fc.constantFrom(...displays),
        fc.boolean(),
        fc.boolean(),
        ([currency, minor], locale, currencyDisplay, trimZeroFractions, useGrouping) => {
          const text = formatMoney(minor, currency, { locale, currencyDisplay, trimZeroFractions, useGrouping });
          expect(parseMoneyToMinorUnits(text, currency, locale)).toBe(minor);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('parseMoney gives the nearest number to the exact decimal amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES).chain((currency) => fc.tuple(fc.constant(currency), amount(currency))),
        fc.constantFrom(...locales),
        ([currency, minor], locale) => {
          const text = formatMoney(minor, currency, { locale });
          expect(parseMoney(text, currency, locale)).toBe(Number(minorUnitsToDecimalString(minor, currency)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decimal strings and minor units convert both ways in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES).chain((currency) => fc.tuple(fc.constant(currency), amount(currency))),
        ([currency, minor]) => {
          expect(decimalStringToMinorUnits(minorUnitsToDecimalString(minor, currency), currency)).toBe(minor);
        },
      ),
      { numRuns: 300 },
    );
  });
});
