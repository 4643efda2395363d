import { describe, expect, it } from 'vitest';
import { formatCents, toBcp47 } from './money';

describe('formatCents', () => {
  it('formats minor units, trimming zero fractions only when asked', () => {
    expect(formatCents(2000, 'USD', 'en-US')).toBe('$20.00');
    expect(formatCents(2000, 'USD', 'en-US', { trimZeroFractions: true })).toBe('$20');
    expect(formatCents(2050, 'USD', 'en-US', { trimZeroFractions: true })).toBe('$20.50');
    expect(formatCents(1234, 'JPY', 'en-US')).toBe('¥1,234');
  });

  it("reads site locales written with an underscore", () => {
    expect(toBcp47('fr_CA')).toBe('fr-CA');
    expect(formatCents(123450, 'USD', 'en_US')).toBe('$1,234.50');
  });

  it('falls back to en-US for a locale Intl cannot read', () => {
    expect(formatCents(123450, 'USD', 'bogus!!')).toBe('$1,234.50');
  });
});
