import { describe, expect, it } from 'vitest';
import { maxLengthCounter, readMaxLength } from './counter';

describe("storefront §5: the long-text counter 'current / max'", () => {
  it('shows current / max, in the error style once over the limit', () => {
    expect(maxLengthCounter('hello', 10)).toEqual({ text: '5 / 10', current: 5, max: 10, over: false });
    expect(maxLengthCounter('0123456789', 10)).toMatchObject({ text: '10 / 10', over: false });
    expect(maxLengthCounter('0123456789!', 10)).toMatchObject({ text: '11 / 10', over: true });
    expect(maxLengthCounter('', 250)?.text).toBe('0 / 250');
  });

  it('counts characters as people do: an emoji is one', () => {
    expect(maxLengthCounter('👍🏽é', 5)?.text).toBe('3 / 5');
  });

  it('reads a numeric string maximum', () => {
    expect(maxLengthCounter('abc', '20')?.text).toBe('3 / 20');
    expect(readMaxLength(' 20 ')).toBe(20);
    expect(readMaxLength(20.7)).toBe(20);
  });

  it.each([['abc'], ['-5'], [-5], [0], ['0'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY], [{}], ['1e3'], ['']])(
    'a non-numeric, negative or zero maximum (%s) means no counter',
    (maxLength) => {
      expect(readMaxLength(maxLength)).toBe(0);
      expect(maxLengthCounter('text', maxLength)).toBeNull();
    },
  );
});
