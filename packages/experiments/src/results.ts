/**
 * A/B test results: for each variant, visitors exposed and those of them who converted, the conversion rate
 * with its 95 % Wilson score interval, and — against the control (the first variant) — the difference in
 * rates with a 95 % Newcombe (hybrid Wilson) interval and the two-sided p-value of the pooled two-proportion
 * z-test. Standard, documented tests; nothing adaptive. Under 30 exposures a variant is marked too small to
 * read.
 */
export const Z_95 = 1.959963984540054;
export const MINIMUM_EXPOSURES = 30;

export interface VariantCounts {
  variant: string;
  exposures: number;
  conversions: number;
}

export interface Interval {
  low: number;
  high: number;
}

export interface VariantResult extends VariantCounts {
  rate: number;
  rateInterval: Interval;
  /** Against the control; null for the control itself. */
  difference: { value: number; interval: Interval; pValue: number; significant: boolean } | null;
  enoughData: boolean;
}

/** Wilson score interval for `successes` of `trials` at the given z. */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (trials <= 0) return { low: 0, high: 0 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const margin = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return { low: Math.max(0, (centre - margin) / denominator), high: Math.min(1, (centre + margin) / denominator) };
}

/** The standard normal cumulative distribution (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Two-sided p-value of the pooled two-proportion z-test. */
export function twoProportionPValue(a: VariantCounts, b: VariantCounts): number {
  if (a.exposures === 0 || b.exposures === 0) return 1;
  const pooled = (a.conversions + b.conversions) / (a.exposures + b.exposures);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.exposures + 1 / b.exposures));
  if (se === 0) return 1;
  const z = (b.conversions / b.exposures - a.conversions / a.exposures) / se;
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

/** Newcombe's interval for rate(b) − rate(a), from the two Wilson intervals. */
export function differenceInterval(a: VariantCounts, b: VariantCounts): Interval {
  const pa = a.exposures > 0 ? a.conversions / a.exposures : 0;
  const pb = b.exposures > 0 ? b.conversions / b.exposures : 0;
  const wa = wilsonInterval(a.conversions, a.exposures);
  const wb = wilsonInterval(b.conversions, b.exposures);
  const difference = pb - pa;
  return {
    low: difference - Math.sqrt((pb - wb.low) ** 2 + (wa.high - pa) ** 2),
    high: difference + Math.sqrt((wb.high - pb) ** 2 + (pa - wa.low) ** 2),
  };
}

export function compareVariants(counts: readonly VariantCounts[]): VariantResult[] {
  const control = counts[0];
  return counts.map((variant, index) => {
    const rate = variant.exposures > 0 ? variant.conversions / variant.exposures : 0;
    const interval = control && index > 0 ? differenceInterval(control, variant) : null;
    const pValue = control && index > 0 ? twoProportionPValue(control, variant) : null;
    return {
      ...variant,
      rate,
      rateInterval: wilsonInterval(variant.conversions, variant.exposures),
      difference:
        interval && pValue !== null && control
          ? { value: rate - (control.exposures > 0 ? control.conversions / control.exposures : 0), interval, pValue, significant: interval.low > 0 || interval.high < 0 }
          : null,
      enoughData: variant.exposures >= MINIMUM_EXPOSURES,
    };
  });
}
