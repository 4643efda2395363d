/**
 * Platform §9's web-vitals thresholds (good at or below the first, poor above the second). FID is listed by
 * the spec but retired from the web-vitals library (v4 on) in favour of INP: we grade INP and never collect FID.
 */
export const WEB_VITALS_THRESHOLDS = {
  FCP: { good: 1800, poor: 3000 },
  LCP: { good: 2500, poor: 4000 },
  /** Kept for the record: not collected (the library dropped it), INP replaces it. */
  FID: { good: 100, poor: 300 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
} as const;

export type WebVitalName = keyof typeof WEB_VITALS_THRESHOLDS;
/** The metrics the collector measures (FID is not one). */
export const COLLECTED_WEB_VITALS = ['FCP', 'LCP', 'INP', 'CLS', 'TTFB'] as const satisfies readonly WebVitalName[];
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = WEB_VITALS_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}
