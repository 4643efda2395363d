import { describe, expect, it } from 'vitest';
import { addBillingPeriods, afterRenewalFailure, cycleDueDate, isBillingPeriod, isLastCycle, nextRenewalDate, type BillingPeriod } from './subscriptions';

const at = (iso: string) => new Date(iso);
const month: BillingPeriod = { value: 1, unit: 'MONTH' };

describe('addBillingPeriods', () => {
  const cases: Array<[string, BillingPeriod, number, string]> = [
    ['2026-01-15T10:30:00.000Z', month, 1, '2026-02-15T10:30:00.000Z'],
    ['2026-01-31T00:00:00.000Z', month, 1, '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', month, 1, '2028-02-29T00:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', month, 2, '2026-03-31T00:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', month, 3, '2026-04-30T00:00:00.000Z'],
    ['2026-03-31T08:00:00.000Z', month, 1, '2026-04-30T08:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', month, 1, '2027-01-31T23:59:59.999Z'],
    ['2026-11-30T00:00:00.000Z', { value: 3, unit: 'MONTH' }, 1, '2027-02-28T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', { value: 6, unit: 'MONTH' }, 1, '2027-02-28T00:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', month, 0, '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', month, 12, '2027-01-31T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', { value: 1, unit: 'YEAR' }, 1, '2029-02-28T12:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', { value: 1, unit: 'YEAR' }, 4, '2032-02-29T12:00:00.000Z'],
    ['2026-05-10T00:00:00.000Z', { value: 2, unit: 'YEAR' }, 2, '2030-05-10T00:00:00.000Z'],
    ['2026-12-28T09:00:00.000Z', { value: 1, unit: 'WEEK' }, 1, '2027-01-04T09:00:00.000Z'],
    ['2026-02-26T00:00:00.000Z', { value: 2, unit: 'WEEK' }, 3, '2026-04-09T00:00:00.000Z'],
  ];
  it.each(cases)('%s + %o × %i = %s', (start, period, count, expected) => {
    expect(addBillingPeriods(at(start), period, count).toISOString()).toBe(expected);
  });

  it('refuses periods and counts it cannot compute', () => {
    expect(() => addBillingPeriods(at('2026-01-01T00:00:00Z'), { value: 0, unit: 'MONTH' }, 1)).toThrow('A billing period is a positive whole number of weeks, months or years.');
    expect(() => addBillingPeriods(at('2026-01-01T00:00:00Z'), { value: 1, unit: 'DAY' as 'WEEK' }, 1)).toThrow(RangeError);
    expect(() => addBillingPeriods(at('2026-01-01T00:00:00Z'), month, -1)).toThrow('count must be a whole number of periods, 0 or more.');
    expect(isBillingPeriod({ value: 1.5, unit: 'WEEK' })).toBe(false);
    expect(isBillingPeriod(null)).toBe(false);
    expect(isBillingPeriod({ value: 2, unit: 'YEAR' })).toBe(true);
  });
});

describe('cycles', () => {
  const start = at('2026-01-31T06:00:00.000Z');
  it('anchors every cycle to the start: no drift after a short month', () => {
    expect(cycleDueDate(start, month, 1).toISOString()).toBe('2026-01-31T06:00:00.000Z');
    expect(cycleDueDate(start, month, 2).toISOString()).toBe('2026-02-28T06:00:00.000Z');
    expect(cycleDueDate(start, month, 3).toISOString()).toBe('2026-03-31T06:00:00.000Z');
  });

  it('answers the next renewal, or null once the last cycle is billed (0 = indefinite)', () => {
    const three = { billingPeriod: month, numBillingCycles: 3 };
    expect(nextRenewalDate(start, three, 1)?.toISOString()).toBe('2026-02-28T06:00:00.000Z');
    expect(nextRenewalDate(start, three, 2)?.toISOString()).toBe('2026-03-31T06:00:00.000Z');
    expect(nextRenewalDate(start, three, 3)).toBeNull();
    expect(isLastCycle(three, 3)).toBe(true);
    const forever = { billingPeriod: month, numBillingCycles: 0 };
    expect(isLastCycle(forever, 500)).toBe(false);
    expect(nextRenewalDate(start, forever, 24)?.toISOString()).toBe('2028-01-31T06:00:00.000Z');
  });
});

describe('afterRenewalFailure', () => {
  const now = at('2026-03-01T12:00:00.000Z');
  it('retries after 1, 3 and 5 days, then cancels', () => {
    expect(afterRenewalFailure(now, 1)).toEqual({ kind: 'retry', retryAt: at('2026-03-02T12:00:00.000Z') });
    expect(afterRenewalFailure(now, 2)).toEqual({ kind: 'retry', retryAt: at('2026-03-04T12:00:00.000Z') });
    expect(afterRenewalFailure(now, 3)).toEqual({ kind: 'retry', retryAt: at('2026-03-06T12:00:00.000Z') });
    expect(afterRenewalFailure(now, 4)).toEqual({ kind: 'cancel' });
  });
});
