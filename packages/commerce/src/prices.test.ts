import fc from 'fast-check';
import { decimalStringToMinorUnits } from '@vitrine/format';
import { describe, expect, it } from 'vitest';
import { decimalToMinorUnits, moneyToCents } from './prices';

/** What the general parser in @vitrine/format says, as a number or null when it refuses. */
function general(text: string, currency: string): number | null {
  try {
    return Number(decimalStringToMinorUnits(text, currency));
  } catch {
    return null;
  }
}

describe('moneyToCents', () => {
  it.each([
    ['1.00', 'USD', 100], ['.5', 'USD', 50], ['100', undefined, 10000], ['12.500', 'USD', 1250],
    ['-3.25', 'EUR', -325], ['1250', 'JPY', 1250], ['99999999999999.99', 'USD', 9999999999999999],
  ])('%j %s → %d minor units', (value, currency, cents) => {
    expect(moneyToCents({ value, ...(currency ? { currency } : {}) })).toBe(cents);
  });

  it.each([['abc'], ['5.'], ['1.234'], [''], ['1e3']])('falls back for %j', (value) => {
    expect(moneyToCents({ value, currency: 'USD' }, 42)).toBe(42);
  });
});

describe('the fast decimal reader', () => {
  it('agrees with the general parser wherever it answers', () => {
    const decimal = fc.oneof(
      fc.stringMatching(/^[+-]?\d{0,15}(\.\d{0,4})?$/),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(decimal, fc.constantFrom('USD', 'JPY', 'EUR'), (text, currency) => {
        const fast = decimalToMinorUnits(text, currency === 'JPY' ? 0 : 2);
        if (fast !== null) expect(fast).toBe(general(text, currency));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers the everyday shapes itself', () => {
    expect(decimalToMinorUnits('19.99', 2)).toBe(1999);
    expect(decimalToMinorUnits('.75', 2)).toBe(75);
    expect(decimalToMinorUnits('7', 0)).toBe(7);
  });
});
