import { describe, expect, it } from 'vitest';
import { compareVariants, normalCdf, twoProportionPValue, wilsonInterval } from './results';

describe('A/B results', () => {
  it('computes the Wilson interval (reference values)', () => {
    // 81 of 263: 0.3080 with 95 % Wilson interval 0.2553–0.3662 (Newcombe 1998, worked example).
    const interval = wilsonInterval(81, 263);
    expect(interval.low).toBeCloseTo(0.2553, 3);
    expect(interval.high).toBeCloseTo(0.3662, 3);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
    expect(wilsonInterval(0, 10).low).toBe(0);
  });

  it('computes the normal distribution and the pooled z-test', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    // 200/1000 vs 250/1000: z = 2.68, two-sided p ≈ 0.0073.
    expect(twoProportionPValue({ variant: 'a', exposures: 1000, conversions: 200 }, { variant: 'b', exposures: 1000, conversions: 250 })).toBeCloseTo(0.0073, 3);
  });

  it('compares each variant with the control', () => {
    const [control, bold] = compareVariants([
      { variant: 'control', exposures: 1000, conversions: 200 },
      { variant: 'bold', exposures: 1000, conversions: 250 },
    ]);
    expect(control!.difference).toBeNull();
    expect(control!.rate).toBe(0.2);
    expect(bold!.difference!.value).toBeCloseTo(0.05, 10);
    expect(bold!.difference!.significant).toBe(true);
    expect(bold!.difference!.interval.low).toBeGreaterThan(0.01);
    expect(bold!.difference!.interval.high).toBeLessThan(0.09);
    const small = compareVariants([{ variant: 'a', exposures: 10, conversions: 1 }, { variant: 'b', exposures: 29, conversions: 5 }]);
    expect(small.map((result) => result.enoughData)).toEqual([false, false]);
  });
});
