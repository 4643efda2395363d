import { COLLECTED_WEB_VITALS } from '@vitrine/tracking';

/**
 * Web vitals over a range of days: each day keeps its exact p75 (percentile_cont) and a histogram of its samples
 * in log-spaced buckets (each 5% wider than the one before), which add up across days. A range's p75 is read from
 * the summed histogram, interpolated inside its bucket: within 5% of the exact figure, and exact for a single day
 * (its own p75 is used).
 */
export type CollectedWebVital = (typeof COLLECTED_WEB_VITALS)[number];

export const isWebVitalName = (name: unknown): name is CollectedWebVital => typeof name === 'string' && (COLLECTED_WEB_VITALS as readonly string[]).includes(name);

export const BUCKET_GROWTH = 1.05;
/** CLS is a unitless score around 0.1: scaled so its buckets are as fine as the milliseconds of the others. */
export const metricScale = (metric: string): number => (metric === 'CLS' ? 1000 : 1);

/** The bucket of a value, as the rollup's SQL computes it (rollup.ts): 0 holds [0, 1) scaled, bucket b ≥ 1 holds [g^(b−1), g^b). */
export function bucketOf(metric: string, value: number): number {
  const scaled = value * metricScale(metric);
  return scaled < 1 ? 0 : Math.floor(Math.log(scaled) / Math.log(BUCKET_GROWTH)) + 1;
}

/** The SQL of bucketOf, for a column `value` and a metric column `metric`. */
export const BUCKET_SQL = `CASE WHEN value * (CASE WHEN metric = 'CLS' THEN 1000 ELSE 1 END) < 1 THEN 0
  ELSE floor(ln(value * (CASE WHEN metric = 'CLS' THEN 1000 ELSE 1 END)) / ln(${BUCKET_GROWTH}))::int + 1 END`;

function bucketBounds(bucket: number): [number, number] {
  return bucket <= 0 ? [0, 1] : [BUCKET_GROWTH ** (bucket - 1), BUCKET_GROWTH ** bucket];
}

/** Adds histograms (bucket → samples). */
export function mergeHistograms(histograms: Iterable<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const histogram of histograms) for (const [bucket, count] of Object.entries(histogram)) sum[bucket] = (sum[bucket] ?? 0) + count;
  return sum;
}

/** The p75 of a histogram's samples, interpolated inside the bucket it falls in (unscaled back to the metric's unit). */
export function p75OfHistogram(metric: string, histogram: Record<string, number>): number {
  const buckets = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  const rank = 0.75 * total;
  let below = 0;
  for (const [bucket, count] of buckets) {
    if (below + count >= rank) {
      const [low, high] = bucketBounds(bucket);
      const fraction = Math.min(1, Math.max(0, (rank - below) / count));
      return (low + (high - low) * fraction) / metricScale(metric);
    }
    below += count;
  }
  const [, high] = bucketBounds(buckets[buckets.length - 1]![0]);
  return high / metricScale(metric);
}
