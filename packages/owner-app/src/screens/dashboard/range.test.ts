import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES } from '@vitrine/contracts';
import {
  MAX_RANGE_DAYS, RANGE_MESSAGES, addDays, checkRange, daysIn, isDay, presetRange, previousRange, rangeFromSearch, searchOfRange,
} from './range';

const TODAY = '2026-03-07';

describe('ranges', () => {
  it('counts days with both ends included, across months and leap days', () => {
    expect(daysIn({ from: TODAY, to: TODAY })).toBe(1);
    expect(daysIn({ from: '2024-02-28', to: '2024-03-01' })).toBe(3);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
  });

  it('makes the presets end today and include it', () => {
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-03-01', to: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-02-06', to: TODAY });
    expect(daysIn(presetRange('30d', TODAY))).toBe(30);
  });

  it('compares with as many days just before, as the summary does', () => {
    expect(previousRange({ from: '2026-03-01', to: TODAY })).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(previousRange({ from: TODAY, to: TODAY })).toEqual({ from: '2026-03-06', to: '2026-03-06' });
    expect(previousRange({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-01-30', to: '2024-02-29' });
  });

  it("checks a custom range with the summary's limit and words", () => {
    expect(MAX_RANGE_DAYS).toBe(ANALYTICS_LIMITS.summaryMaxDays);
    expect(RANGE_MESSAGES.tooLong).toBe(ANALYTICS_MESSAGES.rangeTooLong);
    expect(checkRange({ from: '', to: TODAY }, TODAY)).toBe(RANGE_MESSAGES.missing);
    expect(checkRange({ from: '2026-13-01', to: TODAY }, TODAY)).toBe(RANGE_MESSAGES.notADay);
    expect(checkRange({ from: TODAY, to: '2026-03-01' }, TODAY)).toBe('The start date must be on or before the end date.');
    expect(checkRange({ from: TODAY, to: '2026-03-08' }, TODAY)).toBe(RANGE_MESSAGES.future);
    expect(checkRange({ from: '2025-03-06', to: TODAY }, TODAY)).toBe(RANGE_MESSAGES.tooLong);
    expect(checkRange({ from: '2025-03-07', to: TODAY }, TODAY)).toBeUndefined();
  });

  it('reads the range from the address and writes it back', () => {
    const read = (query: string) => rangeFromSearch(new URLSearchParams(query), TODAY);
    expect(read('')).toEqual({ preset: '7d', range: presetRange('7d', TODAY) });
    expect(read('range=30d')).toEqual({ preset: '30d', range: presetRange('30d', TODAY) });
    expect(read('range=1y')).toEqual({ preset: '7d', range: presetRange('7d', TODAY) });
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({ preset: 'custom', range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(read('from=2026-01-31&to=2026-01-01').preset).toBe('7d');
    for (const query of ['', 'range=30d', 'from=2026-01-01&to=2026-01-31']) expect(searchOfRange(read(query)).toString()).toBe(query);
  });
});
