import { describe, expect, it } from 'vitest';
import { labelledDays } from './DailyChart';

describe('the daily chart', () => {
  it('labels a few evenly spread days, the first and the last among them', () => {
    expect(labelledDays(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledDays(7, 4)).toEqual([0, 2, 4, 6]);
    expect(labelledDays(30, 7)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    expect(labelledDays(1, 7)).toEqual([0]);
  });
});
