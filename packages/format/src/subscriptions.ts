import { BillingPeriodUnit } from './enumerations';

/** platform.md §9 */
export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;
/** platform.md §5: wording for a billing combination we cannot describe. */
export const UNAVAILABLE_TEXT = 'Unavailable';

export type DurationUnit = 'week' | 'month' | 'year';
export interface Duration {
  count: number;
  unit: DurationUnit;
}

export interface SubscriptionTerms {
  /** How often the price is charged, converted to years when allowed and even. */
  period: Duration;
  /** How long the plan runs in total; null when it renews indefinitely. */
  total: Duration | null;
}

function inUnits(count: number, unit: 'WEEK' | 'MONTH' | 'YEAR', allowYears: boolean): Duration {
  if (unit === BillingPeriodUnit.YEAR) return { count, unit: 'year' };
  const perYear = unit === BillingPeriodUnit.WEEK ? WEEKS_PER_YEAR : MONTHS_PER_YEAR;
  if (allowYears && count % perYear === 0) return { count: count / perYear, unit: 'year' };
  return { count, unit: unit === BillingPeriodUnit.WEEK ? 'week' : 'month' };
}

/**
 * The structured terms of a plan, for callers that word them in other languages.
 * Null for an unrecognised unit, a period that is not a positive whole number, or a
 * negative or fractional cycle count (numBillingCycles 0 means indefinite).
 */
export function subscriptionTerms(
  billingPeriod: { value: number; unit: string } | null | undefined,
  numBillingCycles = 0,
  allowYears = true,
): SubscriptionTerms | null {
  const value = billingPeriod?.value;
  const unit = billingPeriod?.unit;
  if (unit !== BillingPeriodUnit.WEEK && unit !== BillingPeriodUnit.MONTH && unit !== BillingPeriodUnit.YEAR) {
    return null;
  }
  if (!Number.isSafeInteger(value) || value! < 1) return null;
  if (!Number.isSafeInteger(numBillingCycles) || numBillingCycles < 0) return null;
  return {
    period: inUnits(value!, unit, allowYears),
    total: numBillingCycles > 0 ? inUnits(value! * numBillingCycles, unit, allowYears) : null,
  };
}

export interface SubscriptionWordingInput {
  /** The already formatted price, e.g. '$10.00' (see formatMoney). */
  price: string;
  billingPeriod: { value: number; unit: string };
  /** 0 (or absent) means the plan renews indefinitely. */
  numBillingCycles?: number;
  /** Convert weeks or months to years when they divide evenly; default true. */
  allowYears?: boolean;
}

const every = ({ count, unit }: Duration) => (count === 1 ? unit : `${count} ${unit}s`);
const lasting = ({ count, unit }: Duration) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * '$10.00 every month', '$25.00 every 2 weeks', '$100.00 every year for 3 years',
 * '$10.00 every month for 6 months'. Weeks and months become years when they divide
 * evenly (52 weeks, 12 months), unless allowYears is false (platform.md §5). Anything
 * subscriptionTerms cannot read gives 'Unavailable'.
 */
export function subscriptionPriceWording(input: SubscriptionWordingInput): string {
  const terms = subscriptionTerms(input.billingPeriod, input.numBillingCycles ?? 0, input.allowYears ?? true);
  if (terms === null) return UNAVAILABLE_TEXT;
  const charge = `${input.price} every ${every(terms.period)}`;
  return terms.total ? `${charge} for ${lasting(terms.total)}` : charge;
}
