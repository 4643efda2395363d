/**
 * Subscription billing dates (platform.md §3: a plan's billing period and number of cycles). Pure: every date is
 * computed from the subscription's start, never from the previous renewal, so month-end clamping never drifts
 * (started Jan 31, monthly: Feb 28 or 29, then Mar 31, Apr 30 …). Arithmetic is in UTC.
 */

export type BillingPeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface BillingPeriod {
  /** A positive whole number of units. */
  value: number;
  unit: BillingPeriodUnit;
}

export interface BillingPlan {
  billingPeriod: BillingPeriod;
  /** Cycles in all, the first order included; 0 means indefinite. */
  numBillingCycles: number;
}

const DAY_MS = 86_400_000;

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** True for a period the billing arithmetic can use: WEEK, MONTH or YEAR with a positive whole value. */
export function isBillingPeriod(period: unknown): period is BillingPeriod {
  if (typeof period !== 'object' || period === null) return false;
  const { value, unit } = period as { value?: unknown; unit?: unknown };
  return (unit === 'WEEK' || unit === 'MONTH' || unit === 'YEAR') && Number.isSafeInteger(value) && (value as number) >= 1;
}

/**
 * `start` moved on by `count` billing periods. Months and years keep the start's day of the month, clamped to the
 * month's last day (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year; Feb 29 + 1 year = Feb 28); the time of day
 * is kept.
 */
export function addBillingPeriods(start: Date, period: BillingPeriod, count: number): Date {
  if (!isBillingPeriod(period)) throw new RangeError('A billing period is a positive whole number of weeks, months or years.');
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a whole number of periods, 0 or more.');
  if (period.unit === 'WEEK') return new Date(start.getTime() + period.value * count * 7 * DAY_MS);
  const months = period.value * count * (period.unit === 'YEAR' ? 12 : 1);
  const totalMonths = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(totalMonths / 12);
  const monthIndex = totalMonths % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, monthIndex));
  return new Date(Date.UTC(year, monthIndex, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
}

/** When cycle `cycle` is due (cycle 1 is the first order, at `start`). */
export const cycleDueDate = (start: Date, period: BillingPeriod, cycle: number): Date => addBillingPeriods(start, period, cycle - 1);

/** True when `cyclesBilled` is the plan's last cycle (never for an indefinite plan, numBillingCycles 0). */
export const isLastCycle = (plan: BillingPlan, cyclesBilled: number): boolean => plan.numBillingCycles > 0 && cyclesBilled >= plan.numBillingCycles;

/**
 * After `cyclesBilled` cycles are paid: when the next one is due, or null when the plan has run its course.
 */
export function nextRenewalDate(start: Date, plan: BillingPlan, cyclesBilled: number): Date | null {
  if (isLastCycle(plan, cyclesBilled)) return null;
  return cycleDueDate(start, plan.billingPeriod, cyclesBilled + 1);
}

/**
 * What a failed renewal leads to: after the 1st, 2nd and 3rd failure of a cycle it is tried again 1, 3 and 5 days
 * later (the subscription is past due meanwhile); the 4th failure cancels it.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

export type RenewalFailureOutcome = { kind: 'retry'; retryAt: Date } | { kind: 'cancel' };

/** `failures`: failed attempts of this cycle so far, this one included (1 after the first failure). */
export function afterRenewalFailure(now: Date, failures: number): RenewalFailureOutcome {
  const days = RENEWAL_RETRY_DAYS[failures - 1];
  if (days === undefined) return { kind: 'cancel' };
  return { kind: 'retry', retryAt: new Date(now.getTime() + days * DAY_MS) };
}
