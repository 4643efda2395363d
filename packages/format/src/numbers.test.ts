import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToString, parseDecimal, roundToScale, roundToSignificant, toDecimal } from './decimal';
import { clampDigits, formatNumber, MAX_DIGITS, parseNumber } from './numbers';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('decimal core', () => {
  it.each([
    ['12', '12'],
    ['-0.50', '-0.50'],
    ['.5', '0.5'],
    ['+7', '7'],
    ['1e21', '1000000000000000000000'],
    ['1.5E-7', '0.00000015'],
    ['-0', '0'],
  ])('parses %j as %j', (text, expected) => {
    expect(decimalToString(parseDecimal(text)!)).toBe(expected);
  });

  it.each([[''], ['.'], ['1.2.3'], ['1,2'], ['abc'], ['1e'], ['--1']])('rejects %j', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it.each([
    [1.005, 2, '1.01'],
    [-2.5, 0, '-3'],
    [0.125, 2, '0.13'],
    [1234.5, -2, '1200'],
    [-0.001, 2, '0.00'],
  ])('rounds %d to scale %i half away from zero: %j', (value, scale, expected) => {
    expect(decimalToString(roundToScale(toDecimal(value)!, scale))).toBe(expected);
  });

  it.each([
    [12345.678, 3, '12300'],
    [0.00123456, 2, '0.0012'],
    [9.99, 2, '10'],
    [99.5, 2, '100'],
  ])('rounds %d to %i significant digits: %j', (value, digits, expected) => {
    expect(decimalToString(roundToSignificant(toDecimal(value)!, digits))).toBe(expected);
  });

  it('keeps every digit of bigints and decimal strings', () => {
    expect(decimalToString(toDecimal(12345678901234567890123n)!)).toBe('12345678901234567890123');
    expect(toDecimal(Number.NaN)).toBeNull();
    expect(toDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('formatNumber', () => {
  it.each([
    [1234.5678, {}, '1,234.568'],
    [1234.5, { useGrouping: false }, '1234.5'],
    [0.256, { style: 'percent' }, '26%'],
    [0.2567, { style: 'percent', maximumFractionDigits: 1 }, '25.7%'],
    [-1234.5, { locale: 'de-DE', minimumFractionDigits: 2 }, '-1.234,50'],
    [1234.5, { locale: 'fr-FR' }, `1${NNBSP}234,5`],
    [1234.5, { locale: 'de-CH' }, "1'234.5"],
    [12345678, { locale: 'en-IN' }, '1,23,45,678'],
    // bn-BD groups numbers the Indian way but percentages in threes.
    [12345678, { locale: 'bn-BD' }, '১,২৩,৪৫,৬৭৮'],
    [123456.78, { locale: 'bn-BD', style: 'percent' }, '১২,৩৪৫,৬৭৮%'],
    [1234.5, { locale: 'ar-EG' }, '١٬٢٣٤٫٥'],
    [5, { minimumIntegerDigits: 3 }, '005'],
    [12345.678, { maximumSignificantDigits: 3 }, '12,300'],
    [1.5, { minimumSignificantDigits: 4 }, '1.500'],
    [0, { minimumSignificantDigits: 3 }, '0.00'],
    [0.05, { minimumSignificantDigits: 3 }, '0.0500'],
    [0.00123456, { maximumSignificantDigits: 2 }, '0.0012'],
    [-0.0001, {}, '0'],
    ['1234567890123456789012.5', {}, '1,234,567,890,123,456,789,012.5'],
    [10n ** 21n, {}, '1,000,000,000,000,000,000,000'],
    [1.005, { maximumFractionDigits: 2 }, '1.01'],
    [Number.NaN, {}, 'NaN'],
    [Number.POSITIVE_INFINITY, {}, '∞'],
  ] as const)('formats %s with %j as %j', (value, options, expected) => {
    expect(formatNumber(value, options)).toBe(expected);
  });

  it('matches Intl wherever Intl can express the options', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN', 'ar-EG'),
        (value, fractionDigits, locale) => {
          const options = { minimumFractionDigits: 0, maximumFractionDigits: fractionDigits };
          const expected = new Intl.NumberFormat(locale, options).format(value);
          // Intl keeps a '-' on values that round to zero; we drop it.
          expect(formatNumber(value, { locale, ...options })).toBe(expected.replace(/^-(?=0$|٠$)/, '').replace(/^\u061c-(?=٠$)/, ''));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('clamps digit counts to 0..50 (platform.md §5)', () => {
    expect(MAX_DIGITS).toBe(50);
    expect(clampDigits(-3, 1)).toBe(0);
    expect(clampDigits(99, 1)).toBe(50);
    expect(clampDigits(7.9, 1)).toBe(7);
    expect(clampDigits(Number.NaN, 3)).toBe(3);
    // A float carries only its shortest round-trip digits; a decimal string carries all of them.
    expect(formatNumber(1 / 3, { maximumFractionDigits: 99 })).toBe(`0.${'3'.repeat(16)}`);
    expect(formatNumber('0.' + '1'.repeat(60), { maximumFractionDigits: 99 })).toBe(`0.${'1'.repeat(50)}`);
    expect(formatNumber(2, { minimumFractionDigits: -5 })).toBe('2');
    expect(formatNumber(2, { minimumFractionDigits: 25 })).toBe(`2.${'0'.repeat(25)}`);
    expect(formatNumber(-2, { minimumFractionDigits: 25, locale: 'de-DE' })).toBe(`-2,${'0'.repeat(25)}`);
    expect(formatNumber(5, { minimumIntegerDigits: 99, useGrouping: false })).toBe(`${'0'.repeat(49)}5`);
    expect(formatNumber(5, { minimumIntegerDigits: 30 })).toBe(
      '000,000,000,000,000,000,000,000,000,005',
    );
    expect(formatNumber(1.5, { maximumSignificantDigits: 0 })).toBe('2');
  });

  it('lets a minimum above the maximum win instead of throwing', () => {
    expect(formatNumber(1.23456, { minimumFractionDigits: 4, maximumFractionDigits: 2 })).toBe('1.2346');
  });
});

describe('parseNumber', () => {
  it.each([
    ['1,234.5', 'en-US', 1234.5],
    ['1234.5', 'en-US', 1234.5],
    ['  -12 ', 'en-US', -12],
    ['+3', 'en-US', 3],
    ['\u22125', 'en-US', -5],
    ['1.234,5', 'de-DE', 1234.5],
    [`1${NNBSP}234,5`, 'fr-FR', 1234.5],
    [`1${NBSP}234,5`, 'fr-FR', 1234.5],
    ['1 234,5', 'fr-FR', 1234.5],
    ['١٬٢٣٤٫٥', 'ar-EG', 1234.5],
    ['0.1', 'en-US', 0.1],
  ] as const)('reads %j in %s as %d', (text, locale, expected) => {
    expect(parseNumber(text, locale)).toBe(expected);
  });

  it.each([['abc'], [''], ['1,,2'], [',12'], ['12.'], ['1.2.3'], ['12abc'], ['$12'], ['1 234']])(
    'returns NaN for %j (platform.md §8)',
    (text) => {
      expect(parseNumber(text)).toBeNaN();
    },
  );

  it('reads back what formatNumber writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN', 'ar-EG', 'de-CH'),
        (integer, scale, locale) => {
          const value = integer / 10 ** scale;
          expect(parseNumber(formatNumber(value, { locale, maximumFractionDigits: 4 }), locale)).toBe(value);
        },
      ),
      { numRuns: 300 },
    );
  });
});
