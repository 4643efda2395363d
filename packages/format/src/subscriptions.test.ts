import { describe, expect, it } from 'vitest';
import { MONTHS_PER_YEAR, subscriptionPriceWording, subscriptionTerms, WEEKS_PER_YEAR } from './subscriptions';

describe('subscriptionPriceWording', () => {
  it('uses 52 weeks and 12 months per year (platform.md §9)', () => {
    expect(WEEKS_PER_YEAR).toBe(52);
    expect(MONTHS_PER_YEAR).toBe(12);
  });

  it.each([
    [{ value: 1, unit: 'MONTH' }, 0, true, '$10.00 every month'],
    [{ value: 2, unit: 'WEEK' }, 0, true, '$10.00 every 2 weeks'],
    [{ value: 1, unit: 'YEAR' }, 0, true, '$10.00 every year'],
    [{ value: 3, unit: 'YEAR' }, 0, true, '$10.00 every 3 years'],
    [{ value: 12, unit: 'MONTH' }, 0, true, '$10.00 every year'],
    [{ value: 24, unit: 'MONTH' }, 0, true, '$10.00 every 2 years'],
    [{ value: 52, unit: 'WEEK' }, 0, true, '$10.00 every year'],
    [{ value: 12, unit: 'MONTH' }, 0, false, '$10.00 every 12 months'],
    [{ value: 52, unit: 'WEEK' }, 0, false, '$10.00 every 52 weeks'],
    [{ value: 18, unit: 'MONTH' }, 0, true, '$10.00 every 18 months'],
    [{ value: 1, unit: 'MONTH' }, 6, true, '$10.00 every month for 6 months'],
    [{ value: 1, unit: 'MONTH' }, 24, true, '$10.00 every month for 2 years'],
    [{ value: 1, unit: 'MONTH' }, 24, false, '$10.00 every month for 24 months'],
    [{ value: 2, unit: 'WEEK' }, 26, true, '$10.00 every 2 weeks for 1 year'],
    [{ value: 2, unit: 'WEEK' }, 3, true, '$10.00 every 2 weeks for 6 weeks'],
    [{ value: 1, unit: 'YEAR' }, 1, true, '$10.00 every year for 1 year'],
    [{ value: 1, unit: 'DAY' }, 0, true, 'Unavailable'],
    [{ value: 0, unit: 'MONTH' }, 0, true, 'Unavailable'],
    [{ value: 1.5, unit: 'MONTH' }, 0, true, 'Unavailable'],
    [{ value: 1, unit: 'month' }, 0, true, 'Unavailable'],
    [{ value: 1, unit: 'MONTH' }, -1, true, 'Unavailable'],
  ])('%j × %i cycles (years allowed: %s) reads %j', (billingPeriod, numBillingCycles, allowYears, expected) => {
    expect(subscriptionPriceWording({ price: '$10.00', billingPeriod, numBillingCycles, allowYears })).toBe(expected);
  });

  it('treats missing cycles as indefinite and allows years by default', () => {
    expect(subscriptionPriceWording({ price: '€5', billingPeriod: { value: 12, unit: 'MONTH' } })).toBe('€5 every year');
  });

  it('exposes the structured terms for other languages', () => {
    expect(subscriptionTerms({ value: 1, unit: 'MONTH' }, 24)).toEqual({
      period: { count: 1, unit: 'month' },
      total: { count: 2, unit: 'year' },
    });
    expect(subscriptionTerms({ value: 104, unit: 'WEEK' }, 0)).toEqual({ period: { count: 2, unit: 'year' }, total: null });
    expect(subscriptionTerms({ value: 104, unit: 'WEEK' }, 0, false)).toEqual({ period: { count: 104, unit: 'week' }, total: null });
    expect(subscriptionTerms({ value: 1, unit: 'DAY' })).toBeNull();
    expect(subscriptionTerms(undefined)).toBeNull();
    expect(subscriptionTerms({ value: 1, unit: 'MONTH' }, 1.5)).toBeNull();
  });
});
