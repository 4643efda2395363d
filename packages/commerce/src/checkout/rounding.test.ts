import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateProRata, roundHalfEven, roundHalfEvenBig } from './rounding';

describe('roundHalfEven', () => {
  it.each([
    [5, 2, 2], // 2.5 → 2 (even)
    [7, 2, 4], // 3.5 → 4 (even)
    [-5, 2, -2], // −2.5 → −2
    [-7, 2, -4], // −3.5 → −4
    [1, 2, 0], // 0.5 → 0
    [3, 2, 2], // 1.5 → 2
    [10, 4, 2], // 2.5 → 2
    [11, 4, 3], // 2.75 → 3
    [9, 4, 2], // 2.25 → 2
    [-9, 4, -2], // −2.25 → −2
    [-11, 4, -3], // −2.75 → −3
    [5, -2, -2], // negative denominator: −2.5 → −2
    [0, 7, 0],
    [6, 3, 2],
  ])('%d / %d → %d', (n, d, expected) => {
    expect(roundHalfEven(n, d)).toBe(expected);
  });

  it('stays exact beyond 2^53 inside (bigint)', () => {
    // 900719925474099.5 → 900719925474100 (…099 is odd, so the tie goes up to the even neighbour)
    expect(roundHalfEven(9_007_199_254_740_995n, 10n)).toBe(900_719_925_474_100);
    expect(roundHalfEvenBig(10n ** 30n + 5n, 10n)).toBe(10n ** 29n);
  });

  it('refuses a zero denominator and unsafe numbers', () => {
    expect(() => roundHalfEven(1, 0)).toThrow(RangeError);
    expect(() => roundHalfEven(0.5, 1)).toThrow(RangeError);
    expect(() => roundHalfEven(10n ** 30n, 1)).toThrow(RangeError);
  });

  it('is within half of the exact quotient, and a tie lands on an even number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const q = roundHalfEven(n, d);
        const diff2 = Math.abs(2 * (n - q * d)); // 2 × |n/d − q| × d
        expect(diff2).toBeLessThanOrEqual(d);
        if (diff2 === d) expect(Math.abs(q) % 2).toBe(0);
      }),
    );
  });
});

describe('allocateProRata', () => {
  it('gives the left-over cents to the largest weights, then the earlier', () => {
    // 10 over [1, 1, 1]: floors 3,3,3, one cent left → the first (ties by order)
    expect(allocateProRata(10, [1, 1, 1])).toEqual([4, 3, 3]);
    // 100 over [100, 300, 200] (Σ 600): 16.67, 50, 33.33 → floors 16,50,33 = 99; 1 left → the largest (300)
    expect(allocateProRata(100, [100, 300, 200])).toEqual([16, 51, 33]);
    expect(allocateProRata(0, [0, 0])).toEqual([0, 0]);
    expect(allocateProRata(5, [0, 10])).toEqual([0, 5]);
  });

  it('sums exactly, never exceeds a weight when total ≤ Σ, and is deterministic', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = Math.floor(sum * fraction);
        const shares = allocateProRata(total, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weights[i] as number);
        });
        expect(allocateProRata(total, weights)).toEqual(shares);
      }),
    );
  });
});
