import { BillingPeriodUnit } from './enumerations';

/** platform.md §9 */
export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;
/** platform.md §5: wording for a billing combination we cannot describe. */
export const UNAVAILABLE_TEXT = 'Unavailable';

export interface SubscriptionWordingInput {
  /** The already formatted price, e.g. '$10.00' (see formatMoney). */
  price: string;
  billingPeriod: { value: number; unit: string };
  /** 0 (or absent) means the plan renews indefinitely. */
  numBillingCycles?: number;
  /** Convert weeks or months to years when they divide evenly; default true. */
  allowYears?: boolean;
}

type Unit = 'week' | 'month' | 'year';

function duration(count: number, unit: 'WEEK' | 'MONTH', allowYears: boolean): { count: number; unit: Unit } {
  const perYear = unit === 'WEEK' ? WEEKS_PER_YEAR : MONTHS_PER_YEAR;
  if (allowYears && count % perYear === 0) return { count: count / perYear, unit: 'year' };
  return { count, unit: unit === 'WEEK' ? 'week' : 'month' };
}

const phrase = ({ count, unit }: { count: number; unit: Unit }) => (count === 1 ? unit : `${count} ${unit}s`);

/**
 * '$10.00 every month', '$25.00 every 2 weeks', '$100.00 every year for 3 years',
 * '$10.00 every month for 6 months'. Weeks and months become years when they divide
 * evenly (52 weeks, 12 months), unless allowYears is false. An unrecognised unit, a
 * period that is not a positive whole number or a negative cycle count gives 'Unavailable'.
 */
export function subscriptionPriceWording(input: SubscriptionWordingInput): string {
  const { value, unit } = input.billingPeriod ?? { value: Number.NaN, unit: '' };
  const cycles = input.numBillingCycles ?? 0;
  const allowYears = input.allowYears ?? true;
  if (!Number.isSafeInteger(value) || value < 1 || !Number.isSafeInteger(cycles) || cycles < 0) {
    return UNAVAILABLE_TEXT;
  }
  let period: { count: number; unit: Unit };
  let total: { count: number; unit: Unit } | null = null;
  if (unit === BillingPeriodUnit.WEEK || unit === BillingPeriodUnit.MONTH) {
    period = duration(value, unit, allowYears);
    if (cycles > 0) total = duration(value * cycles, unit, allowYears);
  } else if (unit === BillingPeriodUnit.YEAR) {
    period = { count: value, unit: 'year' };
    if (cycles > 0) total = { count: value * cycles, unit: 'year' };
  } else {
    return UNAVAILABLE_TEXT;
  }
  const every = `${input.price} every ${phrase(period)}`;
  return total ? `${every} for ${total.count} ${total.unit}${total.count === 1 ? '' : 's'}` : every;
}
