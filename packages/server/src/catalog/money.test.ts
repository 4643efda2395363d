import { describe, expect, it } from 'vitest';
import { fractionDigitsOf, minorUnitsToDecimalString, moneyJson } from './money';

describe('minor units to the decimal string of priceMoney.value', () => {
  it('writes two fraction digits, and none for JPY', () => {
    expect(minorUnitsToDecimalString(1250, 'USD')).toBe('12.50');
    expect(minorUnitsToDecimalString(5, 'EUR')).toBe('0.05');
    expect(minorUnitsToDecimalString(0, 'GBP')).toBe('0.00');
    expect(minorUnitsToDecimalString(145000, 'USD')).toBe('1450.00');
    expect(minorUnitsToDecimalString(1250, 'JPY')).toBe('1250');
    expect(minorUnitsToDecimalString(-99, 'USD')).toBe('-0.99');
    expect(fractionDigitsOf('JPY')).toBe(0);
    expect(fractionDigitsOf('COP')).toBe(2);
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => minorUnitsToDecimalString(1.5, 'USD')).toThrow(RangeError);
  });

  it('keeps the currency beside the value', () => {
    expect(moneyJson(2200, 'USD')).toEqual({ currency: 'USD', value: '22.00' });
  });
});
